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

/**
 * What a notification is about, for the per-kind settings of the portal (each in the app and by e-mail). Anything
 * else (an intake form to fill in, a broken social connection, security and account mails, payment receipts) is not
 * switchable.
 */
export const NOTIFICATION_KINDS = ['messages', 'content', 'billing', 'reports'] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The dashboard section a notification's link opens → its kind (a client's #billing is an admin's #invoices). */
const KIND_OF_SECTION: Partial<Record<string, TNotificationKind>> = {
  messages: 'messages',
  content: 'content',
  billing: 'billing',
  invoices: 'billing',
  orders: 'billing',
  performance: 'reports',
};

/** The kind of a notification by its link ('?c=12#messages' → messages); null when it is of no switchable kind. */
export function notificationKindOfLink(link: string | null | undefined): TNotificationKind | null {
  const section = link?.split('#')[1];
  return (section && KIND_OF_SECTION[section]) || null;
}

/** The two settings of a kind: in the app, and by e-mail. */
export const NOTIFICATION_KIND_KEYS = {
  messages: { app: 'app_messages', email: 'email_messages' },
  content: { app: 'app_content', email: 'email_content' },
  billing: { app: 'app_billing', email: 'email_billing' },
  reports: { app: 'app_reports', email: 'email_reports' },
} as const satisfies Record<TNotificationKind, { app: keyof typeof NOTIFICATION_PREFERENCE_DEFAULTS; email: keyof typeof NOTIFICATION_PREFERENCE_DEFAULTS }>;

const toggle = (key: keyof typeof NOTIFICATION_PREFERENCE_DEFAULTS, description: string) =>
  z.boolean().default(NOTIFICATION_PREFERENCE_DEFAULTS[key]).describe(description);

/**
 * Per-user notification settings, honoured when notifications are stored and e-mails sent. The staff's screen shows
 * the first five; the portal's settings (clients and their teams) the per kind ones, where `email_billing` is the
 * client's invoice e-mails (a client's `email_invoices` is the same setting, kept for older integrations).
 */
export const ZNotificationPreferencesSchema = z.object({
  email_invoices: toggle('email_invoices', 'Staff: e-mails about invoices and failed payments. For a client user the same setting as email_billing'),
  email_new_clients: toggle('email_new_clients', 'Staff: e-mails about new clients'),
  email_system_alerts: toggle('email_system_alerts', 'E-mails about broken social connections and service issues'),
  weekly_reports: toggle('weekly_reports', 'Staff: the weekly summary'),
  push_notifications: toggle('push_notifications', 'Staff: push notifications'),
  app_messages: toggle('app_messages', 'In the app: new messages'),
  email_messages: toggle('email_messages', 'By e-mail: new messages from the agency (client users)'),
  app_content: toggle('app_content', 'In the app: content to review, its approvals and comments'),
  email_content: toggle('email_content', 'By e-mail: content waiting for review (its review links)'),
  app_billing: toggle('app_billing', 'In the app: invoices, payments, refunds, the plan and orders'),
  email_billing: toggle('email_billing', 'By e-mail: new invoices, payment reminders, failed payments (receipts are always sent)'),
  app_reports: toggle('app_reports', 'In the app: a growth report is ready'),
  email_reports: toggle('email_reports', 'By e-mail: the scheduled monthly growth report'),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferencesSchema>;

/** PUT body: any of the toggles; omitted ones keep their saved value (the defaults until saved). */
export const ZUpdateNotificationPreferencesSchema = ZNotificationPreferencesSchema.partial();
export type TUpdateNotificationPreferences = z.infer<typeof ZUpdateNotificationPreferencesSchema>;

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
      app_messages: true,
      email_messages: true,
      app_content: true,
      email_content: false,
      app_billing: true,
      email_billing: true,
      app_reports: true,
      email_reports: true,
    }),
    NotificationType: withExample(ZNotificationTypeSchema, 'info'),
  } satisfies TOpenApiSchemas;
}
