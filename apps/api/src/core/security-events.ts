import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { requestIp } from './request-scope';

/*
 * Security events (ASVS 16.3): one warn line of one shape for every failed sign-in, refused request (401, 403) and
 * rate-limited one (429), so an alert or a search finds them by `security_event`. The account's own audit log keeps
 * failed sign-ins of known accounts too (modules/auth/sign-in-failures.ts); this line is for the operator.
 *
 * Never in it: an e-mail address (a sign-in of an unknown address is known by the SHA-256 of it, lower-cased), a
 * password, a code or a token. The fields are typed per event so nothing else slips in.
 */

export const SECURITY_EVENT_MESSAGE = 'security event';

/** How a sign-in was tried. */
export type SignInMethod = 'password' | 'totp' | 'recovery_code' | 'passkey';

/** Where a request came from, and which route (its pattern, never the URL: no ids, no query). */
export interface SecurityEventWhere {
  /** The request's IP; left out, the IP of the request being served. */
  ip?: string | null;
  method?: string;
  route?: string;
}

/** What happened, per event. */
export type SecurityEventFacts =
  | {
      security_event: 'sign_in_failed';
      sign_in_method: SignInMethod;
      reason: string;
      /** The account tried, when it exists... */
      user_id?: number;
      /** ...else the SHA-256 of the e-mail tried (emailFingerprint), when there was one. */
      email_sha256?: string;
    }
  | { security_event: 'not_authenticated'; code: string }
  | { security_event: 'forbidden'; code: string; user_id?: number; role?: string; staff_role?: string | null; api_key?: boolean }
  | {
      security_event: 'rate_limited';
      /** Which limit: its counter's name (login-ip, reset-email, second-factor-user…). */
      limiter: string;
      /** What it counts by. */
      key: 'ip' | 'user' | 'email' | 'api_key';
      user_id?: number;
    };

export type SecurityEvent = SecurityEventWhere & SecurityEventFacts;

/** Writes the event's line at warn, with the request's IP unless given. */
export function logSecurityEvent(logger: Pick<Logger, 'warn'>, event: SecurityEvent): void {
  logger.warn({ ...event, ip: event.ip === undefined ? requestIp() : event.ip }, SECURITY_EVENT_MESSAGE);
}

/** An e-mail address as a security event names it: the SHA-256 (hex) of it trimmed and lower-cased. */
export function emailFingerprint(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
}
