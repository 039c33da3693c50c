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
  /** An upload past the user's storage quota (UPLOAD_QUOTA_MB). */
  quota_exceeded: 413,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  server_error: 500,
  not_implemented: 501,
  payment_provider_error: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail);
    this.status = ERROR_STATUS[code];
  }
}
