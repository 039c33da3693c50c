import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { PLAN_BILLING_CYCLES, PLAN_CATALOGUE, planPrice, planPriceId } from '@agency/contract';

/**
 * What the Stripe stand-in (stripe-stand-in.ts) keeps: Stripe objects in memory, in the shapes Stripe's API
 * returns them, and the moves a test makes to them (a card is added, an invoice paid or declined, a period
 * renewed). The shapes are picked from the SDK's own types, so they cannot drift from what the SDK describes.
 */

// ---------------------------------------------------------------------------------------------------------
// Object shapes (fields as Stripe's API reference and the SDK's types name them)

export type List<T> = { object: 'list'; data: T[]; has_more: boolean; url: string };

export type PriceObject = Pick<
  Stripe.Price,
  'id' | 'object' | 'active' | 'created' | 'currency' | 'livemode' | 'lookup_key' | 'metadata' | 'nickname' | 'type' | 'unit_amount'
> & {
  product: string;
  recurring: Pick<Stripe.Price.Recurring, 'interval' | 'interval_count' | 'usage_type' | 'meter' | 'trial_period_days'>;
};

export type CustomerObject = Pick<Stripe.Customer, 'id' | 'object' | 'created' | 'email' | 'name' | 'livemode' | 'metadata'> & {
  invoice_settings: { default_payment_method: string | null; custom_fields: null; footer: null; rendering_options: null };
};

export type CardDetails = Pick<
  Stripe.PaymentMethod.Card,
  'brand' | 'last4' | 'exp_month' | 'exp_year' | 'funding' | 'country' | 'display_brand'
>;
export type PaymentMethodObject = Pick<Stripe.PaymentMethod, 'id' | 'object' | 'created' | 'livemode' | 'metadata' | 'type'> & {
  customer: string | null;
  card: CardDetails;
};

export type SubscriptionItemObject = Pick<
  Stripe.SubscriptionItem,
  'id' | 'object' | 'created' | 'current_period_start' | 'current_period_end' | 'metadata' | 'quantity' | 'subscription'
> & { price: PriceObject };

export type SubscriptionObject = Pick<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'created'
  | 'status'
  | 'cancel_at_period_end'
  | 'pause_collection'
  | 'canceled_at'
  | 'ended_at'
  | 'currency'
  | 'livemode'
  | 'metadata'
  | 'start_date'
  | 'collection_method'
> & {
  customer: string;
  items: List<SubscriptionItemObject>;
  latest_invoice: string | null;
  default_payment_method: string | null;
  payment_settings: { save_default_payment_method: string | null; payment_method_options: null; payment_method_types: null };
};

export type InvoiceLineObject = Pick<
  Stripe.InvoiceLineItem,
  'id' | 'object' | 'amount' | 'currency' | 'description' | 'livemode' | 'metadata' | 'period' | 'quantity' | 'subtotal'
> & {
  invoice: string | null;
  parent: Stripe.InvoiceLineItem.Parent;
};

export type InvoiceObject = Pick<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'created'
  | 'currency'
  | 'livemode'
  | 'metadata'
  | 'status'
  | 'billing_reason'
  | 'collection_method'
  | 'amount_due'
  | 'amount_paid'
  | 'amount_remaining'
  | 'subtotal'
  | 'total'
  | 'attempted'
  | 'attempt_count'
  | 'next_payment_attempt'
  | 'period_start'
  | 'period_end'
> & {
  customer: string;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: Stripe.Metadata; subscription_proration_date?: number };
  } | null;
  lines: List<InvoiceLineObject>;
  /** Includable: only in a response that asked for it with expand[]=…confirmation_secret. */
  confirmation_secret: Stripe.Invoice.ConfirmationSecret | null;
};

export type InvoicePaymentObject = Pick<
  Stripe.InvoicePayment,
  'id' | 'object' | 'amount_paid' | 'amount_requested' | 'created' | 'currency' | 'is_default' | 'livemode' | 'status'
> & {
  invoice: string;
  payment: { type: 'payment_intent'; payment_intent: string };
};

export type CardErrorObject = {
  type: 'card_error';
  code: string;
  decline_code: string | null;
  message: string;
  payment_method: PaymentMethodObject | null;
};

export type PaymentIntentObject = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_received'
  | 'currency'
  | 'client_secret'
  | 'created'
  | 'description'
  | 'livemode'
  | 'metadata'
  | 'status'
> & {
  customer: string | null;
  payment_method: string | null;
  latest_charge: string | null;
  last_payment_error: CardErrorObject | null;
  automatic_payment_methods: { enabled: boolean } | null;
};

export type ChargeObject = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'created'
  | 'currency'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'refunded'
  | 'status'
> & {
  customer: string | null;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: 'card'; card: Pick<CardDetails, 'brand' | 'last4' | 'exp_month' | 'exp_year'> };
};

export type SetupIntentObject = Pick<
  Stripe.SetupIntent,
  'id' | 'object' | 'client_secret' | 'created' | 'description' | 'livemode' | 'metadata' | 'status' | 'usage'
> & {
  customer: string | null;
  payment_method: string | null;
  last_setup_error: CardErrorObject | null;
  automatic_payment_methods: { enabled: boolean } | null;
};

export type StoredObject =
  | PriceObject
  | CustomerObject
  | PaymentMethodObject
  | SubscriptionObject
  | InvoiceObject
  | InvoicePaymentObject
  | PaymentIntentObject
  | ChargeObject
  | SetupIntentObject;

/** What a test makes the next matching call answer instead (Stripe's error object and HTTP status). */
export interface StandInFailure {
  status: number;
  type: 'card_error' | 'invalid_request_error' | 'api_error' | 'idempotency_error';
  message: string;
  code?: string;
  declineCode?: string;
  param?: string;
  /** A card error's payment intent, as Stripe attaches it (a declined confirm=true create). */
  paymentIntent?: object;
}

export class StripeErrorResponse extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; message: string; code?: string; decline_code?: string; param?: string; payment_intent?: object },
  ) {
    super(error.message);
  }
}

const notFound = (kind: string, id: string, param = 'id') =>
  new StripeErrorResponse(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param });
export const invalid = (message: string, param?: string) => new StripeErrorResponse(400, { type: 'invalid_request_error', message, param });

// ---------------------------------------------------------------------------------------------------------
// State

const DAY = 24 * 60 * 60;
export const PERIOD = 30 * DAY;
export const now = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
export const secretFor = (id: string) => `${id}_secret_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
export const common = () => ({ created: now(), livemode: false as const, metadata: {} });

export function createStandInState() {
  const objects = new Map<string, StoredObject>();
  const failures: { failure: StandInFailure; method?: string; path?: string | RegExp }[] = [];

  function find<T extends StoredObject['object']>(kind: T, id: string, param = 'id'): Extract<StoredObject, { object: T }> {
    const found = objects.get(id);
    if (!found || found.object !== kind) throw notFound(kind, id, param);
    return found as Extract<StoredObject, { object: T }>;
  }
  function store<T extends StoredObject>(object: T): T {
    objects.set(object.id, object);
    return object;
  }

  function addPrice(input: { lookupKey: string | null; unitAmount: number; active?: boolean; interval?: 'month' | 'year' }): PriceObject {
    return store({
      id: newId('price'),
      object: 'price',
      ...common(),
      active: input.active ?? true,
      currency: 'usd',
      lookup_key: input.lookupKey,
      nickname: null,
      product: newId('prod'),
      type: 'recurring',
      unit_amount: input.unitAmount,
      recurring: { interval: input.interval ?? 'month', interval_count: 1, usage_type: 'licensed', meter: null, trial_period_days: null },
    });
  }

  function addCustomer(input: { email?: string | null; name?: string | null; metadata?: Record<string, string> } = {}): CustomerObject {
    return store({
      id: newId('cus'),
      object: 'customer',
      ...common(),
      email: input.email ?? null,
      name: input.name ?? null,
      metadata: input.metadata ?? {},
      invoice_settings: { default_payment_method: null, custom_fields: null, footer: null, rendering_options: null },
    });
  }

  /** A card payment method attached to the customer (what Stripe.js leaves behind after a confirmed setup). */
  function addCard(
    customerId: string | null,
    card: Partial<Pick<CardDetails, 'brand' | 'last4' | 'exp_month' | 'exp_year'>> = {},
  ): PaymentMethodObject {
    if (customerId) find('customer', customerId);
    const brand = card.brand ?? 'visa';
    return store({
      id: newId('pm'),
      object: 'payment_method',
      ...common(),
      type: 'card',
      customer: customerId,
      card: {
        brand,
        last4: card.last4 ?? '4242',
        exp_month: card.exp_month ?? 12,
        exp_year: card.exp_year ?? 2034,
        funding: 'credit',
        country: 'US',
        display_brand: brand,
      },
    });
  }

  function createPaymentIntent(input: {
    amount: number;
    customer: string | null;
    description: string | null;
    metadata?: Record<string, string>;
  }): PaymentIntentObject {
    const id = newId('pi');
    return store({
      id,
      object: 'payment_intent',
      ...common(),
      amount: input.amount,
      amount_received: 0,
      currency: 'usd',
      client_secret: secretFor(id),
      description: input.description,
      metadata: input.metadata ?? {},
      status: 'requires_payment_method',
      customer: input.customer,
      payment_method: null,
      latest_charge: null,
      last_payment_error: null,
      automatic_payment_methods: { enabled: true },
    });
  }

  /** The payment succeeds with this card (what confirming it in the browser does): a charge records the card. */
  function succeedPaymentIntent(paymentIntentId: string, paymentMethodId: string): PaymentIntentObject {
    const paymentIntent = find('payment_intent', paymentIntentId);
    const { card } = find('payment_method', paymentMethodId);
    const charge = store<ChargeObject>({
      id: newId('ch'),
      object: 'charge',
      ...common(),
      amount: paymentIntent.amount,
      amount_captured: paymentIntent.amount,
      amount_refunded: 0,
      currency: 'usd',
      paid: true,
      refunded: false,
      status: 'succeeded',
      customer: paymentIntent.customer,
      payment_intent: paymentIntent.id,
      payment_method: paymentMethodId,
      payment_method_details: {
        type: 'card',
        card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year },
      },
    });
    Object.assign(paymentIntent, {
      status: 'succeeded',
      amount_received: paymentIntent.amount,
      payment_method: paymentMethodId,
      latest_charge: charge.id,
      last_payment_error: null,
    });
    return paymentIntent;
  }

  /** The card is declined (Stripe's card_error on the intent; the intent asks for another payment method). */
  function failPaymentIntent(
    paymentIntentId: string,
    failure: { paymentMethodId?: string; code?: string; declineCode?: string; message?: string } = {},
  ): PaymentIntentObject {
    const paymentIntent = find('payment_intent', paymentIntentId);
    const paymentMethod = failure.paymentMethodId ? find('payment_method', failure.paymentMethodId) : null;
    paymentIntent.status = 'requires_payment_method';
    paymentIntent.payment_method = null;
    paymentIntent.last_payment_error = {
      type: 'card_error',
      code: failure.code ?? 'card_declined',
      decline_code: failure.declineCode ?? 'generic_decline',
      message: failure.message ?? 'Your card was declined.',
      payment_method: paymentMethod ? structuredClone(paymentMethod) : null,
    };
    return paymentIntent;
  }

  function paymentIntentOfInvoice(invoiceId: string): PaymentIntentObject {
    const payment = [...objects.values()].find(
      (object): object is InvoicePaymentObject => object.object === 'invoice_payment' && object.invoice === invoiceId,
    );
    if (!payment) throw new Error(`Invoice ${invoiceId} has no payment to act on.`);
    return find('payment_intent', payment.payment.payment_intent);
  }

  /** An invoice for one period of the subscription's plan: paid at once when nothing is due, else open with a payment intent. */
  function createSubscriptionInvoice(
    subscription: SubscriptionObject,
    billingReason: 'subscription_create' | 'subscription_cycle',
  ): InvoiceObject {
    const item = subscription.items.data[0];
    if (!item) throw new Error(`Subscription ${subscription.id} has no item.`);
    const amount = item.price.unit_amount ?? 0;
    const invoiceId = newId('in');
    const line: InvoiceLineObject = {
      id: newId('il'),
      object: 'line_item',
      livemode: false,
      metadata: {},
      amount,
      subtotal: amount,
      currency: 'usd',
      description: `1 × ${item.price.lookup_key ?? item.price.id} (at $${(amount / 100).toFixed(2)} / month)`,
      quantity: 1,
      invoice: invoiceId,
      period: { start: item.current_period_start, end: item.current_period_end },
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          proration_details: null,
          subscription: subscription.id,
          subscription_item: item.id,
        },
      },
    };
    const paymentIntent =
      amount > 0
        ? createPaymentIntent({
            amount,
            customer: subscription.customer,
            description: billingReason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
          })
        : null;
    const invoice = store<InvoiceObject>({
      id: invoiceId,
      object: 'invoice',
      ...common(),
      currency: 'usd',
      customer: subscription.customer,
      status: paymentIntent ? 'open' : 'paid',
      billing_reason: billingReason,
      collection_method: 'charge_automatically',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      subtotal: amount,
      total: amount,
      attempted: !paymentIntent,
      attempt_count: 0,
      next_payment_attempt: null,
      period_start: item.current_period_start,
      period_end: item.current_period_start,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
      },
      lines: { object: 'list', data: [line], has_more: false, url: `/v1/invoices/${invoiceId}/lines` },
      confirmation_secret: paymentIntent?.client_secret ? { client_secret: paymentIntent.client_secret, type: 'payment_intent' } : null,
    });
    if (paymentIntent) {
      store<InvoicePaymentObject>({
        id: newId('inpay'),
        object: 'invoice_payment',
        created: now(),
        livemode: false,
        amount_paid: null,
        amount_requested: amount,
        currency: 'usd',
        is_default: true,
        status: 'open',
        invoice: invoice.id,
        payment: { type: 'payment_intent', payment_intent: paymentIntent.id },
      });
    }
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  function subscriptionOfInvoice(invoice: InvoiceObject): SubscriptionObject | null {
    const subscriptionId = invoice.parent?.subscription_details.subscription;
    return subscriptionId ? find('subscription', subscriptionId) : null;
  }

  /** The invoice's payment succeeds with this card: the invoice is paid, its subscription active, the card its default. */
  function payInvoice(invoiceId: string, paymentMethodId: string): InvoiceObject {
    const invoice = find('invoice', invoiceId);
    succeedPaymentIntent(paymentIntentOfInvoice(invoiceId).id, paymentMethodId);
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      attempted: true,
      attempt_count: invoice.attempt_count + 1,
    });
    for (const object of objects.values()) {
      if (object.object === 'invoice_payment' && object.invoice === invoiceId)
        Object.assign(object, { status: 'paid', amount_paid: invoice.amount_due });
    }
    const subscription = subscriptionOfInvoice(invoice);
    if (subscription) {
      subscription.status = 'active';
      if (subscription.payment_settings.save_default_payment_method === 'on_subscription')
        subscription.default_payment_method = paymentMethodId;
    }
    return invoice;
  }

  /** Stripe's attempt to charge the invoice is declined: it stays open, and a renewal's subscription goes past due. */
  function failInvoicePayment(
    invoiceId: string,
    failure: { paymentMethodId?: string; code?: string; declineCode?: string; message?: string } = {},
  ): InvoiceObject {
    const invoice = find('invoice', invoiceId);
    failPaymentIntent(paymentIntentOfInvoice(invoiceId).id, failure);
    Object.assign(invoice, { attempted: true, attempt_count: invoice.attempt_count + 1, next_payment_attempt: now() + 3 * DAY });
    const subscription = subscriptionOfInvoice(invoice);
    if (subscription?.status === 'active') subscription.status = 'past_due';
    return invoice;
  }

  /** The next period starts: the item's period moves on and a renewal invoice (subscription_cycle) is opened. */
  function renewSubscription(subscriptionId: string): InvoiceObject {
    const subscription = find('subscription', subscriptionId);
    for (const item of subscription.items.data) {
      item.current_period_start = item.current_period_end;
      item.current_period_end += PERIOD;
    }
    return createSubscriptionInvoice(subscription, 'subscription_cycle');
  }

  function succeedSetupIntent(setupIntentId: string, paymentMethodId: string): SetupIntentObject {
    const setupIntent = find('setup_intent', setupIntentId);
    const paymentMethod = find('payment_method', paymentMethodId);
    paymentMethod.customer = setupIntent.customer;
    return Object.assign(setupIntent, { status: 'succeeded' as const, payment_method: paymentMethodId, last_setup_error: null });
  }

  /** Refunds part or all of a payment intent's charge (for charge.refunded event payloads). */
  function refund(paymentIntentId: string, amount?: number): ChargeObject {
    const { latest_charge } = find('payment_intent', paymentIntentId);
    if (!latest_charge) throw new Error(`Payment intent ${paymentIntentId} has no charge to refund.`);
    const charge = find('charge', latest_charge);
    charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + (amount ?? charge.amount));
    charge.refunded = charge.amount_refunded === charge.amount;
    return charge;
  }

  for (const plan of PLAN_CATALOGUE) {
    for (const cycle of PLAN_BILLING_CYCLES) {
      addPrice({ lookupKey: planPriceId(plan.id, cycle), unitAmount: planPrice(plan, cycle) * 100, interval: cycle === 'annual' ? 'year' : 'month' });
    }
  }

  return {
    objects,
    find,
    store,
    /** A copy of a stored object as the API would show it (e.g. for an event's data.object). */
    get: <T = StoredObject>(id: string): T => {
      const found = objects.get(id);
      if (!found) throw new Error(`The stand-in has no object ${id}.`);
      return render(found, [], objects) as T;
    },
    addPrice,
    addCustomer,
    addCard,
    createPaymentIntent,
    createSubscriptionInvoice,
    succeedPaymentIntent,
    failPaymentIntent,
    payInvoice,
    failInvoicePayment,
    renewSubscription,
    succeedSetupIntent,
    refund,
    /** The next request matching (by method and path; any request when omitted) answers this error instead. */
    failNext(failure: StandInFailure, match: { method?: string; path?: string | RegExp } = {}) {
      failures.push({ failure, ...match });
    },
    takeFailure(method: string, path: string): StandInFailure | null {
      const index = failures.findIndex(
        (entry) =>
          (!entry.method || entry.method === method) &&
          (!entry.path || (typeof entry.path === 'string' ? entry.path === path : entry.path.test(path))),
      );
      return index < 0 ? null : (failures.splice(index, 1)[0]?.failure ?? null);
    },
  };
}

export type StandInState = ReturnType<typeof createStandInState>;

// ---------------------------------------------------------------------------------------------------------
// Responses: expansion and includable fields

/**
 * A copy of the object with the `expand` paths (`latest_invoice.confirmation_secret`, `data.payment.payment_intent`)
 * replaced by the objects their ids name. An invoice's `confirmation_secret` is includable: Stripe only sends it
 * when it is expanded.
 */
export function render(object: unknown, expand: string[], objects: Map<string, StoredObject>): unknown {
  const copy = structuredClone(object);
  applyExpand(copy, expand, objects);
  return copy;
}

function applyExpand(target: unknown, paths: string[], objects: Map<string, StoredObject>): void {
  if (!target || typeof target !== 'object') return;
  const node = target as Record<string, unknown>;
  const byHead = new Map<string, string[]>();
  for (const path of paths) {
    const [head = '', ...rest] = path.split('.');
    byHead.set(head, [...(byHead.get(head) ?? []), ...(rest.length ? [rest.join('.')] : [])]);
  }
  if (node.object === 'invoice' && !byHead.has('confirmation_secret')) delete node.confirmation_secret;
  if (node.object === 'list') {
    for (const item of node.data as unknown[]) applyExpand(item, byHead.get('data') ?? [], objects);
    return;
  }
  for (const [head, rest] of byHead) {
    const value = node[head];
    if (typeof value === 'string' && objects.has(value)) node[head] = structuredClone(objects.get(value));
    applyExpand(node[head], rest, objects);
  }
}

/**
 * The upcoming invoice if the item moved to `newPrice` at `prorationDate` (create_prorations): a credit for the
 * unused time on the old price, a charge for the rest of the period on the new one (both prorations), and the
 * next period on the new price. Stripe prorates by the second, as here.
 */
export function previewInvoice(
  subscription: SubscriptionObject,
  item: SubscriptionItemObject,
  newPrice: PriceObject,
  prorationDate: number,
  prorationBehavior: string,
): InvoiceObject {
  const { current_period_start: start, current_period_end: end } = item;
  const unused = Math.min(1, Math.max(0, (end - prorationDate) / (end - start)));
  const line = (amount: number, description: string, period: { start: number; end: number }, proration: boolean): InvoiceLineObject => ({
    id: newId('il_tmp'),
    object: 'line_item',
    livemode: false,
    metadata: {},
    amount,
    subtotal: amount,
    currency: 'usd',
    description,
    quantity: 1,
    invoice: null,
    period,
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: proration ? newId('ii') : null,
        proration,
        proration_details: null,
        subscription: subscription.id,
        subscription_item: item.id,
      },
    },
  });
  const prorations =
    prorationBehavior === 'none'
      ? []
      : [
          line(
            -Math.round((item.price.unit_amount ?? 0) * unused),
            `Unused time on ${item.price.lookup_key} after proration date`,
            { start: prorationDate, end },
            true,
          ),
          line(
            Math.round((newPrice.unit_amount ?? 0) * unused),
            `Remaining time on ${newPrice.lookup_key} after proration date`,
            { start: prorationDate, end },
            true,
          ),
        ];
  const lines = [...prorations, line(newPrice.unit_amount ?? 0, `1 × ${newPrice.lookup_key}`, { start: end, end: end + PERIOD }, false)];
  const total = lines.reduce((sum, each) => sum + each.amount, 0);
  return {
    id: `upcoming_${newId('in')}`,
    object: 'invoice',
    ...common(),
    currency: 'usd',
    customer: subscription.customer,
    status: 'draft',
    billing_reason: 'upcoming',
    collection_method: 'charge_automatically',
    amount_due: Math.max(0, total),
    amount_paid: 0,
    amount_remaining: Math.max(0, total),
    subtotal: total,
    total,
    attempted: false,
    attempt_count: 0,
    next_payment_attempt: end + 3600,
    period_start: start,
    period_end: end,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: {}, subscription_proration_date: prorationDate },
    },
    lines: { object: 'list', data: lines, has_more: false, url: '/v1/invoices/upcoming/lines' },
    confirmation_secret: null,
  };
}
