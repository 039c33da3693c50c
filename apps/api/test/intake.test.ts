/**
 * The intake form after checkout: a paid order (or a newly active subscription) asks its client once; the order's
 * delivery waits for the answers; the client sends them once (with brand assets of its own), or staff start
 * without them; staff see the answers; a form left waiting is reminded once after two days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TCreateSubscriptionResponse, TIntakeForm, TNotificationList, TOrder, TPaymentIntent } from '@agency/contract';
import { emailOutbox } from '../src/db/schema';
import { remindWaitingIntakes } from '../src/modules/intake/intake.service';
import { createTestContext, type TestContext } from './support/test-app';
import { signUp, type Session } from './support/factories';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let clock = new Date('2026-11-24T09:00:00Z');
let ctx: TestContext;
let admin: Session;
const api = () => ctx.request();
const CARD = { card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  admin = await signUp(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx?.close();
});

async function paidOrder(client: Session, target = '@brand'): Promise<TOrder> {
  const placed = await api().post('/api/orders/').set(client.auth).send({ lines: [{ package_id: 'tt-viral', quantity: 1, target }] });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const intent = await api().post('/api/billing/create-payment-intent/').set(client.auth).send({ order_id: placed.body.id });
  const paid = await api()
    .post('/api/billing/confirm-payment/')
    .set(client.auth)
    .send({ payment_intent_id: (intent.body as TPaymentIntent).payment_intent_id, ...CARD });
  expect(paid.body.status).toBe('succeeded');
  return (await api().get(`/api/orders/${placed.body.id}/`).set(client.auth)).body as TOrder;
}

const formsOf = async (session: Session, query: Record<string, string | number> = {}) =>
  ((await api().get('/api/intake-forms/').query(query).set(session.auth)).body as { count: number; results: TIntakeForm[] });
const submit = (client: Session, id: number, body: object) => api().post(`/api/intake-forms/${id}/submit/`).set(client.auth).send(body);
const notificationsOf = async (session: Session) => ((await api().get('/api/notifications/').set(session.auth)).body as TNotificationList).results;
const mailsTo = (address: string, kind: string) =>
  ctx.deps.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind)));
const answers = { handle: '@brand', goals: 'Double our reach before spring.', audience: 'Cyclists in Lyon, 25-45.', competitors: ['@rivalbikes', ' @velofast '] };

describe('asking for the intake form', () => {
  it('a paid order asks its client once: the form waits, the lines wait (no due date), the client is told and mailed', async () => {
    const client = await signUp(ctx, { name: 'Ines Intake' });
    const order = await paidOrder(client);
    expect(order.intake).toEqual({ id: expect.any(Number), status: 'waiting' });
    expect(order.lines[0]).toMatchObject({ status: 'pending', expected_delivery_at: null, overdue: false });

    const { results } = await formsOf(client);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      id: order.intake!.id,
      order: order.id,
      subscription: null,
      subject: `Order #${order.id}`,
      status: 'waiting',
      handle: null,
      competitors: [],
      assets: [],
      client_name: 'Ines Intake',
      requested_at: clock.toISOString(),
    });
    expect((await notificationsOf(client)).some((n) => n.title === 'Tell us what we need to start' && n.link === '#overview')).toBe(true);
    const [mail] = await mailsTo(client.user.email, 'intake_request');
    expect(mail?.subject).toBe(`A few details to start Order #${order.id}`);
    const [receipt] = await mailsTo(client.user.email, 'order_receipt');
    expect(receipt?.bodyText).toContain('Delivery starts as soon as you have sent the short intake form');

    // Staff find the orders waiting on their form.
    const waiting = await api().get('/api/orders/').query({ intake: 'waiting', client: client.user.client_id }).set(admin.auth);
    expect(waiting.body.results.map((o: TOrder) => o.id)).toEqual([order.id]);
    const received = await api().get('/api/orders/').query({ intake: 'submitted', client: client.user.client_id }).set(admin.auth);
    expect(received.body.count).toBe(0);
  });

  it('a newly active subscription asks once; a renewal does not ask again', async () => {
    const client = await signUp(ctx, { name: 'Sam Subscriber' });
    const started = await api().post('/api/billing/create-subscription/').set(client.auth).send({ price_id: 'price_pro_monthly', plan_name: 'Pro' });
    expect(started.status).toBe(201);
    const paid = await api()
      .post('/api/billing/confirm-payment/')
      .set(client.auth)
      .send({ payment_intent_id: (started.body as TCreateSubscriptionResponse).payment_intent_id, ...CARD });
    expect(paid.body.status).toBe('succeeded');
    const { results } = await formsOf(client);
    expect(results.map((f) => [f.subject, f.status, f.order])).toEqual([['Pro plan', 'waiting', null]]);
    expect(results[0]!.subscription).toEqual(expect.any(Number));
  });
});

describe('sending it', () => {
  it('the client sends the answers with its own files once: the delivery starts, staff are told and see the answers', async () => {
    const client = await signUp(ctx, { name: 'Theo Sender' });
    const order = await paidOrder(client, '@theo');
    const formId = order.intake!.id;
    const upload = await api().post('/api/files/').set(client.auth).attach('file', Buffer.from('Logo and colours: #112233\n'), 'brand-guide.txt');
    expect(upload.status).toBe(201);

    const asking = () => notificationsOf(client).then((notes) => notes.find((n) => n.title === 'Tell us what we need to start'));
    expect((await asking())?.read).toBe(false);
    clock = new Date(clock.getTime() + 3 * HOUR);
    const sent = await submit(client, formId, { ...answers, assets: [upload.body.id] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // The bell no longer asks for the form that was sent.
    expect((await asking())?.read).toBe(true);
    expect(sent.body).toMatchObject({
      status: 'submitted',
      handle: '@brand',
      goals: answers.goals,
      audience: answers.audience,
      competitors: ['@rivalbikes', '@velofast'],
      submitted_at: clock.toISOString(),
      submitted_by_name: 'Theo Sender',
    });
    expect(sent.body.assets).toEqual([
      { id: upload.body.id, name: 'brand-guide.txt', size: 26, content_type: 'text/plain; charset=utf-8', url: `/api/files/${upload.body.id}/download/` },
    ]);

    // The delivery is due from the day the form was sent, not from the payment.
    const started = (await api().get(`/api/orders/${order.id}/`).set(client.auth)).body as TOrder;
    expect(started.intake).toEqual({ id: formId, status: 'submitted' });
    expect(started.lines[0]).toMatchObject({ status: 'in_progress', expected_delivery_at: new Date(clock.getTime() + 8 * DAY).toISOString() });

    expect((await notificationsOf(admin)).some((n) => n.title === 'Intake form from Theo Sender' && n.link === '#orders')).toBe(true);
    const seen = await api().get(`/api/intake-forms/${formId}/`).set(admin.auth);
    expect(seen.body).toMatchObject({ status: 'submitted', handle: '@brand', client_name: 'Theo Sender' });
    const asset = await api().get(`/api/files/${upload.body.id}/download/`).set(admin.auth);
    expect(asset.status).toBe(200);
    const byOrder = await formsOf(admin, { order: order.id });
    expect(byOrder.results.map((f) => f.id)).toEqual([formId]);

    // Once only: a second answer and a late skip are refused, and nothing changes.
    const again = await submit(client, formId, { ...answers, goals: 'Something else' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This intake form has already been sent.');
    expect((await api().post(`/api/intake-forms/${formId}/skip/`).set(admin.auth)).status).toBe(409);
    expect(((await api().get(`/api/intake-forms/${formId}/`).set(client.auth)).body as TIntakeForm).goals).toBe(answers.goals);
  });

  it('refuses missing answers with the field named, and files that are not the client’s own', async () => {
    const client = await signUp(ctx);
    const other = await signUp(ctx);
    const order = await paidOrder(client);
    const formId = order.intake!.id;

    const empty = await submit(client, formId, { handle: ' ', goals: '', competitors: ['@a', ''] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      handle: ['Enter the account to grow'],
      goals: ['Tell us your goals'],
      audience: ['Tell us who your audience is'],
    });
    expect(JSON.stringify(empty.body.errors)).toContain('Remove the empty competitor');
    const tooMany = await submit(client, formId, { ...answers, competitors: Array.from({ length: 11 }, (_, i) => `@c${i}`) });
    expect(tooMany.body.errors.competitors).toEqual(['At most 10 competitors']);

    const foreign = await api().post('/api/files/').set(other.auth).attach('file', Buffer.from('not yours\n'), 'other.txt');
    const refused = await submit(client, formId, { ...answers, assets: [foreign.body.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ assets: ['One of the files was not found; upload it again.'] });
    expect((await submit(client, formId, { ...answers, assets: [999_999] })).status).toBe(400);
    // Nothing was kept from the refused attempts.
    expect(((await api().get(`/api/intake-forms/${formId}/`).set(client.auth)).body as TIntakeForm).status).toBe('waiting');
  });

  it("is the client's own: another client gets 404 (and an empty list), staff cannot answer for the client", async () => {
    const client = await signUp(ctx);
    const other = await signUp(ctx);
    const formId = (await paidOrder(client)).intake!.id;
    expect((await api().get(`/api/intake-forms/${formId}/`).set(other.auth)).status).toBe(404);
    expect((await submit(other, formId, answers)).status).toBe(404);
    expect((await formsOf(other)).results).toEqual([]);
    expect((await submit(admin, formId, answers)).status).toBe(403);
    expect((await api().post(`/api/intake-forms/${formId}/skip/`).set(client.auth)).status).toBe(403);
    expect((await api().get(`/api/intake-forms/${formId}/`)).status).toBe(401);
  });
});

describe('starting without it', () => {
  it('staff skip a form: the delivery starts, the client can no longer send it, staff are not notified of it', async () => {
    const client = await signUp(ctx, { name: 'Quiet Quinn' });
    const order = await paidOrder(client);
    const formId = order.intake!.id;
    const skipped = await api().post(`/api/intake-forms/${formId}/skip/`).set(admin.auth);
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({ status: 'skipped', skipped_at: clock.toISOString(), submitted_at: null });
    const after = (await api().get(`/api/orders/${order.id}/`).set(client.auth)).body as TOrder;
    expect(after.intake?.status).toBe('skipped');
    expect(after.lines[0]!.status).toBe('in_progress');

    const late = await submit(client, formId, answers);
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('The team has already started without this form.');
    expect((await notificationsOf(admin)).some((n) => n.title === 'Intake form from Quiet Quinn')).toBe(false);
  });
});

describe('reminders', () => {
  it('a form waiting more than 48 hours is reminded once (mail and notification); a sent form is not', async () => {
    const waiting = await signUp(ctx, { name: 'Wendy Waiting' });
    const sender = await signUp(ctx, { name: 'Sid Sent' });
    const order = await paidOrder(waiting);
    const sentForm = (await paidOrder(sender)).intake!.id;
    expect((await submit(sender, sentForm, answers)).status).toBe(200);

    clock = new Date(clock.getTime() + 47 * HOUR);
    await remindWaitingIntakes(ctx.deps);
    expect(await mailsTo(waiting.user.email, 'intake_reminder')).toHaveLength(0);

    clock = new Date(clock.getTime() + 2 * HOUR);
    await remindWaitingIntakes(ctx.deps);
    await remindWaitingIntakes(ctx.deps);
    const reminders = await mailsTo(waiting.user.email, 'intake_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe(`Reminder: we need a few details for Order #${order.id}`);
    expect((await notificationsOf(waiting)).filter((n) => n.title === 'We are still waiting for your details')).toHaveLength(1);
    expect(await mailsTo(sender.user.email, 'intake_reminder')).toHaveLength(0);
  });
});
