import type { AppDeps } from '../../deps';
import { emailFingerprint, logSecurityEvent, type SignInMethod } from '../../core/security-events';
import { recordAudit } from '../audit';
import * as q from './auth.queries';

/*
 * A failed sign-in (ASVS 16.3.1): a security event line always, and for an account that exists an
 * `auth.sign_in_failed` entry in its audit log, by the account itself ("Alex Morgan · Sign in failed · from <IP>",
 * as GitHub's security log reads), with how it was tried and why it failed; never the password or code.
 *
 * The entry is written on the base connection, on its own: the sign-in fails (throws) after this, and an entry
 * written in its transaction would roll back with it. So call this outside any transact().
 */

/** Why a sign-in failed, as the entry and the line say it. */
export type SignInFailure =
  | 'wrong_password'
  | 'wrong_code'
  | 'passkey_not_verified'
  | 'unknown_passkey'
  | 'challenge_expired'
  | 'challenge_exhausted';

/** A failed attempt on an account that exists: the audit entry and the line. */
export async function recordFailedSignIn(deps: AppDeps, userId: number, method: SignInMethod, reason: SignInFailure): Promise<void> {
  logSecurityEvent(deps.logger, { security_event: 'sign_in_failed', sign_in_method: method, reason, user_id: userId });
  const base: AppDeps = { ...deps, db: deps.database.db };
  const user = await q.findUserById(base.db, userId);
  if (!user) return;
  const { clientId } = await q.clientOf(base.db, userId);
  await recordAudit(base, { kind: 'person', id: userId }, {
    action: 'auth.sign_in_failed',
    object: { type: 'account', id: userId, label: user.email, clientId },
    changes: { method, reason },
  });
}

/** A failed attempt that names no account here (an unknown e-mail or passkey): only the line. */
export function logFailedSignInOfNobody(deps: Pick<AppDeps, 'logger'>, method: SignInMethod, reason: SignInFailure, email?: string): void {
  logSecurityEvent(deps.logger, {
    security_event: 'sign_in_failed',
    sign_in_method: method,
    reason,
    ...(email ? { email_sha256: emailFingerprint(email) } : {}),
  });
}

/** A dead challenge at the second step (expired, used, out of attempts): only the line, with the account when known. */
export function logDeadChallenge(deps: Pick<AppDeps, 'logger'>, method: SignInMethod, reason: SignInFailure, userId: number | null): void {
  logSecurityEvent(deps.logger, { security_event: 'sign_in_failed', sign_in_method: method, reason, ...(userId !== null ? { user_id: userId } : {}) });
}
