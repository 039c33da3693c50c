import { and, count, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { TClientPermission, TStaffRole } from '@agency/contract';
import { authTokens, clientMembers, clients, users } from '../../db/schema';
import { preparedPerDatabase } from '../../db/prepared';
import type { Db } from '../../db/types';
import { mustEnrolSecondFactor } from './two-factor.queries';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row;
}

/**
 * Of these e-mails, the accounts that still exist with the password they were created with (a password
 * change moves password_changed_at past created_at).
 */
export async function findUntouchedAccounts(db: Db, emails: string[]): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(sql`lower(${users.email})`, emails.map((e) => e.toLowerCase())), eq(users.passwordChangedAt, users.createdAt)));
  return rows.map((r) => r.email.toLowerCase());
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * A client user's client and permission: the client whose own login it is (full access), or the client on whose
 * team it is (its member permission). Selected with the two joins of `withClientOf`.
 */
const clientOfUser = {
  clientId: sql<number | null>`coalesce(${clients.id}, ${clientMembers.clientId})`,
  clientPermission: sql<TClientPermission | null>`case when ${clients.id} is not null then 'full' else ${clientMembers.permission} end`,
};

export async function clientOf(db: Db, userId: number): Promise<{ clientId: number | null; clientPermission: TClientPermission | null }> {
  const [row] = await db
    .select(clientOfUser)
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .leftJoin(clientMembers, eq(clientMembers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return { clientId: row?.clientId ?? null, clientPermission: row?.clientPermission ?? null };
}

/** The logins of a client: its own (the owner's) and its team members'. */
export async function loginsOfClient(db: Db, clientId: number): Promise<number[]> {
  const [owners, members] = await Promise.all([
    db.select({ userId: clients.userId }).from(clients).where(eq(clients.id, clientId)),
    db.select({ userId: clientMembers.userId }).from(clientMembers).where(eq(clientMembers.clientId, clientId)),
  ]);
  return [...owners, ...members].map((r) => r.userId).filter((id): id is number => id !== null);
}

/** Whether the user is a login (own or a team member's) of a client the agency archived. */
export async function clientLoginArchived(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ archived: sql<boolean>`bool_or(${clients.archivedAt} is not null)` })
    .from(clients)
    .where(sql`${clients.userId} = ${userId} or ${clients.id} in (select ${clientMembers.clientId} from ${clientMembers} where ${clientMembers.userId} = ${userId})`);
  return row?.archived === true;
}

/** A user's role and, for a client user, its client record (own or as a team member). */
export async function findUserRoleAndClient(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role, staffRole: users.staffRole, ...clientOfUser })
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .leftJoin(clientMembers, eq(clientMembers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * Who owns the agency changes one at a time (the first admin's sign-up, a role change, a removal, an account
 * deletion), so there is always exactly one first admin and the last owner always stays.
 */
const STAFF_LOCK = 724_311_002;
export const lockStaff = (db: Db) => db.execute(sql`select pg_advisory_xact_lock(${STAFF_LOCK})`);

/** Owners of the agency (other than `exceptUserId`): the last one can neither go nor become something else. */
export async function countOwners(db: Db, exceptUserId?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.staffRole, 'owner'), exceptUserId ? ne(users.id, exceptUserId) : undefined));
  return Number(row?.n ?? 0);
}

export async function countAdmins(db: Db, exceptUserId?: number): Promise<number> {
  const where = exceptUserId
    ? and(eq(users.role, 'admin'), ne(users.id, exceptUserId))
    : eq(users.role, 'admin');
  const [row] = await db.select({ n: count() }).from(users).where(where);
  return Number(row?.n ?? 0);
}

export async function insertToken(db: Db, values: typeof authTokens.$inferInsert) {
  const [row] = await db.insert(authTokens).values(values).returning({ id: authTokens.id });
  return row!;
}

/** Runs on every authenticated request. */
const tokenLookup = preparedPerDatabase((db) =>
  db
    .select({
      tokenId: authTokens.id,
      expiresAt: authTokens.expiresAt,
      lastUsedAt: authTokens.lastUsedAt,
      userId: users.id,
      role: users.role,
      staffRole: users.staffRole,
      email: users.email,
      ...clientOfUser,
      mustEnrolSecondFactor,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .leftJoin(clients, eq(clients.userId, users.id))
    .leftJoin(clientMembers, eq(clientMembers.userId, users.id))
    .where(and(eq(authTokens.tokenHash, sql.placeholder('tokenHash')), gt(authTokens.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_user_by_token_hash'),
);

/** The user behind a live token; also yields the token row for revocation and last-used bookkeeping. */
export async function findUserByTokenHash(db: Db, tokenHash: string, now: Date) {
  const [row] = await tokenLookup(db).execute({ tokenHash, now });
  return row;
}

/**
 * A token in use: its last use is now and its end slides to `idleMs` from now, never past its hard limit
 * (absolute_expires_at). Answers the new end (undefined when the token is gone).
 */
export async function touchToken(db: Db, tokenId: number, now: Date, idleMs: number): Promise<Date | undefined> {
  const idleEnd = new Date(now.getTime() + idleMs);
  const [row] = await db
    .update(authTokens)
    .set({ lastUsedAt: now, expiresAt: sql`least(${idleEnd}::timestamptz, ${authTokens.absoluteExpiresAt})` })
    .where(eq(authTokens.id, tokenId))
    .returning({ expiresAt: authTokens.expiresAt });
  return row?.expiresAt;
}

export async function deleteToken(db: Db, tokenId: number) {
  await db.delete(authTokens).where(eq(authTokens.id, tokenId));
}

/** Revokes every token of a user; answers their ids. */
export async function deleteTokensOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db.delete(authTokens).where(eq(authTokens.userId, userId)).returning({ id: authTokens.id });
  return rows.map((r) => r.id);
}

export async function deleteExpiredTokens(db: Db, now: Date) {
  await db.delete(authTokens).where(lt(authTokens.expiresAt, now));
}

/** Marks users as seen now (presence is derived from users.last_seen_at, see admin/staff.service.ts). */
export async function touchLastSeen(db: Db, userIds: number[], now: Date) {
  if (userIds.length === 0) return;
  await db.update(users).set({ lastSeenAt: now }).where(inArray(users.id, userIds));
}

export async function setStaffRole(db: Db, userId: number, staffRole: TStaffRole, now: Date) {
  await db.update(users).set({ staffRole, updatedAt: now }).where(eq(users.id, userId));
}

export async function deleteUser(db: Db, userId: number) {
  await db.delete(users).where(eq(users.id, userId));
}
