import bcrypt from 'bcryptjs';
import type { UserActor } from '../../core/actor';
import { AppError } from '../../core/errors';
import type { AppDeps } from '../../deps';
import type { UserRow } from './auth.queries';
import { endSessions } from './session-cache';
import { deleteOtherTokensOfUser } from './sessions.queries';

/*
 * What every change to how an account signs in shares (a password, an authenticator app, a passkey, the address):
 * the current password asked again first, and the account's other sessions ended after.
 */

export const PASSWORD_INCORRECT = 'Current password is incorrect.';

/**
 * Refuses a change unless `password` is the user's current one: a 400 on `field`, the form's password field (also
 * when the account is gone).
 */
export async function checkCurrentPassword(user: Pick<UserRow, 'passwordHash'> | undefined, password: string, field = 'password'): Promise<void> {
  if (!user || !(await bcrypt.compare(password, user.passwordHash))) {
    throw new AppError('bad_request', PASSWORD_INCORRECT, { [field]: [PASSWORD_INCORRECT] });
  }
}

/**
 * A second factor changed: every session of the user but the one that made the change ends (inside transact). Their
 * cached sessions are forgotten too, so the current one is read afresh (its enrolment flag may have changed).
 */
export async function endOtherSessions(tx: AppDeps, actor: UserActor): Promise<void> {
  const ended = await deleteOtherTokensOfUser(tx.db, actor.id, actor.tokenId);
  await endSessions(tx, { userId: actor.id, tokenIds: ended, reason: 'security_changed' });
}
