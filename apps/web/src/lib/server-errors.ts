/** Field messages of a failed ts-rest call ({ status, body: { detail, errors } }), or null. */
export function serverFieldErrors(err: unknown): Record<string, string> | null {
  const body = (err as { body?: unknown } | null)?.body;
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  if (!errors || typeof errors !== 'object') return null;
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
    const first = Array.isArray(messages) ? messages.find((m) => typeof m === 'string') : typeof messages === 'string' ? messages : null;
    if (typeof first === 'string') out[field] = first;
  }
  return Object.keys(out).length ? out : null;
}
