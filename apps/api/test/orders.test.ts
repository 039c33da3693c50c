/**
 * The storefront's orders end to end on the sandbox payment provider: server pricing (browser prices ignored),
 * promo codes and their rules, ownership, paying (paid invoice, receipt, staff notified), a declined card,
 * deliveries measured from a connected account, staff updates (one line, bulk all or none) and refills.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TNotificationList, TOrder, TPaymentIntent, TPromo, TPromoCode } from '@agency/contract';
import { emailOutbox, invoices, metricSnapshots, socialAccounts } from '../src/db/schema';
import { remeasureDeliveries } from '../src/modules/orders/orders.service';
import { createTestContext, type TestContext } from './support/test-app';
import { signUp, type Session } from './support/factories';

const DAY = 86_400_000;
let clock = new Date('2026-11-23T10:00:00Z');
let ctx: TestContext;
let admin: Session;
const api = () => ctx.request();

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  admin = await signUp(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx?.close();
});

const line = (package_id: string, quantity = 1, target = '@brand') => ({ package_id, quantity, target });

async function placeOrder(client: Session, body: object) {
  const res = await api().post('/api/orders/').set(client.auth).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as TOrder;
}

async function pay(client: Session, orderId: number, card = '4242424242424242') {
  const intent = await api().post('/api/billing/create-payment-intent/').set(client.auth).send({ order_id: orderId });
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  const res = await api()
    .post('/api/billing/confirm-payment/')
    .set(client.auth)
    .send({ payment_intent_id: (intent.body as TPaymentIntent).payment_intent_id, card_number: card, exp_month: 12, exp_year: 2030, cvc: '123' });
  return res;
}

/** The client sends the order's intake form: the delivery starts. */
async function sendIntake(client: Session, orderId: number) {
  const order = (await getOrder(client, orderId)).body as TOrder;
  const res = await api()
    .post(`/api/intake-forms/${order.intake!.id}/submit/`)
    .set(client.auth)
    .send({ handle: order.lines[0]!.target, goals: 'Grow', audience: 'Everyone' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const getOrder = async (session: Session, id: number) => api().get(`/api/orders/${id}/`).set(session.auth);
const notificationsOf = async (session: Session) => ((await api().get('/api/notifications/').set(session.auth)).body as TNotificationList).results;

async function promo(body: object): Promise<TPromoCode> {
  const res = await api().post('/api/promo-codes/').set(admin.auth).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as TPromoCode;
}

describe('placing an order', () => {
  it('prices every line from the catalogue: a price, total or discount sent by the browser is ignored', async () => {
    const client = await signUp(ctx, { name: 'Pat Buyer' });
    const order = await placeOrder(client, {
      lines: [{ ...line('ig-growth', 2), price: 1, unit_price: 0.01 }, line('yt-creator', 1, 'youtube.com/@brand')],
      total: 1,
      discount: 500,
    });
    // 2 × 65 + 18 = 148; tax 10% = 14.80.
    expect(order).toMatchObject({ status: 'pending', subtotal: 148, discount: 0, tax: 14.8, total: 162.8, promo_code: null, client: client.user.client_id });
    expect(order.lines.map((l) => [l.package_id, l.unit_price, l.line_total, l.ordered_amount, l.status])).toEqual([
      ['ig-growth', 65, 130, 10_000, 'pending'],
      ['yt-creator', 18, 18, 1_000, 'pending'],
    ]);
  });

  it('refuses an unknown package, an empty cart, a missing target and a bad quantity with the field named', async () => {
    const client = await signUp(ctx);
    const cases: [object, string][] = [
      [{ lines: [line('ig-free')] }, 'Unknown package'],
      [{ lines: [] }, 'Your cart is empty'],
      [{ lines: [{ package_id: 'ig-starter', quantity: 1, target: '  ' }] }, 'Enter the account to grow'],
      [{ lines: [line('ig-starter', 0)] }, 'Quantity must be at least 1'],
      [{ lines: [line('ig-starter', 1.5)] }, 'Quantity must be a whole number'],
    ];
    for (const [body, message] of cases) {
      const res = await api().post('/api/orders/').set(client.auth).send(body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.errors)).toContain(message);
    }
  });

  it('is for client accounts: an admin cannot buy, a visitor must sign in', async () => {
    expect((await api().post('/api/orders/').set(admin.auth).send({ lines: [line('ig-starter')] })).status).toBe(403);
    expect((await api().post('/api/orders/').send({ lines: [line('ig-starter')] })).status).toBe(401);
  });

  it("shows a client only its own orders: another client's order is a 404 and absent from the list", async () => {
    const a = await signUp(ctx, { name: 'Owner A' });
    const b = await signUp(ctx, { name: 'Other B' });
    const order = await placeOrder(a, { lines: [line('tt-starter')] });
    expect((await getOrder(b, order.id)).status).toBe(404);
    expect((await api().get('/api/orders/').set(b.auth)).body.results).toEqual([]);
    expect((await getOrder(a, order.id)).body.id).toBe(order.id);
    expect((await getOrder(admin, order.id)).body.client_name).toBe('Owner A');
  });
});

describe('promo codes', () => {
  it('WELCOME20 exists in every install and takes 20% off a first order; once a paid order exists it is refused', async () => {
    const client = await signUp(ctx);
    const check = await api().post('/api/promo/validate/').set(client.auth).send({ code: 'welcome20', subtotal: 65 });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ code: 'WELCOME20', percent_off: 20, amount_off: null, discount: 13, valid: true } satisfies TPromo);

    const order = await placeOrder(client, { lines: [line('ig-growth')], promo_code: 'WELCOME20' });
    expect(order).toMatchObject({ subtotal: 65, discount: 13, tax: 5.2, total: 57.2, promo_code: 'WELCOME20' });
    expect((await pay(client, order.id)).body.status).toBe('succeeded');

    const again = await api().post('/api/promo/validate/').set(client.auth).send({ code: 'WELCOME20', subtotal: 65 });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('This promo code is for your first order only.');
    const second = await api().post('/api/orders/').set(client.auth).send({ lines: [line('ig-growth')], promo_code: 'WELCOME20' });
    expect(second.status).toBe(400);
  });

  it('a fixed amount never takes more than the subtotal; unknown, expired, inactive and used-up codes say why', async () => {
    await promo({ code: 'TENOFF', amount_off: 10 });
    const fixed = await api().post('/api/promo/validate/').send({ code: 'TENOFF', subtotal: 8 });
    expect(fixed.body).toMatchObject({ amount_off: 10, percent_off: null, discount: 8 });

    await promo({ code: 'OLDCODE', percent_off: 15, expires_at: new Date(clock.getTime() - DAY).toISOString() });
    const off = await promo({ code: 'OFFCODE', percent_off: 15 });
    await api().patch(`/api/promo-codes/${off.id}/`).set(admin.auth).send({ active: false }).expect(200);
    await promo({ code: 'ONCEONLY', percent_off: 50, max_redemptions: 1 });
    const buyer = await signUp(ctx);
    const order = await placeOrder(buyer, { lines: [line('ig-starter')], promo_code: 'ONCEONLY' });
    expect(order.discount).toBe(7.5);
    await pay(buyer, order.id);

    const expectations: [string, number, string][] = [
      ['NOSUCHCODE', 404, 'This promo code does not exist.'],
      ['OLDCODE', 400, 'This promo code has expired.'],
      ['OFFCODE', 400, 'This promo code is no longer active.'],
      ['ONCEONLY', 400, 'This promo code has reached its usage limit.'],
    ];
    for (const [code, status, detail] of expectations) {
      const res = await api().post('/api/promo/validate/').send({ code, subtotal: 100 });
      expect([code, res.status, res.body.detail]).toEqual([code, status, detail]);
    }
    const list = await api().get('/api/promo-codes/').query({ search: 'ONCE' }).set(admin.auth);
    expect(list.body.results).toMatchObject([{ code: 'ONCEONLY', redemptions: 1, max_redemptions: 1 }]);
  });

  it('admins make codes with exactly one of percent or amount, and never twice the same code', async () => {
    const both = await api().post('/api/promo-codes/').set(admin.auth).send({ code: 'BOTHWAYS', percent_off: 10, amount_off: 5 });
    expect(both.status).toBe(400);
    await promo({ code: 'UNIQUE1', percent_off: 10 });
    const dup = await api().post('/api/promo-codes/').set(admin.auth).send({ code: 'unique1', amount_off: 5 });
    expect(dup.status).toBe(409);
  });
});

describe('paying an order', () => {
  it('a 4242 payment pays the order: a paid invoice, the receipt e-mail, the staff notified; deliveries start with the intake form', async () => {
    const client = await signUp(ctx, { name: 'Robin Receipt' });
    const order = await placeOrder(client, { lines: [line('tt-viral', 1, '@robin')] });
    const res = await pay(client, order.id);
    expect(res.body.status).toBe('succeeded');

    const paid = (await getOrder(client, order.id)).body as TOrder;
    expect(paid).toMatchObject({ status: 'succeeded', paid_at: clock.toISOString(), payment_error: null });
    expect(paid.invoice_number).toMatch(/^INV-/);
    const [invoice] = await ctx.deps.db.select().from(invoices).where(eq(invoices.id, paid.invoice!));
    expect(invoice).toMatchObject({ status: 'paid', amount: '110.00', clientId: client.user.client_id, paymentCard: 'Visa •••• 4242' });
    expect(paid.lines[0]).toMatchObject({ status: 'pending', expected_delivery_at: null });
    await sendIntake(client, order.id);
    expect(((await getOrder(client, order.id)).body as TOrder).lines[0]).toMatchObject({
      status: 'in_progress',
      measured: false,
      expected_delivery_at: new Date(clock.getTime() + 8 * DAY).toISOString(),
      overdue: false,
    });

    const mails = await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, client.user.email));
    const receipt = mails.find((m) => m.kind === 'order_receipt');
    expect(receipt?.subject).toContain(`Receipt for order #${order.id}`);
    expect(receipt?.bodyText).toContain('Total paid: $110.00');
    expect((await notificationsOf(admin)).some((n) => n.title === 'New order from Robin Receipt' && n.message.includes(`#${order.id}`))).toBe(true);

    // Paid once: a second payment is refused.
    const again = await api().post('/api/billing/create-payment-intent/').set(client.auth).send({ order_id: order.id });
    expect(again.status).toBe(409);
  });

  it('a payment the provider took but the app never recorded (a crash in between) is recorded when the confirmation is retried', async () => {
    const client = await signUp(ctx, { name: 'Casey Crash' });
    const order = await placeOrder(client, { lines: [line('ig-starter')] });
    const intent = await api().post('/api/billing/create-payment-intent/').set(client.auth).send({ order_id: order.id });
    expect(intent.status).toBe(200);
    const intentId = (intent.body as TPaymentIntent).payment_intent_id;
    const card = { payment_intent_id: intentId, card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
    // The sandbox charges the card; the process dies before the app applies what it answered.
    const charged = await ctx.deps.payments.sandbox!.confirmPayment(intentId, { card: { number: card.card_number, expMonth: 12, expYear: 2030, cvc: '123' } });
    expect(charged.outcome.status).toBe('succeeded');
    expect(((await getOrder(client, order.id)).body as TOrder).status).toBe('pending');

    const retry = await api().post('/api/billing/confirm-payment/').set(client.auth).send(card);
    expect(retry.status).toBe(200);
    expect(retry.body.status).toBe('succeeded');
    const paid = (await getOrder(client, order.id)).body as TOrder;
    expect(paid.status).toBe('succeeded');
    expect(paid.invoice_number).toMatch(/^INV-/);
  });

  it('a declined card fails the order with the reason; a retry with a good card pays it', async () => {
    const client = await signUp(ctx);
    const order = await placeOrder(client, { lines: [line('ig-starter')] });
    await pay(client, order.id, '4000000000000002');
    const failed = (await getOrder(client, order.id)).body as TOrder;
    expect(failed.status).toBe('failed');
    expect(failed.payment_error).toMatch(/declined/i);
    expect(failed.invoice).toBeNull();

    expect((await pay(client, order.id)).body.status).toBe('succeeded');
    expect(((await getOrder(client, order.id)).body as TOrder).status).toBe('succeeded');
  });
});

describe('delivery', () => {
  async function connectedClient(handle: string, followers: number) {
    const client = await signUp(ctx, { name: `Grower ${handle}` });
    const [account] = await ctx.deps.db
      .insert(socialAccounts)
      .values({ clientId: client.user.client_id!, platform: 'instagram', providerAccountId: `test-${handle}`, username: `@${handle}` })
      .returning({ id: socialAccounts.id });
    await snapshot(account!.id, followers);
    return { client, accountId: account!.id };
  }
  const snapshot = (accountId: number, followers: number) =>
    ctx.deps.db.insert(metricSnapshots).values({ socialAccountId: accountId, capturedAt: clock, followersCount: followers });

  it('a line for a connected account is measured: start count at payment, progress and completion from later snapshots', async () => {
    const { client, accountId } = await connectedClient('measured', 20_000);
    const order = await placeOrder(client, { lines: [line('ig-starter', 1, 'https://www.instagram.com/measured/')] });
    await pay(client, order.id);
    await sendIntake(client, order.id);
    let l = ((await getOrder(client, order.id)).body as TOrder).lines[0]!;
    expect(l).toMatchObject({ measured: true, start_count: 20_000, delivered: 0, remains: 1_000, status: 'in_progress' });

    // Staff cannot type the figures of a measured line.
    const typed = await api().patch(`/api/order-lines/${l.id}/`).set(admin.auth).send({ delivered: 500 });
    expect(typed.status).toBe(400);

    clock = new Date(clock.getTime() + DAY);
    await snapshot(accountId, 20_400);
    await remeasureDeliveries(ctx.deps, [accountId]);
    l = ((await getOrder(client, order.id)).body as TOrder).lines[0]!;
    expect(l).toMatchObject({ status: 'partial', delivered: 400, remains: 600 });

    clock = new Date(clock.getTime() + DAY);
    await snapshot(accountId, 21_050);
    await remeasureDeliveries(ctx.deps, [accountId]);
    l = ((await getOrder(client, order.id)).body as TOrder).lines[0]!;
    expect(l).toMatchObject({ status: 'completed', delivered: 1_000, remains: 0, refill_available: false });
    expect(l.guarantee_until).toBe(new Date(clock.getTime() + 90 * DAY).toISOString());
    expect((await notificationsOf(client)).some((n) => n.title === 'Delivery complete')).toBe(true);

    // Refill rules: only once the measured count drops below start + ordered, while the guarantee runs.
    const early = await api().post(`/api/order-lines/${l.id}/request-refill/`).set(client.auth);
    expect(early.status).toBe(400);
    expect(early.body.detail).toContain('has not dropped');
    clock = new Date(clock.getTime() + DAY);
    await snapshot(accountId, 20_700);
    await remeasureDeliveries(ctx.deps, [accountId]);
    l = ((await getOrder(client, order.id)).body as TOrder).lines[0]!;
    expect(l.refill_available).toBe(true);
    const other = await signUp(ctx);
    expect((await api().post(`/api/order-lines/${l.id}/request-refill/`).set(other.auth)).status).toBe(404);
    const refill = await api().post(`/api/order-lines/${l.id}/request-refill/`).set(client.auth);
    expect(refill.status).toBe(200);
    expect((refill.body as TOrder).lines[0]).toMatchObject({ status: 'refill_requested', refill_available: false });
    expect((await notificationsOf(admin)).some((n) => n.title === 'Refill requested by Grower measured')).toBe(true);
    expect((await api().post(`/api/order-lines/${l.id}/request-refill/`).set(client.auth)).status).toBe(409);

    // After the guarantee, no refill.
    await api().patch(`/api/order-lines/${l.id}/`).set(admin.auth).send({ status: 'refilled' }).expect(200);
    clock = new Date(clock.getTime() + 100 * DAY);
    const late = await api().post(`/api/order-lines/${l.id}/request-refill/`).set(client.auth);
    expect(late.body.detail).toBe('The refill guarantee of this line has ended.');
  });

  it('an unmeasured line is moved by staff; figures set the status; overdue lines are flagged and filtered', async () => {
    const client = await signUp(ctx, { name: 'Manual Mia' });
    const order = await placeOrder(client, { lines: [line('tt-starter', 2, '@mia'), line('yt-creator', 1, '@mia')] });
    await pay(client, order.id);
    await sendIntake(client, order.id);
    const [tt, yt] = ((await getOrder(client, order.id)).body as TOrder).lines;

    const partial = await api().patch(`/api/order-lines/${tt!.id}/`).set(admin.auth).send({ start_count: 300, delivered: 900 });
    expect((partial.body as TOrder).lines[0]).toMatchObject({ status: 'partial', start_count: 300, delivered: 900, remains: 1_100 });
    const tooMany = await api().patch(`/api/order-lines/${tt!.id}/`).set(admin.auth).send({ delivered: 2_001 });
    expect(tooMany.body.detail).toBe('At most 2,000 were ordered.');
    expect((await api().patch(`/api/order-lines/${tt!.id}/`).set(client.auth).send({ delivered: 5 })).status).toBe(403);

    clock = new Date(clock.getTime() + 30 * DAY);
    const overdue = await api().get('/api/orders/').query({ overdue: 'true', search: 'Manual Mia' }).set(admin.auth);
    expect(overdue.body.results.map((o: TOrder) => o.id)).toEqual([order.id]);
    expect((overdue.body.results[0] as TOrder).lines.every((l) => l.overdue)).toBe(true);

    // Bulk: all or none. A line of an unpaid order refuses the whole change.
    const unpaid = await placeOrder(client, { lines: [line('ig-starter')] });
    const refused = await api()
      .post('/api/order-lines/bulk-update/')
      .set(admin.auth)
      .send({ line_ids: [tt!.id, yt!.id, unpaid.lines[0]!.id], status: 'completed' });
    expect(refused.status).toBe(400);
    expect(((await getOrder(admin, order.id)).body as TOrder).lines.map((l) => l.status)).toEqual(['partial', 'in_progress']);
    const done = await api().post('/api/order-lines/bulk-update/').set(admin.auth).send({ line_ids: [tt!.id, yt!.id], status: 'completed' });
    expect(done.body).toEqual({ updated: 2 });
    const after = (await getOrder(client, order.id)).body as TOrder;
    // Completing a line staff measure by hand counts it delivered in full.
    expect(after.lines.map((l) => [l.status, l.overdue, l.delivered, l.remains])).toEqual([
      ['completed', false, 2_000, 0],
      ['completed', false, 1_000, 0],
    ]);
    const noLongerOverdue = await api().get('/api/orders/').query({ overdue: 'true', search: 'Manual Mia' }).set(admin.auth);
    expect(noLongerOverdue.body.count).toBe(0);
    const completedFilter = await api().get('/api/orders/').query({ delivery: 'completed', client: client.user.client_id }).set(admin.auth);
    expect(completedFilter.body.results.map((o: TOrder) => o.id)).toEqual([order.id]);
  });

  it('an unpaid order has nothing to deliver', async () => {
    const client = await signUp(ctx);
    const order = await placeOrder(client, { lines: [line('ig-starter')] });
    const res = await api().patch(`/api/order-lines/${order.lines[0]!.id}/`).set(admin.auth).send({ status: 'completed' });
    expect(res.status).toBe(409);
  });
});

describe('listing orders', () => {
  it('pages, searches by order number or target and sorts in SQL', async () => {
    const client = await signUp(ctx, { name: 'Lister Lou' });
    const made: TOrder[] = [];
    for (const [pkg, target] of [
      ['ig-starter', '@lou_one'],
      ['ig-professional', '@lou_two'],
      ['tt-starter', '@lou_three'],
    ] as const) {
      made.push(await placeOrder(client, { lines: [line(pkg, 1, target)] }));
    }
    const page = await api().get('/api/orders/').query({ page_size: 2, ordering: '-total' }).set(client.auth);
    expect(page.body.count).toBe(3);
    expect(page.body.results.map((o: TOrder) => o.total)).toEqual([132, 16.5]);
    expect(page.body.next).toContain('page=2');
    const byTarget = await api().get('/api/orders/').query({ search: 'lou_two' }).set(admin.auth);
    expect(byTarget.status, JSON.stringify(byTarget.body)).toBe(200);
    expect(byTarget.body.results.map((o: TOrder) => o.id)).toEqual([made[1]!.id]);
    const byNumber = await api().get('/api/orders/').query({ search: `#${made[2]!.id}` }).set(admin.auth);
    expect(byNumber.body.results.map((o: TOrder) => o.id)).toContain(made[2]!.id);
  });
});
