/** Field messages of a failed ts-rest call ({ status, body: { errors } }) for the given fields. */
export function fieldErrorsOf<T extends string>(err: unknown, fields: readonly T[]): Partial<Record<T, string>> {
  const body = (err as { body?: unknown } | null)?.body;
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  const out: Partial<Record<T, string>> = {};
  if (!errors || typeof errors !== 'object') return out;
  for (const f of fields) {
    const messages = (errors as Record<string, unknown>)[f];
    const first = Array.isArray(messages) ? messages.find((m): m is string => typeof m === 'string') : undefined;
    if (first) out[f] = first;
  }
  return out;
}

/** The server's detail text of a failed call, or null. */
export function serverDetail(err: unknown): string | null {
  const body = (err as { body?: unknown } | null)?.body;
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  return typeof detail === 'string' && detail.trim() ? detail : null;
}
