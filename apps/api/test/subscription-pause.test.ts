/**
 * Pause and resume (issue 27: the pricing FAQ promises "pause your subscription at any time"): the provider stops
 * collecting, the plan stays the client's, nothing is charged or expected while paused, and every screen agrees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInvoice, TNotificationList } from '@agency/contract';
import { renewSandboxSubscriptions } from '../src/modules/billing/billing-events.service';
import { createTestContext, type TestContext } from './support/test-app';
import { signUp, type Session } from './support/factories';
import { subscribeAndPay, subscriptionOf as subscriptionOfClient } from './support/sandbox-billing';

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
const subscriptionOf = (client: Session) => subscriptionOfClient(ctx, client);
const pause = (client: Session) => api().post('/api/billing/pause-subscription/').set(client.auth);
const resume = (client: Session) => api().post('/api/billing/resume-subscription/').set(client.auth);
const recordOf = async (client: Session) => (await api().get(`/api/clients/${client.user.client_id}/`).set(admin.auth)).body;
const statsOf = async (client: Session) => (await api().get('/api/dashboard/client-stats/').set(client.auth)).body;
const invoicesOf = async (client: Session) => (await api().get('/api/invoices/').set(client.auth)).body.results as TInvoice[];
const noticesOf = async (session: Session) => ((await api().get('/api/notifications/').set(session.auth)).body as TNotificationList).results;

describe('pausing and resuming a plan', () => {
  it('paused: no next payment anywhere, the record says paused, a renewal date passes without a charge; resumed: it renews again', async () => {
    const client = await signUp(ctx, { name: 'Paula Pause' });
    await subscribeAndPay(ctx, client, 'price_pro_monthly', 'Pro');
    expect(await subscriptionOf(client)).toMatchObject({ paused_at: null, next_billing_date: '2026-12-23' });

    const paused = await pause(client);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ plan: 'pro', status: 'active', next_billing_date: null, paused_at: '2026-11-23T10:00:00.000Z' });
    expect(await subscriptionOf(client)).toMatchObject({ paused_at: '2026-11-23T10:00:00.000Z', next_billing_date: null });
    expect(await recordOf(client)).toMatchObject({ status: 'paused', next_payment: null, plan_name: 'Pro' });
    expect((await statsOf(client)).next_payment_date).toBeNull();
    expect((await noticesOf(client)).map((n) => n.title)).toContain('Subscription paused');

    // Pausing again changes nothing.
    const again = await pause(client);
    expect(again.status).toBe(200);
    expect(again.body.paused_at).toBe('2026-11-23T10:00:00.000Z');

    // The renewal date passes: nothing is invoiced.
    clock = new Date(clock.getTime() + 31 * DAY);
    await renewSandboxSubscriptions(ctx.deps);
    expect((await invoicesOf(client)).map((i) => i.amount)).toEqual([250]);
    expect(await subscriptionOf(client)).toMatchObject({ status: 'active', next_billing_date: null });

    const resumed = await resume(client);
    expect(resumed.status).toBe(200);
    // The period went on while paused: the next payment is at the end of the current one.
    expect(resumed.body).toMatchObject({ paused_at: null, next_billing_date: '2027-01-23' });
    expect(await recordOf(client)).toMatchObject({ status: 'active', next_payment: '2027-01-23' });
    expect((await statsOf(client)).next_payment_date).toBe('2027-01-23');
    expect((await noticesOf(client)).map((n) => n.title)).toContain('Subscription resumed');
    clock = new Date('2026-11-23T10:00:00Z');
  });

  it('refuses what cannot be paused with a clear answer, and resuming a running plan changes nothing', async () => {
    const none = await signUp(ctx);
    const nothing = await pause(none);
    expect(nothing.status).toBe(404);
    expect(nothing.body.detail).toBe('You have no active subscription.');

    const client = await signUp(ctx);
    await subscribeAndPay(ctx, client, 'price_starter_monthly', 'Starter');
    const running = await resume(client);
    expect(running.status).toBe(200);
    expect(running.body).toMatchObject({ paused_at: null, next_billing_date: '2026-12-23' });

    expect((await api().post('/api/billing/cancel-subscription/').set(client.auth).send({ at_period_end: true })).status).toBe(200);
    const ending = await pause(client);
    expect(ending.status).toBe(409);
    expect(ending.body.detail).toBe('Your plan is set to end, so it cannot be paused.');

    const staff = await api().post('/api/billing/pause-subscription/').set(admin.auth);
    expect(staff.status).toBe(403);
  });
});
