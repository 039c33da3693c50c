/**
 * Billing on Stripe, end to end through our API and Stripe's webhooks, against a local stand-in of Stripe's API
 * (support/stripe-stand-in.ts). What Stripe.js would do in the browser (confirm a payment) and what Stripe does
 * on its own (renewals, refunds from the dashboard) is done on the stand-in's state; Stripe then tells us by
 * signed webhook.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TAuditEntry, TCreateSubscriptionResponse, TInvoice, TNotificationList } from '@agency/contract';
import { subscriptions } from '../src/db/schema';
import { createStripeProvider } from '../src/integrations/payments/stripe/stripe-provider';
import { subscriptionOf as subscriptionOfClient } from './support/sandbox-billing';
import { createTestContext, type TestContext } from './support/test-app';
import { createInvoiceViaApi, signUp, type Session } from './support/factories';
import { signedWebhook, startStripeStandIn, stripeEvent, type StripeStandIn } from './support/stripe-stand-in';

const WEBHOOK_SECRET = 'whsec_test_standin';
let standIn: StripeStandIn;
let ctx: TestContext;
let admin: Session;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  ctx = await createTestContext(
    { STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_PUBLISHABLE_KEY: 'pk_test_standin', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    {
      payments: () =>
        createStripeProvider({ secretKey: 'sk_test_standin', publishableKey: 'pk_test_standin', webhookSecret: WEBHOOK_SECRET, ...standIn.connection }),
    },
  );
  admin = await signUp(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx?.close();
  await standIn?.close();
});

const api = () => ctx.request();

/** Stripe delivering an event to our webhook endpoint. */
function deliver(event: ReturnType<typeof stripeEvent>, options: { secret?: string; tamper?: (body: string) => string } = {}) {
  const { rawBody, signature } = signedWebhook(event, options.secret ?? WEBHOOK_SECRET);
  const body = options.tamper ? options.tamper(rawBody.toString()) : rawBody.toString();
  return api().post('/api/billing/webhook/').set('Stripe-Signature', signature).set('Content-Type', 'application/json').send(body);
}

const event = (type: string, id: string, options: { created?: number; eventId?: string } = {}) =>
  stripeEvent(type, standIn.state.get(id), { ...(options.created ? { created: options.created } : {}), ...(options.eventId ? { id: options.eventId } : {}) });

const invoicesOf = async (client: Session) => (await api().get('/api/invoices/').set(client.auth)).body.results as TInvoice[];
const subscriptionOf = (client: Session) => subscriptionOfClient(ctx, client);
const notificationsOf = async (session: Session) => ((await api().get('/api/notifications/').set(session.auth)).body as TNotificationList).results;
/** The client's payment status as the agency's Clients screen shows it. */
const paymentStatusOf = async (client: Session) => (await api().get(`/api/clients/${client.user.client_id}/`).set(admin.auth)).body.payment_status;

/** A client subscribed to Pro whose first invoice Stripe.js paid with a card; returns the Stripe ids. */
async function subscribeAndPay(name = 'Sky Stripe') {
  const client = await signUp(ctx, { name });
  const res = await api().post('/api/billing/create-subscription/').set(client.auth).send({ price_id: 'price_pro_monthly', plan_name: 'Pro' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const started = res.body as TCreateSubscriptionResponse;
  const subscription = standIn.state.get<{ id: string; customer: string; latest_invoice: string }>(started.subscription_id);
  const card = standIn.state.addCard(subscription.customer);
  standIn.state.payInvoice(subscription.latest_invoice, card.id);
  return { client, started, subscriptionId: subscription.id, customerId: subscription.customer, invoiceId: subscription.latest_invoice, cardId: card.id };
}

describe('subscribing through Stripe', () => {
  it('creates the customer and the subscription with idempotency keys of our rows and hands the browser the confirmation secret', async () => {
    const { client, started, subscriptionId } = await subscribeAndPay();
    expect(started).toMatchObject({ subscription_id: subscriptionId, status: 'incomplete' });
    expect(started.client_secret).toMatch(/^pi_.+_secret_/);
    const creates = standIn.requests.filter((r) => r.method === 'POST' && (r.path === '/v1/customers' || r.path === '/v1/subscriptions'));
    const keys = creates.map((r) => r.headers['idempotency-key']);
    expect(keys).toEqual([`client-${client.user.client_id}-customer`, expect.stringMatching(/^subscription-\d+-create$/)]);
    const rowId = Number(/^subscription-(\d+)-create$/.exec(String(keys[1]))![1]);
    const [row] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.id, rowId));
    expect(row?.providerSubscriptionId).toBe(subscriptionId);
  });

  it('invoice.paid and customer.subscription.updated make the plan active and the paid invoice ours; a replay is applied once', async () => {
    const { client, subscriptionId, invoiceId } = await subscribeAndPay('Rae Replay');
    const paid = event('invoice.paid', invoiceId);
    expect((await deliver(paid)).body).toEqual({ received: true });
    expect((await deliver(event('customer.subscription.updated', subscriptionId))).status).toBe(200);
    expect(await subscriptionOf(client)).toMatchObject({ status: 'active', plan: 'pro', provider: 'stripe' });
    // The invoice names the card that paid it, read from the invoice's payment at Stripe.
    expect(await invoicesOf(client)).toEqual([expect.objectContaining({ amount: 250, status: 'paid', paid_via: 'card', payment_card: 'Visa •••• 4242' })]);
    const cardRead = standIn.requests.find((r) => r.path === '/v1/invoice_payments' && r.query.status === 'paid');
    expect(cardRead?.query).toMatchObject({ invoice: invoiceId, expand: ['data.payment.payment_intent.payment_method'] });

    // Stripe redelivers the same event (same id): acknowledged, nothing applied twice.
    expect((await deliver(paid)).status).toBe(200);
    expect(await invoicesOf(client)).toHaveLength(1);
    expect((await notificationsOf(client)).filter((n) => n.title === 'Payment received')).toHaveLength(1);
  });

  it('the browser’s re-check right after Stripe.js confirmed the first payment makes the plan active before any webhook', async () => {
    const { client, started, invoiceId } = await subscribeAndPay('Rita Recheck');
    const res = await api().post('/api/billing/confirm-payment/').set(client.auth).send({ payment_intent_id: started.payment_intent_id });
    expect(res.body).toMatchObject({ status: 'succeeded', error: null });
    expect(await subscriptionOf(client)).toMatchObject({ status: 'active', plan: 'pro' });
    expect(await invoicesOf(client)).toEqual([expect.objectContaining({ status: 'paid', amount: 250, paid_via: 'card' })]);
    // Stripe's webhook a moment later changes nothing more.
    expect((await deliver(event('invoice.paid', invoiceId))).status).toBe(200);
    expect(await invoicesOf(client)).toHaveLength(1);
    expect((await notificationsOf(client)).filter((n) => n.title === 'Subscription active')).toHaveLength(1);
  });

  it('a tampered body or signature, or a signature with another secret, is a 400 and changes nothing', async () => {
    const { client, invoiceId } = await subscribeAndPay('Tara Tamper');
    const paid = event('invoice.paid', invoiceId);
    const tampered = await deliver(paid, { tamper: (body) => body.replace('"amount_paid":25000', '"amount_paid":1') });
    expect(tampered.status).toBe(400);
    expect((await deliver(paid, { secret: 'whsec_someone_else' })).status).toBe(400);
    const unsigned = await api().post('/api/billing/webhook/').set('Content-Type', 'application/json').send(JSON.stringify(paid));
    expect(unsigned.status).toBe(400);
    expect(await invoicesOf(client)).toEqual([]);
    expect(await subscriptionOf(client)).toBeNull();
  });

  it('events out of order end in Stripe’s current state: an older event is replaced by the object fetched from Stripe', async () => {
    const { client, subscriptionId, invoiceId } = await subscribeAndPay('Otto Order');
    const t = Math.floor(Date.now() / 1000);
    // invoice.paid first (its subscription event not here yet), then the newest update, then the oldest one.
    await deliver(event('invoice.paid', invoiceId, { created: t }));
    await deliver(event('customer.subscription.updated', subscriptionId, { created: t + 5 }));
    const stale = stripeEvent('customer.subscription.created', { ...standIn.state.get<object>(subscriptionId), status: 'incomplete' }, { created: t - 60 });
    const fetchesBefore = standIn.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subscriptionId}`).length;
    expect((await deliver(stale)).status).toBe(200);
    expect((await subscriptionOf(client))?.status).toBe('active');
    const fetchesAfter = standIn.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subscriptionId}`).length;
    expect(fetchesAfter).toBe(fetchesBefore + 1);
  });

  it('an event for a customer we do not know is acknowledged (200) and leaves nothing behind', async () => {
    const stranger = standIn.state.addCustomer({ email: 'nobody@example.test' });
    const subscription = {
      ...standIn.state.get<Record<string, unknown>>((await subscribeAndPay('Ulla Unknown')).subscriptionId),
      id: 'sub_not_ours',
      customer: stranger.id,
    };
    const res = await deliver(stripeEvent('customer.subscription.updated', subscription));
    expect(res.status).toBe(200);
    const rows = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, 'sub_not_ours'));
    expect(rows).toEqual([]);
  });
});

describe('renewals and Pay Now through Stripe', () => {
  it('a failed renewal becomes an overdue invoice with everyone told; Pay Now pays Stripe’s own invoice and clears it', async () => {
    const { client, subscriptionId, invoiceId } = await subscribeAndPay('Nico Renewal');
    await deliver(event('invoice.paid', invoiceId));
    const renewal = standIn.state.renewSubscription(subscriptionId);
    standIn.state.failInvoicePayment(renewal.id, { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    await deliver(event('invoice.payment_failed', renewal.id));
    await deliver(event('customer.subscription.updated', subscriptionId));

    expect((await subscriptionOf(client))?.status).toBe('past_due');
    const overdue = (await invoicesOf(client)).find((i) => i.status === 'overdue');
    expect(overdue).toMatchObject({ amount: 250 });
    expect(await paymentStatusOf(client)).toBe('overdue');
    expect((await notificationsOf(client)).some((n) => n.title === 'Payment failed')).toBe(true);
    expect((await notificationsOf(admin)).some((n) => n.title === 'Payment failed: Nico Renewal')).toBe(true);

    const pay = await api().post(`/api/invoices/${overdue!.id}/pay/`).set(client.auth);
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    // confirmation_secret is only sent when expanded; the stand-in's stored invoice has it.
    expect(pay.body).toMatchObject({ provider: 'stripe', amount: 250, client_secret: standIn.state.find('invoice', renewal.id).confirmation_secret?.client_secret });

    standIn.state.payInvoice(renewal.id, standIn.state.addCard(standIn.state.get<{ customer: string }>(subscriptionId).customer).id);
    await deliver(event('invoice.paid', renewal.id));
    await deliver(event('customer.subscription.updated', subscriptionId));
    expect((await api().get(`/api/invoices/${overdue!.id}/`).set(client.auth)).body.status).toBe('paid');
    expect((await subscriptionOf(client))?.status).toBe('active');
    expect(await paymentStatusOf(client)).toBe('paid');
  });

  it('Pay Now on an agency invoice charges exactly its amount; the re-check and the webhook agree; a refund in Stripe shows', async () => {
    const client = await signUp(ctx, { name: 'Pia Paynow' });
    const invoice = await createInvoiceViaApi(ctx, admin, client.user.client_id!, { amount: 180 });
    const intent = await api().post(`/api/invoices/${invoice.id}/pay/`).set(client.auth);
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const create = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').at(-1)!;
    expect(create.body).toMatchObject({ amount: '18000', currency: 'usd', metadata: { invoice_id: String(invoice.id) } });
    expect(create.headers['idempotency-key']).toBe(`invoice-${invoice.id}-payment-1`);

    const pi = standIn.state.get<{ customer: string }>(intent.body.payment_intent_id);
    const card = standIn.state.addCard(pi.customer, { brand: 'visa', last4: '4242' });
    standIn.state.succeedPaymentIntent(intent.body.payment_intent_id, card.id);
    // The browser's re-check right after Stripe.js confirmed: paid at once, before any webhook.
    const recheck = await api().post('/api/billing/confirm-payment/').set(client.auth).send({ payment_intent_id: intent.body.payment_intent_id });
    expect(recheck.body).toMatchObject({ status: 'succeeded', error: null });
    expect((await api().get(`/api/invoices/${invoice.id}/`).set(admin.auth)).body).toMatchObject({ status: 'paid', paid_via: 'card', payment_card: 'Visa •••• 4242' });
    expect((await deliver(event('payment_intent.succeeded', intent.body.payment_intent_id))).status).toBe(200);
    expect((await notificationsOf(client)).filter((n) => n.title === 'Payment received')).toHaveLength(1);

    const summaryBefore = (await api().get('/api/invoices/summary/').set(admin.auth)).body;
    const charge = standIn.state.refund(intent.body.payment_intent_id, 3000);
    await deliver(stripeEvent('charge.refunded', charge));
    const partly = (await api().get(`/api/invoices/${invoice.id}/`).set(admin.auth)).body as TInvoice;
    expect(partly).toMatchObject({ status: 'paid', refunded_amount: 30 });
    const summaryAfter = (await api().get('/api/invoices/summary/').set(admin.auth)).body;
    expect(Math.round((summaryBefore.total_revenue - summaryAfter.total_revenue) * 100) / 100).toBe(30);

    const full = standIn.state.refund(intent.body.payment_intent_id);
    await deliver(stripeEvent('charge.refunded', full));
    await deliver(stripeEvent('charge.refunded', full)); // A second delivery of the same total changes nothing.
    expect((await api().get(`/api/invoices/${invoice.id}/`).set(admin.auth)).body).toMatchObject({ status: 'refunded', refunded_amount: 180 });
    expect((await notificationsOf(client)).filter((n) => n.title === 'Refund issued')).toHaveLength(2);
    expect((await api().post(`/api/invoices/${invoice.id}/pay/`).set(client.auth)).status).toBe(409);
  });

  it("the audit log says Stripe's webhook paid and refunded the invoice (by its number), and the client started the payment", async () => {
    const client = await signUp(ctx, { name: 'Abe Audit' });
    const invoice = await createInvoiceViaApi(ctx, admin, client.user.client_id!, { amount: 90 });
    const intent = await api().post(`/api/invoices/${invoice.id}/pay/`).set(client.auth).expect(200);
    const pi = standIn.state.get<{ customer: string }>(intent.body.payment_intent_id);
    standIn.state.succeedPaymentIntent(intent.body.payment_intent_id, standIn.state.addCard(pi.customer).id);
    // No re-check from the browser: the webhook is what tells us.
    expect((await deliver(event('payment_intent.succeeded', intent.body.payment_intent_id))).status).toBe(200);
    await deliver(stripeEvent('charge.refunded', standIn.state.refund(intent.body.payment_intent_id, 4000)));

    const log = await api().get(`/api/audit-log/?object_type=invoice&object_id=${invoice.id}`).set(admin.auth).expect(200);
    const entries = (log.body.results as TAuditEntry[]).map((e) => ({ action: e.action, actor_type: e.actor_type, actor: e.actor, label: e.object_label, changes: e.changes }));
    expect(entries).toEqual([
      { action: 'invoice.refunded', actor_type: 'webhook', actor: 'webhook:stripe', label: invoice.invoice_number, changes: { refunded_amount: [0, 40], full: false } },
      expect.objectContaining({ action: 'invoice.paid', actor_type: 'webhook', actor: 'webhook:stripe', label: invoice.invoice_number, changes: expect.objectContaining({ amount: 90, via: 'card' }) }),
      expect.objectContaining({ action: 'invoice.payment_started', actor_type: 'user', changes: { amount: 90 } }),
      expect.objectContaining({ action: 'invoice.created', actor_type: 'user' }),
    ]);
  });
});
