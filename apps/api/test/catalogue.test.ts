/**
 * One catalogue (issue 27, "Service pages and /pricing"): the plans the site shows are the plans the server sells, at
 * the same prices, monthly or annually; the price is the server's, never the browser's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CATALOGUE, planPriceId, type TBillingPlan, type TInvoice } from '@agency/contract';
import { createTestContext, type TestContext } from './support/test-app';
import { signUp, type Session } from './support/factories';
import { payWithCard, subscribe, subscribeAndPay, subscriptionOf as subscriptionOfClient } from './support/sandbox-billing';

const clock = new Date('2026-11-23T10:00:00Z');
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

describe('the catalogue', () => {
  it('GET /billing/plans/ sells every plan the pages show, at their monthly and annual prices; a plan name has one price', async () => {
    const res = await api().get('/api/billing/plans/');
    expect(res.status).toBe(200);
    const plans = res.body.results as TBillingPlan[];
    expect(plans.map((p) => [p.id, p.platform, p.name, p.price, p.annualPrice, p.stripePrice, p.annualStripePrice])).toEqual(
      DEFAULT_CATALOGUE.plans.map((p) => [p.id, p.platform, p.name, p.monthly, p.annual, planPriceId(p.id, 'monthly'), planPriceId(p.id, 'annual')]),
    );
    expect(new Set(plans.map((p) => p.name)).size).toBe(plans.length);
    for (const platform of ['instagram', 'tiktok', 'youtube']) expect(plans.filter((p) => p.platform === platform).length).toBeGreaterThanOrEqual(3);
  });

  it("an annual TikTok plan is charged its annual price (whatever plan name the browser sends) and renews a year later; the client record shows its monthly share", async () => {
    const client = await signUp(ctx, { name: 'Tara Tiktok' });
    const started = await subscribe(ctx, client, 'price_viral_growth_annual', 'Anything cheap');
    expect((await payWithCard(ctx, client, started.payment_intent_id!)).body.status).toBe('succeeded');

    expect(await subscriptionOf(client)).toMatchObject({
      plan: 'viral-growth',
      plan_name: 'Viral Growth',
      platform: 'tiktok',
      price_id: 'price_viral_growth_annual',
      price: 799,
      billing_cycle: 'annual',
      next_billing_date: '2027-11-23',
      status: 'active',
    });
    const invoices = (await api().get('/api/invoices/').set(client.auth)).body.results as TInvoice[];
    expect(invoices.map((i) => [i.amount, i.status])).toEqual([[799, 'paid']]);

    const record = (await api().get(`/api/clients/${client.user.client_id}/`).set(admin.auth)).body;
    // 799 / 12 = 66.58 a month: what revenue counts; the next payment is the renewal's 799 a year from now.
    expect(record).toMatchObject({ status: 'active', monthly_fee: 66.58, next_payment: '2027-11-23' });
  });

  it('refuses a price that is not in the catalogue, and a plan change to the other billing period, with a clear 400', async () => {
    const client = await signUp(ctx);
    const unknown = await api().post('/api/billing/create-subscription/').set(client.auth).send({ price_id: 'price_pro_weekly', plan_name: 'Pro' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.price_id).toEqual(['Unknown plan']);

    await subscribeAndPay(ctx, client, 'price_pro_monthly', 'Pro');
    const toAnnual = await api().post('/api/billing/preview-plan-change/').set(client.auth).send({ price_id: 'price_premium_annual', plan_name: 'Premium' });
    expect(toAnnual.status).toBe(400);
    expect(toAnnual.body.errors.price_id).toEqual(['Your plan is billed monthly: choose a plan with the same billing.']);

    const toTiktok = await api().post('/api/billing/preview-plan-change/').set(client.auth).send({ price_id: 'price_viral_pro_monthly', plan_name: 'Viral Pro' });
    expect(toTiktok.status).toBe(200);
    expect(toTiktok.body).toMatchObject({ plan: 'viral-pro', plan_name: 'Viral Pro', price: 149, billing_cycle: 'monthly' });
  });
});
