import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { TAccountLinkPurpose } from '@agency/contract';
import { accountLinks, users } from '../../db/schema';
import type { Db } from '../../db/types';

export type AccountLinkRow = typeof accountLinks.$inferSelect;

/**
 * Stores a fresh link. With `replace`, the user's earlier unused links of the same purpose go (only the newest one
 * works; an old token is then unknown).
 */
export async function insertLink(
  db: Db,
  values: { userId: number; purpose: TAccountLinkPurpose; tokenHash: string; email: string; expiresAt: Date; now: Date; replace: boolean },
) {
  if (values.replace) {
    await db
      .delete(accountLinks)
      .where(and(eq(accountLinks.userId, values.userId), eq(accountLinks.purpose, values.purpose), isNull(accountLinks.usedAt)));
  }
  await db.insert(accountLinks).values({
    userId: values.userId,
    purpose: values.purpose,
    tokenHash: values.tokenHash,
    email: values.email,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/** A link by its token's hash, with its account (the link locked for its use when `forUpdate`). */
export async function findLink(db: Db, tokenHash: string, forUpdate: boolean) {
  const query = db
    .select({ link: accountLinks, user: users })
    .from(accountLinks)
    .innerJoin(users, eq(users.id, accountLinks.userId))
    .where(eq(accountLinks.tokenHash, tokenHash))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The link is used up. */
export async function useLink(db: Db, linkId: number, now: Date) {
  await db.update(accountLinks).set({ usedAt: now }).where(eq(accountLinks.id, linkId));
}

/** The user's unused links of these purposes stop working (deleted: their tokens become unknown). */
export async function dropOpenLinks(db: Db, userId: number, purposes: readonly TAccountLinkPurpose[]) {
  await db
    .delete(accountLinks)
    .where(and(eq(accountLinks.userId, userId), inArray(accountLinks.purpose, [...purposes]), isNull(accountLinks.usedAt)));
}

/** Another account holding this address (compared as the unique index does, lower-cased). */
export async function otherUserWithEmail(db: Db, email: string, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return row;
}

/** Sets the account's address (confirmed now); a username that was the old address follows it. */
export async function setEmail(db: Db, user: { id: number; email: string; username: string }, email: string, now: Date) {
  const [row] = await db
    .update(users)
    .set({ email, emailVerifiedAt: now, updatedAt: now, ...(user.username === user.email ? { username: email } : {}) })
    .where(eq(users.id, user.id))
    .returning();
  return row!;
}

/** Stamps the account's address as confirmed (once). */
export async function markEmailVerified(db: Db, userId: number, now: Date) {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(users.id, userId));
}

/** Stores a new password hash (its change time too). */
export async function setPassword(db: Db, userId: number, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, userId));
}
