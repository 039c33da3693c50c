import { DEFAULT_CATALOGUE, findPlanPrice, type TPlanBillingCycle } from '@agency/contract';
import type { Clock } from '../../../core/clock';
import type { Db } from '../../../db/types';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type ConfirmOutcome,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderCard,
  type ProviderSubscription,
  type SandboxConfirmation,
  type SandboxControls,
} from '../provider';
import {
  SandboxStore,
  clientSecretFor,
  sandboxId,
  type PendingCard,
  type SandboxInvoice,
  type SandboxPaymentIntent,
  type SandboxSubscription,
} from './sandbox-store';
import { DECLINE_MESSAGES, sandboxCardOutcome } from './test-cards';

/**
 * The built-in payment provider: a small Stripe of our own. It keeps its objects in its own table (as Stripe
 * keeps them on its side), answers Stripe's test cards as Stripe's test mode does, and reports what happens
 * to a payment as the events Stripe's webhooks would send, which the billing service applies through the
 * same entry point as a webhook.
 */

/** Stripe's message when the card holder fails (or abandons) 3-D Secure. */
export const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

const notFound = (what: string, id: string) => new PaymentProviderError(`No such ${what}: '${id}'`, 'not_found');

/** The end of a billing period that starts at `d`: a month later, or a year for an annual price. */
function addPeriod(d: Date, cycle: TPlanBillingCycle): Date {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + (cycle === 'annual' ? 12 : 1));
  return next;
}

/**
 * The sandbox's prices, as Stripe's Prices would be found by lookup key: one per plan and billing cycle of the
 * catalogue a fresh install sells (an agency's own catalogue, issue 29, will create them here as it does at Stripe).
 */
function sandboxPrice(lookupKey: string): { cents: number; cycle: TPlanBillingCycle } {
  const price = findPlanPrice(DEFAULT_CATALOGUE.plans, lookupKey);
  if (!price) throw new PaymentProviderError(`No such price: '${lookupKey}'`, 'invalid_request');
  return { cents: price.amount * 100, cycle: price.cycle };
}

const cycleOf = (lookupKey: string): TPlanBillingCycle => findPlanPrice(DEFAULT_CATALOGUE.plans, lookupKey)?.cycle ?? 'monthly';

/** The public shape of a stored subscription (what Stripe's API would answer). */
function publicSubscription(sub: SandboxSubscription): ProviderSubscription {
  return {
    id: sub.id,
    customerId: sub.customerId,
    status: sub.status,
    priceLookupKey: sub.priceLookupKey,
    itemId: sub.itemId,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    // Stored before pausing existed: not paused.
    collectionPaused: Boolean(sub.collectionPaused),
    latestInvoiceId: sub.latestInvoiceId,
    created: sub.created,
  };
}

function publicInvoice(inv: SandboxInvoice) {
  const { paymentIntentId: _pi, ...rest } = inv;
  return rest;
}

function publicPaymentIntent(pi: SandboxPaymentIntent) {
  const { invoiceId: _inv, pendingCard: _card, description: _d, ...rest } = pi;
  return rest;
}

export function createSandboxProvider(db: Db, now: Clock): PaymentProvider & { sandbox: SandboxControls } {
  const store = new SandboxStore(db);

  const event = (type: string, body: DistributiveOmit<PaymentEvent, 'eventId' | 'type' | 'created'>): PaymentEvent =>
    ({ eventId: sandboxId('event'), type, created: now(), ...body }) as PaymentEvent;

  async function mustGet<K extends Parameters<SandboxStore['get']>[0]>(kind: K, id: string) {
    const object = await store.get(kind, id);
    if (!object) throw notFound(kind.replace('_', ' '), id);
    return object;
  }

  /** A card the customer typed in, saved to them (and made their default when they have none, or `makeDefault`). */
  async function saveCard(customerId: string, card: PendingCard, makeDefault: boolean) {
    const id = sandboxId('payment_method');
    await store.create('payment_method', { id, customerId, ...card }, { customerId });
    const customer = await mustGet('customer', customerId);
    if (makeDefault || !customer.defaultPaymentMethod) await store.put('customer', { ...customer, defaultPaymentMethod: id });
    return id;
  }

  /** A payment that went through: the intent, its invoice and the invoice's subscription move on. */
  async function succeed(pi: SandboxPaymentIntent, card: PendingCard): Promise<PaymentEvent[]> {
    const paid: SandboxPaymentIntent = {
      ...pi,
      status: 'succeeded',
      lastError: null,
      pendingCard: null,
      card: { brand: card.brand, last4: card.last4 },
    };
    await store.put('payment_intent', paid);
    const events: PaymentEvent[] = [event('payment_intent.succeeded', { kind: 'payment_intent', outcome: 'succeeded', paymentIntent: publicPaymentIntent(paid) })];
    if (!pi.invoiceId) return events;
    const invoice = await mustGet('invoice', pi.invoiceId);
    const paidInvoice: SandboxInvoice = { ...invoice, status: 'paid', amountPaid: invoice.amountDue, lastPaymentError: null };
    await store.put('invoice', paidInvoice);
    events.push(event('invoice.paid', { kind: 'invoice', outcome: 'paid', invoice: publicInvoice(paidInvoice) }));
    if (invoice.subscriptionId) {
      // payment_settings.save_default_payment_method = on_subscription: the card that paid becomes the default.
      if (pi.customerId) await saveCard(pi.customerId, card, true);
      const sub = await mustGet('subscription', invoice.subscriptionId);
      if (sub.status !== 'active' && sub.status !== 'cancelled') {
        const active: SandboxSubscription = { ...sub, status: 'active' };
        await store.put('subscription', active);
        events.push(event('customer.subscription.updated', { kind: 'subscription', subscription: publicSubscription(active), deleted: false }));
      }
    }
    return events;
  }

  /** A payment that was refused: the intent waits for another card; its invoice records the failure. */
  async function fail(pi: SandboxPaymentIntent, message: string): Promise<PaymentEvent[]> {
    const failed: SandboxPaymentIntent = { ...pi, status: 'requires_payment_method', lastError: message, pendingCard: null };
    await store.put('payment_intent', failed);
    const events: PaymentEvent[] = [
      event('payment_intent.payment_failed', { kind: 'payment_intent', outcome: 'payment_failed', paymentIntent: publicPaymentIntent(failed) }),
    ];
    if (pi.invoiceId) {
      const invoice = await mustGet('invoice', pi.invoiceId);
      const failedInvoice: SandboxInvoice = { ...invoice, lastPaymentError: message };
      await store.put('invoice', failedInvoice);
      events.push(event('invoice.payment_failed', { kind: 'invoice', outcome: 'payment_failed', invoice: publicInvoice(failedInvoice) }));
    }
    return events;
  }

  /** Reads a typed-in card, or the 3-D Secure answer, into what happens next. */
  function cardStep(
    pending: PendingCard | null,
    confirmation: SandboxConfirmation,
    purpose: 'payment' | 'setup',
  ): { kind: 'succeed'; card: PendingCard } | { kind: 'authenticate'; card: PendingCard } | { kind: 'fail'; message: string; code: string } {
    if ('authentication' in confirmation) {
      if (!pending) throw new PaymentProviderError('This payment is not waiting for authentication.', 'invalid_request');
      return confirmation.authentication === 'complete'
        ? { kind: 'succeed', card: pending }
        : { kind: 'fail', message: AUTHENTICATION_FAILED, code: 'payment_intent_authentication_failure' };
    }
    const outcome = sandboxCardOutcome(confirmation.card, now());
    if (outcome.kind === 'incomplete') throw new PaymentProviderError(outcome.message, 'invalid_request');
    if (outcome.kind === 'declined') return { kind: 'fail', message: outcome.message, code: outcome.code };
    const chargesDecline = outcome.kind === 'succeeded' ? outcome.chargesDecline : undefined;
    if (chargesDecline && purpose === 'payment') return { kind: 'fail', message: DECLINE_MESSAGES[chargesDecline], code: chargesDecline };
    const card: PendingCard = {
      brand: outcome.brand,
      last4: outcome.last4,
      expMonth: confirmation.card.expMonth,
      expYear: confirmation.card.expYear < 100 ? 2000 + confirmation.card.expYear : confirmation.card.expYear,
      // A later charge of this card (a renewal) ends as Stripe's would for the same test number.
      renewalOutcome: chargesDecline ? { declineCode: chargesDecline, message: DECLINE_MESSAGES[chargesDecline] } : 'succeeded',
      ...(outcome.kind === 'requires_action' && outcome.always ? { authenticateCharges: true } : {}),
    };
    return outcome.kind === 'requires_action' ? { kind: 'authenticate', card } : { kind: 'succeed', card };
  }

  const outcomeOf = (status: ConfirmOutcome['status'], error: string | null = null, declineCode: string | null = null): ConfirmOutcome => ({
    status,
    error,
    declineCode,
  });

  const controls: SandboxControls = {
    async confirmPayment(paymentIntentId, confirmation) {
      const pi = await mustGet('payment_intent', paymentIntentId);
      if (pi.status === 'succeeded') return { outcome: outcomeOf('succeeded'), events: [] };
      if (pi.status === 'canceled') throw new PaymentProviderError('This payment was cancelled.', 'invalid_request');
      const step = cardStep(pi.pendingCard, confirmation, 'payment');
      if (step.kind === 'authenticate') {
        await store.put('payment_intent', { ...pi, status: 'requires_action', pendingCard: step.card, lastError: null });
        return { outcome: outcomeOf('requires_action'), events: [] };
      }
      if (step.kind === 'fail') {
        return { outcome: outcomeOf('requires_payment_method', step.message, step.code), events: await fail(pi, step.message) };
      }
      return { outcome: outcomeOf('succeeded'), events: await succeed(pi, step.card) };
    },

    async confirmSetup(setupIntentId, confirmation) {
      const seti = await mustGet('setup_intent', setupIntentId);
      if (seti.status === 'succeeded') return { outcome: outcomeOf('succeeded'), events: [] };
      const step = cardStep(seti.pendingCard, confirmation, 'setup');
      if (step.kind === 'authenticate') {
        await store.put('setup_intent', { ...seti, status: 'requires_action', pendingCard: step.card, lastError: null });
        return { outcome: outcomeOf('requires_action'), events: [] };
      }
      if (step.kind === 'fail') {
        await store.put('setup_intent', { ...seti, status: 'requires_payment_method', pendingCard: null, lastError: step.message });
        return { outcome: outcomeOf('requires_payment_method', step.message, step.code), events: [] };
      }
      const paymentMethodId = seti.customerId ? await saveCard(seti.customerId, step.card, false) : null;
      await store.put('setup_intent', { ...seti, status: 'succeeded', pendingCard: null, lastError: null, paymentMethodId });
      return {
        outcome: outcomeOf('succeeded'),
        events: [event('setup_intent.succeeded', { kind: 'setup_succeeded', setupIntentId, customerId: seti.customerId, paymentMethodId })],
      };
    },

    async renewDueSubscriptions() {
      const events: PaymentEvent[] = [];
      for (const sub of await store.subscriptionsDue(now())) {
        if (sub.cancelAtPeriodEnd) {
          const ended: SandboxSubscription = { ...sub, status: 'cancelled' };
          await store.put('subscription', ended);
          events.push(event('customer.subscription.deleted', { kind: 'subscription', subscription: publicSubscription(ended), deleted: true }));
          continue;
        }
        // A past-due subscription is not billed again until its open invoice is paid (Stripe retries that one).
        if (sub.status === 'past_due') continue;
        if (sub.collectionPaused) {
          // Paused collection (Stripe's pause_collection, behavior 'void'): the period goes on, nothing is billed.
          const periodStart = sub.currentPeriodEnd ?? now();
          const skipped: SandboxSubscription = {
            ...sub,
            currentPeriodStart: periodStart,
            currentPeriodEnd: addPeriod(periodStart, cycleOf(sub.priceLookupKey ?? '')),
            pendingProration: 0,
          };
          await store.put('subscription', skipped);
          events.push(event('customer.subscription.updated', { kind: 'subscription', subscription: publicSubscription(skipped), deleted: false }));
          continue;
        }
        const periodStart = sub.currentPeriodEnd ?? now();
        const renewed: SandboxSubscription = {
          ...sub,
          currentPeriodStart: periodStart,
          currentPeriodEnd: addPeriod(periodStart, cycleOf(sub.priceLookupKey ?? '')),
          pendingProration: 0,
        };
        const { invoice, paymentIntent } = await openInvoice(renewed, sub.amount + sub.pendingProration, 'subscription_cycle', `renewal-${sub.id}-${periodStart.toISOString()}`);
        renewed.latestInvoiceId = invoice.id;
        await store.put('subscription', renewed);
        const customer = await mustGet('customer', sub.customerId);
        const card = customer.defaultPaymentMethod ? await store.get('payment_method', customer.defaultPaymentMethod) : undefined;
        if (card && card.renewalOutcome === 'succeeded') {
          events.push(...(await succeed(paymentIntent, card)));
        } else {
          const message = card && card.renewalOutcome !== 'succeeded' ? card.renewalOutcome.message : 'The customer has no saved card to charge.';
          events.push(...(await fail(paymentIntent, message)));
          const pastDue: SandboxSubscription = { ...renewed, status: 'past_due' };
          await store.put('subscription', pastDue);
          events.push(event('customer.subscription.updated', { kind: 'subscription', subscription: publicSubscription(pastDue), deleted: false }));
        }
      }
      return events;
    },
  };

  /** A payment intent not yet paid (a fresh id and client secret), as every way of making one starts it. */
  function newPaymentIntent(p: { customerId: string; amount: number; description: string; metadata: Record<string, string>; invoiceId?: string }): SandboxPaymentIntent {
    const id = sandboxId('payment_intent');
    return {
      id,
      clientSecret: clientSecretFor(id),
      status: 'requires_payment_method',
      amount: p.amount,
      customerId: p.customerId,
      metadata: p.metadata,
      lastError: null,
      card: null,
      created: now(),
      invoiceId: p.invoiceId ?? null,
      pendingCard: null,
      description: p.description,
    };
  }

  /** An open invoice of a subscription and the payment intent that pays it. */
  async function openInvoice(sub: SandboxSubscription, amount: number, billingReason: string, idempotencyKey: string) {
    const invoiceId = sandboxId('invoice');
    const paymentIntent = await store.create(
      'payment_intent',
      newPaymentIntent({ customerId: sub.customerId, amount, description: `Subscription ${sub.id}`, metadata: {}, invoiceId }),
      { customerId: sub.customerId, idempotencyKey: `${idempotencyKey}-pi` },
    );
    const invoice = await store.create(
      'invoice',
      {
        id: paymentIntent.invoiceId ?? invoiceId,
        customerId: sub.customerId,
        subscriptionId: sub.id,
        status: 'open',
        amountDue: amount,
        amountPaid: 0,
        periodStart: sub.currentPeriodStart,
        periodEnd: sub.currentPeriodEnd,
        billingReason,
        lastPaymentError: null,
        created: now(),
        paymentIntentId: paymentIntent.id,
      },
      { customerId: sub.customerId, idempotencyKey: `${idempotencyKey}-invoice` },
    );
    return { invoice, paymentIntent };
  }

  async function cardsOf(customerId: string): Promise<ProviderCard[]> {
    const customer = await mustGet('customer', customerId);
    const cards = await store.listByCustomer('payment_method', customerId);
    return cards.map((c) => ({
      id: c.id,
      brand: c.brand,
      last4: c.last4,
      expMonth: c.expMonth,
      expYear: c.expYear,
      isDefault: c.id === customer.defaultPaymentMethod,
    }));
  }

  async function ownCard(customerId: string, paymentMethodId: string) {
    const card = await store.get('payment_method', paymentMethodId);
    if (!card || card.customerId !== customerId) throw notFound('payment method', paymentMethodId);
    return card;
  }

  return {
    info: { name: 'sandbox', publishableKey: null },
    sandbox: controls,

    async createCustomer({ email, name, clientId, idempotencyKey }) {
      const id = sandboxId('customer');
      const customer = await store.create('customer', { id, email, name, clientId, defaultPaymentMethod: null }, { customerId: id, idempotencyKey });
      return customer.id;
    },

    async createSubscription({ customerId, priceLookupKey, metadata, idempotencyKey }) {
      await mustGet('customer', customerId);
      const { cents: amount, cycle } = sandboxPrice(priceLookupKey);
      const start = now();
      const id = sandboxId('subscription');
      const draft: SandboxSubscription = {
        id,
        customerId,
        status: 'incomplete',
        priceLookupKey,
        itemId: `si_sbx_${id.slice(8)}`,
        currentPeriodStart: start,
        currentPeriodEnd: addPeriod(start, cycle),
        cancelAtPeriodEnd: false,
        collectionPaused: false,
        latestInvoiceId: null,
        created: start,
        amount,
        pendingProration: 0,
        metadata,
      };
      const existing = await store.create('subscription', draft, { customerId, idempotencyKey });
      if (existing.id !== id) {
        // A retried create: the first answer again.
        const invoice = existing.latestInvoiceId ? await store.get('invoice', existing.latestInvoiceId) : undefined;
        const pi = invoice ? await store.get('payment_intent', invoice.paymentIntentId) : undefined;
        return { subscription: publicSubscription(existing), clientSecret: pi?.clientSecret ?? null };
      }
      const { invoice, paymentIntent } = await openInvoice(draft, amount, 'subscription_create', `${idempotencyKey}-first`);
      const sub: SandboxSubscription = { ...draft, latestInvoiceId: invoice.id };
      await store.put('subscription', sub);
      return { subscription: publicSubscription(sub), clientSecret: paymentIntent.clientSecret };
    },

    async getSubscription(id) {
      return publicSubscription(await mustGet('subscription', id));
    },

    async previewPlanChange({ subscription, priceLookupKey, prorationDate }) {
      const sub = await mustGet('subscription', subscription.id);
      const amount = sandboxPrice(priceLookupKey).cents;
      const proration = prorationOf(sub, amount, prorationDate);
      return {
        amountDue: Math.max(0, amount + sub.pendingProration + proration),
        prorationAmount: proration,
        prorationDate,
        nextBillingDate: sub.currentPeriodEnd,
      };
    },

    async changePlan({ subscription, priceLookupKey, prorationDate }) {
      const sub = await mustGet('subscription', subscription.id);
      if (sub.status === 'cancelled') throw new PaymentProviderError('A cancelled subscription cannot be changed.', 'invalid_request');
      const amount = sandboxPrice(priceLookupKey).cents;
      if (sub.priceLookupKey === priceLookupKey) return publicSubscription(sub);
      const changed: SandboxSubscription = {
        ...sub,
        priceLookupKey,
        amount,
        pendingProration: sub.pendingProration + prorationOf(sub, amount, prorationDate),
      };
      await store.put('subscription', changed);
      return publicSubscription(changed);
    },

    async cancelSubscription({ subscriptionId, atPeriodEnd }) {
      const sub = await mustGet('subscription', subscriptionId);
      const next: SandboxSubscription = atPeriodEnd ? { ...sub, cancelAtPeriodEnd: true } : { ...sub, status: 'cancelled' };
      await store.put('subscription', next);
      return publicSubscription(next);
    },

    async setCollectionPaused({ subscriptionId, paused }) {
      const sub = await mustGet('subscription', subscriptionId);
      if (sub.status === 'cancelled') throw new PaymentProviderError('A cancelled subscription cannot be paused or resumed.', 'invalid_request');
      if (Boolean(sub.collectionPaused) === paused) return publicSubscription(sub);
      const next: SandboxSubscription = { ...sub, collectionPaused: paused };
      await store.put('subscription', next);
      return publicSubscription(next);
    },

    async getInvoice(id) {
      return publicInvoice(await mustGet('invoice', id));
    },

    async cardOfPaidInvoice(invoiceId) {
      const invoice = await store.get('invoice', invoiceId);
      if (!invoice || invoice.status !== 'paid') return null;
      return (await store.get('payment_intent', invoice.paymentIntentId))?.card ?? null;
    },

    async invoiceIdOfPayment(paymentIntentId) {
      return (await store.get('payment_intent', paymentIntentId))?.invoiceId ?? null;
    },

    async getInvoiceConfirmation(invoiceId) {
      const invoice = await mustGet('invoice', invoiceId);
      if (invoice.status !== 'open') throw new PaymentProviderError('This invoice is not open for payment.', 'invalid_request');
      const pi = await mustGet('payment_intent', invoice.paymentIntentId);
      if (!pi.clientSecret) throw new PaymentProviderError('This invoice has no payment to confirm.', 'invalid_request');
      return { clientSecret: pi.clientSecret, paymentIntentId: pi.id };
    },

    async createPaymentIntent({ customerId, amount, description, metadata, idempotencyKey }) {
      await mustGet('customer', customerId);
      const pi = await store.create('payment_intent', newPaymentIntent({ customerId, amount, description, metadata }), { customerId, idempotencyKey });
      return publicPaymentIntent(pi);
    },

    async getPaymentIntent(id) {
      return publicPaymentIntent(await mustGet('payment_intent', id));
    },

    async chargeSavedCard({ customerId, paymentMethodId, amount, description, metadata, idempotencyKey }) {
      const card = await ownCard(customerId, paymentMethodId);
      const created = newPaymentIntent({ customerId, amount, description, metadata });
      const { id } = created;
      const made = await store.create('payment_intent', created, { customerId, idempotencyKey });
      // The same key: the intent this charge already made, as it now stands. At Stripe making and confirming it is one
      // step; here it is two, so one made and never confirmed (a crash in between) is confirmed now.
      const pi = made.id === id ? made : await mustGet('payment_intent', made.id);
      if (pi.id !== id && (pi.status !== 'requires_payment_method' || pi.lastError)) return publicPaymentIntent(pi);
      const pending: PendingCard = {
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        renewalOutcome: card.renewalOutcome,
        ...(card.authenticateCharges ? { authenticateCharges: true } : {}),
      };
      if (card.renewalOutcome !== 'succeeded') {
        await fail(pi, card.renewalOutcome.message);
      } else if (card.authenticateCharges) {
        await store.put('payment_intent', { ...pi, status: 'requires_action', pendingCard: pending, lastError: null });
      } else {
        await succeed(pi, pending);
      }
      return publicPaymentIntent(await mustGet('payment_intent', pi.id));
    },

    async createSetupIntent({ customerId, idempotencyKey }) {
      await mustGet('customer', customerId);
      const id = sandboxId('setup_intent');
      const seti = await store.create(
        'setup_intent',
        { id, clientSecret: clientSecretFor(id), status: 'requires_payment_method', customerId, paymentMethodId: null, lastError: null, pendingCard: null },
        { customerId, idempotencyKey },
      );
      const { pendingCard: _p, ...rest } = seti;
      return rest;
    },

    async getSetupIntent(id) {
      const { pendingCard: _p, ...rest } = await mustGet('setup_intent', id);
      return rest;
    },

    listCards: cardsOf,

    async setDefaultCard(customerId, paymentMethodId) {
      await ownCard(customerId, paymentMethodId);
      const customer = await mustGet('customer', customerId);
      await store.put('customer', { ...customer, defaultPaymentMethod: paymentMethodId });
    },

    async detachCard(customerId, paymentMethodId) {
      const card = await ownCard(customerId, paymentMethodId);
      await store.put('payment_method', { ...card, customerId: null }, null);
      const customer = await mustGet('customer', customerId);
      if (customer.defaultPaymentMethod === paymentMethodId) await store.put('customer', { ...customer, defaultPaymentMethod: null });
    },

    async parseWebhook() {
      throw new WebhookSignatureError('The sandbox payment provider sends no webhooks; configure Stripe to receive them.');
    },
  };
}

/** Credit for the unused time of the current price plus the new price for the rest of the period, in cents. */
function prorationOf(sub: SandboxSubscription, newAmount: number, prorationDate: number): number {
  const start = sub.currentPeriodStart.getTime();
  const end = sub.currentPeriodEnd?.getTime() ?? start;
  if (end <= start) return 0;
  const remaining = Math.min(1, Math.max(0, (end - prorationDate * 1000) / (end - start)));
  return Math.round((newAmount - sub.amount) * remaining);
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
