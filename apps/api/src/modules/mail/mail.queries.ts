import { and, eq, gt, sql } from 'drizzle-orm';
import { emailAttachments, emailOutbox, notificationPreferences } from '../../db/schema';
import type { Db } from '../../db/types';

export type MailRow = typeof emailOutbox.$inferSelect;
export type MailInsert = typeof emailOutbox.$inferInsert;

export async function insertMail(db: Db, values: MailInsert): Promise<number> {
  const [row] = await db.insert(emailOutbox).values(values).returning({ id: emailOutbox.id });
  return row!.id;
}

export async function insertMailAttachments(
  db: Db,
  mailId: number,
  attachments: readonly { filename: string; contentType: string; content: Buffer }[],
): Promise<void> {
  await db.insert(emailAttachments).values(attachments.map((a) => ({ mailId, filename: a.filename, contentType: a.contentType, content: a.content })));
}

export function findMailAttachments(db: Db, mailId: number) {
  return db
    .select({ filename: emailAttachments.filename, contentType: emailAttachments.contentType, content: emailAttachments.content })
    .from(emailAttachments)
    .where(eq(emailAttachments.mailId, mailId))
    .orderBy(emailAttachments.id);
}

export async function findMail(db: Db, id: number): Promise<MailRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row;
}

export async function recordMailAttempt(
  db: Db,
  id: number,
  outcome: { status: MailRow['status']; sentAt?: Date; lastError: string | null },
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: outcome.status, sentAt: outcome.sentAt ?? null, lastError: outcome.lastError, attempts: sql`${emailOutbox.attempts} + 1` })
    .where(eq(emailOutbox.id, id));
}

export type EmailPreferencesRow = Omit<typeof notificationPreferences.$inferSelect, 'userId' | 'updatedAt'>;

/** A user's saved notification settings (written by the notifications module), undefined until they save any. */
export async function findEmailPreferences(db: Db, userId: number): Promise<EmailPreferencesRow | undefined> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1);
  if (!row) return undefined;
  const { userId: _userId, updatedAt: _updatedAt, ...settings } = row;
  return settings;
}

/** Whether an e-mail of this kind was queued to the address in the last `minutes` (the database's clock, as created_at). */
export async function mailedWithin(db: Db, to: string, kind: string, minutes: number): Promise<boolean> {
  const [row] = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind), gt(emailOutbox.createdAt, sql`now() - make_interval(mins => ${minutes})`)))
    .limit(1);
  return row !== undefined;
}
