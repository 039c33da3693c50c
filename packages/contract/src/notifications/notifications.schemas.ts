import { z } from 'zod';
import { ZPaginationQuery, paginated } from '../common/common.schemas';
import { NOTIFICATION_PREFERENCE_DEFAULTS, NOTIFICATION_TYPES } from '../constants';
import { ZQueryBoolean, ZTimestamp } from '../shared/shared.schemas';
import { examplePage, withExample, type TOpenApiSchemas } from '../openapi/example';

export const ZNotificationTypeSchema = z.enum(NOTIFICATION_TYPES);

export const ZNotificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  type: ZNotificationTypeSchema.describe('Style of the toast / item'),
  notification_type: ZNotificationTypeSchema.describe('Where a click jumps (NOTIFICATION_TARGETS)'),
  read: z.boolean(),
  created_at: ZTimestamp,
  timestamp: ZTimestamp.describe('Same as created_at (the name the web uses)'),
  link: z.string().nullable().describe("A more precise target than notification_type: a dashboard section, e.g. '#invoices', or a view of one: a tab ('?tab=leads#clients') or a conversation ('?c=12#messages')"),
});
export type TNotification = z.infer<typeof ZNotificationSchema>;

export const ZNotificationListQuery = ZPaginationQuery.extend({
  unread: ZQueryBoolean.optional().describe('true: only unread; false: only read'),
});
export type TNotificationListQuery = z.input<typeof ZNotificationListQuery>;

export const ZNotificationListSchema = paginated(ZNotificationSchema).extend({
  unread_count: z.number().int().describe('Unread notifications of the user in total (for the bell badge)'),
});
export type TNotificationList = z.infer<typeof ZNotificationListSchema>;

/** Per-user notification settings, honoured when sending e-mail. */
export const ZNotificationPreferencesSchema = z.object({
  email_invoices: z.boolean().default(NOTIFICATION_PREFERENCE_DEFAULTS.email_invoices),
  email_new_clients: z.boolean().default(NOTIFICATION_PREFERENCE_DEFAULTS.email_new_clients),
  email_system_alerts: z.boolean().default(NOTIFICATION_PREFERENCE_DEFAULTS.email_system_alerts),
  weekly_reports: z.boolean().default(NOTIFICATION_PREFERENCE_DEFAULTS.weekly_reports),
  push_notifications: z.boolean().default(NOTIFICATION_PREFERENCE_DEFAULTS.push_notifications),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferencesSchema>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function notificationsOpenApiSchemas() {
  const notification = withExample(ZNotificationSchema, {
    id: 501,
    title: 'Invoice paid',
    message: 'Northwind Coffee paid INV-2025-0198 ($3,000.00).',
    type: 'success',
    notification_type: 'warning',
    read: false,
    created_at: '2025-03-01T12:44:03.000Z',
    timestamp: '2025-03-01T12:44:03.000Z',
    link: '#invoices',
  });
  return {
    Notification: notification,
    NotificationList: withExample(ZNotificationListSchema, {
      ...examplePage([notification.example], 1, '/api/notifications/'),
      unread_count: 1,
    }),
    NotificationPreferences: withExample(ZNotificationPreferencesSchema, {
      email_invoices: true,
      email_new_clients: true,
      email_system_alerts: true,
      weekly_reports: false,
      push_notifications: true,
    }),
    NotificationType: withExample(ZNotificationTypeSchema, 'info'),
  } satisfies TOpenApiSchemas;
}
