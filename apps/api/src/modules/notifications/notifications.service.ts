import { eq } from 'drizzle-orm';
import type { NOTIFICATION_TYPES } from '@agency/contract';
import { clients, notifications } from '../../db/schema';
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';

export interface NewNotification {
  title: string;
  message: string;
  /** success → #tasks, info → #messages, warning → #billing, error → #alerts (where a click jumps). */
  type: (typeof NOTIFICATION_TYPES)[number];
  link?: string | null;
}

/**
 * Stores an in-app notification for each user and announces it (the realtime layer pushes it).
 * Pass the transaction when the notification belongs to a change being committed.
 */
export async function notifyUsers(deps: AppDeps, userIds: number[], n: NewNotification, db: Db = deps.db) {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(
      unique.map((userId) => ({
        userId,
        title: n.title,
        message: n.message,
        type: n.type,
        notificationType: n.type,
        link: n.link ?? null,
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
  for (const row of rows) deps.events.emit('notification.created', { userId: row.userId, notificationId: row.id });
  return rows;
}

/** Notifies the login of a client, when the client has one. */
export async function notifyClient(deps: AppDeps, clientId: number, n: NewNotification, db: Db = deps.db) {
  const [client] = await db.select({ userId: clients.userId }).from(clients).where(eq(clients.id, clientId)).limit(1);
  return client?.userId ? notifyUsers(deps, [client.userId], n, db) : [];
}
