import { z } from 'zod';
import { ZMoney, ZMoneyInput, ZPaginationQuery, ordering, paginated } from '../common/common.schemas';
import { INVOICE_STATUSES, LIMITS } from '../constants';
import {
  ZDateString,
  ZQueryBoolean,
  ZSearchQuery,
  ZTimestamp,
  requiredDate,
  requiredId,
} from '../shared/shared.schemas';
import { examplePage, withExample, type TOpenApiSchemas } from '../openapi/example';
import { INTENT_STATUSES, ZPaymentIntentSchema } from '../billing/billing.schemas';

export const ZInvoiceStatusSchema = z.enum(INVOICE_STATUSES);

export const ZInvoiceSchema = z.object({
  id: z.number().int(),
  invoice_number: z.string(),
  client: z.number().int(),
  client_name: z.string(),
  client_billing_address: z.string().nullable().describe("The client's billing address (Settings → Billing details), printed under Bill to; null when not given"),
  client_tax_id: z.string().nullable().describe("The client's tax ID, printed under Bill to; null when not given"),
  amount: ZMoney,
  due_date: ZDateString.describe('Calendar date YYYY-MM-DD'),
  description: z.string().nullable().describe("null when none; the billing screen shows 'Monthly subscription'"),
  status: ZInvoiceStatusSchema.describe('Stored status; a pending invoice past its due date stays pending (is_overdue says it is overdue) and can still be paid'),
  created_at: ZTimestamp,
  paid_at: ZTimestamp.nullable(),
  reminder_sent_at: ZTimestamp.nullable(),
  is_overdue: z.boolean().describe('The one overdue rule: status is overdue (a failed renewal charge), or pending with due_date before today (UTC)'),
  paid_via: z.enum(['card', 'manual']).nullable().describe("How it was paid: by card through the payment provider, or marked paid by the agency; null while unpaid"),
  payment_card: z.string().nullable().describe("The card that paid it, e.g. 'Visa •••• 4242'"),
  refunded_amount: ZMoney.describe('Refunded through the payment provider (the status is refunded once all of it is)'),
  amount_paid: ZMoney.describe('Received so far: recorded payments not reversed, or the card payment (all of it once paid)'),
  amount_due: ZMoney.describe('Still owed: amount less amount_paid while pending or overdue; 0 once paid or refunded'),
  plan_renewal: z
    .boolean()
    .describe("A plan's renewal the payment provider bills itself: paid with Pay Now's card form (not with a saved card in one step, nor recorded by hand)"),
});
export type TInvoice = z.infer<typeof ZInvoiceSchema>;

export const ZOverdueInvoiceSchema = ZInvoiceSchema.extend({
  days_overdue: z.number().int().describe('Whole days since due_date'),
});
export type TOverdueInvoice = z.infer<typeof ZOverdueInvoiceSchema>;

/** Create New Invoice: client, amount, due date required; description optional; the server issues the number when omitted. */
export const ZInvoiceFormSchema = z.object({
  client: requiredId('Client is required'),
  amount: ZMoneyInput,
  due_date: requiredDate('Due date is required'),
  description: z.string().trim().max(1000).optional(),
  invoice_number: z
    .string()
    .trim()
    .max(50)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'Use letters, digits, - and _')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .describe('Default: the server issues a unique INV- number; a duplicate is a 409'),
});
export type TInvoiceForm = z.input<typeof ZInvoiceFormSchema>;
export type TInvoiceFormParsed = z.output<typeof ZInvoiceFormSchema>;

const invoiceFilters = {
  search: ZSearchQuery.describe('Matches invoice number, client name and description'),
  status: ZInvoiceStatusSchema.optional().describe('paid: stored paid; overdue: is_overdue (stored overdue or pending past due); pending: pending and not yet due'),
  client: z.coerce.number().int().positive().optional().describe('Admins only; ignored for clients'),
  created_from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD').optional().describe('created_at on or after this date'),
  created_to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD').optional().describe('created_at on or before this date'),
  overdue: ZQueryBoolean.optional().describe('true: stored overdue or pending past due; false: neither'),
  ordering: ordering(['created_at', 'amount', 'status', 'due_date'], '-created_at'),
};

export const ZInvoiceListQuery = ZPaginationQuery.extend(invoiceFilters);
export type TInvoiceListQuery = z.input<typeof ZInvoiceListQuery>;

/** The CSV export takes the list's filters, without paging. */
export const ZInvoiceExportQuery = z.object(invoiceFilters);
export type TInvoiceExportQuery = z.input<typeof ZInvoiceExportQuery>;

export const ZInvoiceSummarySchema = z.object({
  total_revenue: ZMoney.describe('Sum of paid invoices (a client: its Total Spent)'),
  paid_count: z.number().int(),
  pending_amount: ZMoney.describe('Pending invoices not yet due (the ones past due count as overdue)'),
  pending_count: z.number().int(),
  overdue_amount: ZMoney.describe('Overdue invoices (is_overdue): stored overdue or pending past due'),
  overdue_count: z.number().int(),
  collected_this_month: ZMoney.describe('Paid within the current calendar month (UTC)'),
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummarySchema>;

export const ZInvoiceLimitQuery = (dflt: number) =>
  z.object({ limit: z.coerce.number().int().min(1).max(100).default(dflt) });

export const ZRecentPaymentsQuery = ZInvoiceLimitQuery(LIMITS.recentPayments);
export const ZOverdueInvoicesQuery = ZInvoiceLimitQuery(LIMITS.overdueList);

export const ZRecentPaymentsSchema = z.object({ results: z.array(ZInvoiceSchema).describe('Latest paid first') });
export type TRecentPayments = z.infer<typeof ZRecentPaymentsSchema>;

export const ZOverdueInvoicesSchema = z.object({
  count: z.number().int().describe('All overdue or pending-past-due invoices'),
  results: z.array(ZOverdueInvoiceSchema).describe('Most overdue first, at most limit'),
});
export type TOverdueInvoices = z.infer<typeof ZOverdueInvoicesSchema>;

export const ZSendReminderResponseSchema = z.object({
  detail: z.string().describe("'Reminder sent to {client} for invoice {number}'"),
  reminder_sent_at: ZTimestamp,
});
export type TSendReminderResponse = z.infer<typeof ZSendReminderResponseSchema>;

// ---- Payments recorded by the agency (bank transfer, cash, cheque…) ----------------------------------------

/** How a payment the agency records by hand was made. */
export const MANUAL_PAYMENT_METHODS = ['bank_transfer', 'cash', 'cheque', 'other'] as const;
export type TManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];
export const MANUAL_PAYMENT_METHOD_LABELS: Record<TManualPaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  cheque: 'Cheque',
  other: 'Other',
};

/**
 * Record Payment: what was received, when and how. The server also refuses a date after today (UTC) and an amount
 * above what the invoice still owes, on the same fields.
 */
export const ZRecordPaymentSchema = z.object({
  amount: ZMoneyInput,
  paid_on: requiredDate('Payment date is required').describe('The day the money was received (YYYY-MM-DD), not after today'),
  method: z.enum(MANUAL_PAYMENT_METHODS, { errorMap: () => ({ message: 'Choose how it was paid' }) }),
  reference: z
    .string()
    .trim()
    .max(100, 'At most 100 characters')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .describe('Bank reference, cheque number, receipt…'),
});
export type TRecordPayment = z.input<typeof ZRecordPaymentSchema>;
export type TRecordPaymentParsed = z.output<typeof ZRecordPaymentSchema>;

export const ZReversePaymentSchema = z.object({
  reason: z.string({ required_error: 'Say why the payment is reversed' }).trim().min(1, 'Say why the payment is reversed').max(500, 'At most 500 characters'),
});
export type TReversePayment = z.input<typeof ZReversePaymentSchema>;

export const ZInvoicePaymentSchema = z.object({
  id: z.number().int(),
  invoice: z.number().int(),
  amount: ZMoney,
  paid_on: ZDateString,
  method: z.enum(MANUAL_PAYMENT_METHODS),
  reference: z.string().nullable(),
  recorded_by_name: z.string().nullable().describe('Who recorded it (null once that account is gone)'),
  recorded_at: ZTimestamp,
  reversed_at: ZTimestamp.nullable().describe('null while it counts'),
  reversed_by_name: z.string().nullable(),
  reversal_reason: z.string().nullable(),
});
export type TInvoicePayment = z.infer<typeof ZInvoicePaymentSchema>;

export const ZInvoicePaymentsSchema = z.object({ results: z.array(ZInvoicePaymentSchema).describe('Oldest first') });
export type TInvoicePayments = z.infer<typeof ZInvoicePaymentsSchema>;

/** What recording or reversing a payment answers: the payment, and the invoice as it now stands. */
export const ZInvoicePaymentResultSchema = z.object({ payment: ZInvoicePaymentSchema, invoice: ZInvoiceSchema });
export type TInvoicePaymentResult = z.infer<typeof ZInvoicePaymentResultSchema>;

// ---- Pay Now with a saved card ------------------------------------------------------------------------

export const ZPayWithCardSchema = z.object({
  payment_method_id: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .optional()
    .describe("One of the client's saved cards (GET /billing/payment-methods/); default: the default card"),
});
export type TPayWithCard = z.input<typeof ZPayWithCardSchema>;

export const ZCardPaymentResultSchema = ZPaymentIntentSchema.extend({
  client_secret: z.string().nullable().describe('For the authentication step (Stripe.js handleNextAction) when status is requires_action'),
  status: z
    .enum(INTENT_STATUSES)
    .describe("succeeded: paid; requires_action: the bank asks the card holder to authenticate, then POST /billing/confirm-payment/; requires_payment_method: declined (error says why)"),
  error: z.string().nullable().describe('Why the card was refused, as Stripe words it'),
  card: z.string().nullable().describe("The card charged, e.g. 'Visa •••• 4242'"),
});
export type TCardPaymentResult = z.infer<typeof ZCardPaymentResultSchema>;

export { ZPaymentIntentSchema as ZPayInvoiceResponseSchema } from '../billing/billing.schemas';
export type { TPaymentIntent as TPayInvoiceResponse } from '../billing/billing.schemas';

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function invoicesOpenApiSchemas() {
  const invoice = withExample(ZInvoiceSchema, {
    id: 240,
    invoice_number: 'INV-2025-0240',
    client: 12,
    client_name: 'Northwind Coffee',
    client_billing_address: '214 Roast Street\nPortland, OR 97205\nUnited States',
    client_tax_id: 'US 12-3456789',
    amount: 3000,
    due_date: '2025-03-15',
    description: 'Growth package, March 2025',
    status: 'pending',
    created_at: '2025-03-01T06:00:00.000Z',
    paid_at: null,
    reminder_sent_at: null,
    is_overdue: false,
    paid_via: null,
    payment_card: null,
    refunded_amount: 0,
    amount_paid: 0,
    amount_due: 3000,
    plan_renewal: false,
  });
  const manualPayment = withExample(ZInvoicePaymentSchema, {
    id: 31,
    invoice: 240,
    amount: 1000,
    paid_on: '2025-03-10',
    method: 'bank_transfer',
    reference: 'TRX-88213',
    recorded_by_name: 'Alex Morgan',
    recorded_at: '2025-03-11T09:30:00.000Z',
    reversed_at: null,
    reversed_by_name: null,
    reversal_reason: null,
  });
  const overdueInvoice = withExample(ZOverdueInvoiceSchema, {
    ...invoice.example,
    id: 198,
    invoice_number: 'INV-2025-0198',
    due_date: '2025-02-15',
    description: 'Growth package, February 2025',
    created_at: '2025-02-01T06:00:00.000Z',
    reminder_sent_at: '2025-02-20T09:00:00.000Z',
    is_overdue: true,
    days_overdue: 14,
  });
  return {
    Invoice: invoice,
    PaginatedInvoices: withExample(paginated(ZInvoiceSchema), examplePage([invoice.example], 1, '/api/invoices/')),
    OverdueInvoice: overdueInvoice,
    InvoiceForm: withExample(ZInvoiceFormSchema, {
      client: 12,
      amount: 3000,
      due_date: '2025-03-15',
      description: 'Growth package, March 2025',
    }),
    InvoiceSummary: withExample(ZInvoiceSummarySchema, {
      total_revenue: 182500,
      paid_count: 61,
      pending_amount: 9000,
      pending_count: 3,
      overdue_amount: 3000,
      overdue_count: 1,
      collected_this_month: 27000,
    }),
    RecentPayments: withExample(ZRecentPaymentsSchema, {
      results: [
        {
          ...invoice.example,
          id: 221,
          invoice_number: 'INV-2025-0221',
          status: 'paid',
          paid_at: '2025-03-02T09:12:00.000Z',
          paid_via: 'card',
          payment_card: 'Visa •••• 4242',
          amount_paid: 3000,
          amount_due: 0,
        },
      ],
    }),
    OverdueInvoices: withExample(ZOverdueInvoicesSchema, { count: 1, results: [overdueInvoice.example] }),
    SendReminderResponse: withExample(ZSendReminderResponseSchema, {
      detail: 'Reminder sent to Northwind Coffee for invoice INV-2025-0198',
      reminder_sent_at: '2025-03-01T09:00:00.000Z',
    }),
    InvoiceStatus: withExample(ZInvoiceStatusSchema, 'pending'),
    PayWithCard: withExample(ZPayWithCardSchema, { payment_method_id: 'pm_1QExample4242' }),
    CardPaymentResult: withExample(ZCardPaymentResultSchema, {
      status: 'succeeded',
      payment_intent_id: 'pi_3QExample',
      client_secret: null,
      amount: 3000,
      provider: 'stripe',
      error: null,
      card: 'Visa •••• 4242',
    }),
    RecordPayment: withExample(ZRecordPaymentSchema, { amount: 1000, paid_on: '2025-03-10', method: 'bank_transfer', reference: 'TRX-88213' }),
    ReversePayment: withExample(ZReversePaymentSchema, { reason: 'The transfer was returned by the bank' }),
    InvoicePayment: manualPayment,
    InvoicePayments: withExample(ZInvoicePaymentsSchema, { results: [manualPayment.example] }),
    InvoicePaymentResult: withExample(ZInvoicePaymentResultSchema, {
      payment: manualPayment.example,
      invoice: { ...invoice.example, amount_paid: 1000, amount_due: 2000 },
    }),
  } satisfies TOpenApiSchemas;
}
