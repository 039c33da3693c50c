import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { subscriptions } from './billing';
import { clients } from './clients';
import { orders } from './commerce';
import { INTAKE_STATUSES } from './enums';
import { inList, timestamps, tstz } from './helpers';
import { files } from './messaging';
import { users } from './users';

/**
 * What the team needs from a client after a paid order or a new subscription (exactly one of the two asked for
 * it). The order's delivery waits for it: it starts when the client sends the form or staff skip it.
 */
export const intakeForms = pgTable(
  'intake_forms',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 16 }).notNull().default('waiting'),
    handle: varchar('handle', { length: 200 }),
    goals: text('goals'),
    audience: text('audience'),
    competitors: text('competitors').array().notNull().default(sql`'{}'::text[]`),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: tstz('submitted_at'),
    skippedBy: integer('skipped_by').references(() => users.id, { onDelete: 'set null' }),
    skippedAt: tstz('skipped_at'),
    /** When the one reminder was sent (a form still waiting after INTAKE_REMINDER_HOURS). */
    remindedAt: tstz('reminded_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('intake_forms_order_unique').on(t.orderId).where(sql`${t.orderId} is not null`),
    uniqueIndex('intake_forms_subscription_unique').on(t.subscriptionId).where(sql`${t.subscriptionId} is not null`),
    index('intake_forms_client_created_idx').on(t.clientId, t.createdAt),
    index('intake_forms_status_created_idx').on(t.status, t.createdAt),
    check('intake_forms_status_check', inList(t.status, INTAKE_STATUSES)),
    check('intake_forms_source_check', sql`(${t.orderId} is null) <> (${t.subscriptionId} is null)`),
  ],
);

/** Brand assets sent with an intake form (files the client uploaded). */
export const intakeFormAssets = pgTable(
  'intake_form_assets',
  {
    intakeFormId: integer('intake_form_id')
      .notNull()
      .references(() => intakeForms.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.intakeFormId, t.fileId] }), index('intake_form_assets_file_idx').on(t.fileId)],
);
