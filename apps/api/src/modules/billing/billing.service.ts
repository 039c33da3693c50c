import { randomUUID } from 'node:crypto';
import {
  cardLabel,
  paymentIntentIdOf,
  planPriceId,
  type TBillingConfig,
  type TBillingPlans,
  type TCancelSubscription,
  type TChangePlan,
  type TChoosePlan,
  type TConfirmPayment,
  type TConfirmPaymentResponse,
  type TConfirmSetup,
  type TCreateSubscriptionResponse,
  type TPaymentIntent,
  type TPaymentMethods,
  type TPlanChangePreview,
  type TSetupIntent,
  type TSubscription,
} from '@agency/contract';
import { requireOwnClient, type Actor } from '../../core/actor';
import { utcDate } from '../../core/clock';
import { AppError } from '../../core/errors';
import { toMoney, toNumeric } from '../../core/money';
import type { AppDeps } from '../../deps';
import { transact } from '../../events/outbox';
import {
  PaymentProviderError,
  type ConfirmOutcome,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderPaymentIntent,
  type ProviderSubscription,
  type SandboxConfirmation,
} from '../../integrations/payments/provider';
import { applyPaymentEvents, makeDefaultIfNone } from './billing-events.service';
import { loadCatalogue, priceOf, requirePrice, toBillingPlanDto, type PlanPrice } from '../catalogue';
import { fromCents, toCents } from './billing-format';
import * as q from './billing.queries';
import { readyForPayment } from '../orders';
import { recordAudit } from '../audit';

/**
 * Client billing: subscriptions, Pay Now, saved cards. Every provider call happens outside a database
 * transaction (a provider is a remote service); what it answers is then recorded in one. What happens to a
 * payment afterwards arrives as provider events (billing-events.service.ts), from Stripe's webhooks or from
 * the sandbox, and is applied there.
 */

/** Which provider takes payments, and the key the browser needs for it (public: the checkout reads it). */
export function getBillingConfig(deps: AppDeps): TBillingConfig {
  return { provider: deps.payments.info.name, publishable_key: deps.payments.info.publishableKey };
}

/** The catalogue's plans, with the prices the server charges (public: /pricing's and checkout's prices agree with it). */
export async function listBillingPlans(deps: AppDeps): Promise<TBillingPlans> {
  const catalogue = await loadCatalogue(deps);
  return { results: catalogue.plans.map(toBillingPlanDto) };
}

/**
 * Runs a provider call and turns its failures into API errors: a card error or an outage is a 502 with the
 * provider's message (the screens show it as given), an unknown id a 404.
 */
export async function providerCall<T>(deps: AppDeps, what: string, call: (provider: PaymentProvider) => Promise<T>): Promise<T> {
  try {
    return await call(deps.payments);
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    deps.logger.warn({ provider: deps.payments.info.name, what, type: err.type, declineCode: err.declineCode }, 'payment provider refused a call');
    if (err.type === 'not_found') throw new AppError('not_found', err.message);
    if (err.type === 'invalid_request') throw new AppError('bad_request', err.message);
    throw new AppError('payment_provider_error', err.message);
  }
}

/** The client's customer at the active provider, made on first need (idempotent per client). */
async function ensureCustomer(deps: AppDeps, clientId: number): Promise<string> {
  const provider = deps.payments.info.name;
  const existing = await q.findCustomerId(deps.db, clientId, provider);
  if (existing) return existing;
  const contact = await q.clientContact(deps.db, clientId);
  if (!contact) throw new AppError('not_found', 'Your client account was not found.');
  const customerId = await providerCall(deps, 'create customer', (p) =>
    p.createCustomer({
      email: contact.userEmail ?? contact.email ?? null,
      name: contact.name,
      clientId,
      idempotencyKey: `client-${clientId}-customer`,
    }),
  );
  return q.saveCustomerId(deps.db, clientId, provider, customerId);
}

/** A subscription row as the API shows it; the plan's platform and features come from the catalogue. */
export async function toSubscriptionDto(deps: AppDeps, row: q.SubscriptionRow): Promise<TSubscription> {
  const catalogue = await loadCatalogue(deps);
  const cycle = row.billingCycle === 'annual' ? 'annual' : 'monthly';
  const price = priceOf(catalogue, planPriceId(row.planId, cycle));
  return {
    id: row.id,
    plan: row.planId as TSubscription['plan'],
    plan_name: row.planName,
    platform: price?.plan.platform ?? 'instagram',
    price_id: planPriceId(row.planId, cycle),
    provider: row.provider === 'stripe' ? 'stripe' : 'sandbox',
    price: toMoney(row.price),
    billing_cycle: cycle,
    // While paused nothing is billed, so there is no next billing date.
    next_billing_date: row.currentPeriodEnd && !row.pausedAt ? utcDate(row.currentPeriodEnd) : null,
    status: row.status as TSubscription['status'],
    cancel_at_period_end: row.cancelAtPeriodEnd,
    paused_at: row.pausedAt ? row.pausedAt.toISOString() : null,
    features: [...(price?.plan.features ?? [])],
    created_at: row.createdAt.toISOString(),
  };
}

/** The subscription that is running (active, or past due after a failed renewal), at the active provider. */
async function runningSubscription(deps: AppDeps, clientId: number) {
  const row = await q.latestSubscription(deps.db, clientId, ['active', 'past_due']);
  return row && row.provider === deps.payments.info.name ? row : undefined;
}

async function requireRunningSubscription(deps: AppDeps, clientId: number) {
  const row = await runningSubscription(deps, clientId);
  if (!row?.providerSubscriptionId) throw new AppError('not_found', 'You have no active subscription.');
  return { row, providerSubscriptionId: row.providerSubscriptionId };
}

export async function getSubscription(deps: AppDeps, actor: Actor): Promise<TSubscription | null> {
  const row = await q.latestSubscription(deps.db, requireOwnClient(actor), ['active', 'past_due']);
  return row ? toSubscriptionDto(deps, row) : null;
}

/**
 * Subscribes the client to a plan: our row first (its id makes the provider's idempotency key, so a retried
 * request never creates a second subscription), then the provider's subscription, whose first invoice the
 * browser pays with the client secret. A subscription left incomplete by an earlier attempt is cancelled.
 */
export async function createSubscription(deps: AppDeps, actor: Actor, input: TChoosePlan): Promise<TCreateSubscriptionResponse> {
  const clientId = requireOwnClient(actor);
  const price = requirePrice(await loadCatalogue(deps), input.price_id);
  if (await q.latestSubscription(deps.db, clientId, ['active', 'past_due'])) {
    throw new AppError('conflict', 'You already have an active subscription. Use Change Plan to switch plans.');
  }
  const customerId = await ensureCustomer(deps, clientId);
  const provider = deps.payments.info.name;
  const abandoned = await q.latestSubscription(deps.db, clientId, ['incomplete']);
  if (abandoned?.providerSubscriptionId && abandoned.provider === provider) {
    const id = abandoned.providerSubscriptionId;
    await providerCall(deps, 'cancel incomplete subscription', (p) => p.cancelSubscription({ subscriptionId: id, atPeriodEnd: false }));
    await q.updateSubscription(deps.db, abandoned.id, { status: 'cancelled', cancelledAt: deps.now(), updatedAt: deps.now() });
  }
  // A plain transaction, not transact: a create under an Idempotency-Key is marked done once the provider answered.
  const row = await deps.db.transaction(async (db) => {
    const tx = { ...deps, db };
    const inserted = await q.insertSubscription(tx.db, {
      clientId,
      planId: price.plan.id,
      planName: price.plan.name,
      price: toNumeric(price.amount),
      billingCycle: price.cycle,
      provider,
      status: 'incomplete',
    });
    // Started: it is active once its first invoice is paid (subscription.activated).
    await recordAudit(tx, actor, {
      action: 'subscription.created',
      object: { type: 'subscription', id: inserted.id, label: `${inserted.planName} plan`, clientId },
      changes: { plan: price.plan.name, price: price.amount, billing_cycle: price.cycle },
    });
    return inserted;
  });
  let start;
  try {
    start = await providerCall(deps, 'create subscription', (p) =>
      p.createSubscription({
        customerId,
        priceLookupKey: price.priceId,
        metadata: { client_id: String(clientId), subscription_row: String(row.id) },
        idempotencyKey: `subscription-${row.id}-create`,
      }),
    );
  } catch (err) {
    await q.updateSubscription(deps.db, row.id, { status: 'cancelled', cancelledAt: deps.now(), updatedAt: deps.now() });
    throw err;
  }
  await q.updateSubscription(deps.db, row.id, { providerSubscriptionId: start.subscription.id });
  const saved = await applySubscriptionAnswer(deps, actor, row, start.subscription);
  return {
    subscription_id: start.subscription.id,
    client_secret: start.clientSecret,
    payment_intent_id: start.clientSecret ? paymentIntentIdOf(start.clientSecret) : null,
    status: saved.status as TCreateSubscriptionResponse['status'],
  };
}

/** The provider's current view of a subscription of ours (what a plan change works from). */
async function providerSubscription(deps: AppDeps, providerSubscriptionId: string): Promise<ProviderSubscription> {
  return providerCall(deps, 'get subscription', (p) => p.getSubscription(providerSubscriptionId));
}

/**
 * The plan a running subscription switches to: another plan of the catalogue on the same billing cycle (moving
 * between monthly and annual billing starts a new period, which a plan change does not do).
 */
async function otherPlan(deps: AppDeps, row: q.SubscriptionRow, input: TChoosePlan): Promise<PlanPrice> {
  const price = requirePrice(await loadCatalogue(deps), input.price_id);
  if (price.plan.id === row.planId) throw new AppError('conflict', `You are already on the ${price.plan.name} plan.`);
  if (price.cycle !== row.billingCycle) {
    const message = `Your plan is billed ${row.billingCycle === 'annual' ? 'annually' : 'monthly'}: choose a plan with the same billing.`;
    throw new AppError('validation_error', `Invalid body: price_id: ${message}`, { price_id: [message] });
  }
  return price;
}

/** What switching plans would cost now: the provider's preview for this instant (sent back with change-plan). */
export async function previewPlanChange(deps: AppDeps, actor: Actor, input: TChoosePlan): Promise<TPlanChangePreview> {
  const { row, providerSubscriptionId } = await requireRunningSubscription(deps, requireOwnClient(actor));
  const price = await otherPlan(deps, row, input);
  const subscription = await providerSubscription(deps, providerSubscriptionId);
  const prorationDate = Math.floor(deps.now().getTime() / 1000);
  const preview = await providerCall(deps, 'preview plan change', (p) =>
    p.previewPlanChange({ subscription, priceLookupKey: price.priceId, prorationDate }),
  );
  return {
    plan: price.plan.id as TPlanChangePreview['plan'],
    plan_name: price.plan.name,
    price: price.amount,
    billing_cycle: price.cycle,
    proration_amount: fromCents(preview.prorationAmount),
    amount_due: fromCents(preview.amountDue),
    next_billing_date: preview.nextBillingDate ? utcDate(preview.nextBillingDate) : null,
    proration_date: preview.prorationDate,
  };
}

/** Maximum age of a previewed proration instant (a stale preview is re-shown rather than charged). */
const PRORATION_DATE_MAX_AGE_S = 60 * 60;

export async function changePlan(deps: AppDeps, actor: Actor, input: TChangePlan): Promise<TSubscription> {
  const { row, providerSubscriptionId } = await requireRunningSubscription(deps, requireOwnClient(actor));
  const price = await otherPlan(deps, row, input);
  const nowS = Math.floor(deps.now().getTime() / 1000);
  const prorationDate = input.proration_date ?? nowS;
  if (prorationDate > nowS + 60 || prorationDate < nowS - PRORATION_DATE_MAX_AGE_S) {
    throw new AppError('validation_error', 'Invalid body: proration_date: The price preview has expired. Please review the change again.', {
      proration_date: ['The price preview has expired. Please review the change again.'],
    });
  }
  const subscription = await providerSubscription(deps, providerSubscriptionId);
  // What the next invoice will charge after the change (the new price plus the proration): the preview the client
  // saw, for the same instant. The next payment shows it until the period renews.
  const preview = await providerCall(deps, 'preview plan change', (p) =>
    p.previewPlanChange({ subscription, priceLookupKey: price.priceId, prorationDate }),
  );
  const changed = await providerCall(deps, 'change plan', (p) =>
    p.changePlan({
      subscription,
      priceLookupKey: price.priceId,
      prorationDate,
      idempotencyKey: `subscription-${row.id}-plan-${price.plan.id}-${prorationDate}`,
    }),
  );
  const saved = await applySubscriptionAnswer(deps, actor, row, changed);
  await q.updateSubscription(deps.db, saved.id, { nextInvoiceAmount: toNumeric(fromCents(preview.amountDue)) });
  return toSubscriptionDto(deps, saved);
}

export async function cancelSubscription(deps: AppDeps, actor: Actor, input: TCancelSubscription | undefined): Promise<TSubscription> {
  const { row, providerSubscriptionId } = await requireRunningSubscription(deps, requireOwnClient(actor));
  const atPeriodEnd = input?.at_period_end ?? true;
  const cancelled = await providerCall(deps, 'cancel subscription', (p) =>
    p.cancelSubscription({ subscriptionId: providerSubscriptionId, atPeriodEnd }),
  );
  return toSubscriptionDto(deps, await applySubscriptionAnswer(deps, actor, row, cancelled));
}

/**
 * Pauses the client's plan: the provider stops collecting (Stripe's pause_collection), the periods go on, nothing is
 * charged until it resumes. A plan past due (its last payment failed) or set to end cannot be paused; pausing a paused
 * plan changes nothing.
 */
export async function pauseSubscription(deps: AppDeps, actor: Actor): Promise<TSubscription> {
  const { row, providerSubscriptionId } = await requireRunningSubscription(deps, requireOwnClient(actor));
  if (row.pausedAt) return toSubscriptionDto(deps, row);
  if (row.status === 'past_due') throw new AppError('conflict', 'Your last payment failed: pay the open invoice before pausing your plan.');
  if (row.cancelAtPeriodEnd) throw new AppError('conflict', 'Your plan is set to end, so it cannot be paused.');
  const paused = await providerCall(deps, 'pause subscription', (p) => p.setCollectionPaused({ subscriptionId: providerSubscriptionId, paused: true }));
  return toSubscriptionDto(deps, await applySubscriptionAnswer(deps, actor, row, paused));
}

/** Resumes a paused plan: it renews again at the end of the current period. Resuming a running plan changes nothing. */
export async function resumeSubscription(deps: AppDeps, actor: Actor): Promise<TSubscription> {
  const { row, providerSubscriptionId } = await requireRunningSubscription(deps, requireOwnClient(actor));
  if (!row.pausedAt) return toSubscriptionDto(deps, row);
  const resumed = await providerCall(deps, 'resume subscription', (p) => p.setCollectionPaused({ subscriptionId: providerSubscriptionId, paused: false }));
  return toSubscriptionDto(deps, await applySubscriptionAnswer(deps, actor, row, resumed));
}

/** Records what the provider answered to a change we asked for (its webhook will say the same later). */
async function applySubscriptionAnswer(deps: AppDeps, actor: Actor, row: q.SubscriptionRow, subscription: ProviderSubscription) {
  await applyPaymentEvents(deps, [
    { eventId: `answer:${subscription.id}:${deps.now().getTime()}`, type: 'api.subscription', created: deps.now(), kind: 'subscription', subscription, deleted: false },
  ], { record: false, actor });
  return (await q.findSubscriptionByProviderId(deps.db, row.provider as 'stripe' | 'sandbox', subscription.id)) ?? row;
}

// ---- Paying an invoice or an order ---------------------------------------------------------------

/**
 * Pay Now: a payment intent for exactly the invoice's amount, tied to it. An invoice the provider billed (a
 * subscription renewal that failed) is paid through the provider's own invoice, so the subscription recovers.
 * A paid or refunded invoice is a 409; another client's invoice a 404.
 */
export async function startInvoicePayment(deps: AppDeps, actor: Actor, invoiceId: number): Promise<TPaymentIntent> {
  const clientId = requireOwnClient(actor);
  const invoice = await q.findOwnInvoice(deps.db, clientId, invoiceId);
  if (!invoice) throw new AppError('not_found', 'Invoice not found.');
  if (invoice.status === 'paid' || invoice.status === 'refunded') {
    throw new AppError('conflict', `Invoice ${invoice.invoiceNumber} is already paid.`);
  }
  const provider = deps.payments.info.name;
  if (invoice.providerInvoiceId && invoice.provider === provider) {
    const providerInvoiceId = invoice.providerInvoiceId;
    const confirmation = await providerCall(deps, 'invoice payment', (p) => p.getInvoiceConfirmation(providerInvoiceId));
    await transact(deps, (tx) => recordAudit(tx, actor, paymentStarted({ invoiceId }, clientId, invoice.amount, invoice.invoiceNumber)));
    return { client_secret: confirmation.clientSecret, payment_intent_id: confirmation.paymentIntentId, amount: toMoney(invoice.amount), provider };
  }
  return startPayment(deps, actor, clientId, { invoiceId }, invoice.amount, `Invoice ${invoice.invoiceNumber}`, invoice.invoiceNumber);
}

/** The order-payment entry point (the storefront's checkout): an intent for the order's server-computed total. */
export async function startOrderPayment(deps: AppDeps, actor: Actor, orderId: number): Promise<TPaymentIntent> {
  if (actor.kind !== 'user') throw new AppError('not_authenticated', 'Authentication credentials were not provided.');
  const order = await q.findOwnOrder(deps.db, actor.id, orderId);
  if (!order) throw new AppError('not_found', 'Order not found.');
  if (order.status !== 'pending' && order.status !== 'failed') {
    throw new AppError('conflict', `Order ${order.id} is ${order.status === 'succeeded' ? 'already paid' : order.status}.`);
  }
  await readyForPayment(deps, order.id);
  const clientId = order.clientId ?? requireOwnClient(actor);
  return startPayment(deps, actor, clientId, { orderId }, order.total, `Order ${order.id}`, `Order #${order.id}`);
}

/** Pay Now opened a payment at the provider: who, what it pays and how much (its outcome is recorded when it comes). */
function paymentStarted(target: { invoiceId: number } | { orderId: number }, clientId: number, amount: string, label: string) {
  const object =
    'invoiceId' in target
      ? { type: 'invoice', id: target.invoiceId, label, clientId }
      : { type: 'order', id: target.orderId, label, clientId };
  return { action: `${object.type}.payment_started`, object, changes: { amount: toMoney(amount) } };
}

async function startPayment(
  deps: AppDeps,
  actor: Actor,
  clientId: number,
  target: { invoiceId: number } | { orderId: number },
  amount: string,
  description: string,
  label: string,
): Promise<TPaymentIntent> {
  const provider = deps.payments.info.name;
  // A second click on Pay Now continues the attempt that is still waiting for a card.
  const open = await q.openPaymentFor(deps.db, target, amount, provider);
  if (open) {
    const pi = await providerCall(deps, 'get payment intent', (p) => p.getPaymentIntent(open.providerPaymentIntentId));
    if (pi.clientSecret && (pi.status === 'requires_payment_method' || pi.status === 'requires_action' || pi.status === 'requires_confirmation')) {
      return { client_secret: pi.clientSecret, payment_intent_id: pi.id, amount: toMoney(amount), provider };
    }
  }
  const customerId = await ensureCustomer(deps, clientId);
  const attempt = (await q.countPaymentsFor(deps.db, target)) + 1;
  const key = 'invoiceId' in target ? `invoice-${target.invoiceId}` : `order-${target.orderId}`;
  const metadata: Record<string, string> = { client_id: String(clientId) };
  if ('invoiceId' in target) metadata.invoice_id = String(target.invoiceId);
  else metadata.order_id = String(target.orderId);
  const pi = await providerCall(deps, 'create payment intent', (p) =>
    p.createPaymentIntent({ customerId, amount: toCents(amount), description, metadata, idempotencyKey: `${key}-payment-${attempt}` }),
  );
  if (!pi.clientSecret) throw new AppError('payment_provider_error', 'No client secret received from the payment provider.');
  await transact(deps, async (tx) => {
    await q.insertPayment(tx.db, {
      clientId,
      ...('invoiceId' in target ? { invoiceId: target.invoiceId } : { orderId: target.orderId }),
      provider,
      providerPaymentIntentId: pi.id,
      amount,
      status: 'requires_payment_method',
    });
    await recordAudit(tx, actor, paymentStarted(target, clientId, amount, label));
  });
  return { client_secret: pi.clientSecret, payment_intent_id: pi.id, amount: toMoney(amount), provider };
}

/** A payment intent or setup intent must belong to the client's own customer (else it is a 404). */
async function requireOwnCustomer(deps: AppDeps, clientId: number, customerIdOfIntent: string | null, what: string) {
  const customerId = await q.findCustomerId(deps.db, clientId, deps.payments.info.name);
  if (!customerId || customerIdOfIntent !== customerId) throw new AppError('not_found', `${what} not found.`);
}

function sandboxConfirmation(input: TConfirmPayment | TConfirmSetup): SandboxConfirmation {
  if (input.authentication) return { authentication: input.authentication };
  const { card_number: number, exp_month: expMonth, exp_year: expYear, cvc } = input;
  if (!number || !expMonth || expYear === undefined || !cvc) {
    throw new AppError('validation_error', 'Please complete your card information.', { card_number: ['Please complete your card information.'] });
  }
  return { card: { number, expMonth, expYear, cvc } };
}

const confirmResponse = (o: ConfirmOutcome): TConfirmPaymentResponse => ({ status: o.status, error: o.error, decline_code: o.declineCode });

/**
 * Confirms a payment on the server. With the sandbox this is where the card (a Stripe test number) is
 * charged, and what follows arrives as the events Stripe would send. With Stripe the browser has confirmed it
 * already (Stripe.js); this re-reads it so the screens do not wait for the webhook.
 */
export async function confirmPayment(deps: AppDeps, actor: Actor, input: TConfirmPayment): Promise<TConfirmPaymentResponse> {
  const clientId = requireOwnClient(actor);
  const pi = await providerCall(deps, 'get payment intent', (p) => p.getPaymentIntent(input.payment_intent_id));
  await requireOwnCustomer(deps, clientId, pi.customerId, 'Payment');
  const sandbox = deps.payments.sandbox;
  // An intent the sandbox already charged (a retry, or a crash between its answer and our commit) is read back
  // like a Stripe one below, so the order or invoice it paid is marked paid instead of staying pending.
  if (sandbox && pi.status !== 'succeeded') {
    const confirmation = sandboxConfirmation(input);
    const { outcome, events } = await providerCall(deps, 'confirm payment', () => sandbox.confirmPayment(pi.id, confirmation));
    await applyPaymentEvents(deps, events, { record: true, actor });
    return confirmResponse(outcome);
  }
  await applyPaymentEvents(deps, await recheckEvents(deps, pi), { record: false, actor });
  return { status: pi.status, error: pi.status === 'succeeded' ? null : pi.lastError, decline_code: null };
}

/**
 * What a Stripe payment the browser just confirmed changed, read back from Stripe (the webhook says the same a
 * moment later): the payment itself, and when it paid a subscription's invoice, that invoice and its
 * subscription, so the plan is active when the success screen reloads.
 */
async function recheckEvents(deps: AppDeps, pi: ProviderPaymentIntent): Promise<PaymentEvent[]> {
  const now = deps.now();
  const base = { eventId: `recheck:${pi.id}:${now.getTime()}`, created: now };
  const events: PaymentEvent[] = [
    { ...base, type: 'api.payment_intent', kind: 'payment_intent', outcome: pi.status === 'succeeded' ? 'succeeded' : 'payment_failed', paymentIntent: pi },
  ];
  if (pi.status !== 'succeeded' || (await q.findPaymentByIntent(deps.db, pi.id))) return events;
  const invoiceId = await providerCall(deps, 'find invoice of payment', (p) => p.invoiceIdOfPayment(pi.id));
  if (!invoiceId) return events;
  const invoice = await providerCall(deps, 'get invoice', (p) => p.getInvoice(invoiceId));
  if (invoice.status !== 'paid') return events;
  if (invoice.subscriptionId) {
    const subscriptionId = invoice.subscriptionId;
    const subscription = await providerCall(deps, 'get subscription', (p) => p.getSubscription(subscriptionId));
    events.push({ ...base, type: 'api.subscription', kind: 'subscription', subscription, deleted: false });
  }
  events.push({ ...base, type: 'api.invoice', kind: 'invoice', outcome: 'paid', invoice });
  return events;
}

export async function confirmSetup(deps: AppDeps, actor: Actor, input: TConfirmSetup): Promise<TConfirmPaymentResponse> {
  const clientId = requireOwnClient(actor);
  const seti = await providerCall(deps, 'get setup intent', (p) => p.getSetupIntent(input.setup_intent_id));
  await requireOwnCustomer(deps, clientId, seti.customerId, 'Card setup');
  const sandbox = deps.payments.sandbox;
  if (sandbox) {
    const confirmation = sandboxConfirmation(input);
    const { outcome, events } = await providerCall(deps, 'confirm setup', () => sandbox.confirmSetup(seti.id, confirmation));
    await applyPaymentEvents(deps, events, { record: true, actor });
    if (outcome.status === 'succeeded') await recordCardSaved(deps, actor, clientId, seti.id);
    return confirmResponse(outcome);
  }
  const { customerId, paymentMethodId } = seti;
  if (seti.status === 'succeeded' && customerId && paymentMethodId) {
    await providerCall(deps, 'set default card', () => makeDefaultIfNone(deps, customerId, paymentMethodId));
  }
  if (seti.status === 'succeeded') await recordCardSaved(deps, actor, clientId, seti.id);
  return { status: seti.status, error: seti.status === 'succeeded' ? null : seti.lastError, decline_code: null };
}

// ---- Saved cards ---------------------------------------------------------------------------------

/** The client as the audit log names it, for what is done to its cards (kept at the provider, not in our tables). */
async function clientObject(deps: AppDeps, clientId: number) {
  return { type: 'client', id: clientId, label: (await q.clientContact(deps.db, clientId))?.name ?? `Client #${clientId}`, clientId };
}

/** A saved card's name as people see it: "Visa •••• 4242". */
const cardName = (card: { brand: string; last4: string } | undefined) => (card ? cardLabel(card) : null);

async function recordCardSaved(deps: AppDeps, actor: Actor, clientId: number, setupIntentId: string) {
  await transact(deps, async (tx) => recordAudit(tx, actor, { action: 'client.card_saved', object: await clientObject(tx, clientId), changes: { setup_intent: setupIntentId } }));
}

export async function listPaymentMethods(deps: AppDeps, actor: Actor): Promise<TPaymentMethods> {
  const customerId = await q.findCustomerId(deps.db, requireOwnClient(actor), deps.payments.info.name);
  if (!customerId) return { results: [] };
  const cards = await providerCall(deps, 'list cards', (p) => p.listCards(customerId));
  return {
    results: cards.map((c) => ({ id: c.id, brand: c.brand, last4: c.last4, exp_month: c.expMonth, exp_year: c.expYear, is_default: c.isDefault })),
  };
}

export async function createSetupIntent(deps: AppDeps, actor: Actor): Promise<TSetupIntent> {
  const clientId = requireOwnClient(actor);
  const customerId = await ensureCustomer(deps, clientId);
  // Each Add card is a new setup (it charges nothing); the key still makes the provider's own retries of this
  // call (network errors) return the same setup intent.
  const seti = await providerCall(deps, 'create setup intent', (p) =>
    p.createSetupIntent({ customerId, idempotencyKey: `client-${clientId}-setup-${randomUUID()}` }),
  );
  return { client_secret: seti.clientSecret, setup_intent_id: seti.id, provider: deps.payments.info.name };
}

async function ownCustomerId(deps: AppDeps, actor: Actor): Promise<string> {
  const customerId = await q.findCustomerId(deps.db, requireOwnClient(actor), deps.payments.info.name);
  if (!customerId) throw new AppError('not_found', 'Payment method not found.');
  return customerId;
}

export async function setDefaultPaymentMethod(deps: AppDeps, actor: Actor, paymentMethodId: string): Promise<TPaymentMethods> {
  const customerId = await ownCustomerId(deps, actor);
  await providerCall(deps, 'set default card', (p) => p.setDefaultCard(customerId, paymentMethodId));
  const methods = await listPaymentMethods(deps, actor);
  const card = methods.results.find((c) => c.id === paymentMethodId);
  const clientId = requireOwnClient(actor);
  await transact(deps, async (tx) =>
    recordAudit(tx, actor, { action: 'client.default_card_changed', object: await clientObject(tx, clientId), changes: { card: cardName(card) } }),
  );
  return methods;
}

export async function deletePaymentMethod(deps: AppDeps, actor: Actor, paymentMethodId: string): Promise<void> {
  const customerId = await ownCustomerId(deps, actor);
  const cards = await providerCall(deps, 'list cards', (p) => p.listCards(customerId));
  await providerCall(deps, 'detach card', (p) => p.detachCard(customerId, paymentMethodId));
  const clientId = requireOwnClient(actor);
  await transact(deps, async (tx) =>
    recordAudit(tx, actor, { action: 'client.card_removed', object: await clientObject(tx, clientId), changes: { card: cardName(cards.find((c) => c.id === paymentMethodId)) } }),
  );
}
