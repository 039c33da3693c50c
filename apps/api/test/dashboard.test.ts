/**
 * Dashboard numbers against data made for the purpose. Clients come through the API; rows owned by other
 * sections (invoices with chosen paid dates, tasks, content, social accounts and metric snapshots written by
 * the sync job, subscriptions) are written with Drizzle so that the dates can be placed exactly.
 * The clock is fixed through deps.now.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clients,
  contentItems,
  invoices,
  metricSnapshots,
  socialAccounts,
  subscriptions,
  tasks,
} from '../src/db/schema';
import { createTestContext, type TestContext } from './support/test-app';
import { createClientViaApi, signUp, type Session } from './support/factories';

const NOW = new Date('2031-03-15T12:00:00.000Z');
const DAY = 86_400_000;
const ago = (days: number, hours = 0) => new Date(NOW.getTime() - days * DAY + hours * 3_600_000);

let invoiceNo = 0;
async function addInvoice(
  ctx: TestContext,
  clientId: number,
  v: { amount: string; status: 'paid' | 'pending' | 'overdue'; dueDate?: string; paidAt?: Date },
) {
  invoiceNo += 1;
  await ctx.deps.db.insert(invoices).values({
    invoiceNumber: `DASH-${invoiceNo}`,
    clientId,
    amount: v.amount,
    status: v.status,
    dueDate: v.dueDate ?? '2031-06-01',
    paidAt: v.paidAt ?? null,
  });
}

describe('GET /api/dashboard/stats/ (admin)', () => {
  let ctx: TestContext;
  let admin: Session;
  let portal: Session;

  beforeAll(async () => {
    ctx = await createTestContext();
    ctx.deps.now = () => NOW;
    admin = await signUp(ctx, { role: 'admin' });
    portal = await signUp(ctx); // its client record is pending
  });
  afterAll(async () => {
    await ctx.close();
  });

  const stats = () => ctx.request().get('/api/dashboard/stats/').set(admin.auth);

  it('answers zeros and a null trend on an empty agency', async () => {
    const res = await stats();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total_revenue: 0,
      collected_this_month: 0,
      active_clients: 0,
      pending_tasks: 0,
      overdue_payments: 0,
      revenue_change_percent: null,
      active_clients_gained_this_week: 0,
    });
  });

  it('computes revenue, trend, clients, tasks and overdue payments from the data', async () => {
    const setCreated = (id: number, createdAt: Date, archivedAt: Date | null = null) =>
      ctx.deps.db.update(clients).set({ createdAt, archivedAt }).where(eq(clients.id, id));

    const old1 = await createClientViaApi(ctx, admin, { status: 'active' });
    const old2 = await createClientViaApi(ctx, admin, { status: 'active' });
    const fresh1 = await createClientViaApi(ctx, admin, { status: 'active' });
    const fresh2 = await createClientViaApi(ctx, admin, { status: 'active' });
    const freshPending = await createClientViaApi(ctx, admin, { status: 'pending' });
    const lostOld = await createClientViaApi(ctx, admin, { status: 'active' });
    const cameAndWent = await createClientViaApi(ctx, admin, { status: 'active' });
    await setCreated(old1.id, ago(30));
    await setCreated(old2.id, ago(8));
    await setCreated(fresh1.id, ago(2));
    await setCreated(fresh2.id, ago(6, -23)); // 6 days 23 hours ago: inside the week
    await setCreated(freshPending.id, ago(1));
    await setCreated(lostOld.id, ago(40), ago(1)); // active, archived this week
    await setCreated(cameAndWent.id, ago(3), ago(1)); // added and archived within the week: no net change

    const c = old1.id;
    // This month (March 2031): 1000 + 250.50.
    await addInvoice(ctx, c, { amount: '1000.00', status: 'paid', paidAt: new Date('2031-03-02T09:00:00Z') });
    await addInvoice(ctx, c, { amount: '250.50', status: 'paid', paidAt: new Date('2031-03-15T11:00:00Z') });
    await addInvoice(ctx, portal.user.client_id!, { amount: '0.01', status: 'paid', paidAt: new Date('2031-03-01T00:00:00Z') });
    // Next month and the part of February after the same span (15 days 12 hours) do not count.
    await addInvoice(ctx, c, { amount: '99.00', status: 'paid', paidAt: new Date('2031-04-01T00:00:00Z') });
    await addInvoice(ctx, c, { amount: '5000.00', status: 'paid', paidAt: new Date('2031-02-20T00:00:00Z') });
    await addInvoice(ctx, c, { amount: '400.00', status: 'paid', paidAt: new Date('2031-02-15T12:00:00Z') });
    // Previous month, same span: 800.
    await addInvoice(ctx, c, { amount: '800.00', status: 'paid', paidAt: new Date('2031-02-10T00:00:00Z') });
    // Unpaid ones: two count as overdue (stored overdue; pending past due), the others do not.
    await addInvoice(ctx, c, { amount: '10.00', status: 'overdue', dueDate: '2031-03-20' });
    await addInvoice(ctx, c, { amount: '10.00', status: 'pending', dueDate: '2031-03-14' });
    await addInvoice(ctx, c, { amount: '10.00', status: 'pending', dueDate: '2031-03-15' });
    await addInvoice(ctx, c, { amount: '10.00', status: 'pending', dueDate: '2031-04-01' });
    await addInvoice(ctx, c, { amount: '10.00', status: 'paid', dueDate: '2031-01-01', paidAt: new Date('2031-01-02T00:00:00Z') });

    for (const status of ['pending', 'in-progress', 'review', 'completed', 'pending'] as const) {
      await ctx.deps.db.insert(tasks).values({ title: `T ${status}`, clientId: c, status, dueDate: NOW });
    }

    const res = await stats();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      // Monthly Revenue: what the four live active clients pay a month (the clients' rule, as on Clients).
      total_revenue: 4 * 1500,
      collected_this_month: 1250.51,
      active_clients: 4, // old1, old2, fresh1, fresh2
      pending_tasks: 4,
      overdue_payments: 2,
      revenue_change_percent: 56.3, // (1250.51 - 800) / 800
      active_clients_gained_this_week: 1, // +fresh1 +fresh2 -lostOld
    });
  });

  it('reports a fall in revenue as a negative percentage, and null when the previous span had none', async () => {
    ctx.deps.now = () => new Date('2031-04-20T00:00:00Z');
    const april = (await stats()).body;
    // April so far: 99; March 1..20: 1250.51.
    expect(april.collected_this_month).toBe(99);
    expect(april.revenue_change_percent).toBe(-92.1);

    ctx.deps.now = () => new Date('2031-01-31T00:00:00Z');
    const january = (await stats()).body;
    expect(january.collected_this_month).toBe(10);
    expect(january.revenue_change_percent).toBeNull();
    ctx.deps.now = () => NOW;
  });

  it('is for admins only', async () => {
    expect((await ctx.request().get('/api/dashboard/stats/').set(portal.auth)).status).toBe(403);
    expect((await ctx.request().get('/api/dashboard/stats/')).status).toBe(401);
  });
});

describe('GET /api/dashboard/client-stats/ (client)', () => {
  let ctx: TestContext;
  let admin: Session;
  let a: Session;
  let b: Session;
  let empty: Session;

  async function account(clientId: number, platform: string, isActive = true) {
    const [row] = await ctx.deps.db
      .insert(socialAccounts)
      .values({ clientId, platform, providerAccountId: `sandbox-${platform}-${clientId}`, username: `@${platform}${clientId}`, isActive })
      .returning({ id: socialAccounts.id });
    return row!.id;
  }
  async function snap(socialAccountId: number, capturedAt: Date, followersCount: number, reach: number, engagementRate: string) {
    await ctx.deps.db.insert(metricSnapshots).values({ socialAccountId, capturedAt, followersCount, reach, engagementRate });
  }
  async function post(clientId: number, status: 'posted' | 'approved', scheduledDate: string) {
    await ctx.deps.db
      .insert(contentItems)
      .values({ clientId, status, scheduledDate: new Date(scheduledDate), content: 'A post', platform: 'instagram' });
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    ctx.deps.now = () => NOW;
    admin = await signUp(ctx, { role: 'admin' });
    a = await signUp(ctx, { name: 'Client A' });
    b = await signUp(ctx, { name: 'Client B' });
    empty = await signUp(ctx, { name: 'Client Empty' });
    const ca = a.user.client_id!;
    const cb = b.user.client_id!;

    // A / Instagram: baseline (latest at or before 30 days ago) 1000; latest 1210 (one reading a day: the day's latest sync).
    const ig = await account(ca, 'instagram');
    await snap(ig, ago(40), 900, 5, '0.0100');
    await snap(ig, ago(31), 1000, 7, '0.0200');
    await snap(ig, ago(10), 1100, 50, '0.0300');
    await snap(ig, new Date('2031-03-14T09:00:00Z'), 1210, 120, '0.0500');
    // A / YouTube: connected recently, so no baseline for growth.
    const yt = await account(ca, 'youtube');
    await snap(yt, ago(5), 500, 30, '0.0200');
    await snap(yt, ago(2), 600, 40, '0.0300');
    // A / Facebook: an older platform's account, disconnected before the past month: its readings are not in it.
    const fb = await account(ca, 'facebook', false);
    await snap(fb, ago(40), 99_999, 99_999, '0.9000');
    // B: one big account.
    const bIg = await account(cb, 'instagram');
    await snap(bIg, ago(35), 40_000, 1_000, '0.0100');
    await snap(bIg, ago(1), 50_000, 2_000, '0.0600');

    await post(ca, 'posted', '2031-03-05T10:00:00Z');
    await post(ca, 'posted', '2031-03-01T00:00:00Z');
    await post(ca, 'posted', '2031-02-28T23:59:59Z');
    await post(ca, 'approved', '2031-03-06T10:00:00Z');
    await post(ca, 'posted', '2031-04-01T00:00:00Z');
    await post(cb, 'posted', '2031-03-05T10:00:00Z');

    await addInvoice(ctx, ca, { amount: '300.00', status: 'pending', dueDate: '2031-04-10' });
    await addInvoice(ctx, ca, { amount: '150.25', status: 'overdue', dueDate: '2031-03-01' });
    await addInvoice(ctx, ca, { amount: '75.00', status: 'paid', dueDate: '2031-01-01', paidAt: ago(60) });

    await ctx.deps.db.insert(subscriptions).values({
      clientId: cb,
      planId: 'pro',
      planName: 'Pro',
      price: '99.00',
      status: 'active',
      provider: 'sandbox',
      currentPeriodEnd: new Date('2031-04-01T00:00:00Z'),
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const statsOf = (s: Session) => ctx.request().get('/api/dashboard/client-stats/').set(s.auth);

  it("computes client A's cards from its own active accounts, content and invoices", async () => {
    const res = await statsOf(a);
    expect(res.status).toBe(200);
    // The same figures as the Performance screen's summary (one definition, the analytics').
    const overview = await ctx.request().get('/api/analytics/client-overview/?period=6months').set(a.auth);
    expect(overview.status, JSON.stringify(overview.body)).toBe(200);
    const performance = overview.body.summary;
    expect(performance).toEqual({
      total_followers: res.body.total_followers,
      average_engagement: res.body.engagement_rate,
      monthly_reach: res.body.reach,
      posts_this_month: res.body.posts_this_month,
    });
    expect(res.body).toEqual({
      total_followers: 1810, // 1210 + 600
      growth_rate: 20.7, // (1210 + 600 - 1000 - 500) / 1500: Instagram 1000 → 1210, YouTube from its first reading 500 → 600
      // The analytics' past-month figures, as Performance shows them: the average of the daily rates in the month
      // (IG 0.03, 0.05; YouTube 0.02, 0.03), not the latest reading of each account.
      engagement_rate: 0.0325,
      reach: 240, // IG 50 + 120 (14 March), YouTube 30 + 40
      posts_this_month: 2,
      next_payment_date: '2031-03-01', // the overdue invoice comes first
      next_payment_amount: 150.25,
      next_payment_invoice_id: expect.any(Number), // what Pay Now pays
    });
  });

  it("shows client B only its own numbers, with the subscription renewal as next payment", async () => {
    const res = await statsOf(b);
    expect(res.body).toEqual({
      total_followers: 50_000,
      growth_rate: 25,
      engagement_rate: 0.06,
      reach: 2_000,
      posts_this_month: 1,
      next_payment_date: '2031-04-01',
      next_payment_amount: 99,
      next_payment_invoice_id: null, // a renewal has no invoice yet
    });
  });

  it('answers zeros without data, then the planned payment of the client record', async () => {
    const none = await statsOf(empty);
    expect(none.body).toEqual({
      total_followers: 0,
      growth_rate: 0,
      engagement_rate: 0,
      reach: 0,
      posts_this_month: 0,
      next_payment_date: null,
      next_payment_amount: null,
      next_payment_invoice_id: null,
    });
    await ctx
      .request()
      .patch(`/api/clients/${empty.user.client_id}/`)
      .set(admin.auth)
      .send({ next_payment: '2031-04-15', monthly_fee: 3000 })
      .expect(200);
    const planned = await statsOf(empty);
    expect(planned.body).toMatchObject({ next_payment_date: '2031-04-15', next_payment_amount: 3000 });
  });

  it('leaves paid invoices out of the next payment', async () => {
    const c = await signUp(ctx, { name: 'Paid Up' });
    await addInvoice(ctx, c.user.client_id!, { amount: '10.00', status: 'paid', dueDate: '2031-05-01', paidAt: ago(1) });
    expect((await statsOf(c)).body).toMatchObject({ next_payment_date: null, next_payment_amount: null });
  });

  it('is for client logins only', async () => {
    expect((await statsOf(admin)).status).toBe(403);
    expect((await ctx.request().get('/api/dashboard/client-stats/')).status).toBe(401);
  });
});
