import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentIntentIdOf } from '@agency/contract';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type PaymentEvent,
  type PaymentProvider,
} from '../src/integrations/payments/provider';
import { createStripeProvider } from '../src/integrations/payments/stripe/stripe-provider';
import { signedWebhook, startStripeStandIn, stripeEvent, type RecordedRequest, type StripeStandIn } from './support/stripe-stand-in';

const SECRET_KEY = 'sk_test_51StandInSecretKeyForTheAdapterTests';
const WEBHOOK_SECRET = 'whsec_stand_in_webhook_secret';

let standIn: StripeStandIn;
let provider: PaymentProvider;

const newProvider = (overrides: { webhookSecret?: string | null } = {}) =>
  createStripeProvider({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_stand_in',
    webhookSecret: WEBHOOK_SECRET,
    ...overrides,
    ...standIn.connection,
  });

beforeAll(async () => {
  standIn = await startStripeStandIn();
  provider = newProvider();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
});

const requestsTo = (method: string, path: string): RecordedRequest[] =>
  standIn.requests.filter((request) => request.method === method && request.path === path);
const onlyRequestTo = (method: string, path: string): RecordedRequest => {
  const matching = requestsTo(method, path);
  expect(matching, `${method} ${path}`).toHaveLength(1);
  return matching[0]!;
};
const priceIdOf = (lookupKey: string) =>
  [...standIn.state.objects.values()].find((object) => object.object === 'price' && object.lookup_key === lookupKey)!.id;
const itemOf = (subscriptionId: string) => standIn.state.find('subscription', subscriptionId).items.data[0]!;
const paymentIntentOfInvoice = (invoiceId: string) => {
  const payment = [...standIn.state.objects.values()].find((object) => object.object === 'invoice_payment' && object.invoice === invoiceId);
  if (payment?.object !== 'invoice_payment') throw new Error(`no payment for ${invoiceId}`);
  return standIn.state.find('payment_intent', payment.payment.payment_intent);
};

let keyCounter = 0;
const uniqueKey = (what: string) => `${what}-${++keyCounter}-${Date.now()}`;

async function newCustomer(): Promise<string> {
  return provider.createCustomer({ email: 'owner@example.com', name: 'Acme Studio', clientId: 7, idempotencyKey: uniqueKey('customer') });
}

async function activeSubscription(priceLookupKey = 'price_starter_monthly') {
  const customerId = await newCustomer();
  const start = await provider.createSubscription({
    customerId,
    priceLookupKey,
    metadata: { subscription_id: '1' },
    idempotencyKey: uniqueKey('subscription'),
  });
  const card = standIn.state.addCard(customerId);
  standIn.state.payInvoice(start.subscription.latestInvoiceId!, card.id);
  return { customerId, subscription: await provider.getSubscription(start.subscription.id) };
}

async function rejection(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

describe('Stripe provider: how it talks to Stripe', () => {
  it('sends each request to the configured host with the secret key as bearer and the SDK’s pinned API version', async () => {
    const customerId = await provider.createCustomer({
      email: 'owner@example.com',
      name: 'Acme Studio',
      clientId: 42,
      idempotencyKey: 'client-42-customer',
    });

    const request = onlyRequestTo('POST', '/v1/customers');
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request.headers['stripe-version']).toBe(Stripe.API_VERSION);
    expect(request.headers['idempotency-key']).toBe('client-42-customer');
    expect(request.body).toEqual({ email: 'owner@example.com', name: 'Acme Studio', metadata: { client_id: '42' } });
    expect(standIn.state.find('customer', customerId).metadata).toEqual({ client_id: '42' });
    expect(provider.info).toEqual({ name: 'stripe', publishableKey: 'pk_test_stand_in' });
  });

  it('sends the idempotency key it was given with every create call', async () => {
    const customerId = await provider.createCustomer({ email: null, name: 'Key Test', clientId: 1, idempotencyKey: 'k-customer' });
    const { subscription } = await provider.createSubscription({
      customerId,
      priceLookupKey: 'price_starter_monthly',
      metadata: {},
      idempotencyKey: 'k-subscription',
    });
    await provider.changePlan({
      subscription,
      priceLookupKey: 'price_pro_monthly',
      prorationDate: Math.floor(Date.now() / 1000),
      idempotencyKey: 'k-change',
    });
    await provider.createPaymentIntent({
      customerId,
      amount: 5000,
      description: 'Invoice INV-1',
      metadata: { invoice_id: '1' },
      idempotencyKey: 'k-payment',
    });
    await provider.createSetupIntent({ customerId, idempotencyKey: 'k-setup' });

    expect(onlyRequestTo('POST', '/v1/customers').headers['idempotency-key']).toBe('k-customer');
    expect(onlyRequestTo('POST', '/v1/subscriptions').headers['idempotency-key']).toBe('k-subscription');
    expect(onlyRequestTo('POST', `/v1/subscriptions/${subscription.id}`).headers['idempotency-key']).toBe('k-change');
    expect(onlyRequestTo('POST', '/v1/payment_intents').headers['idempotency-key']).toBe('k-payment');
    expect(onlyRequestTo('POST', '/v1/setup_intents').headers['idempotency-key']).toBe('k-setup');
    // A customer without an email is sent without one (Stripe rejects an empty email).
    expect(onlyRequestTo('POST', '/v1/customers').body).not.toHaveProperty('email');
  });

  it('creates one subscription when the same create is sent twice with the same key (a retry after a timeout)', async () => {
    const customerId = await newCustomer();
    const input = {
      customerId,
      priceLookupKey: 'price_pro_monthly',
      metadata: { subscription_id: '9' },
      idempotencyKey: 'subscription-9-create',
    };

    const first = await provider.createSubscription(input);
    const second = await provider.createSubscription(input);

    expect(second.subscription.id).toBe(first.subscription.id);
    expect(second.clientSecret).toBe(first.clientSecret);
    const subscriptionsOfCustomer = [...standIn.state.objects.values()].filter(
      (object) => object.object === 'subscription' && object.customer === customerId,
    );
    expect(subscriptionsOfCustomer).toHaveLength(1);
    expect(requestsTo('POST', '/v1/subscriptions')).toHaveLength(2);
  });

  it('retries a Stripe-side failure with the same idempotency key, so the retry does not create twice', async () => {
    const customerId = await newCustomer();
    standIn.requests.length = 0;
    standIn.state.failNext(
      { status: 500, type: 'api_error', message: 'Something went wrong on our end.' },
      { method: 'POST', path: '/v1/payment_intents' },
    );

    const paymentIntent = await provider.createPaymentIntent({
      customerId,
      amount: 1200,
      description: 'Order 3',
      metadata: { order_id: '3' },
      idempotencyKey: 'order-3-pay',
    });

    const attempts = requestsTo('POST', '/v1/payment_intents');
    expect(attempts.map((request) => request.headers['idempotency-key'])).toEqual(['order-3-pay', 'order-3-pay']);
    expect(paymentIntent.amount).toBe(1200);
  });
});

describe('Stripe provider: subscriptions', () => {
  it('starts a subscription that waits for its first invoice and returns that invoice’s client secret', async () => {
    const customerId = await newCustomer();
    standIn.requests.length = 0;

    const start = await provider.createSubscription({
      customerId,
      priceLookupKey: 'price_pro_monthly',
      metadata: { subscription_id: '5', client_id: '7' },
      idempotencyKey: 'subscription-5-create',
    });

    const request = onlyRequestTo('POST', '/v1/subscriptions');
    expect(request.rawBody).toContain('payment_behavior=default_incomplete');
    expect(request.rawBody).toContain('payment_settings[save_default_payment_method]=on_subscription');
    expect(request.body).toMatchObject({
      customer: customerId,
      items: [{ price: priceIdOf('price_pro_monthly') }],
      expand: ['latest_invoice.confirmation_secret'],
      metadata: { subscription_id: '5', client_id: '7' },
    });

    const invoiceId = standIn.state.find('subscription', start.subscription.id).latest_invoice!;
    const paymentIntent = paymentIntentOfInvoice(invoiceId);
    expect(start.clientSecret).toBe(paymentIntent.client_secret);
    expect(paymentIntentIdOf(start.clientSecret!)).toBe(paymentIntent.id);
    expect(start.subscription).toMatchObject({
      customerId,
      status: 'incomplete',
      priceLookupKey: 'price_pro_monthly',
      itemId: itemOf(start.subscription.id).id,
      latestInvoiceId: invoiceId,
      cancelAtPeriodEnd: false,
    });
  });

  it('returns no client secret and an active subscription when the first invoice asks for nothing', async () => {
    standIn.state.addPrice({ lookupKey: 'price_free_monthly', unitAmount: 0 });
    const customerId = await newCustomer();

    const start = await provider.createSubscription({
      customerId,
      priceLookupKey: 'price_free_monthly',
      metadata: {},
      idempotencyKey: uniqueKey('free'),
    });

    expect(start.clientSecret).toBeNull();
    expect(start.subscription.status).toBe('active');
  });

  it('reads the current period from the subscription item, where Stripe keeps it since API 2025-03-31', async () => {
    const { subscription } = await activeSubscription();
    const firstPeriodEnd = itemOf(subscription.id).current_period_end;
    expect(subscription.currentPeriodEnd).toEqual(new Date(firstPeriodEnd * 1000));

    standIn.state.renewSubscription(subscription.id);
    const renewed = await provider.getSubscription(subscription.id);

    expect(renewed.currentPeriodEnd!.getTime()).toBeGreaterThan(firstPeriodEnd * 1000);
    expect(renewed.currentPeriodEnd).toEqual(new Date(itemOf(subscription.id).current_period_end * 1000));
    expect(renewed.status).toBe('active');
  });

  it('finds prices by lookup key once per key, and refuses a lookup key Stripe does not know', async () => {
    const fresh = newProvider();
    const customerId = await newCustomer();
    standIn.requests.length = 0;

    await fresh.createSubscription({ customerId, priceLookupKey: 'price_starter_monthly', metadata: {}, idempotencyKey: uniqueKey('a') });
    await fresh.createSubscription({ customerId, priceLookupKey: 'price_starter_monthly', metadata: {}, idempotencyKey: uniqueKey('b') });

    const lookup = onlyRequestTo('GET', '/v1/prices');
    expect(lookup.query).toEqual({ lookup_keys: ['price_starter_monthly'], active: 'true' });

    const error = await rejection(
      fresh.createSubscription({ customerId, priceLookupKey: 'price_gold_monthly', metadata: {}, idempotencyKey: uniqueKey('c') }),
    );
    expect(error.type).toBe('invalid_request');
    expect(error.message).toContain('price_gold_monthly');
    expect(requestsTo('POST', '/v1/subscriptions')).toHaveLength(2);
  });

  it('previews a plan change and makes it with the same proration date, so the charge is the one shown', async () => {
    const { customerId, subscription } = await activeSubscription('price_starter_monthly');
    const item = itemOf(subscription.id);
    // Half-way through the period: half of Starter ($100) back, half of Pro ($250) charged, then Pro's next month.
    const prorationDate = item.current_period_start + (item.current_period_end - item.current_period_start) / 2;
    standIn.requests.length = 0;

    const preview = await provider.previewPlanChange({ subscription, priceLookupKey: 'price_pro_monthly', prorationDate });

    expect(onlyRequestTo('POST', '/v1/invoices/create_preview').body).toEqual({
      customer: customerId,
      subscription: subscription.id,
      subscription_details: {
        items: [{ id: item.id, price: priceIdOf('price_pro_monthly') }],
        proration_date: String(prorationDate),
        proration_behavior: 'create_prorations',
      },
    });
    expect(preview).toEqual({
      prorationAmount: -5000 + 12500,
      amountDue: -5000 + 12500 + 25000,
      prorationDate,
      nextBillingDate: new Date(item.current_period_end * 1000),
    });

    const changed = await provider.changePlan({
      subscription,
      priceLookupKey: 'price_pro_monthly',
      prorationDate: preview.prorationDate,
      idempotencyKey: 'subscription-1-change-pro',
    });

    const update = onlyRequestTo('POST', `/v1/subscriptions/${subscription.id}`);
    expect(update.body).toEqual({
      items: [{ id: item.id, price: priceIdOf('price_pro_monthly') }],
      proration_behavior: 'create_prorations',
      proration_date: String(prorationDate),
    });
    expect(changed.priceLookupKey).toBe('price_pro_monthly');
    expect(changed.itemId).toBe(item.id);
  });

  it('cancels at period end by flagging the subscription, and at once by cancelling it', async () => {
    const { subscription } = await activeSubscription();
    standIn.requests.length = 0;

    const atPeriodEnd = await provider.cancelSubscription({ subscriptionId: subscription.id, atPeriodEnd: true });

    expect(onlyRequestTo('POST', `/v1/subscriptions/${subscription.id}`).body).toEqual({ cancel_at_period_end: 'true' });
    expect(requestsTo('DELETE', `/v1/subscriptions/${subscription.id}`)).toHaveLength(0);
    expect(atPeriodEnd).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    const now = await provider.cancelSubscription({ subscriptionId: subscription.id, atPeriodEnd: false });

    onlyRequestTo('DELETE', `/v1/subscriptions/${subscription.id}`);
    expect(now.status).toBe('cancelled');
  });

  it("pauses collection with pause_collection[behavior]=void and resumes by clearing it (pause_collection=''); the status stays active", async () => {
    const { subscription } = await activeSubscription();
    standIn.requests.length = 0;

    const paused = await provider.setCollectionPaused({ subscriptionId: subscription.id, paused: true });
    expect(onlyRequestTo('POST', `/v1/subscriptions/${subscription.id}`).body).toEqual({ pause_collection: { behavior: 'void' } });
    expect(paused).toMatchObject({ status: 'active', collectionPaused: true });
    expect(standIn.state.find('subscription', subscription.id).pause_collection).toEqual({ behavior: 'void', resumes_at: null });

    standIn.requests.length = 0;
    const resumed = await provider.setCollectionPaused({ subscriptionId: subscription.id, paused: false });
    expect(onlyRequestTo('POST', `/v1/subscriptions/${subscription.id}`).body).toEqual({ pause_collection: '' });
    expect(resumed).toMatchObject({ status: 'active', collectionPaused: false });
  });

  it('answers not_found for a subscription Stripe does not have', async () => {
    const error = await rejection(provider.getSubscription('sub_doesnotexist'));
    expect(error.type).toBe('not_found');
    expect(error.message).toBe("No such subscription: 'sub_doesnotexist'");
  });
});

describe('Stripe provider: invoices', () => {
  it('reads an invoice’s subscription from its parent, its period from the plan line, and why its last payment failed', async () => {
    const { subscription } = await activeSubscription();
    const renewal = standIn.state.renewSubscription(subscription.id);
    standIn.state.failInvoicePayment(renewal.id, { declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' });

    const invoice = await provider.getInvoice(renewal.id);

    expect(invoice).toMatchObject({
      id: renewal.id,
      customerId: subscription.customerId,
      subscriptionId: subscription.id,
      status: 'open',
      amountDue: 10000,
      amountPaid: 0,
      billingReason: 'subscription_cycle',
      lastPaymentError: 'Your card has insufficient funds.',
    });
    const item = itemOf(subscription.id);
    expect(invoice.periodStart).toEqual(new Date(item.current_period_start * 1000));
    expect(invoice.periodEnd).toEqual(new Date(item.current_period_end * 1000));
    expect(onlyRequestTo('GET', '/v1/invoice_payments').query).toMatchObject({
      invoice: renewal.id,
      expand: ['data.payment.payment_intent'],
    });
    expect((await provider.getSubscription(subscription.id)).status).toBe('past_due');
  });

  it('gives the browser the client secret and payment intent of an open invoice, and refuses a paid one', async () => {
    const { subscription } = await activeSubscription();
    const renewal = standIn.state.renewSubscription(subscription.id);
    standIn.requests.length = 0;

    const confirmation = await provider.getInvoiceConfirmation(renewal.id);

    const paymentIntent = paymentIntentOfInvoice(renewal.id);
    expect(confirmation).toEqual({ clientSecret: paymentIntent.client_secret, paymentIntentId: paymentIntent.id });
    expect(onlyRequestTo('GET', `/v1/invoices/${renewal.id}`).query).toEqual({ expand: ['confirmation_secret'] });

    const error = await rejection(provider.getInvoiceConfirmation(subscription.latestInvoiceId!));
    expect(error.type).toBe('invalid_request');
  });
});

describe('Stripe provider: payments and cards', () => {
  it('creates a payment intent for exactly the amount, tied to our invoice by metadata', async () => {
    const customerId = await newCustomer();
    standIn.requests.length = 0;

    const paymentIntent = await provider.createPaymentIntent({
      customerId,
      amount: 25050,
      description: 'Invoice INV-0012',
      metadata: { invoice_id: '12' },
      idempotencyKey: 'invoice-12-pay',
    });

    expect(onlyRequestTo('POST', '/v1/payment_intents').body).toEqual({
      amount: '25050',
      currency: 'usd',
      customer: customerId,
      description: 'Invoice INV-0012',
      metadata: { invoice_id: '12' },
      automatic_payment_methods: { enabled: 'true' },
    });
    expect(paymentIntent).toMatchObject({
      amount: 25050,
      customerId,
      status: 'requires_payment_method',
      metadata: { invoice_id: '12' },
      lastError: null,
      card: null,
    });
    expect(paymentIntentIdOf(paymentIntent.clientSecret!)).toBe(paymentIntent.id);
  });

  it('names the card that paid, and the error of a declined attempt with the card that tried', async () => {
    const customerId = await newCustomer();
    const card = standIn.state.addCard(customerId, { brand: 'mastercard', last4: '4444' });
    const paid = await provider.createPaymentIntent({
      customerId,
      amount: 1000,
      description: 'Order 1',
      metadata: {},
      idempotencyKey: uniqueKey('paid'),
    });
    standIn.state.succeedPaymentIntent(paid.id, card.id);

    expect(await provider.getPaymentIntent(paid.id)).toMatchObject({
      status: 'succeeded',
      card: { brand: 'mastercard', last4: '4444' },
      lastError: null,
    });
    expect(onlyRequestTo('GET', `/v1/payment_intents/${paid.id}`).query.expand).toEqual(
      expect.arrayContaining(['latest_charge', 'payment_method']),
    );

    const declinedCard = standIn.state.addCard(customerId, { brand: 'visa', last4: '0002' });
    const declined = await provider.createPaymentIntent({
      customerId,
      amount: 1000,
      description: 'Order 2',
      metadata: {},
      idempotencyKey: uniqueKey('declined'),
    });
    standIn.state.failPaymentIntent(declined.id, { paymentMethodId: declinedCard.id, message: 'Your card was declined.' });

    expect(await provider.getPaymentIntent(declined.id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: 'Your card was declined.',
      card: { brand: 'visa', last4: '0002' },
    });
  });

  it('charges a saved card in one step: payment_method, customer, confirm true, off_session false, no redirect, our key', async () => {
    const customerId = await newCustomer();
    await provider.chargeSavedCard({
      customerId,
      paymentMethodId: 'pm_card_visa',
      amount: 2500,
      description: 'Invoice INV-7',
      metadata: { invoice_id: '7' },
      idempotencyKey: 'invoice-7-saved-card-1',
    });
    const request = onlyRequestTo('POST', '/v1/payment_intents');
    expect(request.headers['idempotency-key']).toBe('invoice-7-saved-card-1');
    expect(request.body).toMatchObject({
      amount: '2500',
      currency: 'usd',
      customer: customerId,
      payment_method: 'pm_card_visa',
      confirm: 'true',
      off_session: 'false',
      automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
      metadata: { invoice_id: '7' },
    });
  });

  it('a saved card declined at once answers the intent Stripe left with the decline message, not an error', async () => {
    const customerId = await newCustomer();
    standIn.state.failNext(
      {
        status: 402,
        type: 'card_error',
        code: 'card_declined',
        declineCode: 'generic_decline',
        message: 'Your card was declined.',
        paymentIntent: {
          id: 'pi_declined',
          object: 'payment_intent',
          amount: 900,
          status: 'requires_payment_method',
          customer: customerId,
          client_secret: 'pi_declined_secret_x',
          metadata: { invoice_id: '8' },
          last_payment_error: { message: 'Your card was declined.', type: 'card_error' },
          created: Math.floor(Date.now() / 1000),
        },
      },
      { method: 'POST', path: '/v1/payment_intents' },
    );
    const pi = await provider.chargeSavedCard({
      customerId,
      paymentMethodId: 'pm_card_chargeDeclined',
      amount: 900,
      description: 'Invoice INV-8',
      metadata: { invoice_id: '8' },
      idempotencyKey: uniqueKey('saved-decline'),
    });
    expect(pi).toMatchObject({ id: 'pi_declined', status: 'requires_payment_method', lastError: 'Your card was declined.' });
  });

  it('maps a card decline to card_error with Stripe’s message and decline code', async () => {
    const customerId = await newCustomer();
    standIn.state.failNext(
      {
        status: 402,
        type: 'card_error',
        code: 'card_declined',
        declineCode: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        param: '',
      },
      { method: 'POST', path: '/v1/payment_intents' },
    );

    const error = await rejection(
      provider.createPaymentIntent({
        customerId,
        amount: 1000,
        description: 'Order 4',
        metadata: {},
        idempotencyKey: uniqueKey('decline'),
      }),
    );

    expect(error).toMatchObject({ type: 'card_error', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' });
  });

  it('maps other failures: a bad request to invalid_request, an outage or a refused key to api_error without the key', async () => {
    standIn.state.failNext({ status: 400, type: 'invalid_request_error', message: 'Invalid usd integer: abc', param: 'amount' });
    expect((await rejection(provider.getSetupIntent('seti_whatever'))).type).toBe('invalid_request');

    standIn.state.failNext({ status: 401, type: 'invalid_request_error', message: `Invalid API Key provided: ${SECRET_KEY}` });
    const refused = await rejection(provider.getSubscription('sub_any'));
    expect(refused.type).toBe('api_error');
    expect(refused.message).not.toContain(SECRET_KEY);
    expect(refused.message).toContain('Invalid API Key provided');
  });

  it('creates an off-session setup intent for saving a card, and reads the card it saved', async () => {
    const customerId = await newCustomer();
    standIn.requests.length = 0;

    const setupIntent = await provider.createSetupIntent({ customerId, idempotencyKey: 'client-7-setup-1' });

    expect(onlyRequestTo('POST', '/v1/setup_intents').body).toEqual({
      customer: customerId,
      usage: 'off_session',
      automatic_payment_methods: { enabled: 'true' },
    });
    expect(setupIntent).toMatchObject({ customerId, status: 'requires_payment_method', paymentMethodId: null, lastError: null });
    expect(setupIntent.clientSecret).toMatch(new RegExp(`^${setupIntent.id}_secret_`));

    const card = standIn.state.addCard(null);
    standIn.state.succeedSetupIntent(setupIntent.id, card.id);

    expect(await provider.getSetupIntent(setupIntent.id)).toMatchObject({ status: 'succeeded', paymentMethodId: card.id });
  });

  it('lists the customer’s cards with the default one flagged, and detaches a card', async () => {
    const customerId = await newCustomer();
    const visa = standIn.state.addCard(customerId, { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 });
    const amex = standIn.state.addCard(customerId, { brand: 'amex', last4: '8431', exp_month: 9, exp_year: 2030 });
    standIn.state.addCard(await newCustomer() /* someone else's card, not listed */);
    standIn.requests.length = 0;

    await provider.setDefaultCard(customerId, amex.id);

    expect(onlyRequestTo('POST', `/v1/customers/${customerId}`).body).toEqual({ invoice_settings: { default_payment_method: amex.id } });
    expect(await provider.listCards(customerId)).toEqual(
      expect.arrayContaining([
        { id: visa.id, brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031, isDefault: false },
        { id: amex.id, brand: 'amex', last4: '8431', expMonth: 9, expYear: 2030, isDefault: true },
      ]),
    );
    expect(onlyRequestTo('GET', `/v1/customers/${customerId}/payment_methods`).query).toMatchObject({ type: 'card' });

    await provider.detachCard(customerId, visa.id);

    onlyRequestTo('POST', `/v1/payment_methods/${visa.id}/detach`);
    expect((await provider.listCards(customerId)).map((card) => card.id)).toEqual([amex.id]);
  });

  it('refuses to default or detach another customer’s card (not_found) without touching it', async () => {
    const customerId = await newCustomer();
    const strangersCard = standIn.state.addCard(await newCustomer());
    standIn.requests.length = 0;

    expect((await rejection(provider.setDefaultCard(customerId, strangersCard.id))).type).toBe('not_found');
    expect((await rejection(provider.detachCard(customerId, strangersCard.id))).type).toBe('not_found');
    expect((await rejection(provider.detachCard(customerId, 'pm_doesnotexist'))).type).toBe('not_found');

    expect(standIn.requests.filter((request) => request.method === 'POST')).toEqual([]);
    expect(standIn.state.find('payment_method', strangersCard.id).customer).not.toBe(customerId);
    expect(standIn.state.find('payment_method', strangersCard.id).customer).not.toBeNull();
  });
});

describe('Stripe provider: webhooks', () => {
  const deliver = (event: unknown, target: PaymentProvider = provider): Promise<PaymentEvent> => {
    const { rawBody, signature } = signedWebhook(event, WEBHOOK_SECRET);
    return target.parseWebhook(rawBody, signature);
  };

  it('normalizes subscription events, with the customer as an id or as an expanded object', async () => {
    const { customerId, subscription } = await activeSubscription('price_pro_monthly');
    const stored = standIn.state.get<Record<string, unknown>>(subscription.id);
    const created = 1_760_000_000;

    const updated = await deliver(stripeEvent('customer.subscription.updated', stored, { id: 'evt_sub_updated', created }));
    expect(updated).toEqual({
      eventId: 'evt_sub_updated',
      type: 'customer.subscription.updated',
      created: new Date(created * 1000),
      kind: 'subscription',
      deleted: false,
      subscription: { ...subscription, customerId },
    });

    const withExpandedCustomer = { ...stored, status: 'canceled', customer: standIn.state.get(customerId) };
    const deleted = await deliver(stripeEvent('customer.subscription.deleted', withExpandedCustomer));
    expect(deleted).toMatchObject({
      kind: 'subscription',
      deleted: true,
      subscription: { id: subscription.id, customerId, status: 'cancelled', priceLookupKey: 'price_pro_monthly' },
    });
  });

  it.each([
    ['active', 'active'],
    ['trialing', 'active'],
    ['past_due', 'past_due'],
    ['unpaid', 'past_due'],
    ['canceled', 'cancelled'],
    ['incomplete_expired', 'cancelled'],
    ['incomplete', 'incomplete'],
    ['paused', 'incomplete'],
  ])('maps Stripe subscription status %s to %s', async (stripeStatus, ours) => {
    const { subscription } = await activeSubscription();
    const event = await deliver(
      stripeEvent('customer.subscription.updated', { ...standIn.state.get<object>(subscription.id), status: stripeStatus }),
    );
    expect(event.kind === 'subscription' && event.subscription.status).toBe(ours);
  });

  it('normalizes invoice events, reading the subscription from parent.subscription_details', async () => {
    const { subscription } = await activeSubscription();
    const renewal = standIn.state.renewSubscription(subscription.id);

    const failed = await deliver(stripeEvent('invoice.payment_failed', standIn.state.get(renewal.id)));
    expect(failed).toMatchObject({
      kind: 'invoice',
      outcome: 'payment_failed',
      invoice: {
        id: renewal.id,
        subscriptionId: subscription.id,
        customerId: subscription.customerId,
        status: 'open',
        amountDue: 10000,
        billingReason: 'subscription_cycle',
      },
    });

    const actionRequired = await deliver(stripeEvent('invoice.payment_action_required', standIn.state.get(renewal.id)));
    expect(actionRequired).toMatchObject({ kind: 'invoice', outcome: 'action_required', invoice: { id: renewal.id } });

    standIn.state.payInvoice(renewal.id, standIn.state.addCard(subscription.customerId).id);
    const paid = await deliver(stripeEvent('invoice.paid', standIn.state.get(renewal.id)));
    expect(paid).toMatchObject({
      kind: 'invoice',
      outcome: 'paid',
      invoice: { id: renewal.id, subscriptionId: subscription.id, status: 'paid', amountPaid: 10000 },
    });
    // The payload carries no confirmation secret (includable only) and no payment_intent (gone since 2025-03-31).
    expect(JSON.stringify(standIn.state.get(renewal.id))).not.toMatch(/confirmation_secret|"payment_intent"/);
  });

  it('normalizes payment intent, refund and card setup events', async () => {
    const customerId = await newCustomer();
    const card = standIn.state.addCard(customerId);
    const paymentIntent = await provider.createPaymentIntent({
      customerId,
      amount: 4000,
      description: 'Order 8',
      metadata: { order_id: '8' },
      idempotencyKey: uniqueKey('pi'),
    });

    standIn.state.failPaymentIntent(paymentIntent.id, { paymentMethodId: card.id, message: 'Your card was declined.' });
    expect(await deliver(stripeEvent('payment_intent.payment_failed', standIn.state.get(paymentIntent.id)))).toMatchObject({
      kind: 'payment_intent',
      outcome: 'payment_failed',
      paymentIntent: {
        id: paymentIntent.id,
        lastError: 'Your card was declined.',
        metadata: { order_id: '8' },
        card: { brand: 'visa', last4: '4242' },
      },
    });

    standIn.state.succeedPaymentIntent(paymentIntent.id, card.id);
    expect(await deliver(stripeEvent('payment_intent.succeeded', standIn.state.get(paymentIntent.id)))).toMatchObject({
      kind: 'payment_intent',
      outcome: 'succeeded',
      paymentIntent: { id: paymentIntent.id, status: 'succeeded', amount: 4000, customerId },
    });

    const charge = standIn.state.refund(paymentIntent.id, 1500);
    expect(await deliver(stripeEvent('charge.refunded', standIn.state.get(charge.id)))).toMatchObject({
      kind: 'charge_refunded',
      paymentIntentId: paymentIntent.id,
      customerId,
      amountRefunded: 1500,
      amount: 4000,
    });

    const setupIntent = await provider.createSetupIntent({ customerId, idempotencyKey: uniqueKey('seti') });
    standIn.state.succeedSetupIntent(setupIntent.id, card.id);
    expect(await deliver(stripeEvent('setup_intent.succeeded', standIn.state.get(setupIntent.id)))).toMatchObject({
      kind: 'setup_succeeded',
      setupIntentId: setupIntent.id,
      customerId,
      paymentMethodId: card.id,
    });
  });

  it('acknowledges an event type it does not act on as ignored', async () => {
    expect(await deliver(stripeEvent('customer.updated', { id: 'cus_x', object: 'customer' }, { id: 'evt_other' }))).toMatchObject({
      eventId: 'evt_other',
      type: 'customer.updated',
      kind: 'ignored',
    });
  });

  it('rejects a tampered body, a forged or stale signature, a missing signature, and any event when no secret is configured', async () => {
    const event = stripeEvent('invoice.paid', { id: 'in_x', object: 'invoice' });
    const { rawBody, signature } = signedWebhook(event, WEBHOOK_SECRET);
    expect((await provider.parseWebhook(rawBody, signature)).kind).toBe('invoice');

    const tampered = Buffer.from(rawBody.toString().replace('in_x', 'in_y'));
    await expect(provider.parseWebhook(tampered, signature)).rejects.toThrow(WebhookSignatureError);
    await expect(provider.parseWebhook(rawBody, signedWebhook(event, 'whsec_someone_else').signature)).rejects.toThrow(WebhookSignatureError);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: rawBody.toString(),
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    await expect(provider.parseWebhook(rawBody, stale)).rejects.toThrow(WebhookSignatureError);
    await expect(provider.parseWebhook(rawBody, undefined)).rejects.toThrow(WebhookSignatureError);
    const unconfigured = newProvider({ webhookSecret: null });
    await expect(unconfigured.parseWebhook(rawBody, signature)).rejects.toThrow(WebhookSignatureError);
    await expect(unconfigured.parseWebhook(rawBody, signature)).rejects.toThrow(/not configured/);
  });
});
