import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { INVOICE_STATUSES, type Of } from './enums';
import { inList, money, timestamps, tstz } from './helpers';

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
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.invoiceNumber),
    index('invoices_status_idx').on(t.status),
    index('invoices_client_created_idx').on(t.clientId, t.createdAt),
    index('invoices_due_date_idx').on(t.dueDate),
    index('invoices_created_at_idx').on(t.createdAt),
    index('invoices_paid_at_idx').on(t.paidAt),
    /** The invoice list sorts by amount. */
    index('invoices_amount_idx').on(t.amount),
    check('invoices_status_check', inList(t.status, INVOICE_STATUSES)),
    check('invoices_amount_check', sql`${t.amount} > 0`),
  ],
);
