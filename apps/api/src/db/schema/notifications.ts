import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES, type Of } from './enums';
import { inList, tstz } from './helpers';
import { users } from './users';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    message: text('message').notNull().default(''),
    type: varchar('type', { length: 8 }).$type<Of<typeof NOTIFICATION_TYPES>>().notNull().default('info'),
    /** Decides where a click jumps (NOTIFICATION_TARGETS). */
    notificationType: varchar('notification_type', { length: 32 }).$type<Of<typeof NOTIFICATION_TYPES>>().notNull().default('info'),
    link: text('link'),
    /**
     * What the notification asks of its reader ('intake:12'), when it asks for something: it is read once that is
     * done (a `settle` rule of the notification table), wherever it was done.
     */
    topic: varchar('topic', { length: 64 }),
    readAt: tstz('read_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_unread_topic_idx').on(t.topic).where(sql`${t.readAt} is null and ${t.topic} is not null`),
    check('notifications_type_check', inList(t.type, NOTIFICATION_TYPES)),
  ],
);

/** One row per user; defaults are NOTIFICATION_PREFERENCE_DEFAULTS. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailInvoices: boolean('email_invoices').notNull().default(true),
  emailNewClients: boolean('email_new_clients').notNull().default(true),
  emailSystemAlerts: boolean('email_system_alerts').notNull().default(true),
  weeklyReports: boolean('weekly_reports').notNull().default(true),
  pushNotifications: boolean('push_notifications').notNull().default(false),
  /** Per kind, in the app and by e-mail (clients and their teams, in the portal's settings). */
  appMessages: boolean('app_messages').notNull().default(true),
  emailMessages: boolean('email_messages').notNull().default(true),
  appContent: boolean('app_content').notNull().default(true),
  emailContent: boolean('email_content').notNull().default(true),
  appBilling: boolean('app_billing').notNull().default(true),
  emailBilling: boolean('email_billing').notNull().default(true),
  appReports: boolean('app_reports').notNull().default(true),
  emailReports: boolean('email_reports').notNull().default(true),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
