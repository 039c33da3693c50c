import {
  NOTIFICATION_PREFERENCE_DEFAULTS,
  type NOTIFICATION_TYPES,
  type TRole,
  type TSectionOf,
  type TNotification,
  type TNotificationList,
  type TNotificationPreferences,
} from '@agency/contract';
import type { UserActor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { pageWindow } from '../../core/paging';
import type { AppDeps } from '../../deps';
import { emitAll } from '../../events/outbox';
import * as q from './notifications.queries';

/**
 * A notification to store for readers of role `TReader` ('admin', 'client', or both as
 * `NewNotification<'admin'> & NewNotification<'client'>`).
 */
export interface NewNotification<TReader extends TRole = TRole> {
  title: string;
  message: string;
  /** success → #tasks, info → #messages, warning → #billing, error → #alerts (where a click jumps without a link). */
  type: (typeof NOTIFICATION_TYPES)[number];
  /**
   * The section of the reader's dashboard a click opens: one that role has (a client's #billing is an admin's
   * #invoices), or a view of it: a tab (`?tab=leads#clients`) or a conversation (`?c=12#messages`).
   */
  link?: `${'' | `?tab=${string}` | `?c=${number}`}#${TSectionOf<TReader>}` | null;
  /** What it asks of the reader ('intake:12'): it is read once that is done (settleNotifications). */
  topic?: string;
}

/**
 * Stores an in-app notification for each user and records `notification.created` for each (the realtime layer
 * pushes it). Called by this module's listeners, inside the transaction of the event they handle.
 */
export async function storeNotifications(deps: AppDeps, userIds: number[], n: NewNotification): Promise<number[]> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
  const rows = await q.insertNotifications(
    deps.db,
    unique.map((userId) => ({
      userId,
      title: n.title,
      message: n.message,
      type: n.type,
      notificationType: n.type,
      link: n.link ?? null,
      topic: n.topic ?? null,
    })),
  );
  // The event carries the notification (cut to a pushable size; the bell refetches the full one).
  await emitAll(
    deps,
    'notification.created',
    rows.map((row) => ({ userId: row.userId, notification: pushable(toNotificationDto(row)) })),
  );
  return rows.map((row) => row.id);
}

/**
 * What the notifications about `topic` asked for is done (the form was sent): they are read, for everyone who got
 * one, so no bell keeps asking for it.
 */
export async function settleNotifications(deps: AppDeps, topic: string): Promise<void> {
  await q.markTopicRead(deps.db, topic, deps.now());
}

/** A pushed notification's text is cut to this. */
const PUSHED_MESSAGE_CHARS = 2000;

function pushable(notification: TNotification): TNotification {
  if (notification.message.length <= PUSHED_MESSAGE_CHARS && notification.title.length <= 500) return notification;
  return { ...notification, title: notification.title.slice(0, 500), message: `${notification.message.slice(0, PUSHED_MESSAGE_CHARS)}…` };
}

// ---- The caller's own notifications (the bell, the notifications page) ----

export function toNotificationDto(row: q.NotificationRow): TNotification {
  const createdAt = row.createdAt.toISOString();
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    notification_type: row.notificationType,
    read: row.readAt !== null,
    created_at: createdAt,
    timestamp: createdAt,
    link: row.link ?? null,
  };
}

const notFound = () => new AppError('not_found', 'Notification not found.');

export async function listMyNotifications(
  deps: AppDeps,
  actor: UserActor,
  query: { page: number; page_size: number; unread?: boolean | undefined },
): Promise<Omit<TNotificationList, 'next' | 'previous'>> {
  const { limit, offset } = pageWindow(query);
  const [rows, total, unreadCount] = await Promise.all([
    q.listNotifications(deps.db, actor.id, { unread: query.unread, limit, offset }),
    q.countNotifications(deps.db, actor.id, query.unread),
    q.countNotifications(deps.db, actor.id, true),
  ]);
  return { count: total, results: rows.map(toNotificationDto), unread_count: unreadCount };
}

export async function markNotificationRead(deps: AppDeps, actor: UserActor, id: number): Promise<TNotification> {
  const row = await q.markRead(deps.db, actor.id, id, deps.now());
  if (!row) throw notFound();
  return toNotificationDto(row);
}

export async function markAllNotificationsRead(deps: AppDeps, actor: UserActor) {
  return { updated: await q.markAllRead(deps.db, actor.id, deps.now()) };
}

export async function deleteNotification(deps: AppDeps, actor: UserActor, id: number): Promise<void> {
  if (!(await q.deleteNotification(deps.db, actor.id, id))) throw notFound();
}

export async function clearNotifications(deps: AppDeps, actor: UserActor) {
  return { deleted: await q.clearNotifications(deps.db, actor.id) };
}

function toPreferencesDto(row: q.PreferencesRow | undefined): TNotificationPreferences {
  if (!row) return { ...NOTIFICATION_PREFERENCE_DEFAULTS };
  return {
    email_invoices: row.emailInvoices,
    email_new_clients: row.emailNewClients,
    email_system_alerts: row.emailSystemAlerts,
    weekly_reports: row.weeklyReports,
    push_notifications: row.pushNotifications,
  };
}

export async function getPreferences(deps: AppDeps, actor: UserActor): Promise<TNotificationPreferences> {
  return toPreferencesDto(await q.findPreferences(deps.db, actor.id));
}

/** Saves every toggle; the body schema has already filled omitted ones with their defaults. */
export async function updatePreferences(
  deps: AppDeps,
  actor: UserActor,
  input: Partial<TNotificationPreferences>,
): Promise<TNotificationPreferences> {
  const v = { ...NOTIFICATION_PREFERENCE_DEFAULTS, ...input };
  const row = await q.upsertPreferences(
    deps.db,
    actor.id,
    {
      emailInvoices: v.email_invoices,
      emailNewClients: v.email_new_clients,
      emailSystemAlerts: v.email_system_alerts,
      weeklyReports: v.weekly_reports,
      pushNotifications: v.push_notifications,
    },
    deps.now(),
  );
  return toPreferencesDto(row);
}
