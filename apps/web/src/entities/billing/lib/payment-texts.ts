/** The billing and payment texts of client-and-public section 8, word for word. */
export const PAYMENT_TEXTS = {
  loadFailed: 'Failed to load billing data. Please try again.',
  setupFailedTitle: 'Payment Setup Failed',
  setupFailed: 'Failed to create subscription. Please try again.',
  noClientSecret: 'No client secret received from server',
  notReady: 'Payment system not ready. Please try again.',
  cardIncomplete: 'Please complete your card information.',
  notSucceeded: 'Payment was not completed successfully',
  unexpected: 'An unexpected error occurred',
} as const;

/**
 * The message a failed call carries (its body's detail, message or error), or null when it has none. A 5xx answer's
 * text is the server's generic one (the API hides what went wrong), so it counts as none: the screen's own text shows.
 */
export function serverMessage(err: unknown): string | null {
  const status = (err as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 500) return null;
  const body = (err as { body?: unknown } | null)?.body;
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  for (const key of ['detail', 'message', 'error'] as const) {
    const v = b[key];
    if (typeof v === 'string' && v.trim()) return v;
  }
  return null;
}
