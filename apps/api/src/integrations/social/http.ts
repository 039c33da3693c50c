import { SocialProviderError, type SocialErrorKind, type SocialProviderName } from './provider';

/**
 * The little the three social providers share: one HTTP call with a timeout, the answer read as JSON, and error
 * messages that never carry a token, a code or our client secret (they end up in logs and job records).
 */

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface HttpOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  provider: SocialProviderName;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** The JSON body, or null when the body was empty or not JSON. */
  body: unknown;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Replaces every secret (token, code, client secret) that appears in a text a provider sent back. */
export function redact(text: string, secrets: ReadonlyArray<string | null | undefined>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * One request. The URL is never put into an error (Instagram's carries the token in its query); a network failure
 * or a timeout is 'retry_later'.
 */
export async function request(options: HttpOptions, what: string, url: string, init: RequestInit = {}): Promise<HttpAnswer> {
  let response: Response;
  try {
    response = await options.fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new SocialProviderError(
      `${options.provider} ${what}: ${timedOut ? `no answer within ${options.timeoutMs} ms` : 'network error'}`,
      'retry_later',
    );
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  if (text !== '') {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = null;
    }
  }
  return { status: response.status, headers: response.headers, body };
}

export const formBody = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
  body: new URLSearchParams(fields).toString(),
});

export function fail(
  options: Pick<HttpOptions, 'provider'>,
  what: string,
  kind: SocialErrorKind,
  detail: string,
  secrets: ReadonlyArray<string | null | undefined>,
  retryAfter: number | null = null,
): never {
  throw new SocialProviderError(redact(`${options.provider} ${what}: ${detail}`, secrets), kind, retryAfter);
}

/**
 * The answer of a revocation endpoint (OAuth 2.0 token revocation, RFC 7009 style): done on 2xx, and done when the
 * provider says the token is already invalid (`invalid_token` / `invalid_grant`); an outage is retry_later.
 */
export function checkRevocation(options: Pick<HttpOptions, 'provider'>, answer: HttpAnswer, secrets: ReadonlyArray<string | null | undefined>): void {
  if (answer.status < 300) {
    const error = isRecord(answer.body) && typeof answer.body.error === 'string' && answer.body.error !== '' ? answer.body.error : null;
    if (error === null) return;
  }
  const body = isRecord(answer.body) ? answer.body : {};
  const error = typeof body.error === 'string' ? body.error : '';
  if (error === 'invalid_token' || error === 'invalid_grant') return;
  const description = typeof body.error_description === 'string' ? body.error_description : '';
  const detail = `HTTP ${answer.status}${error ? ` ${error}` : ''}${description ? `: ${description}` : ''}`;
  if (answer.status === 429 || answer.status >= 500) fail(options, 'token revocation', 'retry_later', detail, secrets, retryAfterSeconds(answer.headers));
  fail(options, 'token revocation', 'rejected', detail, secrets);
}

/** A JSON number, or a count a provider sends as a string ("1234"); null for anything else. */
export function count(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
}

/** interactions ÷ base, or null when either is missing or the base is 0. */
export const ratio = (interactions: number | null, base: number | null): number | null =>
  interactions === null || base === null || base <= 0 ? null : interactions / base;

/** Seconds from now as a date, or null when the provider did not say. */
export function expiresAt(seconds: unknown, now: Date = new Date()): Date | null {
  const n = count(seconds);
  return n === null ? null : new Date(now.getTime() + n * 1000);
}

/** The UTC day 'YYYY-MM-DD' as [start, end) unix seconds. */
export function dayBounds(day: string): { since: number; until: number } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    throw new SocialProviderError(`not a UTC day: ${day}`, 'rejected');
  }
  const since = Date.parse(`${day}T00:00:00Z`) / 1000;
  return { since, until: since + 86_400 };
}
