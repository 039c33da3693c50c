import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { MANUAL_PAYMENT_METHODS } from '@agency/contract';
import { subscriptions } from './billing';
import { clients } from './clients';
import { INVOICE_STATUSES, type Of } from './enums';
import { users } from './users';
import { inList, money, searchText, timestamps, trigramIndex, tstz } from './helpers';

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** Issued by the server; unique (a duplicate is a 409). */
    invoiceNumber: varchar('invoice_number', { length: 64 }).notNull(),
    /** Invoices outlive an archived client; a client with invoices cannot be hard-deleted. */
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    description: text('description'),
    /** Stored status; a pending invoice past its due date is *displayed* as overdue. */
    status: varchar('status', { length: 16 }).$type<Of<typeof INVOICE_STATUSES>>().notNull().default('pending'),
    paidAt: tstz('paid_at'),
    reminderSentAt: tstz('reminder_sent_at'),
    paymentIntentId: varchar('payment_intent_id', { length: 255 }),
    /** 'card' (through the payment provider) or 'manual' (marked paid by the agency); null while unpaid. */
    paidVia: varchar('paid_via', { length: 8 }),
    paymentCard: varchar('payment_card', { length: 64 }),
    refundedAmount: money('refunded_amount').notNull().default('0'),
    /**
     * Received so far: the recorded payments that are not reversed (invoice_payments), or all of it once a card paid
     * it. Kept in the same transaction as those rows; a paid invoice is settled whatever this says (invoices.queries).
     */
    amountPaid: money('amount_paid').notNull().default('0'),
    /** The provider's invoice this one mirrors (a subscription's), unique per provider. */
    provider: varchar('provider', { length: 16 }),
    providerInvoiceId: varchar('provider_invoice_id', { length: 255 }),
    subscriptionId: integer('subscription_id').references((): AnyPgColumn => subscriptions.id, { onDelete: 'set null' }),
    ...timestamps(),
    searchText: searchText('invoice_number', 'description'),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.invoiceNumber),
    index('invoices_status_idx').on(t.status),
    index('invoices_client_created_idx').on(t.clientId, t.createdAt),
    // Paid totals per client for a page of clients, read from the index alone.
    index('invoices_client_status_amount_idx').on(t.clientId, t.status, t.amount),
    index('invoices_due_date_idx').on(t.dueDate),
    index('invoices_paid_at_idx').on(t.paidAt),
    /** The invoice list sorts by amount. */
    index('invoices_amount_idx').on(t.amount),
    index('invoices_status_amount_idx').on(t.status, t.amount, t.id),
    index('invoices_created_at_id_idx').on(t.createdAt, t.id),
    trigramIndex('invoices_search_trgm_idx', t.searchText),
    check('invoices_status_check', inList(t.status, INVOICE_STATUSES)),
    check('invoices_paid_via_check', sql`${t.paidVia} is null or ${t.paidVia} in ('card', 'manual')`),
    check('invoices_refunded_check', sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`),
    uniqueIndex('invoices_provider_invoice_unique')
      .on(t.provider, t.providerInvoiceId)
      .where(sql`${t.providerInvoiceId} is not null`),
    index('invoices_subscription_idx').on(t.subscriptionId),
    check('invoices_amount_check', sql`${t.amount} > 0`),
    check('invoices_amount_paid_check', sql`${t.amountPaid} >= 0 and ${t.amountPaid} <= ${t.amount}`),
  ],
);

/**
 * Payments the agency records by hand on an invoice (bank transfer, cash, cheque…). A reversal never deletes one: it
 * stamps who reversed it, when and why, and the payment stops counting.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    /** The day the money was received. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: varchar('method', { length: 16 }).$type<Of<typeof MANUAL_PAYMENT_METHODS>>().notNull(),
    reference: varchar('reference', { length: 100 }),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The name at the time, kept when the account goes. */
    recordedByName: varchar('recorded_by_name', { length: 255 }),
    recordedAt: tstz('recorded_at').notNull().defaultNow(),
    reversedAt: tstz('reversed_at'),
    reversedBy: integer('reversed_by').references(() => users.id, { onDelete: 'set null' }),
    reversedByName: varchar('reversed_by_name', { length: 255 }),
    reversalReason: text('reversal_reason'),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId, t.recordedAt),
    check('invoice_payments_amount_check', sql`${t.amount} > 0`),
    check('invoice_payments_method_check', inList(t.method, MANUAL_PAYMENT_METHODS)),
    check('invoice_payments_reversal_check', sql`(${t.reversedAt} is null) = (${t.reversalReason} is null)`),
  ],
);
