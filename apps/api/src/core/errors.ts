/** Every failure the API reports on purpose. The error middleware maps the code to a status. */
export const ERROR_STATUS = {
  validation_error: 400,
  bad_request: 400,
  malformed_json: 400,
  not_authenticated: 401,
  authentication_failed: 401,
  permission_denied: 403,
  /** The agency requires a second factor of its staff and this account has none yet: only enrolment is open. */
  two_factor_enrolment_required: 403,
  not_found: 404,
  conflict: 409,
  /** Idempotency-Key: the first request with this key is still running. */
  idempotency_key_in_use: 409,
  /** Idempotency-Key: the key was already used for a different request (another body or URL). */
  idempotency_key_reused: 409,
  /** Idempotency-Key: the first request was carried out, but its answer was lost (the server stopped). */
  idempotency_answer_lost: 409,
  /** An upload past the user's storage quota (UPLOAD_QUOTA_MB). */
  quota_exceeded: 413,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  rate_limited: 429,
  server_error: 500,
  not_implemented: 501,
  payment_provider_error: 502,
  /** A social network (or its sandbox) refused or failed a call. */
  social_provider_error: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** What each error `code` means to an integrator (the API reference lists them with their status). */
export const ERROR_MEANINGS: Record<ErrorCode, string> = {
  validation_error: 'A field is missing or not valid: `errors` names each field with its messages.',
  bad_request: 'The request cannot be carried out as sent (for example a reference to something that does not exist).',
  malformed_json: 'The body is not valid JSON.',
  not_authenticated: 'No credentials were sent: add `Authorization: Token <key>` or `Bearer <API key>`.',
  authentication_failed: 'The credentials are wrong, expired or revoked: sign in again or use another key.',
  permission_denied: 'Signed in, but this role, staff role or API key scope may not do this.',
  two_factor_enrolment_required:
    'The agency requires two-factor authentication of its staff and this account has none yet: until it sets one up (POST /api/auth/two-factor/totp/ or a passkey), every other route answers this.',
  not_found: 'No such resource, or it is outside what the caller may see (another client’s data answers 404, never 403).',
  conflict: 'The resource is not in a state that allows this (already paid, already decided, changed meanwhile); `detail` says which.',
  idempotency_key_in_use: 'The first request with this Idempotency-Key is still running: retry after Retry-After.',
  idempotency_key_reused: 'This Idempotency-Key was already used for another request (another body or URL).',
  idempotency_answer_lost: 'The first request with this Idempotency-Key was carried out but its answer was lost: read the resource instead of retrying.',
  quota_exceeded: 'The upload would pass the storage quota.',
  payload_too_large: 'The body or the file is larger than allowed.',
  uri_too_long: 'The URL is too long.',
  unsupported_media_type: 'The body’s Content-Type or the file’s type is not accepted here.',
  rate_limited: 'Too many requests (sign-ins, or an API key’s per-minute limit): retry after Retry-After seconds.',
  server_error: 'Something failed on the server; the request can be retried. It is logged with its request id.',
  not_implemented: 'The route exists in the contract but is not offered by this server.',
  payment_provider_error: 'The payment provider refused or failed the call; `detail` gives its reason.',
  social_provider_error: 'The social network refused or failed the call; `detail` gives its reason.',
  service_unavailable: 'The server cannot answer right now (database restarting, still starting): retry after Retry-After.',
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
    /** Sent as Retry-After (seconds) with a 429 or 503. */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
    this.status = ERROR_STATUS[code];
  }
}

/** What a Postgres error says about itself (node-postgres and PGlite use the same field names). */
export interface DatabaseErrorFacts {
  code: string;
  detail?: string;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

/** The Postgres error (SQLSTATE code) in an error's cause chain: Drizzle wraps the driver's error. */
export function databaseErrorIn(err: unknown): DatabaseErrorFacts | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as DatabaseErrorFacts & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** Network failures on the way to the database (node's socket error codes). */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** What node-postgres's pool and PGlite say when no connection can be had or the one in use died. */
const CONNECTION_LOST = /connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end|PGlite is closed|Connection refused/i;

/**
 * true when an error means the database cannot be reached right now (down, restarting, out of connections),
 * as opposed to something wrong with the request: the caller gets a 503 and is told to retry.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    // SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, crash, not accepting connections), 53300 (too many connections).
    if (/^08...$/.test(code) || /^57P0[123]$/.test(code) || code === '53300' || CONNECTION_ERROR_CODES.has(code)) return true;
    if (typeof candidate.message === 'string' && CONNECTION_LOST.test(candidate.message)) return true;
    // Connecting to "localhost" tries every address and reports an AggregateError of their failures.
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = candidate.cause;
  }
  return false;
}
