import type Stripe from 'stripe';
import { WebhookSignatureError, type PaymentEvent } from '../provider';
import { dateFromUnix, idOf, toProviderInvoice, toProviderPaymentIntent, toProviderSubscription } from './stripe-mapping';

/**
 * Verifies a Stripe webhook (the Stripe-Signature header over the raw body) and normalizes it. Without a
 * configured secret nothing is accepted: an unverified event could mark anything paid.
 */
export function parseStripeWebhook(
  stripe: Stripe,
  webhookSecret: string | null,
  rawBody: Buffer,
  signature: string | undefined,
): PaymentEvent {
  if (!webhookSecret) throw new WebhookSignatureError('Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET is not set).');
  if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch {
    // A bad or stale signature, or a signed body that is not JSON: either way not an event we can trust.
    throw new WebhookSignatureError();
  }
  return normalizeStripeEvent(event);
}

/** A verified Stripe event as our PaymentEvent; event types we do not act on are kind 'ignored'. */
export function normalizeStripeEvent(event: Stripe.Event): PaymentEvent {
  const base = { eventId: event.id, type: event.type, created: dateFromUnix(event.created) };
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return {
        ...base,
        kind: 'subscription',
        subscription: toProviderSubscription(event.data.object),
        deleted: event.type === 'customer.subscription.deleted',
      };
    case 'invoice.paid':
      return { ...base, kind: 'invoice', outcome: 'paid', invoice: toProviderInvoice(event.data.object) };
    case 'invoice.payment_failed':
      return { ...base, kind: 'invoice', outcome: 'payment_failed', invoice: toProviderInvoice(event.data.object) };
    case 'invoice.payment_action_required':
      return { ...base, kind: 'invoice', outcome: 'action_required', invoice: toProviderInvoice(event.data.object) };
    case 'payment_intent.succeeded':
      return { ...base, kind: 'payment_intent', outcome: 'succeeded', paymentIntent: toProviderPaymentIntent(event.data.object) };
    case 'payment_intent.payment_failed':
      return { ...base, kind: 'payment_intent', outcome: 'payment_failed', paymentIntent: toProviderPaymentIntent(event.data.object) };
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        ...base,
        kind: 'charge_refunded',
        paymentIntentId: idOf(charge.payment_intent),
        customerId: idOf(charge.customer),
        amountRefunded: charge.amount_refunded,
        amount: charge.amount,
      };
    }
    case 'setup_intent.succeeded': {
      const setupIntent = event.data.object;
      return {
        ...base,
        kind: 'setup_succeeded',
        setupIntentId: setupIntent.id,
        customerId: idOf(setupIntent.customer),
        paymentMethodId: idOf(setupIntent.payment_method),
      };
    }
    default:
      return { ...base, kind: 'ignored' };
  }
}
