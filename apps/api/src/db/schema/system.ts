import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { EMAIL_STATUSES } from './enums';
import { inList, tstz } from './helpers';

/** Every e-mail goes through here: sent by SMTP when configured, otherwise kept (and logged). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    /** What the mail is (invoice_reminder, new_client, weekly_report, ...). */
    kind: varchar('kind', { length: 32 }).notNull().default('general'),
    status: varchar('status', { length: 8 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    index('email_outbox_status_created_idx').on(t.status, t.createdAt),
    index('email_outbox_created_at_idx').on(t.createdAt),
    check('email_outbox_status_check', inList(t.status, EMAIL_STATUSES)),
    check('email_outbox_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/** Provider webhook events already handled; the unique key makes redelivery a no-op. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 16 }).notNull(),
    eventId: varchar('event_id', { length: 255 }).notNull(),
    type: varchar('type', { length: 128 }).notNull(),
    receivedAt: tstz('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_events_provider_event_unique').on(t.provider, t.eventId)],
);

/** Fixed-window counters of the rate limiter, shared by every API instance. */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 300 }).primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: tstz('reset_at').notNull(),
});
