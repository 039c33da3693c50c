import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { subscriptions } from './billing';
import { clients } from './clients';
import { INVOICE_STATUSES, type Of } from './enums';
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
  ],
);
