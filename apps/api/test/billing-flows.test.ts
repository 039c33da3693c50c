/**
 * Client billing end to end on the built-in sandbox provider: subscribe, decline, 3-D Secure, plan change with
 * proration, cancel, Pay Now, saved cards, and a renewal that fails then recovers. Every downstream effect
 * (our invoices, the client's payment status, notifications, e-mails) comes from the sandbox's events through
 * the same entry point as Stripe's webhooks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TInvoice, TNotificationList, TPaymentIntent } from '@agency/contract';
import { auditLog, emailOutbox, orders } from '../src/db/schema';
import { renewSandboxSubscriptions } from '../src/modules/billing/billing-events.service';
import { createTestContext, type TestContext } from './support/test-app';
import { createInvoiceViaApi, signUp, type Session } from './support/factories';
import { confirmPayment, payWithCard, SANDBOX_CARD, subscribe as subscribeWith, subscribeAndPay, subscriptionOf as subscriptionOfClient } from './support/sandbox-billing';

const DAY = 86_400_000;
let clock = new Date('2026-11-23T10:00:00Z');
let ctx: TestContext;
let admin: Session;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  admin = await signUp(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx?.close();
});

const api = () => ctx.request();
const CARD = SANDBOX_CARD;
const subscribe = (client: Session, plan?: string, name?: string) => subscribeWith(ctx, client, plan, name);
const confirm = (client: Session, paymentIntentId: string, body: Record<string, unknown>) => confirmPayment(ctx, client, paymentIntentId, body);
const pay = (client: Session, paymentIntentId: string, cardNumber?: string) => payWithCard(ctx, client, paymentIntentId, cardNumber);

async function subscribedClient(plan = 'price_pro_monthly', name = 'Pro') {
  const client = await signUp(ctx, { name: 'Riley Client' });
  await subscribeAndPay(ctx, client, plan, name);
  return client;
}

const invoicesOf = async (client: Session) => (await api().get('/api/invoices/').set(client.auth)).body.results as TInvoice[];
const subscriptionOf = (client: Session) => subscriptionOfClient(ctx, client);
const notificationsOf = async (session: Session) => ((await api().get('/api/notifications/').set(session.auth)).body as TNotificationList).results;
/** The client's payment status as the agency's Clients screen shows it. */
const paymentStatusOf = async (client: Session) => (await api().get(`/api/clients/${client.user.client_id}/`).set(admin.auth)).body.payment_status;

describe('subscribing', () => {
  it('with 4242… the first payment succeeds: the plan is active and its paid invoice appears with a number of ours', async () => {
    const client = await signUp(ctx, { name: 'Morgan Paid' });
    expect(await subscriptionOf(client)).toBeNull();
    const started = await subscribe(client);
    expect(started).toMatchObject({ status: 'incomplete', subscription_id: expect.stringMatching(/^sub_/) });
    expect(started.client_secret).toMatch(/^pi_.+_secret_/);
    expect(started.client_secret!.startsWith(`${started.payment_intent_id}_secret_`)).toBe(true);

    const res = await pay(client, started.payment_intent_id!);
    expect(res.body).toEqual({ status: 'succeeded', error: null, decline_code: null });

    const sub = await subscriptionOf(client);
    expect(sub).toMatchObject({ plan: 'pro', plan_name: 'Pro', price: 250, status: 'active', cancel_at_period_end: false, provider: 'sandbox' });
    expect(sub!.next_billing_date).toBe('2026-12-23');
    const [invoice] = await invoicesOf(client);
    // The invoice names the card that paid it (the card the payment saved).
    expect(invoice).toMatchObject({ amount: 250, status: 'paid', paid_via: 'card', payment_card: 'Visa •••• 4242', description: expect.stringContaining('Pro plan') });
    expect(invoice!.invoice_number).toMatch(/^INV-\d{4}-\d{4,}$/);

    expect((await notificationsOf(client)).map((n) => n.title)).toEqual(expect.arrayContaining(['Payment received', 'Subscription active']));
    expect((await notificationsOf(admin)).some((n) => n.title === 'New subscription' && n.message.includes('Morgan Paid'))).toBe(true);
    // The card that paid became the default for renewals.
    const cards = (await api().get('/api/billing/payment-methods/').set(client.auth)).body.results;
    expect(cards).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', is_default: true })]);
  });

  it('a declined card (…0002) shows Stripe’s message and starts no subscription; another card then succeeds', async () => {
    const client = await signUp(ctx);
    const started = await subscribe(client);
    const declined = await pay(client, started.payment_intent_id!, '4000000000000002');
    expect(declined.status).toBe(200);
    expect(declined.body).toEqual({ status: 'requires_payment_method', error: 'Your card was declined.', decline_code: 'card_declined' });
    expect(await subscriptionOf(client)).toBeNull();
    expect(await invoicesOf(client)).toEqual([]);

    const funds = await pay(client, started.payment_intent_id!, '4000000000009995');
    expect(funds.body.error).toBe('Your card has insufficient funds.');

    expect((await pay(client, started.payment_intent_id!)).body.status).toBe('succeeded');
    expect((await subscriptionOf(client))?.status).toBe('active');
  });

  it('a card that needs authentication (…3155) waits for it; completing it pays, failing it is refused', async () => {
    const client = await signUp(ctx);
    const started = await subscribe(client);
    const first = await pay(client, started.payment_intent_id!, '4000002500003155');
    expect(first.body).toEqual({ status: 'requires_action', error: null, decline_code: null });
    expect(await subscriptionOf(client)).toBeNull();

    const failed = await confirm(client, started.payment_intent_id!, { authentication: 'fail' });
    expect(failed.body.status).toBe('requires_payment_method');
    expect(failed.body.error).toMatch(/unable to authenticate/);

    await pay(client, started.payment_intent_id!, '4000002500003155');
    const done = await confirm(client, started.payment_intent_id!, { authentication: 'complete' });
    expect(done.body.status).toBe('succeeded');
    expect((await subscriptionOf(client))?.status).toBe('active');
  });

  it('refuses an incomplete card, an unknown plan, a second subscription and someone else’s payment', async () => {
    const client = await signUp(ctx);
    const started = await subscribe(client);
    const incomplete = await confirm(client, started.payment_intent_id!, { card_number: '4242424242424242' });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.detail).toBe('Please complete your card information.');

    const unknown = await api().post('/api/billing/create-subscription/').set(client.auth).send({ price_id: 'price_gold', plan_name: 'Gold' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.price_id).toEqual(['Unknown plan']);

    const stranger = await signUp(ctx);
    const theirs = await pay(stranger, started.payment_intent_id!);
    expect(theirs.status).toBe(404);

    await pay(client, started.payment_intent_id!);
    const again = await api().post('/api/billing/create-subscription/').set(client.auth).send({ price_id: 'price_starter_monthly', plan_name: 'Starter' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/already have an active subscription/);
  });

  it('an abandoned attempt is replaced by the next one (no second subscription at the provider)', async () => {
    const client = await signUp(ctx);
    const first = await subscribe(client, 'price_starter_monthly', 'Starter');
    const second = await subscribe(client, 'price_premium_monthly', 'Premium');
    expect(second.subscription_id).not.toBe(first.subscription_id);
    await pay(client, second.payment_intent_id!);
    expect((await subscriptionOf(client))?.plan).toBe('premium');
    // The first attempt's payment can no longer start a plan.
    const late = await pay(client, first.payment_intent_id!);
    expect(late.status).toBe(200);
    expect((await subscriptionOf(client))?.plan).toBe('premium');
  });
});

describe('changing and cancelling', () => {
  it('shows the proration before the change and charges it on the same proration date', async () => {
    const client = await subscribedClient();
    clock = new Date(clock.getTime() + 15 * DAY);
    const preview = await api().post('/api/billing/preview-plan-change/').set(client.auth).send({ price_id: 'price_premium_monthly', plan_name: 'Premium' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    // Half of a 30-day November period is left: +$150 × 15/30 = $75.
    expect(preview.body).toMatchObject({ plan: 'premium', price: 400, proration_amount: 75, amount_due: 475, next_billing_date: '2026-12-23' });

    const changed = await api()
      .post('/api/billing/change-plan/')
      .set(client.auth)
      .send({ price_id: 'price_premium_monthly', plan_name: 'Premium', proration_date: preview.body.proration_date });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ plan: 'premium', plan_name: 'Premium', price: 400, status: 'active' });
    expect((await notificationsOf(client)).some((n) => n.title === 'Plan changed')).toBe(true);

    const same = await api().post('/api/billing/preview-plan-change/').set(client.auth).send({ price_id: 'price_premium_monthly', plan_name: 'Premium' });
    expect(same.status).toBe(409);
    const stale = await api()
      .post('/api/billing/change-plan/')
      .set(client.auth)
      .send({ price_id: 'price_starter_monthly', plan_name: 'Starter', proration_date: Math.floor(clock.getTime() / 1000) - 2 * 3600 });
    expect(stale.status).toBe(400);
    clock = new Date(clock.getTime() - 15 * DAY);
  });

  it('cancel at period end keeps the plan until its date, then the renewal ends it', async () => {
    const client = await subscribedClient();
    const res = await api().post('/api/billing/cancel-subscription/').set(client.auth).send({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'active', cancel_at_period_end: true, next_billing_date: '2026-12-23' });
    expect((await notificationsOf(client)).some((n) => n.title === 'Subscription cancelled' && n.message.includes('Dec 23, 2026'))).toBe(true);

    const saved = clock;
    clock = new Date('2026-12-23T11:00:00Z');
    await renewSandboxSubscriptions(ctx.deps);
    expect(await subscriptionOf(client)).toBeNull();
    expect((await invoicesOf(client)).filter((i) => i.status !== 'paid')).toEqual([]);
    clock = saved;
  });

  it('without a subscription, change, preview and cancel answer 404', async () => {
    const client = await signUp(ctx);
    for (const path of ['preview-plan-change', 'change-plan', 'cancel-subscription']) {
      const res = await api().post(`/api/billing/${path}/`).set(client.auth).send({ price_id: 'price_pro_monthly', plan_name: 'Pro' });
      expect(res.status, path).toBe(404);
    }
  });
});

describe('Pay Now', () => {
  it('pays exactly the invoice, once; a paid invoice and another client’s invoice are refused', async () => {
    const client = await signUp(ctx);
    const invoice = await createInvoiceViaApi(ctx, admin, client.user.client_id!, { amount: 123.45 });
    const intent = await api().post(`/api/invoices/${invoice.id}/pay/`).set(client.auth);
    expect(intent.status).toBe(200);
    expect(intent.body).toMatchObject({ amount: 123.45, provider: 'sandbox', payment_intent_id: expect.stringMatching(/^pi_/) });
    // A second click continues the same attempt.
    const again = await api().post('/api/billing/create-payment-intent/').set(client.auth).send({ invoice_id: invoice.id });
    expect((again.body as TPaymentIntent).payment_intent_id).toBe(intent.body.payment_intent_id);

    const stranger = await signUp(ctx);
    expect((await api().post(`/api/invoices/${invoice.id}/pay/`).set(stranger.auth)).status).toBe(404);
    expect((await pay(stranger, intent.body.payment_intent_id)).status).toBe(404);

    expect((await pay(client, intent.body.payment_intent_id, '5555555555554444')).body.status).toBe('succeeded');
    const paid = (await api().get(`/api/invoices/${invoice.id}/`).set(admin.auth)).body as TInvoice;
    expect(paid).toMatchObject({ status: 'paid', paid_via: 'card', payment_card: 'Mastercard •••• 4444' });
    expect(await paymentStatusOf(client)).toBe('paid');

    const twice = await api().post(`/api/invoices/${invoice.id}/pay/`).set(client.auth);
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe(`Invoice ${invoice.invoice_number} is already paid.`);
  });

  it('a manually marked invoice shows as paid manually', async () => {
    const client = await signUp(ctx);
    const invoice = await createInvoiceViaApi(ctx, admin, client.user.client_id!);
    const res = await api().post(`/api/invoices/${invoice.id}/mark_paid/`).set(admin.auth);
    expect(res.body).toMatchObject({ status: 'paid', paid_via: 'manual', payment_card: null });
  });
});

describe('paying an order (the storefront\'s entry point)', () => {
  it('charges exactly the order\'s server-computed total, once; another user\'s order is a 404', async () => {
    const buyer = await signUp(ctx);
    const [order] = await ctx.deps.db
      .insert(orders)
      .values({ userId: buyer.user.id, clientId: buyer.user.client_id, subtotal: '65.00', tax: '6.50', total: '71.50' })
      .returning();
    const intent = await api().post('/api/billing/create-payment-intent/').set(buyer.auth).send({ order_id: order!.id });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    expect(intent.body).toMatchObject({ amount: 71.5, provider: 'sandbox' });

    const stranger = await signUp(ctx);
    expect((await api().post('/api/billing/create-payment-intent/').set(stranger.auth).send({ order_id: order!.id })).status).toBe(404);

    expect((await pay(buyer, intent.body.payment_intent_id)).body.status).toBe('succeeded');
    const [paid] = await ctx.deps.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(paid).toMatchObject({ status: 'succeeded', paidAt: expect.any(Date) });
    // Its paid invoice is in the audit log, issued by the payments system.
    const [orderInvoice] = await invoicesOf(buyer);
    const issued = await ctx.deps.db.select().from(auditLog).where(and(eq(auditLog.objectType, 'invoice'), eq(auditLog.objectId, String(orderInvoice!.id))));
    expect(issued.map((e) => [e.action, e.actorType, e.actorLabel])).toEqual([['invoice.created', 'system', 'payments']]);
    expect(issued[0]!.changes).toMatchObject({ amount: 71.5, status: 'paid' });
    const again = await api().post('/api/billing/create-payment-intent/').set(buyer.auth).send({ order_id: order!.id });
    expect(again.status).toBe(409);
  });

  it('asks for exactly one of invoice_id and order_id', async () => {
    const client = await signUp(ctx);
    const res = await api().post('/api/billing/create-payment-intent/').set(client.auth).send({});
    expect(res.status).toBe(400);
    expect(res.body.errors.invoice_id).toEqual(['Provide either invoice_id or order_id']);
  });
});

describe('saved cards', () => {
  it('adds cards through a setup intent, sets the default and removes one; another client’s card is a 404', async () => {
    const client = await signUp(ctx);
    expect((await api().get('/api/billing/payment-methods/').set(client.auth)).body).toEqual({ results: [] });
    const addCard = async (number: string) => {
      const setup = await api().post('/api/billing/create-setup-intent/').set(client.auth);
      expect(setup.status).toBe(200);
      const res = await api()
        .post('/api/billing/confirm-setup/')
        .set(client.auth)
        .send({ setup_intent_id: setup.body.setup_intent_id, card_number: number, ...CARD });
      return res.body;
    };
    expect((await addCard('4242424242424242')).status).toBe('succeeded');
    expect((await addCard('4000000000000002')).error).toBe('Your card was declined.');
    expect((await addCard('5555555555554444')).status).toBe('succeeded');
    let cards = (await api().get('/api/billing/payment-methods/').set(client.auth)).body.results;
    expect(cards.map((c: { last4: string; is_default: boolean }) => [c.last4, c.is_default])).toEqual([
      ['4242', true],
      ['4444', false],
    ]);
    const mastercard = cards[1].id as string;

    const stranger = await signUp(ctx);
    expect((await api().post(`/api/billing/payment-methods/${mastercard}/default/`).set(stranger.auth)).status).toBe(404);
    expect((await api().delete(`/api/billing/payment-methods/${mastercard}/`).set(stranger.auth)).status).toBe(404);

    cards = (await api().post(`/api/billing/payment-methods/${mastercard}/default/`).set(client.auth)).body.results;
    expect(cards.find((c: { id: string }) => c.id === mastercard).is_default).toBe(true);
    expect((await api().delete(`/api/billing/payment-methods/${cards[0].id}/`).set(client.auth)).status).toBe(204);
    cards = (await api().get('/api/billing/payment-methods/').set(client.auth)).body.results;
    expect(cards.map((c: { last4: string }) => c.last4)).toEqual(['4444']);
  });
});

describe('renewals', () => {
  it('a failed renewal makes an overdue invoice and tells the client and the admins; paying it recovers the plan', async () => {
    const client = await subscribedClient('price_starter_monthly', 'Starter');
    // A card that saves but whose charges are declined (Stripe's …0341) becomes the default.
    const setup = await api().post('/api/billing/create-setup-intent/').set(client.auth);
    await api().post('/api/billing/confirm-setup/').set(client.auth).send({ setup_intent_id: setup.body.setup_intent_id, card_number: '4000000000000341', ...CARD });
    const cards = (await api().get('/api/billing/payment-methods/').set(client.auth)).body.results;
    const bad = cards.find((c: { last4: string }) => c.last4 === '0341');
    await api().post(`/api/billing/payment-methods/${bad.id}/default/`).set(client.auth);

    const saved = clock;
    clock = new Date('2026-12-23T11:00:00Z');
    await renewSandboxSubscriptions(ctx.deps);
    expect((await subscriptionOf(client))?.status).toBe('past_due');
    const overdue = (await invoicesOf(client)).find((i) => i.status === 'overdue');
    expect(overdue).toMatchObject({ amount: 100, paid_via: null });
    // The audit log says who issued it: the payments system, not a person.
    const issued = await ctx.deps.db.select().from(auditLog).where(and(eq(auditLog.objectType, 'invoice'), eq(auditLog.objectId, String(overdue!.id))));
    expect(issued.map((e) => [e.action, e.actorType, e.actorLabel, e.actorUserId])).toEqual([['invoice.created', 'system', 'payments', null]]);
    expect(issued[0]!.changes).toMatchObject({ amount: 100, status: 'overdue' });
    expect(await paymentStatusOf(client)).toBe('overdue');
    expect((await notificationsOf(client)).find((n) => n.title === 'Payment failed')?.message).toContain('Your card was declined.');
    expect((await notificationsOf(admin)).some((n) => n.title === 'Payment failed: Riley Client')).toBe(true);
    const mails = await ctx.deps.db.select({ to: emailOutbox.toAddress, kind: emailOutbox.kind }).from(emailOutbox);
    expect(mails).toEqual(expect.arrayContaining([{ to: client.user.email, kind: 'payment_failed' }, { to: admin.user.email, kind: 'payment_failed_staff' }]));
    // The next hourly run does not bill the past-due plan again.
    await renewSandboxSubscriptions(ctx.deps);
    expect((await invoicesOf(client)).filter((i) => i.status === 'overdue')).toHaveLength(1);

    const intent = await api().post(`/api/invoices/${overdue!.id}/pay/`).set(client.auth);
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    expect(intent.body.amount).toBe(100);
    expect((await pay(client, intent.body.payment_intent_id)).body.status).toBe('succeeded');
    expect((await subscriptionOf(client))?.status).toBe('active');
    expect((await api().get(`/api/invoices/${overdue!.id}/`).set(client.auth)).body.status).toBe('paid');
    expect(await paymentStatusOf(client)).toBe('paid');
    clock = saved;
  });
});

describe('the webhook route', () => {
  it('with the sandbox there are no webhooks: a call is refused with a 400, never applied', async () => {
    const res = await api().post('/api/billing/webhook/').set('Content-Type', 'application/json').send('{"id":"evt_1","type":"invoice.paid"}');
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/sandbox/);
  });
});
