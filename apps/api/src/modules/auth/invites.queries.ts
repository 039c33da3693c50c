import { and, eq, isNull, sql } from 'drizzle-orm';
import { clientMembers, clients, invites, users } from '../../db/schema';
import type { Db } from '../../db/types';

/** Stores a fresh invite for a user and revokes the earlier ones still open (only the newest link works). */
export async function replaceInvite(db: Db, values: { userId: number; invitedBy: number | null; tokenHash: string; expiresAt: Date; now: Date }) {
  await db
    .update(invites)
    .set({ revokedAt: values.now })
    .where(and(eq(invites.userId, values.userId), isNull(invites.usedAt), isNull(invites.revokedAt)));
  await db.insert(invites).values({
    userId: values.userId,
    invitedBy: values.invitedBy,
    tokenHash: values.tokenHash,
    expiresAt: values.expiresAt,
    createdAt: values.now,
  });
}

/** An invite by its token's hash, with the invited account (locked for the acceptance when `forUpdate`). */
export async function findInvite(db: Db, tokenHash: string, forUpdate: boolean) {
  const query = db
    .select({ invite: invites, user: users })
    .from(invites)
    .innerJoin(users, eq(users.id, invites.userId))
    .where(eq(invites.tokenHash, tokenHash))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: invites }) : await query;
  return row;
}

/** The invite is used: it and every other open invite of the user stop working. */
export async function useInvites(db: Db, userId: number, inviteId: number, now: Date) {
  await db.update(invites).set({ usedAt: now }).where(eq(invites.id, inviteId));
  await db
    .update(invites)
    .set({ revokedAt: sql`coalesce(${invites.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(invites.userId, userId), isNull(invites.usedAt)));
}

/** The client team a user was invited to, with its permission (none for staff or a client's own login). */
export async function membershipOf(db: Db, userId: number) {
  const [row] = await db
    .select({ clientId: clientMembers.clientId, permission: clientMembers.permission, clientName: sql<string>`coalesce(nullif(${clients.company}, ''), ${clients.name})` })
    .from(clientMembers)
    .innerJoin(clients, eq(clients.id, clientMembers.clientId))
    .where(eq(clientMembers.userId, userId))
    .limit(1);
  return row;
}
