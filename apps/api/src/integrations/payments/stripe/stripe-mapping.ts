import type Stripe from 'stripe';
import { INTENT_STATUSES } from '@agency/contract';
import type {
  ProviderCard,
  ProviderCardSummary,
  ProviderInvoice,
  ProviderPaymentIntent,
  ProviderPaymentIntentStatus,
  ProviderSetupIntent,
  ProviderSubscription,
  ProviderSubscriptionStatus,
} from '../provider';

/**
 * Stripe objects → our provider types. Field locations follow the SDK's pinned API version (Stripe.API_VERSION);
 * since 2025-03-31 the period of a subscription sits on its items and an invoice names its subscription under
 * `parent.subscription_details`.
 */

/** Stripe sends a related object as its id, or as the object itself when expanded. */
export function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (ref == null) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

/** The related object when it was expanded, else null (it is only an id). */
export function expanded<T extends { id: string }>(ref: string | T | null | undefined): T | null {
  return ref != null && typeof ref === 'object' ? ref : null;
}

export function dateFromUnix(seconds: number): Date {
  return new Date(seconds * 1000);
}

export function optionalDateFromUnix(seconds: number | null | undefined): Date | null {
  return seconds == null ? null : dateFromUnix(seconds);
}

export function subscriptionStatusOf(status: Stripe.Subscription.Status): ProviderSubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'cancelled';
    // Paused: Stripe pauses a subscription when a trial ends without a payment method (or on a pause request;
    // we never send one). It issues no invoices until it is resumed, so it is not paid service: like
    // `incomplete`, it waits for a payment before it runs again. Not past_due (nothing is owed) and not
    // cancelled (it can resume).
    case 'incomplete':
    case 'paused':
      return 'incomplete';
    default:
      // A status newer than this SDK: not treated as paid service until we know what it means.
      return 'incomplete';
  }
}

export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  // Our subscriptions have exactly one item (one plan). `?.`: a webhook payload is not trusted to be complete.
  const item = subscription.items?.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscriptionStatusOf(subscription.status),
    priceLookupKey: item?.price.lookup_key ?? null,
    itemId: item?.id ?? null,
    currentPeriodEnd: optionalDateFromUnix(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    collectionPaused: Boolean(subscription.pause_collection),
    latestInvoiceId: idOf(subscription.latest_invoice),
    created: dateFromUnix(subscription.created),
  };
}

/** A line is a proration when its parent (a subscription item or an invoice item) says so. */
export function isProrationLine(line: Stripe.InvoiceLineItem): boolean {
  return Boolean(line.parent?.subscription_item_details?.proration || line.parent?.invoice_item_details?.proration);
}

/** The plan's own line (a subscription item's, not a proration), whose period is the one the invoice bills. */
export function subscriptionLineOf(invoice: Pick<Stripe.Invoice, 'lines'>): Stripe.InvoiceLineItem | null {
  return invoice.lines?.data.find((line) => line.parent?.subscription_item_details && !isProrationLine(line)) ?? null;
}

const INVOICE_STATUSES: readonly ProviderInvoice['status'][] = ['draft', 'open', 'paid', 'uncollectible', 'void'];

/**
 * `lastPaymentError` is not on a Stripe invoice (its payments hold it, see getInvoice); callers that have it pass it.
 * An invoice without a customer only exists for Accounts v2 customers (`customer_account`), which we never create.
 */
export function toProviderInvoice(invoice: Stripe.Invoice, lastPaymentError: string | null = null): ProviderInvoice {
  const line = subscriptionLineOf(invoice) ?? invoice.lines?.data[0] ?? null;
  const status = invoice.status;
  return {
    id: invoice.id,
    customerId: idOf(invoice.customer) ?? '',
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    // null is a preview's status; a status newer than this SDK is shown as not final yet.
    status:
      status != null && INVOICE_STATUSES.includes(status as ProviderInvoice['status']) ? (status as ProviderInvoice['status']) : 'draft',
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    periodStart: line ? dateFromUnix(line.period.start) : null,
    periodEnd: line ? dateFromUnix(line.period.end) : null,
    billingReason: invoice.billing_reason,
    lastPaymentError,
    created: dateFromUnix(invoice.created),
  };
}


function intentStatusOf(status: Stripe.PaymentIntent.Status | Stripe.SetupIntent.Status): ProviderPaymentIntentStatus {
  const known = INTENT_STATUSES.find((candidate) => candidate === status);
  // `requires_capture`: we capture automatically, so an authorized-not-captured payment is only in flight. A
  // status newer than this SDK is treated the same way: neither paid nor failed.
  return known ?? 'processing';
}

function cardSummary(brand: string | null | undefined, last4: string | null | undefined): ProviderCardSummary | null {
  return brand && last4 ? { brand, last4 } : null;
}

/**
 * The card that paid or tried to: the expanded payment method, else the expanded latest charge's details, else
 * the payment method Stripe attaches to a failed attempt's error (present in payment_intent.payment_failed events).
 */
function cardOfPaymentIntent(paymentIntent: Stripe.PaymentIntent): ProviderCardSummary | null {
  const paymentMethodCard = expanded(paymentIntent.payment_method)?.card;
  const chargeCard = expanded(paymentIntent.latest_charge)?.payment_method_details?.card;
  const failedCard = paymentIntent.last_payment_error?.payment_method?.card;
  return (
    cardSummary(paymentMethodCard?.brand, paymentMethodCard?.last4) ??
    cardSummary(chargeCard?.brand, chargeCard?.last4) ??
    cardSummary(failedCard?.brand, failedCard?.last4)
  );
}

export function toProviderPaymentIntent(paymentIntent: Stripe.PaymentIntent): ProviderPaymentIntent {
  return {
    id: paymentIntent.id,
    clientSecret: paymentIntent.client_secret,
    status: intentStatusOf(paymentIntent.status),
    amount: paymentIntent.amount,
    customerId: idOf(paymentIntent.customer),
    metadata: { ...paymentIntent.metadata },
    lastError: paymentIntent.last_payment_error?.message ?? null,
    card: cardOfPaymentIntent(paymentIntent),
    created: dateFromUnix(paymentIntent.created),
  };
}

export function toProviderSetupIntent(setupIntent: Stripe.SetupIntent): ProviderSetupIntent {
  return {
    id: setupIntent.id,
    // Stripe returns the client secret whenever the secret key reads the intent.
    clientSecret: setupIntent.client_secret ?? '',
    status: intentStatusOf(setupIntent.status),
    customerId: idOf(setupIntent.customer),
    paymentMethodId: idOf(setupIntent.payment_method),
    lastError: setupIntent.last_setup_error?.message ?? null,
  };
}

/** A card payment method; null for other payment method types. */
export function toProviderCard(paymentMethod: Stripe.PaymentMethod, defaultPaymentMethodId: string | null): ProviderCard | null {
  const card = paymentMethod.card;
  if (!card) return null;
  return {
    id: paymentMethod.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    isDefault: paymentMethod.id === defaultPaymentMethodId,
  };
}
