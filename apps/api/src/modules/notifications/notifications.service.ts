import {
  NOTIFICATION_PREFERENCE_DEFAULTS,
  type NOTIFICATION_TYPES,
  type TRole,
  type TSectionOf,
  type TNotification,
  type TNotificationList,
  type TNotificationPreferences,
  type TUpdateNotificationPreferences,
  notificationKindOfLink,
  NOTIFICATION_KIND_KEYS,
} from '@agency/contract';
import type { UserActor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { pageWindow } from '../../core/paging';
import type { AppDeps } from '../../deps';
import { emitAll, transact } from '../../events/outbox';
import { changedFields, recordAudit } from '../audit';
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
  const unique = await wantingInApp(deps, [...new Set(userIds)], n.link);
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
 * The users who want a notification with this link in the app: of a kind (notificationKindOfLink) someone turned
 * off in the app (app_messages, app_content, ...), they get none; one of no kind reaches everyone.
 */
async function wantingInApp(deps: AppDeps, userIds: number[], link: string | null | undefined): Promise<number[]> {
  const kind = notificationKindOfLink(link);
  if (!kind || userIds.length === 0) return userIds;
  const off = new Set(await q.usersWithPreferenceOff(deps.db, userIds, COLUMN_OF[NOTIFICATION_KIND_KEYS[kind].app]));
  return userIds.filter((id) => !off.has(id));
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

type PrefKey = keyof TNotificationPreferences;

/** Each setting's column. */
const COLUMN_OF: Record<PrefKey, keyof q.PreferencesValues> = {
  email_invoices: 'emailInvoices',
  email_new_clients: 'emailNewClients',
  email_system_alerts: 'emailSystemAlerts',
  weekly_reports: 'weeklyReports',
  push_notifications: 'pushNotifications',
  app_messages: 'appMessages',
  email_messages: 'emailMessages',
  app_content: 'appContent',
  email_content: 'emailContent',
  app_billing: 'appBilling',
  email_billing: 'emailBilling',
  app_reports: 'appReports',
  email_reports: 'emailReports',
};
const PREF_KEYS = Object.keys(COLUMN_OF) as PrefKey[];

function toPreferencesDto(row: q.PreferencesRow | undefined): TNotificationPreferences {
  if (!row) return { ...NOTIFICATION_PREFERENCE_DEFAULTS };
  return Object.fromEntries(PREF_KEYS.map((key) => [key, row[COLUMN_OF[key]]])) as TNotificationPreferences;
}

export async function getPreferences(deps: AppDeps, actor: UserActor): Promise<TNotificationPreferences> {
  return toPreferencesDto(await q.findPreferences(deps.db, actor.id));
}

/**
 * Saves the toggles sent; the others keep their saved value (the defaults until saved). For a client user,
 * email_invoices and email_billing are one setting (its invoice e-mails): either sets both (email_billing wins).
 */
export async function updatePreferences(
  deps: AppDeps,
  actor: UserActor,
  input: TUpdateNotificationPreferences,
): Promise<TNotificationPreferences> {
  const v: TUpdateNotificationPreferences = { ...input };
  if (actor.role === 'client') {
    const billing = v.email_billing ?? v.email_invoices;
    if (billing !== undefined) v.email_billing = v.email_invoices = billing;
  }
  const values: q.PreferencesValues = {};
  for (const key of PREF_KEYS) {
    const value = v[key];
    if (value !== undefined) values[COLUMN_OF[key]] = value;
  }
  return transact(deps, async (tx) => {
    const before = toPreferencesDto(await q.findPreferences(tx.db, actor.id));
    const after = toPreferencesDto(await q.upsertPreferences(tx.db, actor.id, values, tx.now()));
    await recordAudit(tx, actor, {
      action: 'account.notification_preferences_updated',
      object: { type: 'account', id: actor.id, label: actor.email, clientId: actor.clientId },
      changes: changedFields(before, after, PREF_KEYS),
    });
    return after;
  });
}
