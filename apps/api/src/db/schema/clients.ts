import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { APPROVAL_MODES, CLIENT_PACKAGES, CLIENT_PERMISSIONS, CLIENT_PAYMENT_STATUSES, CLIENT_STATUSES, type Of } from './enums';
import type { CLIENT_PLATFORMS } from '@agency/contract';
import { users } from './users';
import { inList, searchText, trigramIndex } from './helpers';

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    company: varchar('company', { length: 200 }).notNull().default(''),
    package: varchar('package', { length: 20 }).$type<Of<typeof CLIENT_PACKAGES>>().notNull().default('starter'),
    monthlyFee: numeric('monthly_fee', { precision: 12, scale: 2 }).notNull().default('1500'),
    platforms: jsonb('platforms').$type<Of<typeof CLIENT_PLATFORMS>[]>().notNull().default(sql`'[]'::jsonb`),
    status: varchar('status', { length: 16 }).$type<Of<typeof CLIENT_STATUSES>>().notNull().default('pending'),
    paymentStatus: varchar('payment_status', { length: 16 }).$type<Of<typeof CLIENT_PAYMENT_STATUSES>>().notNull().default('pending'),
    accountManager: varchar('account_manager', { length: 200 }).notNull().default(''),
    /** The staff account behind account_manager: a manager sees only the clients assigned to them. */
    accountManagerUserId: integer('account_manager_user_id').references(() => users.id, { onDelete: 'set null' }),
    nextPayment: date('next_payment', { mode: 'string' }),
    /**
     * The portal plan the client subscribes to, while a subscription runs (null otherwise). Billing keeps it, with
     * monthly_fee, status and next_payment, through subscription.changed: the record shows the one plan the client pays.
     */
    planName: varchar('plan_name', { length: 100 }),
    /** The login of this client, when it has one. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** How this client's content is approved (APPROVAL_MODES). */
    approvalMode: varchar('approval_mode', { length: 24 }).$type<Of<typeof APPROVAL_MODES>>().notNull().default('optional'),
    /** The client's billing details, printed on its invoices and receipts. */
    billingAddress: text('billing_address'),
    taxId: varchar('tax_id', { length: 64 }),
    searchText: searchText('name', 'email', 'company'),
  },
  (t) => [
    uniqueIndex('clients_user_unique').on(t.userId),
    index('clients_status_idx').on(t.status),
    index('clients_account_manager_user_idx').on(t.accountManagerUserId),
    index('clients_payment_status_idx').on(t.paymentStatus),
    // The list's orderings, with the id that keeps pages stable (read backwards for descending).
    index('clients_created_at_id_idx').on(t.createdAt, t.id),
    index('clients_name_id_idx').on(sql`lower(${t.name})`, t.id),
    trigramIndex('clients_search_trgm_idx', t.searchText),
    // Other lists find rows by their client's name (list-queries clientNameMatches).
    trigramIndex('clients_lower_name_trgm_idx', sql`lower(${t.name})`),
    check('clients_package_check', sql`${t.package} in ('starter', 'growth', 'professional', 'enterprise')`),
    check('clients_status_check', sql`${t.status} in ('active', 'pending', 'paused')`),
    check('clients_payment_status_check', sql`${t.paymentStatus} in ('paid', 'overdue', 'pending')`),
    check('clients_monthly_fee_check', sql`${t.monthlyFee} >= 0`),
    check('clients_approval_mode_check', inList(t.approvalMode, APPROVAL_MODES)),
  ],
);

/**
 * The people of a client's team besides its own login (clients.user_id, always full access): each signs in to the
 * client's portal with a permission (CLIENT_PERMISSIONS). A user belongs to one client at most.
 */
export const clientMembers = pgTable(
  'client_members',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: varchar('permission', { length: 16 }).$type<Of<typeof CLIENT_PERMISSIONS>>().notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('client_members_user_unique').on(t.userId),
    index('client_members_client_idx').on(t.clientId),
    check('client_members_permission_check', inList(t.permission, CLIENT_PERMISSIONS)),
  ],
);
