import { randomBytes, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import {
  EMAIL_CHANGE_ELSEWHERE,
  type TAuthResponse,
  type TChangePassword,
  type TDemoLogin,
  type TRegister,
  type TUpdateProfile,
  type TClientPermission,
  type TUser,
  ZRegisterSchema,
} from '@agency/contract';
import { users } from '../../db/schema';
import { DEMO_LOGINS } from '../../db/seed/demo/cast';
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError } from '../../core/errors';
import { sessionTokenOf, type Actor, type RequestOrigin, type UserActor } from '../../core/actor';
import type { DomainEventMap } from '../../events/catalog';
import { emit, transact } from '../../events/outbox';
import { changedFields, recordAudit } from '../audit';
import * as q from './auth.queries';
import { assertPasswordAllowed } from './password-policy';
import { checkCurrentPassword } from './security-change';
import { endSessions } from './session-cache';
import { newSecret } from './tokens';
import { twoFactorFlags } from './two-factor.queries';

/** One hash of a password nobody knows per bcrypt cost, made on first use. */
const fakeHashes = new Map<number, Promise<string>>();

/**
 * What an unknown e-mail's password is compared with: a hash of the same cost as real ones (BCRYPT_ROUNDS), so
 * the answer takes as long as for a wrong password and its timing does not tell which e-mails have an account.
 */
export function fakePasswordHash(rounds: number): Promise<string> {
  let hash = fakeHashes.get(rounds);
  if (!hash) {
    hash = bcrypt.hash(randomBytes(18).toString('base64'), rounds);
    fakeHashes.set(rounds, hash);
  }
  return hash;
}

/** Where a client user belongs: its client and its permission there (both null for staff). */
export interface ClientPlace {
  clientId: number | null;
  clientPermission: TClientPermission | null;
}

/** Whether sign-in asks the user for a second factor, and whether they must set one up first (two-factor.queries.ts twoFactorFlags). */
export interface TwoFactorFlags {
  enabled: boolean;
  enrolmentRequired: boolean;
}

export function toUserDto(row: q.UserRow, place: ClientPlace, twoFactor: TwoFactorFlags): TUser {
  const name = `${row.firstName} ${row.lastName}`.trim();
  return {
    id: row.id,
    email: row.email,
    email_verified: row.emailVerifiedAt !== null,
    username: row.username,
    name,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role === 'admin' ? 'admin' : 'client',
    staff_role: row.role === 'admin' ? (row.staffRole ?? 'owner') : null,
    company: row.company,
    avatar: row.avatar ?? null,
    client_id: place.clientId,
    client_permission: row.role === 'admin' ? null : place.clientPermission,
    created_at: row.createdAt.toISOString(),
    password_changed_at: row.passwordChangedAt.toISOString(),
    two_factor_enabled: twoFactor.enabled,
    two_factor_enrolment_required: twoFactor.enrolmentRequired,
  };
}

function splitName(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

function codesMatch(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Opens a session for the user from where the request came; answers its token (only the hash is stored) and id. */
async function insertSession(deps: AppDeps, db: Db, userId: number, origin: RequestOrigin): Promise<{ token: string; tokenId: number }> {
  const { key, hash } = newSecret();
  // On the wall clock, as the guard that checks and slides it (http/guard.ts): SESSION_IDLE_DAYS from its last use,
  // never past SESSION_MAX_DAYS from now.
  const now = new Date();
  const absoluteExpiresAt = new Date(now.getTime() + deps.config.SESSION_MAX_DAYS * 86_400_000);
  const expiresAt = new Date(Math.min(now.getTime() + deps.config.SESSION_IDLE_DAYS * 86_400_000, absoluteExpiresAt.getTime()));
  const row = await q.insertToken(db, { userId, tokenHash: hash, createdAt: now, expiresAt, absoluteExpiresAt, userAgent: origin.userAgent, ip: origin.ip });
  return { token: key, tokenId: row.id };
}

/** A fresh session for someone already signed in (after changing their password): no sign-in to tell of. */
export async function issueToken(deps: AppDeps, db: Db, userId: number, origin: RequestOrigin): Promise<string> {
  return (await insertSession(deps, db, userId, origin)).token;
}

/** The answer to a sign-in to the login of an archived client. */
export const CLIENT_ARCHIVED_SIGN_IN = 'This client account is archived, so its portal is closed. Ask your agency to restore it.';

/** A sign-in (inside transact, with its deps): the session opens and `user.signed_in` follows (new-device mail, audit). */
export async function openSession(tx: AppDeps, userId: number, origin: RequestOrigin, method: DomainEventMap['user.signed_in']['method']): Promise<string> {
  // An archived client's portal is closed: every way in (password, second step, passkey, invite) ends here.
  if (await q.clientLoginArchived(tx.db, userId)) throw new AppError('permission_denied', CLIENT_ARCHIVED_SIGN_IN);
  const { token, tokenId } = await insertSession(tx, tx.db, userId, origin);
  await emit(tx, 'user.signed_in', { userId, tokenId, method, userAgent: origin.userAgent, ip: origin.ip });
  const { clientId } = await q.clientOf(tx.db, userId);
  await recordAudit(tx, { kind: 'person', id: userId }, { action: 'auth.signed_in', object: { type: 'session', id: tokenId, clientId }, changes: { method } });
  return token;
}

/** Opens a session for the user (see openSession) and answers it as the sign-in routes do: `{ token, user }`. */
export async function openSessionAnswer(
  tx: AppDeps,
  user: q.UserRow,
  origin: RequestOrigin,
  method: DomainEventMap['user.signed_in']['method'],
): Promise<TAuthResponse> {
  const token = await openSession(tx, user.id, origin, method);
  return { token, user: toUserDto(user, await q.clientOf(tx.db, user.id), await twoFactorFlags(tx.db, user.id)) };
}

/** A client login's own client record, made in the sign-up's transaction by the clients module: its id. */
export type CreateSignUpClient = (txDeps: AppDeps, account: { userId: number; name: string; email: string; company: string }) => Promise<number>;

/**
 * POST /auth/register/: an account and its first session. A client login gets its client record from
 * `createClientRecord` (the clients module writes clients; it mounts this route, clients.router.ts).
 */
export async function register(deps: AppDeps, _actor: Actor, input: TRegister, createClientRecord: CreateSignUpClient, origin: RequestOrigin) {
  const data = ZRegisterSchema.parse(input);
  const { firstName, lastName } = splitName(data.name);
  await assertPasswordAllowed(deps, data.password, { firstName, lastName, email: data.email, company: data.company }, 'password');
  const passwordHash = await bcrypt.hash(data.password, deps.config.BCRYPT_ROUNDS);

  return transact(deps, async (txDeps) => {
    const tx = txDeps.db;
    if (data.role === 'admin') {
      // Serialise admin sign-ups so two "first admins" cannot race past the empty-database rule.
      await q.lockStaff(tx);
      const admins = await q.countAdmins(tx);
      if (admins > 0 && !codesMatch(data.admin_code, deps.config.ADMIN_SIGNUP_CODE)) {
        throw new AppError(
          'permission_denied',
          data.admin_code
            ? 'The agency invite code is not valid.'
            : 'An agency invite code is required to register as an admin.',
        );
      }
    }
    if (await q.findUserByEmail(tx, data.email)) {
      throw new AppError('bad_request', 'A user with this email already exists.', { email: ['already exists'] });
    }
    const [user] = await tx
      .insert(users)
      .values({
        email: data.email,
        username: data.email,
        firstName,
        lastName,
        role: data.role,
        // An admin who registers (the first one, or with the agency's invite code) owns the agency.
        staffRole: data.role === 'admin' ? 'owner' : null,
        company: data.company ?? '',
        passwordHash,
      })
      .returning();
    const clientId =
      data.role === 'client' ? await createClientRecord(txDeps, { userId: user!.id, name: data.name.trim(), email: data.email, company: data.company ?? '' }) : null;
    const token = await openSession(txDeps, user!.id, origin, 'sign_up');
    // The address is unconfirmed until the link mailed to it is opened (invites and demo accounts start confirmed).
    await emit(txDeps, 'account.email_verification_requested', { userId: user!.id });
    const place: ClientPlace = { clientId, clientPermission: clientId === null ? null : 'full' };
    return { token, user: toUserDto(user!, place, await twoFactorFlags(tx, user!.id)) };
  });
}

/** Revokes the caller's token; the sockets opened with it close on every instance (session.revoked). */
export async function logout(deps: AppDeps, actor: UserActor) {
  const tokenId = sessionTokenOf(actor);
  await transact(deps, async (tx) => {
    await q.deleteToken(tx.db, tokenId);
    await endSessions(tx, { userId: actor.id, tokenIds: [tokenId], reason: 'logout' });
    await recordAudit(tx, actor, { action: 'auth.signed_out', object: { type: 'session', id: tokenId, clientId: actor.clientId } });
  });
}

/** An entry about the caller's own account (the client's log shows its team's). */
export function auditOwnAccount(tx: AppDeps, actor: UserActor, action: string, changes?: Record<string, unknown> | null) {
  return recordAudit(tx, actor, { action, object: { type: 'account', id: actor.id, label: actor.email, clientId: actor.clientId }, changes: changes ?? null });
}

export async function getMe(deps: AppDeps, actor: UserActor): Promise<TUser> {
  const user = await q.findUserById(deps.db, actor.id);
  if (!user) throw new AppError('authentication_failed', 'Invalid or expired token.');
  return toUserDto(user, actor, await twoFactorFlags(deps.db, actor.id));
}

/** Name and company; the e-mail changes only through Change email (account-links.service.ts), never here. */
export async function updateMe(deps: AppDeps, actor: UserActor, input: Partial<TUpdateProfile> & { email?: unknown }): Promise<TUser> {
  if (input.email !== undefined) throw new AppError('bad_request', EMAIL_CHANGE_ELSEWHERE, { email: [EMAIL_CHANGE_ELSEWHERE] });
  const now = deps.now();
  const changes = {
    ...(input.first_name !== undefined && { firstName: input.first_name }),
    ...(input.last_name !== undefined && { lastName: input.last_name }),
    ...(input.company !== undefined && { company: input.company }),
  };
  const row = await transact(deps, async (tx) => {
    const before = await q.findUserById(tx.db, actor.id);
    if (!before) throw new AppError('authentication_failed', 'Invalid or expired token.');
    const [after] = await tx.db
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, actor.id))
      .returning();
    const changed = changedFields(before, changes, ['firstName', 'lastName', 'company']);
    if (changed) await auditOwnAccount(tx, actor, 'account.updated', changed);
    return after!;
  });
  return toUserDto(row, actor, await twoFactorFlags(deps.db, actor.id));
}

/** Checks the current password, stores the new one, revokes every token, and hands back a fresh one. */
export async function changePassword(deps: AppDeps, actor: UserActor, input: TChangePassword, origin: RequestOrigin) {
  const user = await q.findUserById(deps.db, actor.id);
  await checkCurrentPassword(user, input.current_password, 'current_password');
  await assertPasswordAllowed(deps, input.new_password, user!, 'new_password');
  const passwordHash = await bcrypt.hash(input.new_password, deps.config.BCRYPT_ROUNDS);
  const now = deps.now();
  return transact(deps, async (tx) => {
    await tx.db.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, actor.id));
    const revoked = await q.deleteTokensOfUser(tx.db, actor.id);
    await endSessions(tx, { userId: actor.id, tokenIds: revoked, reason: 'password_changed' });
    await emit(tx, 'account.password_changed', { userId: actor.id, how: 'changed' });
    await auditOwnAccount(tx, actor, 'account.password_changed', { other_sessions_ended: revoked.length });
    const token = await issueToken(tx, tx.db, actor.id, origin);
    return { detail: 'Password changed successfully', token };
  });
}

/**
 * The demo accounts for the sign-in page: while demo data is on, each seeded account that still exists with
 * its seeded password. A production server names the e-mails only; the passwords are in the README.
 */
export async function listDemoLogins(deps: AppDeps): Promise<TDemoLogin[]> {
  if (deps.config.DEMO_DATA !== 'on') return [];
  const present = new Set(await q.findUntouchedAccounts(deps.db, DEMO_LOGINS.map((l) => l.email)));
  const showPasswords = deps.config.NODE_ENV !== 'production';
  return DEMO_LOGINS.filter((l) => present.has(l.email.toLowerCase())).map((l) =>
    showPasswords ? { ...l } : { role: l.role, email: l.email },
  );
}
