import { sql } from 'drizzle-orm';
import { bigserial, check, customType, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { EMAIL_STATUSES, type Of } from './enums';
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
    status: varchar('status', { length: 8 }).$type<Of<typeof EMAIL_STATUSES>>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    index('email_outbox_status_created_idx').on(t.status, t.createdAt),
    index('email_outbox_created_at_idx').on(t.createdAt),
    // The last e-mail of a kind to an address (mailedWithin: a burst of chat messages is one e-mail).
    index('email_outbox_to_kind_created_idx').on(t.toAddress, t.kind, t.createdAt),
    check('email_outbox_status_check', inList(t.status, EMAIL_STATUSES)),
    check('email_outbox_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres reads a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => Buffer.from(value),
});

/** Files attached to an outbox e-mail (a scheduled report's PDF), sent with it; removed with the e-mail. */
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: serial('id').primaryKey(),
    mailId: integer('mail_id')
      .notNull()
      .references(() => emailOutbox.id, { onDelete: 'cascade' }),
    filename: varchar('filename', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('email_attachments_mail_idx').on(t.mailId)],
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

/**
 * The outbox of domain events: a service writes its events here in the transaction of its change; the
 * dispatcher hands them to the listeners after commit (once, on one instance) and fans them out to every
 * instance through NOTIFY. A rolled-back change leaves no row; a committed one is dispatched even if the
 * instance that made it dies (another instance's sweep picks it up).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** Not before this time (a failed dispatch is retried later, with backoff). */
    availableAt: tstz('available_at').notNull().defaultNow(),
    dispatchedAt: tstz('dispatched_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    index('domain_events_pending_idx').on(t.availableAt, t.id).where(sql`${t.dispatchedAt} is null`),
    index('domain_events_dispatched_at_idx').on(t.dispatchedAt),
  ],
);

/**
 * Client-supplied Idempotency-Key of a create request, per caller (user or IP) and route: the first answer
 * (status and body) is kept 24 h and replayed to a retry. `status` null = the first request is still running
 * (until `locked_until`); `committed_at` is set inside the create's own transaction, so a key whose answer was
 * lost to a crash is never run a second time.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `user:<id>` or `ip:<address>`. */
    scope: varchar('scope', { length: 80 }).notNull(),
    /** `POST /api/tasks/` (the route's template, not the URL). */
    route: varchar('route', { length: 200 }).notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    /** SHA-256 of the method, URL and body: a reuse of the key for another request is refused. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    status: integer('status'),
    responseBody: text('response_body'),
    responseType: varchar('response_type', { length: 100 }),
    lockedUntil: tstz('locked_until').notNull(),
    committedAt: tstz('committed_at'),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [uniqueIndex('idempotency_keys_scope_route_key_unique').on(t.scope, t.route, t.key), index('idempotency_keys_expires_at_idx').on(t.expiresAt)],
);

/**
 * One row per run of a scheduled job's cron slot (e.g. `maintenance.prune` at 12:15 UTC): every instance checks the
 * schedules, and the one whose insert takes the slot enqueues the run in the same transaction, so a slot runs once in
 * the whole cluster. Pruned after a week.
 */
export const jobScheduleSlots = pgTable(
  'job_schedule_slots',
  {
    job: varchar('job', { length: 100 }).notNull(),
    slot: tstz('slot').notNull(),
    claimedAt: tstz('claimed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] }), index('job_schedule_slots_claimed_at_idx').on(t.claimedAt)],
);
