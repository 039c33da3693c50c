import { and, count, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '@agency/contract';
import { agencySecurity, authChallenges, recoveryCodes, users } from '../../db/schema';
import type { Db } from '../../db/types';

/*
 * Drizzle only, for second factors: the authenticator app's columns of users, recovery codes, the short-lived
 * challenges of a sign-in or an enrolment (auth_challenges), and the agency's security policy (agency_security).
 */

export type ChallengeRow = typeof authChallenges.$inferSelect;
export type ChallengePurpose = ChallengeRow['purpose'];

/*
 * The subqueries below name tables and columns in SQL, qualified: Drizzle writes a column of a single-table query
 * unqualified, and inside a subquery that would name the subquery's own table.
 */

/**
 * The agency's policy requires a second factor of this user: staff under require_staff_two_factor, client logins (a
 * client's own and its team members') under require_client_two_factor.
 */
const requiredOfUser = sql`(case "users"."role" when 'admin' then s."require_staff_two_factor" when 'client' then s."require_client_two_factor" else false end)`;

/**
 * An account that must set up a second factor before anything else: the agency requires one of accounts like it
 * (staff, or client logins) and it has neither an authenticator app nor a passkey. One expression, used by the token
 * lookup on every request (auth.queries.ts) and by the user's own answers, so both always agree.
 */
export const mustEnrolSecondFactor = sql<boolean>`("users"."totp_enabled_at" is null
  and exists (select 1 from "agency_security" s where s."id" = 1 and ${requiredOfUser})
  and not exists (select 1 from "passkeys" p where p."user_id" = "users"."id"))`;

/** What sign-in and the Security screen need to know of a user's second factors. */
export async function secondFactorsOf(db: Db, userId: number) {
  const [row] = await db
    .select({
      totpEnabledAt: users.totpEnabledAt,
      role: users.role,
      passkeys: sql<number>`(select count(*)::int from "passkeys" p where p."user_id" = "users"."id")`,
      recoveryCodesLeft: sql<number>`(select count(*)::int from "recovery_codes" rc where rc."user_id" = "users"."id" and rc."used_at" is null)`,
      requiredByAgency: sql<boolean>`coalesce((select ${requiredOfUser} from "agency_security" s where s."id" = 1), false)`,
      mustEnrol: mustEnrolSecondFactor,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The two flags of a user's answers (TUser): has a second factor; must enrol one before anything else. */
export async function twoFactorFlags(db: Db, userId: number): Promise<{ enabled: boolean; enrolmentRequired: boolean }> {
  const row = await secondFactorsOf(db, userId);
  return { enabled: !!row && (row.totpEnabledAt !== null || row.passkeys > 0), enrolmentRequired: row?.mustEnrol ?? false };
}

export async function findTotpSecret(db: Db, userId: number): Promise<{ secret: string | null; lastStep: number | null } | undefined> {
  const [row] = await db.select({ secret: users.totpSecret, lastStep: users.totpLastStep }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/**
 * Takes the 30-second step of an accepted code, only if no code of this step or a later one was taken before: a
 * compare-and-set on the user's row, so of two requests with the same code (even at the same instant, on two
 * instances) exactly one passes. False when the step was used already.
 */
export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function enableTotp(db: Db, userId: number, encryptedSecret: string, step: number, now: Date) {
  await db.update(users).set({ totpSecret: encryptedSecret, totpEnabledAt: now, totpLastStep: step, updatedAt: now }).where(eq(users.id, userId));
}

export async function disableTotp(db: Db, userId: number, now: Date) {
  await db.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now }).where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Replaces a user's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/**
 * A user's recovery codes not used yet, with their stored hashes: each is salted, so a typed code is compared with
 * every one. Never more than RECOVERY_CODE_COUNT (a user has no more), which bounds the slow hashes of one attempt.
 */
export async function unusedRecoveryCodes(db: Db, userId: number): Promise<{ id: number; codeHash: string }[]> {
  return db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .orderBy(recoveryCodes.id)
    .limit(RECOVERY_CODE_COUNT);
}

/**
 * Uses up a recovery code, only if it was not used: a compare-and-set, so of two requests with the same code (even
 * at the same instant) exactly one gets true.
 */
export async function claimRecoveryCode(db: Db, codeId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.id, codeId), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function insertChallenge(db: Db, values: typeof authChallenges.$inferInsert) {
  const [row] = await db.insert(authChallenges).values(values).returning();
  return row!;
}

/** A challenge by its token's hash and purpose, locked until the transaction ends (used or not, live or not). */
export async function lockChallenge(db: Db, tokenHash: string, purpose: ChallengePurpose): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(and(eq(authChallenges.tokenHash, tokenHash), eq(authChallenges.purpose, purpose)))
    .limit(1)
    .for('update');
  return row;
}

export async function countChallengeAttempt(db: Db, id: number): Promise<number> {
  const [row] = await db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(eq(authChallenges.id, id))
    .returning({ attempts: authChallenges.attempts });
  return row?.attempts ?? 0;
}

export async function markChallengeUsed(db: Db, id: number, now: Date) {
  await db.update(authChallenges).set({ usedAt: now }).where(eq(authChallenges.id, id));
}

export async function setChallengeWebauthn(db: Db, id: number, webauthnChallenge: string) {
  await db.update(authChallenges).set({ webauthnChallenge }).where(eq(authChallenges.id, id));
}

/** Drops a user's challenges of one purpose that were not used (a new enrolment replaces the one before). */
export async function deleteOpenChallenges(db: Db, userId: number, purpose: ChallengePurpose) {
  await db.delete(authChallenges).where(and(eq(authChallenges.userId, userId), eq(authChallenges.purpose, purpose), isNull(authChallenges.usedAt)));
}

/** Wrong answers to a user's sign-in challenges since `since`, across challenges: the per-user limit of second steps. */
export async function recentWrongAnswers(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${authChallenges.attempts}), 0)::int` })
    .from(authChallenges)
    .where(and(eq(authChallenges.userId, userId), eq(authChallenges.purpose, 'second_factor'), gt(authChallenges.createdAt, since)));
  return Number(row?.n ?? 0);
}

export async function deleteExpiredChallenges(db: Db, before: Date) {
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, before));
}

export async function findSecurityPolicy(db: Db) {
  const [row] = await db
    .select({
      requireStaffTwoFactor: agencySecurity.requireStaffTwoFactor,
      requireClientTwoFactor: agencySecurity.requireClientTwoFactor,
      updatedAt: agencySecurity.updatedAt,
      updatedBy: sql<string | null>`(select nullif(trim(u."first_name" || ' ' || u."last_name"), '') from "users" u where u."id" = "agency_security"."updated_by")`,
    })
    .from(agencySecurity)
    .where(eq(agencySecurity.id, 1))
    .limit(1);
  return row;
}

/** The flags to change (one or both); a flag left out keeps its value (false when the row is new). */
export type SecurityPolicyChange = { requireStaffTwoFactor?: boolean; requireClientTwoFactor?: boolean };

export async function saveSecurityPolicy(db: Db, change: SecurityPolicyChange, userId: number, now: Date) {
  const flags = {
    ...(change.requireStaffTwoFactor !== undefined && { requireStaffTwoFactor: change.requireStaffTwoFactor }),
    ...(change.requireClientTwoFactor !== undefined && { requireClientTwoFactor: change.requireClientTwoFactor }),
  };
  await db
    .insert(agencySecurity)
    .values({ id: 1, ...flags, updatedAt: now, updatedBy: userId })
    .onConflictDoUpdate({ target: agencySecurity.id, set: { ...flags, updatedAt: now, updatedBy: userId } });
}

/** Accounts of a role that have joined (invites not accepted yet aside) with neither an authenticator app nor a passkey. */
async function countWithoutSecondFactor(db: Db, role: 'admin' | 'client', ...more: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(eq(users.role, role), isNull(users.invitedAt), isNull(users.totpEnabledAt), sql`not exists (select 1 from "passkeys" p where p."user_id" = "users"."id")`, ...more),
    );
  return Number(row?.n ?? 0);
}

/** Staff accounts (invited ones that have not joined yet aside) with neither an authenticator app nor a passkey. */
export const countStaffWithoutSecondFactor = (db: Db) => countWithoutSecondFactor(db, 'admin');

/**
 * Client logins (a client's own and its team members'; invites not accepted yet aside) with neither factor. Logins of
 * an archived client are left out: they cannot sign in until the client is restored.
 */
export const countClientLoginsWithoutSecondFactor = (db: Db) =>
  countWithoutSecondFactor(
    db,
    'client',
    sql`not exists (select 1 from "clients" c where c."archived_at" is not null
      and (c."user_id" = "users"."id" or c."id" in (select cm."client_id" from "client_members" cm where cm."user_id" = "users"."id")))`,
  );
