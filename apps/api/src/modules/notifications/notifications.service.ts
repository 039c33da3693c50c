import { eq } from 'drizzle-orm';
import {
  NOTIFICATION_PREFERENCE_DEFAULTS,
  type NOTIFICATION_TYPES,
  type TNotification,
  type TNotificationList,
  type TNotificationPreferences,
} from '@agency/contract';
import { clients, notifications } from '../../db/schema';
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { pageWindow, paginatedResponse } from '../../http/pagination';
import type { AuthUser } from '../../http/request-context';
import * as q from './notifications.queries';

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
    .returning();
  // The event carries the whole notification, so the push never has to read a row that is not committed yet.
  for (const row of rows) {
    deps.events.emit('notification.created', { userId: row.userId, notification: toNotificationDto(row) });
  }
  return rows.map((row) => ({ id: row.id, userId: row.userId }));
}

/** Notifies the login of a client, when the client has one. */
export async function notifyClient(deps: AppDeps, clientId: number, n: NewNotification, db: Db = deps.db) {
  const [client] = await db.select({ userId: clients.userId }).from(clients).where(eq(clients.id, clientId)).limit(1);
  return client?.userId ? notifyUsers(deps, [client.userId], n, db) : [];
}

// ---- The caller's own notifications (the bell, the notifications page) ----

type NotificationTypeName = (typeof NOTIFICATION_TYPES)[number];

const asType = (value: string): NotificationTypeName =>
  (['success', 'error', 'warning', 'info'] as const).find((t) => t === value) ?? 'info';

export function toNotificationDto(row: q.NotificationRow): TNotification {
  const createdAt = row.createdAt.toISOString();
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: asType(row.type),
    notification_type: asType(row.notificationType),
    read: row.readAt !== null,
    created_at: createdAt,
    timestamp: createdAt,
    link: row.link ?? null,
  };
}

const nowOf = (deps: AppDeps) => deps.now?.() ?? new Date();
const notFound = () => new AppError('not_found', 'Notification not found.');

export async function listMyNotifications(
  deps: AppDeps,
  caller: AuthUser,
  query: { page: number; page_size: number; unread?: boolean | undefined },
  req: { originalUrl: string },
): Promise<TNotificationList> {
  const { limit, offset } = pageWindow(query);
  const [rows, total, unreadCount] = await Promise.all([
    q.listNotifications(deps.db, caller.id, { unread: query.unread, limit, offset }),
    q.countNotifications(deps.db, caller.id, query.unread),
    q.countNotifications(deps.db, caller.id, true),
  ]);
  return { ...paginatedResponse(req, query, total, rows.map(toNotificationDto)), unread_count: unreadCount };
}

export async function markNotificationRead(deps: AppDeps, caller: AuthUser, id: number): Promise<TNotification> {
  const row = await q.markRead(deps.db, caller.id, id, nowOf(deps));
  if (!row) throw notFound();
  return toNotificationDto(row);
}

export async function markAllNotificationsRead(deps: AppDeps, caller: AuthUser) {
  return { updated: await q.markAllRead(deps.db, caller.id, nowOf(deps)) };
}

export async function deleteNotification(deps: AppDeps, caller: AuthUser, id: number): Promise<void> {
  if (!(await q.deleteNotification(deps.db, caller.id, id))) throw notFound();
}

export async function clearNotifications(deps: AppDeps, caller: AuthUser) {
  return { deleted: await q.clearNotifications(deps.db, caller.id) };
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

export async function getPreferences(deps: AppDeps, caller: AuthUser): Promise<TNotificationPreferences> {
  return toPreferencesDto(await q.findPreferences(deps.db, caller.id));
}

/** Saves every toggle; the body schema has already filled omitted ones with their defaults. */
export async function updatePreferences(
  deps: AppDeps,
  caller: AuthUser,
  input: Partial<TNotificationPreferences>,
): Promise<TNotificationPreferences> {
  const v = { ...NOTIFICATION_PREFERENCE_DEFAULTS, ...input };
  const row = await q.upsertPreferences(
    deps.db,
    caller.id,
    {
      emailInvoices: v.email_invoices,
      emailNewClients: v.email_new_clients,
      emailSystemAlerts: v.email_system_alerts,
      weeklyReports: v.weekly_reports,
      pushNotifications: v.push_notifications,
    },
    nowOf(deps),
  );
  return toPreferencesDto(row);
}
