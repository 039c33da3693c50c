import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { passkeys } from '../../db/schema';
import type { Db } from '../../db/types';

export type PasskeyRow = typeof passkeys.$inferSelect;

export async function insertPasskey(db: Db, values: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(values).returning();
  return row!;
}

/** A page of the user's passkeys, newest first, and how many there are. */
export async function listPasskeysOfUser(db: Db, userId: number, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt), desc(passkeys.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** Every credential of the user (for the browser's allow and exclude lists). */
export async function credentialsOfUser(db: Db, userId: number) {
  return db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
}

export async function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

/**
 * Takes a signature counter the authenticator reported: only when it moved forward (or both are 0, for
 * authenticators that keep none), so a cloned key's or a replayed assertion's older counter fails, also when two
 * requests race. Answers whether it was taken.
 */
export async function advancePasskeyCounter(db: Db, id: number, counter: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), or(sql`${passkeys.counter} < ${counter}`, and(eq(passkeys.counter, 0), sql`${counter} = 0`))))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function renamePasskey(db: Db, userId: number, id: number, name: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.update(passkeys).set({ name }).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning();
  return row;
}

export async function deletePasskey(db: Db, userId: number, id: number): Promise<PasskeyRow | undefined> {
  const [row] = await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning();
  return row;
}

export async function findPasskeyOfUser(db: Db, userId: number, id: number): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).limit(1);
  return row;
}
