import type Stripe from 'stripe';
import { paymentIntentIdOf } from '@agency/contract';
import { PaymentProviderError, type PaymentProvider, type ProviderCard, type ProviderSubscription } from '../provider';
import { toPaymentProviderError } from './stripe-errors';
import {
  dateFromUnix,
  expanded,
  idOf,
  isProrationLine,
  optionalDateFromUnix,
  subscriptionLineOf,
  toProviderCard,
  toProviderInvoice,
  toProviderPaymentIntent,
  toProviderSetupIntent,
  toProviderSubscription,
} from './stripe-mapping';
import { parseStripeWebhook } from './stripe-webhook';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string | null;
  /** For tests: where the API is served (a local stand-in) instead of api.stripe.com. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/**
 * PaymentProvider on Stripe. The client speaks the SDK's pinned API version (Stripe.API_VERSION): the field
 * locations used here and in stripe-mapping.ts are that version's. Plan prices are found by their lookup keys
 * (BILLING_PLANS[].stripePrice), so the same code runs against any Stripe account that defines them.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  // The SDK is loaded on first use, not at start: it is a fifth of the API's load time, and an install without
  // payments never needs it.
  let loaded: Promise<{ stripe: Stripe; errors: typeof Stripe.errors }> | undefined;
  const sdk = () =>
    (loaded ??= import('stripe').then(({ default: StripeSdk }) => ({
      stripe: new StripeSdk(options.secretKey, {
        telemetry: false,
        // Retried requests reuse their idempotency key, so a retry never creates or charges twice.
        maxNetworkRetries: 2,
        ...(options.host !== undefined && { host: options.host }),
        ...(options.port !== undefined && { port: options.port }),
        ...(options.protocol !== undefined && { protocol: options.protocol }),
      }),
      errors: StripeSdk.errors,
    })));

  /** One Stripe call, its errors as PaymentProviderError. */
  async function call<T>(request: (stripe: Stripe) => Promise<T>): Promise<T> {
    const { stripe, errors } = await sdk();
    try {
      return await request(stripe);
    } catch (error) {
      throw toPaymentProviderError(error, options.secretKey, errors);
    }
  }

  /**
   * Price ids by lookup key, resolved once per process: a key moved to a new price in the Stripe dashboard
   * (transfer_lookup_key) is picked up on the next start.
   */
  const priceIds = new Map<string, string>();
  async function priceIdOf(lookupKey: string): Promise<string> {
    const known = priceIds.get(lookupKey);
    if (known) return known;
    const prices = await call((stripe) => stripe.prices.list({ lookup_keys: [lookupKey], active: true }));
    const price = prices.data[0];
    if (!price) {
      throw new PaymentProviderError(`No active Stripe price has the lookup key "${lookupKey}".`, 'invalid_request');
    }
    priceIds.set(lookupKey, price.id);
    return price.id;
  }

  function itemIdOf(subscription: ProviderSubscription): string {
    if (!subscription.itemId) {
      throw new PaymentProviderError(`Subscription ${subscription.id} has no item to change.`, 'invalid_request');
    }
    return subscription.itemId;
  }

  /** A card id from the browser must be one of this customer's: anything else reads as not found. */
  async function assertCardOfCustomer(customerId: string, paymentMethodId: string): Promise<void> {
    const paymentMethod = await call((stripe) => stripe.paymentMethods.retrieve(paymentMethodId));
    if (idOf(paymentMethod.customer) !== customerId) {
      throw new PaymentProviderError(`No such card: ${paymentMethodId}.`, 'not_found');
    }
  }

  /**
   * Why the last attempt to pay an invoice failed. Since API 2025-03-31 an invoice has no payment_intent; its
   * payments (newest first) point to the intents that tried.
   */
  async function lastPaymentErrorOfInvoice(invoiceId: string): Promise<string | null> {
    const payments = await call((stripe) =>
      stripe.invoicePayments.list({ invoice: invoiceId, limit: 1, expand: ['data.payment.payment_intent'] }),
    );
    return expanded(payments.data[0]?.payment.payment_intent)?.last_payment_error?.message ?? null;
  }

  return {
    info: { name: 'stripe', publishableKey: options.publishableKey },

    async createCustomer({ email, name, clientId, idempotencyKey }) {
      const customer = await call((stripe) =>
        stripe.customers.create({ email: email ?? undefined, name, metadata: { client_id: String(clientId) } }, { idempotencyKey }),
      );
      return customer.id;
    },

    async createSubscription({ customerId, priceLookupKey, metadata, idempotencyKey }) {
      const price = await priceIdOf(priceLookupKey);
      const subscription = await call((stripe) =>
        stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price }],
            // The subscription waits (incomplete) for the first invoice to be paid in the browser, and the card
            // that pays it becomes the subscription's default for renewals.
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            expand: ['latest_invoice.confirmation_secret'],
            metadata,
          },
          { idempotencyKey },
        ),
      );
      // No confirmation secret when the first invoice asks for nothing: the subscription is active already.
      const clientSecret = expanded(subscription.latest_invoice)?.confirmation_secret?.client_secret ?? null;
      return { subscription: toProviderSubscription(subscription), clientSecret };
    },

    async getSubscription(id) {
      return toProviderSubscription(await call((stripe) => stripe.subscriptions.retrieve(id)));
    },

    async previewPlanChange({ subscription, priceLookupKey, prorationDate }) {
      const itemId = itemIdOf(subscription);
      const price = await priceIdOf(priceLookupKey);
      const preview = await call((stripe) =>
        stripe.invoices.createPreview({
          customer: subscription.customerId,
          subscription: subscription.id,
          subscription_details: {
            items: [{ id: itemId, price }],
            proration_date: prorationDate,
            proration_behavior: 'create_prorations',
          },
        }),
      );
      // One plan item: the preview has a few lines (credit, new plan's remainder, next period), all on its first page.
      const prorationAmount = preview.lines.data.filter(isProrationLine).reduce((sum, line) => sum + line.amount, 0);
      // The next period's line starts when it is billed.
      const nextPeriodLine = subscriptionLineOf(preview);
      const nextBillingDate =
        (nextPeriodLine ? dateFromUnix(nextPeriodLine.period.start) : null) ??
        optionalDateFromUnix(preview.next_payment_attempt) ??
        subscription.currentPeriodEnd;
      return { amountDue: preview.amount_due, prorationAmount, prorationDate, nextBillingDate };
    },

    async changePlan({ subscription, priceLookupKey, prorationDate, idempotencyKey }) {
      const itemId = itemIdOf(subscription);
      const price = await priceIdOf(priceLookupKey);
      const updated = await call((stripe) =>
        stripe.subscriptions.update(
          subscription.id,
          // The preview's proration_date, so the proration charged is the one the user was shown.
          { items: [{ id: itemId, price }], proration_behavior: 'create_prorations', proration_date: prorationDate },
          { idempotencyKey },
        ),
      );
      return toProviderSubscription(updated);
    },

    async cancelSubscription({ subscriptionId, atPeriodEnd }) {
      const subscription = await call((stripe) =>
        atPeriodEnd
          ? stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })
          : stripe.subscriptions.cancel(subscriptionId),
      );
      return toProviderSubscription(subscription);
    },

    async setCollectionPaused({ subscriptionId, paused }) {
      // 'void': invoices Stripe would create while paused are voided at once, so nothing is owed for the pause.
      const subscription = await call((stripe) =>
        stripe.subscriptions.update(subscriptionId, { pause_collection: paused ? { behavior: 'void' } : '' }),
      );
      return toProviderSubscription(subscription);
    },

    async getInvoice(id) {
      const invoice = await call((stripe) => stripe.invoices.retrieve(id));
      // Only an open invoice has a failure worth showing (tried by Stripe at renewal, or by the browser).
      const lastPaymentError = invoice.status === 'open' ? await lastPaymentErrorOfInvoice(id) : null;
      return toProviderInvoice(invoice, lastPaymentError);
    },

    async invoiceIdOfPayment(paymentIntentId) {
      // Since API 2025-03-31 a charge and its intent no longer name the invoice; the invoice payment links them.
      const payments = await call((stripe) =>
        stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntentId }, limit: 1 }),
      );
      const invoice = payments.data[0]?.invoice;
      return invoice ? (idOf(invoice) ?? null) : null;
    },

    async cardOfPaidInvoice(invoiceId) {
      // The invoice's paid payment, its intent and the intent's payment method: four levels, Stripe's expansion limit.
      const payments = await call((stripe) =>
        stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 1, expand: ['data.payment.payment_intent.payment_method'] }),
      );
      const card = expanded(expanded(payments.data[0]?.payment.payment_intent)?.payment_method)?.card;
      return card ? { brand: card.brand, last4: card.last4 } : null;
    },

    async getInvoiceConfirmation(invoiceId) {
      const invoice = await call((stripe) => stripe.invoices.retrieve(invoiceId, { expand: ['confirmation_secret'] }));
      const clientSecret = invoice.status === 'open' ? invoice.confirmation_secret?.client_secret : null;
      if (!clientSecret) {
        throw new PaymentProviderError(`Invoice ${invoiceId} has nothing to pay (status: ${invoice.status}).`, 'invalid_request');
      }
      return { clientSecret, paymentIntentId: paymentIntentIdOf(clientSecret) };
    },

    async createPaymentIntent({ customerId, amount, description, metadata, idempotencyKey }) {
      const paymentIntent = await call((stripe) =>
        stripe.paymentIntents.create(
          { amount, currency: 'usd', customer: customerId, description, metadata, automatic_payment_methods: { enabled: true } },
          { idempotencyKey },
        ),
      );
      return toProviderPaymentIntent(paymentIntent);
    },

    async chargeSavedCard({ customerId, paymentMethodId, amount, description, metadata, idempotencyKey }) {
      const { stripe, errors } = await sdk();
      try {
        const paymentIntent = await stripe.paymentIntents.create(
          {
            amount,
            currency: 'usd',
            customer: customerId,
            payment_method: paymentMethodId,
            // A saved card, with the card holder present: 3-D Secure is done in the page (handleNextAction), never by a
            // redirect, so no return_url is needed.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            confirm: true,
            off_session: false,
            description,
            metadata,
          },
          { idempotencyKey },
        );
        return toProviderPaymentIntent(paymentIntent);
      } catch (error) {
        // A declined card: Stripe answers 402 with the intent it left waiting for another card; answer that intent.
        if (error instanceof errors.StripeCardError && error.payment_intent) {
          return toProviderPaymentIntent({ ...error.payment_intent, last_payment_error: error.payment_intent.last_payment_error ?? { message: error.message } } as Stripe.PaymentIntent);
        }
        throw toPaymentProviderError(error, options.secretKey, errors);
      }
    },

    async getPaymentIntent(id) {
      // Expanded so the card that paid (or tried to) can be named.
      const paymentIntent = await call((stripe) => stripe.paymentIntents.retrieve(id, { expand: ['latest_charge', 'payment_method'] }));
      return toProviderPaymentIntent(paymentIntent);
    },

    async createSetupIntent({ customerId, idempotencyKey }) {
      const setupIntent = await call((stripe) =>
        stripe.setupIntents.create(
          // off_session: the saved card pays renewals without the card holder present.
          { customer: customerId, usage: 'off_session', automatic_payment_methods: { enabled: true } },
          { idempotencyKey },
        ),
      );
      return toProviderSetupIntent(setupIntent);
    },

    async getSetupIntent(id) {
      return toProviderSetupIntent(await call((stripe) => stripe.setupIntents.retrieve(id)));
    },

    async listCards(customerId) {
      const [customer, paymentMethods] = await Promise.all([
        call((stripe) => stripe.customers.retrieve(customerId)),
        call((stripe) => stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 })),
      ]);
      if (customer.deleted) throw new PaymentProviderError(`No such customer: ${customerId}.`, 'not_found');
      const defaultId = idOf(customer.invoice_settings.default_payment_method);
      return paymentMethods.data
        .map((paymentMethod) => toProviderCard(paymentMethod, defaultId))
        .filter((card): card is ProviderCard => card !== null);
    },

    async setDefaultCard(customerId, paymentMethodId) {
      await assertCardOfCustomer(customerId, paymentMethodId);
      await call((stripe) => stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }));
    },

    async detachCard(customerId, paymentMethodId) {
      await assertCardOfCustomer(customerId, paymentMethodId);
      await call((stripe) => stripe.paymentMethods.detach(paymentMethodId));
    },

    async parseWebhook(rawBody, signature) {
      return parseStripeWebhook((await sdk()).stripe, options.webhookSecret, rawBody, signature);
    },
  };
}
