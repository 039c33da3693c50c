import type { INTENT_STATUSES } from '@agency/contract';

/**
 * The payment provider the product runs on: Stripe when STRIPE_SECRET_KEY is set, else the built-in sandbox,
 * which answers Stripe's test cards as Stripe's test mode does (sandbox/test-cards.ts). The same services,
 * routes and screens serve both: services call this interface, and every provider event (a Stripe webhook,
 * or what the sandbox raises when a card is confirmed) reaches the same service entry point
 * (billing/billing-events.service.ts) as a normalized `PaymentEvent`.
 *
 * Amounts are integer cents (USD) here, as providers count them; services convert at the edge.
 */
export type PaymentProviderName = 'stripe' | 'sandbox';

export interface PaymentProviderInfo {
  name: PaymentProviderName;
  /** What the browser loads Stripe.js with; null with the sandbox (its card form is ours). */
  publishableKey: string | null;
}

/** Our subscription states (SUBSCRIPTION_STATUSES); the adapter maps the provider's onto them. */
export type ProviderSubscriptionStatus = 'incomplete' | 'active' | 'past_due' | 'cancelled';

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: ProviderSubscriptionStatus;
  /** Our plan's price id for its billing cycle (the catalogue's lookup key), or null when the price is not one of ours. */
  priceLookupKey: string | null;
  /** The subscription item's id (needed to swap its price on a plan change). */
  itemId: string | null;
  /** End of the current period (Stripe: on the subscription item since API 2025-03-31). */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /**
   * Collection is paused (Stripe: `pause_collection` is set, with behavior 'void'): the subscription stays active and
   * its periods go on, but nothing is invoiced or charged until it resumes.
   */
  collectionPaused: boolean;
  latestInvoiceId: string | null;
  /** When the provider says the object was created. */
  created: Date;
}

export interface ProviderInvoice {
  id: string;
  customerId: string;
  /** The subscription it bills (Stripe: invoice.parent.subscription_details.subscription), else null. */
  subscriptionId: string | null;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  amountDue: number;
  amountPaid: number;
  /** Billing period covered (the subscription line's period). */
  periodStart: Date | null;
  periodEnd: Date | null;
  /** Why it was created: 'subscription_create', 'subscription_cycle', 'subscription_update', 'manual'… */
  billingReason: string | null;
  /** The last payment error the provider recorded, if any. */
  lastPaymentError: string | null;
  created: Date;
}

/** The states of a payment (or card setup) at the provider, as Stripe names them. */
export type ProviderPaymentIntentStatus = (typeof INTENT_STATUSES)[number];

export interface ProviderCardSummary {
  brand: string;
  last4: string;
}

export interface ProviderPaymentIntent {
  id: string;
  clientSecret: string | null;
  status: ProviderPaymentIntentStatus;
  amount: number;
  customerId: string | null;
  /** What we put in metadata when creating it (invoice_id, order_id, client_id). */
  metadata: Record<string, string>;
  /** The message of the last failed attempt (Stripe: last_payment_error.message). */
  lastError: string | null;
  /** The card that paid (or tried to), when known. */
  card: ProviderCardSummary | null;
  created: Date;
}

export interface ProviderSetupIntent {
  id: string;
  clientSecret: string;
  status: ProviderPaymentIntentStatus;
  customerId: string | null;
  paymentMethodId: string | null;
  lastError: string | null;
}

export interface ProviderCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}

/** A subscription as it starts: the first invoice's client secret, or null when nothing is due. */
export interface SubscriptionStart {
  subscription: ProviderSubscription;
  /** latest_invoice.confirmation_secret.client_secret; null when the first invoice needs no payment. */
  clientSecret: string | null;
}

/** What a plan change would cost now (invoices.createPreview), for the given proration instant. */
export interface PlanChangePreview {
  /** What the next invoice will ask for, proration included. */
  amountDue: number;
  /** The proration part alone (credit for unused time + charge for the new plan's remaining time). */
  prorationAmount: number;
  /** Unix seconds; pass the same value to changePlan so the charge matches the preview. */
  prorationDate: number;
  nextBillingDate: Date | null;
}

/** A provider event, normalized. `created` orders events; `eventId` deduplicates them. */
export type PaymentEvent = { eventId: string; type: string; created: Date } & (
  | { kind: 'subscription'; subscription: ProviderSubscription; deleted: boolean }
  | { kind: 'invoice'; outcome: 'paid' | 'payment_failed' | 'action_required'; invoice: ProviderInvoice }
  | { kind: 'payment_intent'; outcome: 'succeeded' | 'payment_failed'; paymentIntent: ProviderPaymentIntent }
  | {
      kind: 'charge_refunded';
      paymentIntentId: string | null;
      customerId: string | null;
      /** Total refunded so far on the charge, and what the charge was for. */
      amountRefunded: number;
      amount: number;
    }
  | { kind: 'setup_succeeded'; setupIntentId: string; customerId: string | null; paymentMethodId: string | null }
  /** An event type we do not act on; acknowledged and recorded. */
  | { kind: 'ignored' }
);

/** A card entered in the sandbox's own form (never with Stripe: there Stripe.js takes the card). */
export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What confirming a payment or setup in the sandbox led to (Stripe.js gives the same outcomes in the browser). */
export interface ConfirmOutcome {
  status: ProviderPaymentIntentStatus;
  /** The decline or card error message, as Stripe.js shows it. */
  error: string | null;
  declineCode: string | null;
}

/** A card confirmation in the sandbox: the card typed in, or the answer to its authentication step (3-D Secure). */
export type SandboxConfirmation = { card: SandboxCard } | { authentication: 'complete' | 'fail' };

/**
 * What only the sandbox has: the steps Stripe.js and Stripe's own billing clock take outside our server.
 * Each returns the events Stripe would have sent as webhooks; the caller applies them through the same
 * service entry point as webhooks.
 */
export interface SandboxControls {
  confirmPayment(paymentIntentId: string, confirmation: SandboxConfirmation): Promise<{ outcome: ConfirmOutcome; events: PaymentEvent[] }>;
  confirmSetup(setupIntentId: string, confirmation: SandboxConfirmation): Promise<{ outcome: ConfirmOutcome; events: PaymentEvent[] }>;
  /** Renews (charges the default card) or ends every subscription whose period is over. */
  renewDueSubscriptions(): Promise<PaymentEvent[]>;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** 'card_error' (shown to the user as given), 'invalid_request' (our bug or stale id), 'api_error' (outage). */
    readonly type: 'card_error' | 'invalid_request' | 'not_found' | 'api_error',
    readonly declineCode: string | null = null,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** A webhook whose signature does not verify (the route answers 400). */
export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature.') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * Every call that creates something takes an idempotency key derived from our own row (e.g.
 * `subscription-42-create`), so a retried request never creates (or charges) twice.
 */
export interface PaymentProvider {
  readonly info: PaymentProviderInfo;
  /** Present only on the sandbox provider. */
  readonly sandbox?: SandboxControls;

  createCustomer(input: { email: string | null; name: string; clientId: number; idempotencyKey: string }): Promise<string>;

  createSubscription(input: {
    customerId: string;
    priceLookupKey: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<SubscriptionStart>;
  getSubscription(id: string): Promise<ProviderSubscription>;
  previewPlanChange(input: { subscription: ProviderSubscription; priceLookupKey: string; prorationDate: number }): Promise<PlanChangePreview>;
  changePlan(input: {
    subscription: ProviderSubscription;
    priceLookupKey: string;
    prorationDate: number;
    idempotencyKey: string;
  }): Promise<ProviderSubscription>;
  /** At period end (the default) or at once. */
  cancelSubscription(input: { subscriptionId: string; atPeriodEnd: boolean }): Promise<ProviderSubscription>;
  /**
   * Pauses collection (nothing is invoiced or charged while paused; Stripe: `pause_collection: { behavior: 'void' }`)
   * or resumes it (Stripe: `pause_collection: ''`, which clears it). Setting the state it already has changes nothing.
   */
  setCollectionPaused(input: { subscriptionId: string; paused: boolean }): Promise<ProviderSubscription>;

  getInvoice(id: string): Promise<ProviderInvoice>;
  /** The invoice a payment paid, when it paid one (a refunded charge names only its payment intent). */
  invoiceIdOfPayment(paymentIntentId: string): Promise<string | null>;
  /** The card that paid a paid invoice (a subscription's), when a card paid it. */
  cardOfPaidInvoice(invoiceId: string): Promise<ProviderCardSummary | null>;
  /**
   * What the browser needs to pay an open provider invoice (a subscription renewal that failed) with its own
   * payment form: the invoice payment's client secret and the payment intent it belongs to. An invoice with
   * nothing to pay (paid, void, draft) is a PaymentProviderError('invalid_request').
   */
  getInvoiceConfirmation(invoiceId: string): Promise<{ clientSecret: string; paymentIntentId: string }>;

  /** Pay Now on an invoice or an order: an intent for exactly `amount` cents, tied to it through metadata. */
  createPaymentIntent(input: {
    customerId: string;
    amount: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProviderPaymentIntent>;
  getPaymentIntent(id: string): Promise<ProviderPaymentIntent>;
  /**
   * Pay Now with a saved card, the card holder present: an intent for exactly `amount` cents with the customer's
   * saved card, confirmed at once (Stripe: payment_method, customer, confirm true, off_session false). It answers
   * succeeded, or requires_action when the bank asks the card holder to authenticate (the browser completes it with
   * the client secret: Stripe.js handleNextAction, the sandbox's authentication step), or requires_payment_method
   * with `lastError` when the card was declined. The same key answers the same intent (a retry charges once).
   */
  chargeSavedCard(input: {
    customerId: string;
    paymentMethodId: string;
    amount: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProviderPaymentIntent>;

  createSetupIntent(input: { customerId: string; idempotencyKey: string }): Promise<ProviderSetupIntent>;
  getSetupIntent(id: string): Promise<ProviderSetupIntent>;
  listCards(customerId: string): Promise<ProviderCard[]>;
  setDefaultCard(customerId: string, paymentMethodId: string): Promise<void>;
  /** Detaches a card; a card of another customer is a PaymentProviderError('not_found'). */
  detachCard(customerId: string, paymentMethodId: string): Promise<void>;

  /** Verifies and normalizes a webhook (throws WebhookSignatureError). The sandbox has none. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent>;
}
