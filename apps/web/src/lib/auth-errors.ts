import { errorMessageFromBody } from './format';

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';
export const REGISTRATION_FAILED = 'Registration failed. Please try again.';
export const EMAIL_EXISTS = 'An account with this email already exists.';
export const CHECK_INFORMATION = 'Please check your information and try again.';
export const INVALID_LOGIN_RESPONSE = 'Invalid login response';
export const INVALID_REGISTRATION_RESPONSE = 'Invalid registration response';

function serverMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  for (const key of ['error', 'message', 'detail'] as const) {
    const v = b[key];
    if (typeof v === 'string' && v.trim()) return v;
  }
  return undefined;
}

/** Login failure text (admin-and-foundations 5): the server message, else the fixed text. */
export function loginErrorMessage(body: unknown): string {
  return serverMessage(body) ?? LOGIN_FAILED;
}

/**
 * Registration failure text (admin-and-foundations 5, client-and-public 8):
 * 'already exists' / 'duplicate' → email exists; 'validation' / 'invalid' → check your information;
 * else the server message, else the fixed text.
 */
export function registrationErrorMessage(message: string | undefined | null): string {
  const m = (message ?? '').trim();
  const lower = m.toLowerCase();
  if (lower.includes('already exists') || lower.includes('duplicate')) return EMAIL_EXISTS;
  if (lower.includes('validation') || lower.includes('invalid')) return CHECK_INFORMATION;
  return m || REGISTRATION_FAILED;
}

/**
 * Registration failure for a whole response. A 403 is the admin invite-code check (PRODUCT.md),
 * whose own message is the clear one, so it is shown as the server wrote it.
 */
export function registrationErrorFromResponse(status: number, body: unknown): string {
  if (status === 403) return errorMessageFromBody(body, status);
  return registrationErrorMessage(serverMessage(body));
}
