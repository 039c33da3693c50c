import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { clients, notificationPreferences, notifications, users } from '../../db/schema';
import type { Db } from '../../db/types';

export type NotificationRow = typeof notifications.$inferSelect;
export type PreferencesRow = typeof notificationPreferences.$inferSelect;
export type PreferencesValues = Partial<Omit<PreferencesRow, 'userId' | 'updatedAt'>>;

/** Every query is scoped to the owner: a user only ever reaches its own notifications. */
function ownWhere(userId: number, unread?: boolean) {
  if (unread === undefined) return eq(notifications.userId, userId);
  return and(eq(notifications.userId, userId), unread ? isNull(notifications.readAt) : isNotNull(notifications.readAt));
}

export async function listNotifications(
  db: Db,
  userId: number,
  opts: { unread?: boolean; limit: number; offset: number },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(ownWhere(userId, opts.unread))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function countNotifications(db: Db, userId: number, unread?: boolean): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(ownWhere(userId, unread));
  return Number(row?.n ?? 0);
}

export async function markRead(db: Db, userId: number, id: number, now: Date): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

export async function markTopicRead(db: Db, topic: string, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.topic, topic), isNull(notifications.readAt)));
}

export async function markAllRead(db: Db, userId: number, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function clearNotifications(db: Db, userId: number): Promise<number> {
  const rows = await db.delete(notifications).where(eq(notifications.userId, userId)).returning({ id: notifications.id });
  return rows.length;
}

export async function findPreferences(db: Db, userId: number): Promise<PreferencesRow | undefined> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1);
  return row;
}

/** Of `userIds`, those who saved `column` (a boolean setting) off. */
export async function usersWithPreferenceOff(db: Db, userIds: number[], column: keyof PreferencesValues): Promise<number[]> {
  const setting = notificationPreferences[column];
  const rows = await db
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.userId, userIds), eq(setting, false)));
  return rows.map((r) => r.userId);
}

export async function upsertPreferences(db: Db, userId: number, values: PreferencesValues, now: Date): Promise<PreferencesRow> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
}

export type NotificationInsert = typeof notifications.$inferInsert;

export async function insertNotifications(db: Db, rows: NotificationInsert[]): Promise<NotificationRow[]> {
  return db.insert(notifications).values(rows).returning();
}

/** Who is written to about a client: its login (if any) and the client's own contact address. */
export interface ClientContact {
  clientEmail: string;
  userId: number | null;
  userEmail: string | null;
}

export async function findClientContact(db: Db, clientId: number): Promise<ClientContact | undefined> {
  const [row] = await db
    .select({ clientEmail: clients.email, userId: clients.userId, userEmail: users.email })
    .from(clients)
    .leftJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.id, clientId))
    .limit(1);
  return row;
}

/** Of `userIds`, the client users (a client's login or a member of its team) who can be written to: their invite is accepted. */
export async function findClientUsers(db: Db, userIds: number[]): Promise<{ id: number; email: string }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.role, 'client'), isNull(users.invitedAt)));
}

/** Whom a client's receipts are made out to: its name and company, and the billing details it keeps. */
export async function findBillTo(db: Db, clientId: number) {
  const [row] = await db
    .select({ name: clients.name, company: clients.company, billingAddress: clients.billingAddress, taxId: clients.taxId })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row;
}
