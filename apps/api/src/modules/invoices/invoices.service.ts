import type { z } from 'zod';
import type {
  TInvoice,
  TInvoicePayment,
  TInvoicePaymentResult,
  TInvoicePayments,
  TInvoiceFormParsed,
  TRecordPaymentParsed,
  TReversePayment,
  TInvoiceSummary,
  TOverdueInvoices,
  TRecentPayments,
  TSendReminderResponse,
  ZInvoiceExportQuery,
  ZInvoiceListQuery,
} from '@agency/contract';
import { clientScope, systemActor, userIdOf, type Actor } from '../../core/actor';
import { reachesClient } from '../../db/client-scope';
import { isRealDate, utcDate, utcMonth } from '../../core/clock';
import { AppError } from '../../core/errors';
import { toMoney, toNumeric, usd as usdOf } from '../../core/money';
import { likePattern, pageOf, pageWindow, type Page } from '../../core/paging';
import type { AppDeps } from '../../deps';
import type { InvoiceFacts } from '../../events/catalog';
import { emit, transact } from '../../events/outbox';
import { issueInvoiceNumber } from '../agency';
import { recordAudit } from '../audit';
import * as q from './invoices.queries';

export type InvoiceListQuery = z.output<typeof ZInvoiceListQuery>;
export type InvoiceExportQuery = z.output<typeof ZInvoiceExportQuery>;

/** How many numbers past the clock a new invoice number may be bumped before giving up. */
const NUMBER_ATTEMPTS = 20;
const DAY_MS = 86_400_000;

/** Owners, read-only staff and the system see every invoice; a manager their clients'; a client its own. */
export const scopeOf = (actor: Actor): q.InvoiceScope => clientScope(actor);

/**
 * Overdue: stored overdue (a failed renewal charge), or pending past its due date (`today`, YYYY-MM-DD, UTC). The same
 * rule as invoices.queries `overdueWhere`, which every count and filter uses; the stored status of a pending invoice
 * past its due date stays pending (it can still be marked paid).
 */
export function isOverdue(row: Pick<q.InvoiceRow, 'status' | 'dueDate'>, today: string): boolean {
  return row.status === 'overdue' || (row.status === 'pending' && row.dueDate < today);
}

export function toInvoiceDto(row: q.InvoiceRow, today: string): TInvoice {
  const status = row.status;
  return {
    id: row.id,
    invoice_number: row.invoiceNumber,
    client: row.clientId,
    client_name: row.clientName,
    client_billing_address: row.clientBillingAddress,
    client_tax_id: row.clientTaxId,
    amount: toMoney(row.amount),
    due_date: row.dueDate,
    description: row.description ?? null,
    status,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    reminder_sent_at: row.reminderSentAt ? row.reminderSentAt.toISOString() : null,
    is_overdue: isOverdue(row, today),
    paid_via: row.paidVia === 'card' || row.paidVia === 'manual' ? row.paidVia : null,
    payment_card: row.paymentCard,
    refunded_amount: toMoney(row.refundedAmount),
    amount_paid: toMoney(q.amountPaidOf(row)),
    amount_due: toMoney(q.amountDueOf(row)),
    plan_renewal: row.providerInvoiceId !== null,
  };
}

/** The list/export query as SQL filters; impossible dates are a 400, not an empty list or a 500. */
export function toFilters(query: InvoiceExportQuery): q.InvoiceFilters {
  const errors: Record<string, string[]> = {};
  for (const key of ['created_from', 'created_to'] as const) {
    const value = query[key];
    if (value !== undefined && !isRealDate(value)) errors[key] = ['Enter a valid date (YYYY-MM-DD)'];
  }
  if (!errors.created_from && !errors.created_to && query.created_from && query.created_to && query.created_from > query.created_to) {
    errors.created_to = ['The end date must be on or after the start date'];
  }
  const first = Object.entries(errors)[0];
  if (first) throw new AppError('validation_error', `Invalid query: ${first[0]}: ${first[1][0]}`, errors);
  return {
    search: query.search ? likePattern(query.search) : undefined,
    status: query.status,
    client: query.client,
    createdFrom: query.created_from ? new Date(`${query.created_from}T00:00:00Z`) : undefined,
    // created_to is inclusive: everything before the next midnight (UTC).
    createdBefore: query.created_to ? new Date(Date.parse(`${query.created_to}T00:00:00Z`) + DAY_MS) : undefined,
    overdue: query.overdue,
    ordering: query.ordering,
  };
}

const notFound = () => new AppError('not_found', 'Invoice not found.');

/** What the invoice events tell their listeners. */
export function factsOf(inv: TInvoice): InvoiceFacts {
  return {
    invoiceId: inv.id,
    clientId: inv.client,
    clientName: inv.client_name,
    invoiceNumber: inv.invoice_number,
    amount: inv.amount,
    dueDate: inv.due_date,
    description: inv.description,
  };
}

// ---- Reads ---------------------------------------------------------------------------------------

export async function listInvoices(deps: AppDeps, actor: Actor, query: InvoiceListQuery): Promise<Page<TInvoice>> {
  const filters = toFilters(query);
  const today = utcDate(deps.now());
  const scope = scopeOf(actor);
  const [rows, total] = await Promise.all([
    q.listInvoices(deps.db, scope, filters, today, pageWindow(query)),
    q.countInvoices(deps.db, scope, filters, today),
  ]);
  return pageOf(total, rows.map((r) => toInvoiceDto(r, today)));
}

/** One invoice; another client's invoice is a 404 (never a 403). */
export async function getInvoice(deps: AppDeps, actor: Actor, id: number): Promise<TInvoice> {
  const row = await q.findInvoice(deps.db, scopeOf(actor), id);
  if (!row) throw notFound();
  return toInvoiceDto(row, utcDate(deps.now()));
}

export async function getSummary(deps: AppDeps, actor: Actor): Promise<TInvoiceSummary> {
  const s = await q.invoiceSummary(deps.db, scopeOf(actor), utcMonth(deps.now()), utcDate(deps.now()));
  return {
    total_revenue: toMoney(s.totalRevenue),
    paid_count: s.paidCount,
    pending_amount: toMoney(s.pendingAmount),
    pending_count: s.pendingCount,
    overdue_amount: toMoney(s.overdueAmount),
    overdue_count: s.overdueCount,
    collected_this_month: toMoney(s.collectedThisMonth),
  };
}

export async function getRecentPayments(deps: AppDeps, actor: Actor, limit: number): Promise<TRecentPayments> {
  const today = utcDate(deps.now());
  const rows = await q.recentPayments(deps.db, scopeOf(actor), limit);
  return { results: rows.map((r) => toInvoiceDto(r, today)) };
}

export async function getOverdueInvoices(deps: AppDeps, actor: Actor, limit: number): Promise<TOverdueInvoices> {
  const today = utcDate(deps.now());
  const [rows, total] = await Promise.all([
    q.overdueInvoices(deps.db, scopeOf(actor), today, limit),
    q.countOverdueInvoices(deps.db, scopeOf(actor), today),
  ]);
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  return {
    count: total,
    results: rows.map((r) => ({
      ...toInvoiceDto(r, today),
      days_overdue: Math.max(0, Math.round((todayMs - Date.parse(`${r.dueDate}T00:00:00Z`)) / DAY_MS)),
    })),
  };
}

// ---- Changes -------------------------------------------------------------------------------------

/** How the audit log names an invoice: its number, in its client's log. */
const invoiceObject = (invoice: Pick<TInvoice, 'id' | 'invoice_number' | 'client'>) => ({
  type: 'invoice',
  id: invoice.id,
  label: invoice.invoice_number,
  clientId: invoice.client,
});

/**
 * Creates a pending invoice for an active (not archived) client. Without a number the server issues one
 * (insertWithIssuedNumber); a number that is taken is a 409. The client hears of it through `invoice.created`.
 */
export async function createInvoice(deps: AppDeps, actor: Actor, input: TInvoiceFormParsed): Promise<TInvoice> {
  if (!isRealDate(input.due_date)) {
    throw new AppError('validation_error', 'Invalid body: due_date: Enter a valid date', { due_date: ['Enter a valid date'] });
  }
  const now = deps.now();
  return transact(deps, async (tx) => {
    const client = await q.findClient(tx.db, input.client);
    if (!client || !(await reachesClient(tx.db, scopeOf(actor), client.id))) {
      throw new AppError('bad_request', 'Client not found.', { client: ['Client not found.'] });
    }
    if (client.archivedAt) {
      throw new AppError('bad_request', 'This client is archived; invoices cannot be created for it.', {
        client: ['This client is archived.'],
      });
    }
    const values = {
      clientId: client.id,
      amount: toNumeric(input.amount),
      dueDate: input.due_date,
      description: input.description ? input.description : null,
    };
    let id: number | undefined;
    if (input.invoice_number) {
      id = await q.insertInvoiceIfNumberFree(tx.db, { ...values, invoiceNumber: input.invoice_number }, now);
      if (id === undefined) {
        throw new AppError('conflict', `An invoice with the number ${input.invoice_number} already exists.`, {
          invoice_number: ['already exists'],
        });
      }
    } else {
      id = await insertWithIssuedNumber(tx, values, now);
    }
    const invoice = await getInvoice(tx, actor, id);
    await emit(tx, 'invoice.created', factsOf(invoice));
    await auditIssued(tx, actor, invoice);
    return invoice;
  });
}

/** The audit log's entry of an issued invoice: by staff, or by the system (a paid order, a subscription's renewal). */
export async function auditIssued(deps: AppDeps, actor: Actor, invoice: TInvoice): Promise<void> {
  await recordAudit(deps, actor, {
    action: 'invoice.created',
    object: invoiceObject(invoice),
    changes: { amount: invoice.amount, due_date: invoice.due_date, description: invoice.description, status: invoice.status },
  });
}

/**
 * Inserts an invoice under the next number the agency issues (agency's issueInvoiceNumber: <prefix><year>-<n>,
 * sequential and gapless per year), in the caller's transaction. Also used for the invoices a payment provider bills.
 * A number typed by hand that took the issued one makes the insert retry with the next.
 */
export async function insertWithIssuedNumber(
  deps: AppDeps,
  values: q.NewInvoiceValues,
  now: Date,
): Promise<number> {
  return transact(deps, async (tx) => {
    for (let i = 0; i < NUMBER_ATTEMPTS; i++) {
      const id = await q.insertInvoiceIfNumberFree(tx.db, { ...values, invoiceNumber: await issueInvoiceNumber(tx, now) }, now);
      if (id !== undefined) return id;
    }
    throw new AppError('service_unavailable', 'Could not issue an invoice number. Please try again.');
  });
}

/**
 * The paid invoice of a storefront order (paid by card just now), and `invoice.paid` for it. Its facts leave the
 * description out, as integrators have always had it: the order's lines travel in `order.paid`.
 */
export async function issuePaidOrderInvoice(
  deps: AppDeps,
  order: { clientId: number; amount: string; description: string; paidAt: Date; card: string | null; paymentIntentId: string | null },
): Promise<number> {
  const now = order.paidAt;
  const dueDate = utcDate(now);
  const values = { clientId: order.clientId, amount: order.amount, dueDate, description: order.description.slice(0, 1000) };
  const paidBy = { paidVia: 'card' as const, paymentCard: order.card, paymentIntentId: order.paymentIntentId };
  const id = await insertWithIssuedNumber(deps, { ...values, status: 'paid', paidAt: now, ...paidBy }, now);
  const invoice = await getInvoice(deps, systemActor('payments'), id);
  await auditIssued(deps, systemActor('payments'), invoice);
  await emit(deps, 'invoice.paid', { ...factsOf(invoice), description: null });
  return id;
}

// ---- Payments the agency records ----------------------------------------------------------------

export function toInvoicePaymentDto(row: q.InvoicePaymentRow): TInvoicePayment {
  return {
    id: row.id,
    invoice: row.invoiceId,
    amount: toMoney(row.amount),
    paid_on: row.paidOn,
    method: row.method,
    reference: row.reference,
    recorded_by_name: row.recordedByName,
    recorded_at: row.recordedAt.toISOString(),
    reversed_at: row.reversedAt ? row.reversedAt.toISOString() : null,
    reversed_by_name: row.reversedByName,
    reversal_reason: row.reversalReason,
  };
}

const fieldError = (field: string, message: string) => new AppError('validation_error', `Invalid body: ${field}: ${message}`, { [field]: [message] });

/** The payments recorded on an invoice the caller may see (reversed ones too), oldest first. */
export async function listPayments(deps: AppDeps, actor: Actor, invoiceId: number): Promise<TInvoicePayments> {
  if (!(await q.findInvoice(deps.db, scopeOf(actor), invoiceId))) throw notFound();
  return { results: (await q.listInvoicePayments(deps.db, invoiceId)).map(toInvoicePaymentDto) };
}

/**
 * Records a payment the agency received outside the payment provider (bank transfer, cash, cheque…) on a pending
 * invoice: a date not after today (UTC), an amount up to what the invoice still owes. What it owes drops by the
 * amount; paid in full, the invoice is paid (paid_at is the day the money came, paid via manual) and `invoice.paid`
 * follows, as a card payment's would. An invoice the provider collects (a subscription's, stored overdue after a
 * failed renewal) is paid through the provider, not here: 409; so is one whose card payment is under way. The invoice row is locked, so two payments recorded
 * at once cannot together pay more than it owes.
 */
export async function recordPayment(deps: AppDeps, actor: Actor, invoiceId: number, input: TRecordPaymentParsed): Promise<TInvoicePaymentResult> {
  const now = deps.now();
  const today = utcDate(now);
  if (!isRealDate(input.paid_on)) throw fieldError('paid_on', 'Enter a valid date');
  if (input.paid_on > today) throw fieldError('paid_on', 'The payment date cannot be in the future');
  return transact(deps, async (tx) => {
    const invoice = await q.lockInvoice(tx.db, scopeOf(actor), invoiceId);
    if (!invoice) throw notFound();
    if (invoice.status !== 'pending' || invoice.providerInvoiceId !== null) {
      throw new AppError(
        'conflict',
        invoice.providerInvoiceId !== null && invoice.status !== 'paid'
          ? `Invoice ${invoice.invoiceNumber} is collected by the payment provider (a subscription renewal); the client pays it with Pay Now.`
          : invoice.status === 'paid'
          ? `Invoice ${invoice.invoiceNumber} is already paid.`
          : invoice.status === 'overdue'
            ? `Invoice ${invoice.invoiceNumber} is collected by the payment provider (a subscription renewal); the client pays it with Pay Now.`
            : `Only pending invoices take payments; invoice ${invoice.invoiceNumber} is ${invoice.status}.`,
      );
    }
    if (await q.cardPaymentInFlight(tx.db, invoiceId)) {
      throw new AppError(
        'conflict',
        `A card payment of invoice ${invoice.invoiceNumber} is under way. Record this payment once it has finished or failed, so the balance is not taken twice.`,
      );
    }
    const owed = q.amountDueOf(invoice);
    const amount = toMoney(input.amount);
    if (amount > owed) throw fieldError('amount', `More than is owed: invoice ${invoice.invoiceNumber} still owes ${usdOf(owed)}`);
    const recorder = userIdOf(actor);
    const payment = await q.insertInvoicePayment(tx.db, {
      invoiceId,
      amount: toNumeric(amount),
      paidOn: input.paid_on,
      method: input.method,
      reference: input.reference ?? null,
      recordedBy: recorder,
      recordedByName: recorder === null ? null : await q.userName(tx.db, recorder),
      recordedAt: now,
    });
    const paid = toMoney(Number(invoice.amountPaid) + amount);
    const settled = paid >= toMoney(invoice.amount);
    await q.updateInvoice(tx.db, invoiceId, {
      amountPaid: toNumeric(paid),
      // Paid on an earlier day: noon (UTC) of that day, so the month it counts in is the day's.
      ...(settled ? { status: 'paid' as const, paidAt: input.paid_on === today ? now : new Date(`${input.paid_on}T12:00:00Z`), paidVia: 'manual' } : {}),
      updatedAt: now,
    });
    const dto = await getInvoice(tx, actor, invoiceId);
    const facts = factsOf(dto);
    await emit(tx, 'invoice.payment_recorded', {
      ...facts,
      paymentId: payment.id,
      paymentAmount: amount,
      paidOn: input.paid_on,
      method: input.method,
      amountDue: dto.amount_due,
      settled,
    });
    if (settled) await emit(tx, 'invoice.paid', facts);
    await recordAudit(tx, actor, {
      action: 'invoice.payment_recorded',
      object: invoiceObject(dto),
      changes: {
        payment: payment.id,
        amount,
        paid_on: input.paid_on,
        method: input.method,
        ...(input.reference ? { reference: input.reference } : {}),
        amount_due: [owed, dto.amount_due],
        ...(settled ? { status: [invoice.status, dto.status] } : {}),
      },
    });
    return { payment: toInvoicePaymentDto(payment), invoice: dto };
  });
}

/**
 * Reverses a recorded payment (a bounced cheque, a payment booked on the wrong invoice), with the reason. The
 * payment stays in the history, stamped with who reversed it, when and why; it stops counting, so the invoice owes
 * it again: a paid invoice is pending again (overdue if past its due date) and no longer counts as revenue. A payment
 * already reversed is a 409; one on an invoice out of the caller's reach a 404.
 */
export async function reversePayment(deps: AppDeps, actor: Actor, paymentId: number, input: TReversePayment): Promise<TInvoicePaymentResult> {
  const now = deps.now();
  const reason = input.reason.trim();
  if (!reason) throw fieldError('reason', 'Say why the payment is reversed');
  return transact(deps, async (tx) => {
    const found = await q.findInvoicePayment(tx.db, scopeOf(actor), paymentId);
    if (!found) throw new AppError('not_found', 'Payment not found.');
    const invoice = await q.lockInvoice(tx.db, scopeOf(actor), found.invoiceId);
    if (!invoice) throw new AppError('not_found', 'Payment not found.');
    if (invoice.status === 'refunded') {
      throw new AppError('conflict', `Invoice ${invoice.invoiceNumber} was refunded; its payments can no longer be reversed.`);
    }
    const reverser = userIdOf(actor);
    const reversed = await q.reverseInvoicePaymentIfCounting(tx.db, paymentId, {
      reversedAt: now,
      reversedBy: reverser,
      reversedByName: reverser === null ? null : await q.userName(tx.db, reverser),
      reversalReason: reason,
    });
    if (!reversed) throw new AppError('conflict', `This payment on invoice ${invoice.invoiceNumber} was already reversed.`);
    const amount = toMoney(reversed.amount);
    const wasPaid = invoice.status === 'paid';
    // A card that settled the rest paid all that was owed then: it still counts, this payment no longer does.
    const paid = toMoney(Math.max(0, q.amountPaidOf(invoice) - amount));
    await q.updateInvoice(tx.db, invoice.id, {
      amountPaid: toNumeric(paid),
      ...(wasPaid ? { status: 'pending' as const, paidAt: null, paidVia: null } : {}),
      updatedAt: now,
    });
    const dto = await getInvoice(tx, actor, invoice.id);
    await emit(tx, 'invoice.payment_reversed', {
      ...factsOf(dto),
      paymentId,
      paymentAmount: amount,
      reason,
      amountDue: dto.amount_due,
      reopened: wasPaid,
    });
    await recordAudit(tx, actor, {
      action: 'invoice.payment_reversed',
      object: invoiceObject(dto),
      changes: { payment: paymentId, amount, reason, ...(wasPaid ? { status: [invoice.status, dto.status] } : {}) },
    });
    return { payment: toInvoicePaymentDto(reversed), invoice: dto };
  });
}

/**
 * Mark as paid (the spec's one-click route, and the demo seed): a payment of all the invoice still owes, received
 * today, method other. Pending invoices only (409 otherwise), as recordPayment.
 */
export async function markPaid(deps: AppDeps, actor: Actor, id: number): Promise<TInvoice> {
  const row = await q.findInvoice(deps.db, scopeOf(actor), id);
  if (!row) throw notFound();
  const owed = q.amountDueOf(row);
  if (row.status !== 'pending' || owed <= 0) {
    throw new AppError(
      'conflict',
      row.status === 'paid'
        ? `Invoice ${row.invoiceNumber} is already paid.`
        : `Only pending invoices can be marked as paid; invoice ${row.invoiceNumber} is ${row.status}.`,
    );
  }
  const { invoice } = await recordPayment(deps, actor, id, { amount: owed, paid_on: utcDate(deps.now()), method: 'other', reference: undefined });
  return invoice;
}

/**
 * Reminds the client of an unpaid (pending or overdue) invoice: the time is recorded, and `invoice.reminder_sent`
 * brings an in-app notification and an e-mail (unless the client's user turned invoice e-mails off; a client
 * without a login is written to at its own e-mail address).
 */
export async function sendReminder(deps: AppDeps, actor: Actor, id: number): Promise<TSendReminderResponse> {
  const now = deps.now();
  return transact(deps, async (tx) => {
    const row = await q.findInvoice(tx.db, scopeOf(actor), id);
    if (!row) throw notFound();
    const alreadyPaid = () => new AppError('conflict', `Invoice ${row.invoiceNumber} is already paid; no reminder sent.`);
    if (row.status === 'paid') throw alreadyPaid();
    const sentAt = await q.setReminderSentAt(tx.db, id, now);
    if (!sentAt) throw alreadyPaid();
    const invoice = toInvoiceDto(row, utcDate(now));
    // A reminder asks for what is still owed (less a part payment recorded).
    await emit(tx, 'invoice.reminder_sent', { ...factsOf(invoice), amount: invoice.amount_due, overdue: invoice.is_overdue });
    await recordAudit(tx, actor, { action: 'invoice.reminder_sent', object: invoiceObject(invoice), changes: { amount_due: invoice.amount_due, overdue: invoice.is_overdue } });
    return {
      detail: `Reminder sent to ${row.clientName} for invoice ${row.invoiceNumber}`,
      reminder_sent_at: sentAt.toISOString(),
    };
  });
}
