import { systemActor } from '../../core/actor';
import { toNumeric } from '../../core/money';
import type { AppDeps } from '../../deps';
import type { BilledInvoiceFacts, DomainEventMap } from '../../events/catalog';
import { emit } from '../../events/outbox';
import * as q from './invoices.queries';
import { auditIssued, factsOf, getInvoice, insertWithIssuedNumber } from './invoices.service';

/**
 * What payments at the provider do to invoices (the listeners of the payment events, in their dispatch
 * transaction): the invoice a payment paid is paid, a subscription's billed invoice is issued with our number the
 * first time we hear of it, a failed renewal's invoice is overdue (and so, by the one rule, is the client), a refund is recorded. Invoice states only
 * move forward, so a redelivered or older event changes nothing.
 */

const PAYMENTS = systemActor('payments');

const billedValues = (billed: BilledInvoiceFacts) => ({
  clientId: billed.clientId,
  amount: toNumeric(billed.amount),
  dueDate: billed.dueDate,
  description: billed.description,
  provider: billed.provider,
  providerInvoiceId: billed.providerInvoiceId,
  subscriptionId: billed.subscriptionId,
});

/** After an invoice was paid, everyone hears of it (and an invoice issued for the payment is in the audit log). */
async function invoicePaid(deps: AppDeps, invoiceId: number, { issued = false } = {}) {
  const invoice = await getInvoice(deps, PAYMENTS, invoiceId);
  if (issued) await auditIssued(deps, PAYMENTS, invoice);
  await emit(deps, 'invoice.paid', factsOf(invoice));
}

export async function recordPaymentSucceeded(deps: AppDeps, e: DomainEventMap['payment.succeeded']): Promise<void> {
  const now = deps.now();
  const paidByCard = { paymentCard: e.card, paymentIntentId: e.paymentIntentId, now };
  const { paid } = e;
  if (paid.kind === 'invoice') {
    if (await q.markInvoicePaidByCard(deps.db, paid.invoiceId, paidByCard)) await invoicePaid(deps, paid.invoiceId);
    return;
  }
  if (paid.kind !== 'billed_invoice') return; // An order's invoice is issued with the paid order (orders).
  const billed = paid.invoice;
  const existing = await q.findInvoiceByProviderId(deps.db, billed.provider, billed.providerInvoiceId);
  if (existing) {
    // Already paid (or refunded): a redelivered or older event.
    if (await q.markInvoicePaidByCard(deps.db, existing.id, paidByCard)) await invoicePaid(deps, existing.id);
    return;
  }
  if (billed.amount <= 0) return; // Nothing was charged (a coupon or credit covered it): no invoice to show.
  const invoiceId = await insertWithIssuedNumber(
    deps,
    { ...billedValues(billed), status: 'paid', paidAt: now, paidVia: 'card', paymentCard: e.card, paymentIntentId: e.paymentIntentId },
    now,
  );
  await invoicePaid(deps, invoiceId, { issued: true });
}

/** A subscription's renewal was not paid: its invoice is overdue (issued if new). */
export async function recordPaymentFailed(deps: AppDeps, e: DomainEventMap['payment.failed']): Promise<void> {
  // A failed Pay Now or checkout leaves the invoice as it was: the payment screen shows the failure.
  if (e.paid.kind !== 'billed_invoice') return;
  const billed = e.paid.invoice;
  const now = deps.now();
  const existing = await q.findInvoiceByProviderId(deps.db, billed.provider, billed.providerInvoiceId);
  if (existing && existing.status !== 'pending') return; // Already failed once (told), or paid meanwhile.
  if (billed.amount <= 0) return;
  let invoiceId = existing?.id;
  if (existing) await q.updateInvoice(deps.db, existing.id, { status: 'overdue', updatedAt: now });
  else invoiceId = await insertWithIssuedNumber(deps, { ...billedValues(billed), status: 'overdue' }, now);
  const invoice = await getInvoice(deps, PAYMENTS, invoiceId!);
  if (!existing) await auditIssued(deps, PAYMENTS, invoice);
  await emit(deps, 'invoice.payment_failed', { ...factsOf(invoice), reason: e.reason, message: e.message });
}

/** A refund at the provider: the invoice's refunded amount so far (refunded in full: its status too). */
export async function recordRefund(deps: AppDeps, e: DomainEventMap['charge.refunded']): Promise<void> {
  const invoice =
    e.invoiceId !== null
      ? await getInvoice(deps, PAYMENTS, e.invoiceId).catch(() => undefined)
      : e.providerInvoiceId
        ? await q.findInvoiceByProviderId(deps.db, e.provider, e.providerInvoiceId).then((row) => (row ? getInvoice(deps, PAYMENTS, row.id) : undefined))
        : undefined;
  if (!invoice) {
    if (e.invoiceId === null) {
      deps.logger.warn({ provider: e.provider, what: 'refund', customerId: e.customerId }, 'payment event for a customer we do not know; acknowledged');
    }
    return;
  }
  const amount = Math.min(e.refundedAmount, invoice.amount);
  if (amount <= invoice.refunded_amount) return; // Nothing new.
  const fully = amount >= invoice.amount;
  await q.updateInvoice(deps.db, invoice.id, { refundedAmount: toNumeric(amount), ...(fully ? { status: 'refunded' } : {}), updatedAt: deps.now() });
  await emit(deps, 'invoice.refunded', { ...factsOf(invoice), refundedAmount: amount, full: fully });
}
