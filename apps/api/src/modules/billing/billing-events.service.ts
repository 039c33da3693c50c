import { cardLabel } from '@agency/contract';
import { systemActor, type Actor } from '../../core/actor';
import { humanDate, utcDate } from '../../core/clock';
import { AppError } from '../../core/errors';
import { toMoney, toNumeric } from '../../core/money';
import type { AppDeps } from '../../deps';
import type { PaymentTarget } from '../../events/catalog';
import { emit, transact } from '../../events/outbox';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type PaymentProviderName,
  type PaymentEvent,
  type ProviderInvoice,
  type ProviderPaymentIntent,
  type ProviderSubscription,
} from '../../integrations/payments/provider';
import * as q from './billing.queries';
import { loadCatalogue, priceOf } from '../catalogue';
import { changedFields, recordAudit, type AuditObject } from '../audit';

/** What a subscription costs per month (an annual price spread over twelve months): the client record's monthly fee. */
const monthlyPrice = (row: q.SubscriptionRow) => {
  const price = toMoney(row.price);
  return row.billingCycle === 'annual' ? Math.round((price / 12) * 100) / 100 : price;
};

/**
 * The one entry point for what happens at the payment provider: Stripe's webhooks, the sandbox's events, and
 * the answers to our own calls all end here. Each event is applied in one transaction, at most once (its id is
 * recorded in webhook_events in the same transaction), idempotently (applying the same state twice changes
 * nothing) and whatever the order it arrives in (a subscription event older than what we hold is replaced by
 * the provider's current object; invoice states only move forward). Billing writes subscriptions and payments;
 * what a payment means for an invoice or an order is recorded as a payment event (payment.succeeded,
 * payment.failed, charge.refunded), dispatched after the commit to the invoices and orders listeners.
 */

type Kind<K extends PaymentEvent['kind']> = Extract<PaymentEvent, { kind: K }>;

/** A Stripe webhook: verified, then applied (a bad signature is a 400, a redelivery is acknowledged). */
export async function handleWebhook(deps: AppDeps, rawBody: Buffer, signature: string | undefined): Promise<void> {
  let event: PaymentEvent;
  try {
    event = await deps.payments.parseWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof WebhookSignatureError) throw new AppError('bad_request', err.message);
    throw err;
  }
  await applyPaymentEvents(deps, [event], { record: true, actor: systemActor(`webhook:${deps.payments.info.name}`) });
}

/** Who applies the sandbox's renewals, as the audit log names it (the job's name). */
const RENEWALS_JOB = systemActor('job:billing.sandbox-renewals');

/**
 * The sandbox's billing clock (a job): subscriptions whose period is over are renewed or ended there, and what
 * happened is applied like Stripe's renewal webhooks. Nothing to do with Stripe, whose clock is its own.
 */
export async function renewSandboxSubscriptions(deps: AppDeps): Promise<number> {
  const sandbox = deps.payments.sandbox;
  if (!sandbox) return 0;
  const events = await sandbox.renewDueSubscriptions();
  await applyPaymentEvents(deps, events, { record: true, actor: RENEWALS_JOB });
  return events.length;
}

/** Our subscription columns for the provider's view of it. */
export function subscriptionValues(sub: ProviderSubscription, now: Date) {
  return {
    status: sub.status,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    ...(sub.status === 'cancelled' ? { cancelledAt: now } : {}),
    updatedAt: now,
  };
}

/**
 * Applies events in order. `record`: deduplicate by event id (webhooks and sandbox events); the answers to
 * our own calls and re-reads are applied without recording (they have no provider event id). `actor`: who the audit
 * log says did what the events change (the provider's webhook, the renewals job, or the person whose call it answers).
 */
export async function applyPaymentEvents(deps: AppDeps, events: PaymentEvent[], options: { record: boolean; actor: Actor }): Promise<void> {
  for (const event of events) await applyPaymentEvent(deps, event, options.record, options.actor);
}

async function applyPaymentEvent(deps: AppDeps, original: PaymentEvent, record: boolean, actor: Actor): Promise<void> {
  const provider = deps.payments.info.name;
  // Provider reads happen here, before the transaction (a provider is a remote service).
  const event = await freshen(deps, original);
  const context = await remoteContext(deps, event);
  await transact(deps, async (tx) => {
    if (record && !(await q.recordWebhookEvent(tx.db, provider, event.eventId, event.type))) {
      deps.logger.info({ eventId: event.eventId, type: event.type }, 'payment event already applied');
      return;
    }
    switch (event.kind) {
      case 'subscription':
        await syncSubscription(tx, actor, event.subscription, event.created);
        return;
      case 'invoice':
        if (context.subscription) await syncSubscription(tx, actor, context.subscription, event.created);
        await syncInvoice(tx, actor, event, context.paidCard ?? null);
        return;
      case 'payment_intent':
        await syncPayment(tx, actor, event.paymentIntent);
        return;
      case 'charge_refunded':
        await applyRefund(tx, actor, event, context.providerInvoiceId);
        return;
      case 'setup_succeeded':
      case 'ignored':
        return;
    }
  });
  if (event.kind === 'setup_succeeded' && event.customerId && event.paymentMethodId) {
    await makeDefaultIfNone(deps, event.customerId, event.paymentMethodId);
  }
}

/** A subscription event older than the state we hold is replaced by the provider's current object. */
async function freshen(deps: AppDeps, event: PaymentEvent): Promise<PaymentEvent> {
  if (event.kind !== 'subscription') return event;
  const row = await q.findSubscriptionByProviderId(deps.db, deps.payments.info.name, event.subscription.id);
  if (!row?.providerSyncedAt || event.created >= row.providerSyncedAt) return event;
  const current = await remote(deps, () => deps.payments.getSubscription(event.subscription.id));
  return current ? { ...event, subscription: current } : event;
}

interface RemoteContext {
  subscription?: ProviderSubscription;
  providerInvoiceId?: string | null;
  /** The card that paid a paid subscription invoice ('Visa •••• 4242'), which our invoice then shows. */
  paidCard?: string | null;
}

/** What applying an event needs from the provider besides the event itself. */
async function remoteContext(deps: AppDeps, event: PaymentEvent): Promise<RemoteContext> {
  const provider = deps.payments.info.name;
  if (event.kind === 'invoice' && event.invoice.subscriptionId) {
    const invoiceId = event.invoice.id;
    const card = event.outcome === 'paid' ? await remote(deps, () => deps.payments.cardOfPaidInvoice(invoiceId)) : null;
    const paidCard = card ? cardLabel(card) : null;
    // An invoice event can arrive before its subscription's: then the subscription is fetched and recorded first.
    const subscriptionId = event.invoice.subscriptionId;
    const known = await q.findSubscriptionByProviderId(deps.db, provider, subscriptionId);
    if (!known) return { paidCard, subscription: await remote(deps, () => deps.payments.getSubscription(subscriptionId)) };
    return { paidCard };
  }
  if (event.kind === 'charge_refunded' && event.paymentIntentId) {
    const paymentIntentId = event.paymentIntentId;
    if (!(await q.findPaymentByIntent(deps.db, paymentIntentId))) {
      return { providerInvoiceId: await remote(deps, () => deps.payments.invoiceIdOfPayment(paymentIntentId)) };
    }
  }
  return {};
}

/** A provider read whose "not found" is an answer (undefined), not a failure. */
async function remote<T>(deps: AppDeps, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof PaymentProviderError && err.type === 'not_found') return undefined;
    throw err;
  }
}

/** A newly saved card becomes the default when the customer has none (renewals need one). */
export async function makeDefaultIfNone(deps: AppDeps, customerId: string, paymentMethodId: string) {
  const cards = await deps.payments.listCards(customerId);
  if (!cards.some((c) => c.isDefault)) await deps.payments.setDefaultCard(customerId, paymentMethodId);
}


function unknownCustomer(deps: AppDeps, what: string, customerId: string | null) {
  deps.logger.warn({ provider: deps.payments.info.name, what, customerId }, 'payment event for a customer we do not know; acknowledged');
}

const subscriptionObject = (row: q.SubscriptionRow): AuditObject => ({ type: 'subscription', id: row.id, label: `${row.planName} plan`, clientId: row.clientId });

async function syncSubscription(deps: AppDeps, actor: Actor, sub: ProviderSubscription, eventCreated: Date): Promise<void> {
  const provider = deps.payments.info.name;
  const now = deps.now();
  const plan = priceOf(await loadCatalogue(deps), sub.priceLookupKey);
  let row = await q.findSubscriptionByProviderId(deps.db, provider, sub.id);
  if (!row) {
    // Made outside the product (e.g. in Stripe's dashboard) for a customer of ours.
    const clientId = await q.clientOfCustomer(deps.db, provider, sub.customerId);
    if (!clientId) return unknownCustomer(deps, 'subscription', sub.customerId);
    if (!plan) {
      deps.logger.warn({ subscription: sub.id, price: sub.priceLookupKey }, 'subscription to a price that is not one of our plans; ignored');
      return;
    }
    row = await q.insertSubscription(deps.db, {
      clientId,
      planId: plan.plan.id,
      planName: plan.plan.name,
      price: toNumeric(plan.amount),
      billingCycle: plan.cycle,
      provider,
      providerSubscriptionId: sub.id,
      status: 'incomplete',
      createdAt: sub.created,
    });
  }
  const syncedAt = row.providerSyncedAt && row.providerSyncedAt > eventCreated ? row.providerSyncedAt : eventCreated;
  const after = await q.updateSubscription(deps.db, row.id, {
    ...subscriptionValues(sub, now),
    // Paused since the first time the provider said so; cleared when it resumes (or ends).
    pausedAt: sub.collectionPaused && sub.status !== 'cancelled' ? (row.pausedAt ?? eventCreated) : null,
    ...(row.cancelledAt && sub.status === 'cancelled' ? { cancelledAt: row.cancelledAt } : {}),
    ...(plan ? { planId: plan.plan.id, planName: plan.plan.name, price: toNumeric(plan.amount), billingCycle: plan.cycle } : {}),
    // A new period bills the plain price again: a plan change's proration was on the invoice that opened it.
    ...(periodMoved(row.currentPeriodEnd, sub.currentPeriodEnd) ? { nextInvoiceAmount: null } : {}),
    providerSyncedAt: syncedAt,
  });
  const change = subscriptionChange(row, after);
  if (!change) return;
  await recordAudit(deps, actor, {
    action: `subscription.${change}`,
    object: subscriptionObject(after),
    changes: changedFields(auditedSubscription(row), auditedSubscription(after), ['plan', 'price', 'billing_cycle', 'status', 'paused', 'cancel_at_period_end', 'period_end']),
  });
  const contact = await q.clientContact(deps.db, after.clientId);
  await emit(deps, 'subscription.changed', {
    subscriptionId: after.id,
    clientId: after.clientId,
    clientName: contact?.name ?? 'A client',
    planName: after.planName,
    previousPlanName: row.planName,
    change,
    periodEnd: after.currentPeriodEnd ? utcDate(after.currentPeriodEnd) : null,
    price: monthlyPrice(after),
    renews: renews(after),
    paused: after.pausedAt !== null,
  });
}

/** A subscription's fields the audit log shows as before → after. */
const auditedSubscription = (row: q.SubscriptionRow) => ({
  plan: row.planName,
  price: toMoney(row.price),
  billing_cycle: row.billingCycle,
  status: row.status,
  paused: row.pausedAt !== null,
  cancel_at_period_end: row.cancelAtPeriodEnd,
  period_end: row.currentPeriodEnd ? utcDate(row.currentPeriodEnd) : null,
});

const periodMoved = (before: Date | null, after: Date | null) => before !== null && after !== null && after.getTime() > before.getTime();
const running = (row: q.SubscriptionRow) => row.status === 'active' || row.status === 'past_due';
const renews = (row: q.SubscriptionRow) => running(row) && !row.cancelAtPeriodEnd && row.pausedAt === null && row.currentPeriodEnd !== null;

/** What people are told about a subscription's change, if anything. */
function subscriptionChange(before: q.SubscriptionRow, after: q.SubscriptionRow) {
  if (before.status === 'incomplete' && after.status === 'active') return 'activated' as const;
  if (before.status !== 'cancelled' && before.status !== 'incomplete' && after.status === 'cancelled') return 'ended' as const;
  if (after.status === 'cancelled' || after.status === 'incomplete') return null;
  if (before.planId !== after.planId) return 'plan_changed' as const;
  if (before.pausedAt === null && after.pausedAt !== null) return 'paused' as const;
  if (before.pausedAt !== null && after.pausedAt === null) return 'resumed' as const;
  if (!before.cancelAtPeriodEnd && after.cancelAtPeriodEnd) return 'cancel_scheduled' as const;
  const billsOtherwise =
    before.price !== after.price || renews(before) !== renews(after) || before.currentPeriodEnd?.getTime() !== after.currentPeriodEnd?.getTime();
  return running(after) && billsOtherwise ? ('updated' as const) : null;
}

/**
 * A provider invoice of a subscription was paid or failed: recorded as a payment event, on which the invoices module
 * issues or updates our invoice for it (invoices.listeners.ts).
 */
async function syncInvoice(deps: AppDeps, actor: Actor, event: Kind<'invoice'>, paidCard: string | null): Promise<void> {
  const provider = deps.payments.info.name;
  const inv: ProviderInvoice = event.invoice;
  if (!inv.subscriptionId) return; // One-off provider invoices are not ours.
  // A failed first payment is the sign-up itself failing: the screen shows it and no subscription starts.
  if (event.outcome !== 'paid' && inv.billingReason === 'subscription_create') return;
  const sub = await q.findSubscriptionByProviderId(deps.db, provider, inv.subscriptionId);
  if (!sub) return unknownCustomer(deps, 'invoice', inv.customerId);
  if (event.outcome === 'paid') {
    const paid = billedInvoice(inv, sub, (inv.amountPaid || inv.amountDue) / 100);
    await emit(deps, 'payment.succeeded', { paid, card: paidCard, paymentIntentId: null });
    await recordAudit(deps, actor, {
      action: 'subscription.payment_succeeded',
      object: subscriptionObject(sub),
      changes: { amount: paid.kind === 'billed_invoice' ? paid.invoice.amount : null, card: paidCard, provider_invoice: inv.id },
    });
    return;
  }
  await recordAudit(deps, actor, {
    action: 'subscription.payment_failed',
    object: subscriptionObject(sub),
    changes: { amount: inv.amountDue / 100, reason: event.outcome === 'action_required' ? 'authentication_required' : 'declined', provider_invoice: inv.id },
  });
  await emit(deps, 'payment.failed', {
    paid: billedInvoice(inv, sub, inv.amountDue / 100),
    reason: event.outcome === 'action_required' ? 'authentication_required' : 'declined',
    message: inv.lastPaymentError,
  });
}

function billedInvoice(inv: ProviderInvoice, sub: q.SubscriptionRow, amount: number): PaymentTarget {
  const period = inv.periodStart && inv.periodEnd ? `, ${humanDate(inv.periodStart)} – ${humanDate(inv.periodEnd)}` : '';
  return {
    kind: 'billed_invoice',
    invoice: {
      provider: sub.provider as PaymentProviderName,
      providerInvoiceId: inv.id,
      subscriptionId: sub.id,
      clientId: sub.clientId,
      amount,
      dueDate: utcDate(inv.created),
      description: `${sub.planName} plan subscription${period}`,
    },
  };
}

const PAYMENT_STATUS: Record<ProviderPaymentIntent['status'], q.PaymentRow['status']> = {
  requires_payment_method: 'requires_payment_method',
  requires_confirmation: 'requires_payment_method',
  requires_action: 'requires_action',
  processing: 'processing',
  succeeded: 'succeeded',
  canceled: 'cancelled',
};

/** What one of our payment rows pays (Pay Now pays an invoice, a checkout an order). */
function targetOf(payment: q.PaymentRow): PaymentTarget | undefined {
  if (payment.invoiceId && payment.clientId) return { kind: 'invoice', invoiceId: payment.invoiceId, clientId: payment.clientId };
  if (payment.orderId) return { kind: 'order', orderId: payment.orderId, clientId: payment.clientId };
  return undefined;
}

/**
 * A Pay Now or order payment moved: our payment row follows, and its success or failure is recorded as a payment
 * event, on which the invoice or the order it pays follows (their listeners).
 */
/** How the audit log names what a payment pays: its invoice (by number) or its order. */
async function paidObject(deps: AppDeps, payment: q.PaymentRow): Promise<AuditObject & { type: 'invoice' | 'order' | 'payment' }> {
  if (payment.invoiceId) {
    const number = await q.invoiceNumberOf(deps.db, payment.invoiceId);
    return { type: 'invoice', id: payment.invoiceId, label: number ?? `Invoice #${payment.invoiceId}`, clientId: payment.clientId };
  }
  if (payment.orderId) return { type: 'order', id: payment.orderId, label: `Order #${payment.orderId}`, clientId: payment.clientId };
  return { type: 'payment', id: payment.id, label: payment.providerPaymentIntentId, clientId: payment.clientId };
}

async function syncPayment(deps: AppDeps, actor: Actor, pi: ProviderPaymentIntent): Promise<void> {
  const payment = await q.findPaymentByIntent(deps.db, pi.id);
  // Intents that pay a provider invoice (a subscription's) are followed through the invoice events.
  if (!payment) return;
  if (payment.status === 'succeeded' || payment.status === 'refunded') return; // Final already.
  const status = pi.status === 'requires_payment_method' && pi.lastError ? 'failed' : PAYMENT_STATUS[pi.status];
  const card = pi.card ? cardLabel(pi.card) : null;
  await q.updatePayment(deps.db, payment.id, { status, failureMessage: pi.lastError, paymentCard: card ?? payment.paymentCard, updatedAt: deps.now() });
  if ((status === 'succeeded' || status === 'failed') && status !== payment.status) {
    const object = await paidObject(deps, payment);
    await recordAudit(deps, actor, {
      action: `${object.type}.${status === 'succeeded' ? 'paid' : 'payment_failed'}`,
      object,
      changes: { amount: toMoney(payment.amount), via: 'card', card: card ?? payment.paymentCard, ...(status === 'failed' ? { error: pi.lastError } : {}) },
    });
  }
  const paid = targetOf(payment);
  if (!paid) return;
  if (status === 'failed') await emit(deps, 'payment.failed', { paid, reason: 'declined', message: pi.lastError });
  if (status === 'succeeded') await emit(deps, 'payment.succeeded', { paid, card, paymentIntentId: pi.id });
}

/**
 * Refunds issued at the provider (Stripe's dashboard): the amount refunded so far is recorded on our payment row, and
 * the invoice it paid follows (charge.refunded, invoices.listeners.ts); never added up twice.
 */
async function applyRefund(deps: AppDeps, actor: Actor, event: Kind<'charge_refunded'>, providerInvoiceId: string | null | undefined): Promise<void> {
  const refunded = event.amountRefunded / 100;
  const full = event.amountRefunded >= event.amount;
  const payment = event.paymentIntentId ? await q.findPaymentByIntent(deps.db, event.paymentIntentId) : undefined;
  if (payment) {
    await q.updatePayment(deps.db, payment.id, { refundedAmount: toNumeric(refunded), ...(full ? { status: 'refunded' } : {}), updatedAt: deps.now() });
    if (refunded > toMoney(payment.refundedAmount)) {
      const object = await paidObject(deps, payment);
      await recordAudit(deps, actor, { action: `${object.type}.refunded`, object, changes: { refunded_amount: [toMoney(payment.refundedAmount), refunded], full } });
    }
  } else if (providerInvoiceId) {
    const clientId = event.customerId ? await q.clientOfCustomer(deps.db, deps.payments.info.name, event.customerId) : undefined;
    await recordAudit(deps, actor, {
      action: 'invoice.refunded',
      object: { type: 'invoice', id: null, label: providerInvoiceId, clientId: clientId ?? null },
      changes: { refunded_amount: refunded, full },
    });
  }
  // Our payment names its invoice (none for an order's); without one, the provider told which invoice it paid.
  const invoiceId = payment ? payment.invoiceId : null;
  const billedInvoiceId = payment ? null : (providerInvoiceId ?? null);
  if (invoiceId === null && billedInvoiceId === null) {
    if (!payment) unknownCustomer(deps, 'refund', event.customerId);
    return;
  }
  await emit(deps, 'charge.refunded', {
    invoiceId,
    provider: deps.payments.info.name,
    providerInvoiceId: billedInvoiceId,
    refundedAmount: refunded,
    customerId: event.customerId,
  });
}
