import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { TStaffRole } from '@agency/contract';
import { AppError } from '../../core/errors';
import { users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { emit } from '../../events/outbox';
import { findUserByEmail } from './auth.queries';

/** A password nobody knows, for an account whose invite is not accepted yet (signing in with it is impossible). */
export async function unusablePasswordHash(deps: Pick<AppDeps, 'config'>): Promise<string> {
  return bcrypt.hash(randomBytes(32).toString('base64url'), deps.config.BCRYPT_ROUNDS);
}

export interface InvitedAccount {
  email: string;
  firstName: string;
  lastName: string;
  role: 'admin' | 'client';
  staffRole: TStaffRole | null;
  company: string;
  /** From unusablePasswordHash, made before the transaction (hashing is slow). */
  passwordHash: string;
}

/**
 * Makes the account of an invited person (staff, or a client's team member) and sends the invite (invite.sent:
 * the e-mail with the one-time link that sets the password). In the caller's transaction; a taken e-mail is a
 * field error. Answers the new user id.
 */
export async function createInvitedAccount(tx: AppDeps, invitedBy: number, account: InvitedAccount): Promise<number> {
  if (await findUserByEmail(tx.db, account.email)) {
    throw new AppError('bad_request', 'A user with this email already exists.', { email: ['A user with this email already exists.'] });
  }
  const now = tx.now();
  const [user] = await tx.db
    .insert(users)
    .values({ ...account, username: account.email, passwordChangedAt: now, invitedAt: now, createdAt: now, updatedAt: now })
    .returning({ id: users.id });
  await emit(tx, 'invite.sent', { userId: user!.id, invitedBy, reminder: false });
  return user!.id;
}
