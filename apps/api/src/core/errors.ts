/** Every failure the API reports on purpose. The error middleware maps the code to a status. */
export const ERROR_STATUS = {
  validation_error: 400,
  bad_request: 400,
  malformed_json: 400,
  not_authenticated: 401,
  authentication_failed: 401,
  permission_denied: 403,
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
