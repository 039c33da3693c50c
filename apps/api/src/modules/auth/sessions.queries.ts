import { and, count, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { authTokens, knownDevices } from '../../db/schema';
import type { Db } from '../../db/types';

/**
 * Records a device a user signed in from. Answers 'new' when it was not known (and another one was: the account
 * has signed in before), 'first' for the account's very first known device, 'known' when it was (its last-seen
 * time moves to now).
 */
export async function recordKnownDevice(
  db: Db,
  values: { userId: number; fingerprint: string; label: string; now: Date },
): Promise<'new' | 'first' | 'known'> {
  const inserted = await db
    .insert(knownDevices)
    .values({ userId: values.userId, fingerprint: values.fingerprint, label: values.label, firstSeenAt: values.now, lastSeenAt: values.now })
    .onConflictDoNothing({ target: [knownDevices.userId, knownDevices.fingerprint] })
    .returning({ id: knownDevices.id });
  if (inserted.length === 0) {
    await db
      .update(knownDevices)
      .set({ lastSeenAt: values.now, label: values.label })
      .where(and(eq(knownDevices.userId, values.userId), eq(knownDevices.fingerprint, values.fingerprint)));
    return 'known';
  }
  const [others] = await db
    .select({ n: count() })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, values.userId), ne(knownDevices.id, inserted[0]!.id)));
  return Number(others?.n ?? 0) > 0 ? 'new' : 'first';
}

/** A page of a user's live sessions (sign-in tokens), the most recently used first, and how many there are. */
export async function listSessionsOfUser(db: Db, userId: number, now: Date, page: { limit: number; offset: number }) {
  const live = and(eq(authTokens.userId, userId), gt(authTokens.expiresAt, now));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: authTokens.id,
        userAgent: authTokens.userAgent,
        ip: authTokens.ip,
        createdAt: authTokens.createdAt,
        lastUsedAt: authTokens.lastUsedAt,
        expiresAt: authTokens.expiresAt,
      })
      .from(authTokens)
      .where(live)
      .orderBy(desc(sql`coalesce(${authTokens.lastUsedAt}, ${authTokens.createdAt})`), desc(authTokens.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(authTokens).where(live),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** Deletes one of the user's tokens; answers where it was opened, or undefined (another user's id deletes nothing). */
export async function deleteTokenOfUser(db: Db, userId: number, tokenId: number) {
  const [row] = await db
    .delete(authTokens)
    .where(and(eq(authTokens.id, tokenId), eq(authTokens.userId, userId)))
    .returning({ userAgent: authTokens.userAgent, ip: authTokens.ip });
  return row;
}

/** Deletes every token of the user but `keepTokenId` (the session that made a change; every one when null); answers their ids. */
export async function deleteOtherTokensOfUser(db: Db, userId: number, keepTokenId: number | null): Promise<number[]> {
  const rows = await db
    .delete(authTokens)
    .where(and(eq(authTokens.userId, userId), keepTokenId === null ? undefined : ne(authTokens.id, keepTokenId)))
    .returning({ id: authTokens.id });
  return rows.map((r) => r.id);
}
