import {
  formatChangePercent,
  formatCompact,
  formatMonth,
  formatPercent,
  formatSignedCount,
  type TClient,
  type TClientAnalyticsOverview,
  type TClientDashboardStats,
  type TClientReport,
  type TInvoice,
  type TSocialAccountList,
} from '@agency/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, socialAccounts } from '../src/db/schema';
import { upsertSnapshot } from '../src/modules/social/social.queries';
import { createInvoiceViaApi, signUp, type Session } from './support/factories';
import { binaryBody, pdfText } from './support/pdf-text';
import { createTestContext, type TestContext } from './support/test-app';
import { subscribeAndPay } from './support/sandbox-billing';
import { renewSandboxSubscriptions } from '../src/modules/billing';

/**
 * One truth everywhere (issue 27, PRODUCT.md "Coherence"): where two answers show the same figure, they agree. Each
 * test seeds a known agency through the API and compares the places that show one fact.
 */

let ctx: TestContext;
/** The API's clock: real time unless a test moves it (the end of a billing period). */
let clockOverride: Date | null = null;
let admin: Session;
let clientA: Session;
let clientB: Session;

const DAY_MS = 86_400_000;
const dayOffset = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clockOverride ?? new Date() });
  admin = await signUp(ctx, { role: 'admin', name: 'Cora Consistent' });
  clientA = await signUp(ctx, { name: 'Ada Agrees' });
  clientB = await signUp(ctx, { name: 'Ben Balances' });
  const a = clientA.user.client_id!;
  const b = clientB.user.client_id!;
  // A: one pending past due, one stored overdue (a failed renewal charge), one not yet due, one paid.
  await createInvoiceViaApi(ctx, admin, a, { amount: 120, due_date: dayOffset(-30) });
  const failed = await createInvoiceViaApi(ctx, admin, a, { amount: 80, due_date: dayOffset(3) });
  await ctx.deps.db.update(invoices).set({ status: 'overdue' }).where(eq(invoices.id, failed.id));
  await createInvoiceViaApi(ctx, admin, a, { amount: 45, due_date: dayOffset(10) });
  const paid = await createInvoiceViaApi(ctx, admin, a, { amount: 300, due_date: dayOffset(-40) });
  await ctx.request().post(`/api/invoices/${paid.id}/mark_paid/`).set(admin.auth).expect(200);
  // B: one pending due today (not overdue), one past due by a day.
  await createInvoiceViaApi(ctx, admin, b, { amount: 60, due_date: dayOffset(0) });
  await createInvoiceViaApi(ctx, admin, b, { amount: 15, due_date: dayOffset(-1) });
});

afterAll(async () => {
  await ctx.close();
});

async function get<T>(path: string, who: Session): Promise<T> {
  const res = await ctx.request().get(path).set(who.auth);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as T;
}

const allInvoices = (who: Session, query = '') => get<{ count: number; results: TInvoice[] }>(`/api/invoices/?page_size=100${query}`, who);

describe('overdue: one definition for every count, filter and flag', () => {
  it('the Invoices summary, the overview’s Overdue Payments, the overdue list and both filters count the same invoices', async () => {
    const summary = await get<{ overdue_count: number; overdue_amount: number }>('/api/invoices/summary/', admin);
    const stats = await get<{ overdue_payments: number }>('/api/dashboard/stats/', admin);
    const list = await get<{ count: number }>('/api/invoices/overdue/?limit=5', admin);
    const byStatus = await allInvoices(admin, '&status=overdue');
    const byFlag = await allInvoices(admin, '&overdue=true');
    const flagged = (await allInvoices(admin)).results.filter((i) => i.is_overdue);

    expect(flagged.map((i) => i.amount).sort((x, y) => x - y)).toEqual([15, 80, 120]);
    expect(summary.overdue_count).toBe(3);
    expect(summary.overdue_amount).toBe(215);
    expect(stats.overdue_payments).toBe(3);
    expect(list.count).toBe(3);
    expect(byStatus.results.map((i) => i.id).sort()).toEqual(flagged.map((i) => i.id).sort());
    expect(byFlag.results.map((i) => i.id).sort()).toEqual(flagged.map((i) => i.id).sort());
  });

  it('a stored overdue invoice is flagged overdue, and Pending counts only invoices not yet due', async () => {
    const listed = (await allInvoices(admin)).results;
    expect(listed.filter((i) => i.status === 'overdue').every((i) => i.is_overdue)).toBe(true);
    const summary = await get<{ pending_count: number; pending_amount: number }>('/api/invoices/summary/', admin);
    const pending = await allInvoices(admin, '&status=pending');
    expect(pending.results.every((i) => !i.is_overdue && i.status === 'pending')).toBe(true);
    expect(summary.pending_count).toBe(pending.count);
    expect(summary.pending_amount).toBe(pending.results.reduce((sum, i) => sum + i.amount, 0));
    expect(summary.pending_amount).toBe(105);
  });

  it('a client’s own summary agrees with its own invoice list, and equals the sum of its rows', async () => {
    const summary = await get<{ overdue_count: number; overdue_amount: number; pending_amount: number; total_revenue: number }>(
      '/api/invoices/summary/',
      clientA,
    );
    const own = (await allInvoices(clientA)).results;
    const overdue = own.filter((i) => i.is_overdue);
    expect(summary.overdue_count).toBe(overdue.length);
    expect(summary.overdue_amount).toBe(overdue.reduce((sum, i) => sum + i.amount, 0));
    expect(summary.pending_amount).toBe(own.filter((i) => i.status === 'pending' && !i.is_overdue).reduce((sum, i) => sum + i.amount, 0));
    expect(summary.total_revenue).toBe(own.filter((i) => i.status === 'paid').reduce((sum, i) => sum + i.amount, 0));
    expect(summary).toMatchObject({ overdue_count: 2, overdue_amount: 200, pending_amount: 45, total_revenue: 300 });
  });
});

describe('a client’s payment status: its invoices’ when it has any', () => {
  type ClientPage = { count: number; results: TClient[] };
  const clientOf = (who: Session) => get<TClient>(`/api/clients/${who.user.client_id}/`, admin);

  it('a client owing an overdue invoice is overdue on its record, in the list filter and in the Clients summary', async () => {
    const a = await clientOf(clientA);
    const b = await clientOf(clientB);
    expect(a).toMatchObject({ payment_status: 'overdue', payment_status_follows_invoices: true, unpaid_invoices: 3 });
    expect(b).toMatchObject({ payment_status: 'overdue', unpaid_invoices: 2 });
    const overdue = await get<ClientPage>('/api/clients/?payment_status=overdue&page_size=100', admin);
    expect(overdue.results.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
    const summary = await get<{ overdue: number }>('/api/clients/summary/', admin);
    expect(summary.overdue).toBe(overdue.count);
  });

  it('Mark Paid on a client who still owes invoices is refused, saying where to record the payment; its status stays overdue', async () => {
    const res = await ctx.request().post(`/api/clients/${clientA.user.client_id}/update_payment_status/`).set(admin.auth).send({ payment_status: 'paid' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/still owes 3 invoices\. Record the payment on the invoice itself/);
    expect((await clientOf(clientA)).payment_status).toBe('overdue');
  });

  it('a client is pending while an invoice is owed but not yet due, paid once every invoice is paid, and a client without invoices keeps the agency’s mark', async () => {
    const c = await signUp(ctx, { name: 'Cleo Clears' });
    const id = c.user.client_id!;
    const fresh = await clientOf(c);
    expect(fresh).toMatchObject({ payment_status: 'pending', payment_status_follows_invoices: false, unpaid_invoices: 0 });
    await ctx.request().post(`/api/clients/${id}/update_payment_status/`).set(admin.auth).send({ payment_status: 'paid' }).expect(200);
    expect((await clientOf(c)).payment_status).toBe('paid');

    const invoice = await createInvoiceViaApi(ctx, admin, id, { amount: 50, due_date: dayOffset(5) });
    expect(await clientOf(c)).toMatchObject({ payment_status: 'pending', payment_status_follows_invoices: true, unpaid_invoices: 1 });
    const pending = await get<ClientPage>('/api/clients/?payment_status=pending&page_size=100', admin);
    expect(pending.results.map((r) => r.id)).toContain(id);

    await ctx.request().post(`/api/invoices/${invoice.id}/mark_paid/`).set(admin.auth).expect(200);
    expect(await clientOf(c)).toMatchObject({ payment_status: 'paid', unpaid_invoices: 0 });
    const marked = await ctx.request().post(`/api/clients/${id}/update_payment_status/`).set(admin.auth).send({ payment_status: 'overdue' });
    expect(marked.status).toBe(409);
    expect(marked.body.detail).toMatch(/invoices are all paid/);
  });
});

describe('the plan a client pays: one fact, kept by billing and shown by the client record', () => {
  type Stats = { next_payment_date: string | null; next_payment_amount: number | null; next_payment_invoice_id: number | null };
  const recordOf = (who: Session) => get<TClient>(`/api/clients/${who.user.client_id}/`, admin);
  const statsOf = (who: Session) => get<Stats>('/api/dashboard/client-stats/', who);
  const subscriptionOf = (who: Session) => get<{ price: number; next_billing_date: string | null } | null>('/api/billing/subscription/', who);

  it('a client who subscribes to Pro is, on the admin’s record, active on Pro at $250, due at the renewal the portal shows; it counts in Active Clients and Monthly Revenue', async () => {
    const before = await get<{ active: number; monthly_revenue: number }>('/api/clients/summary/', admin);
    const c = await signUp(ctx, { name: 'Paula Plan' });
    expect((await recordOf(c)).status).toBe('pending');
    await subscribeAndPay(ctx, c);
    const subscription = await subscriptionOf(c);
    const record = await recordOf(c);
    expect(record).toMatchObject({ plan_name: 'Pro', monthly_fee: 250, status: 'active', next_payment: subscription!.next_billing_date });
    expect(await statsOf(c)).toMatchObject({ next_payment_date: subscription!.next_billing_date, next_payment_amount: 250 });
    const after = await get<{ active: number; monthly_revenue: number }>('/api/clients/summary/', admin);
    expect(after.active).toBe(before.active + 1);
    expect(after.monthly_revenue).toBe(before.monthly_revenue + 250);
    const overview = await get<{ active_clients: number }>('/api/dashboard/stats/', admin);
    expect(overview.active_clients).toBe(after.active);

    const edit = await ctx.request().patch(`/api/clients/${c.user.client_id}/`).set(admin.auth).send({ monthly_fee: 1500 });
    expect(edit.status).toBe(409);
    expect(edit.body.errors.monthly_fee[0]).toMatch(/subscribes to the Pro plan in the portal/);
  });

  it('a plan change’s preview is what the next payment then shows, and a cancelled plan has no next payment anywhere', async () => {
    const c = await signUp(ctx, { name: 'Carl Changes' });
    await subscribeAndPay(ctx, c);
    const preview = await ctx.request().post('/api/billing/preview-plan-change/').set(c.auth).send({ price_id: 'price_premium_monthly', plan_name: 'Premium' });
    expect(preview.status).toBe(200);
    const changed = await ctx
      .request()
      .post('/api/billing/change-plan/')
      .set(c.auth)
      .send({ price_id: 'price_premium_monthly', plan_name: 'Premium', proration_date: preview.body.proration_date });
    expect(changed.status).toBe(200);
    expect(await statsOf(c)).toMatchObject({ next_payment_amount: preview.body.amount_due, next_payment_date: preview.body.next_billing_date });
    expect(await recordOf(c)).toMatchObject({ plan_name: 'Premium', monthly_fee: 400, next_payment: preview.body.next_billing_date });

    await ctx.request().post('/api/billing/cancel-subscription/').set(c.auth).send({}).expect(200);
    expect(await statsOf(c)).toMatchObject({ next_payment_date: null, next_payment_amount: null });
    expect(await recordOf(c)).toMatchObject({ plan_name: 'Premium', status: 'active', next_payment: null });

    // At the period's end the plan ends: the record says paused, with no plan and nothing due.
    const periodEnd = preview.body.next_billing_date as string;
    clockOverride = new Date(`${periodEnd}T23:59:59Z`);
    try {
      await renewSandboxSubscriptions(ctx.deps);
    } finally {
      clockOverride = null;
    }
    expect(await subscriptionOf(c)).toBeNull();
    expect(await recordOf(c)).toMatchObject({ plan_name: null, status: 'paused', next_payment: null });
    expect(await statsOf(c)).toMatchObject({ next_payment_date: null, next_payment_amount: null });
  });
});

describe('monthly revenue, active clients and what a client spent: one definition each', () => {
  type Summary = { total: number; active: number; monthly_revenue: number };

  it('Monthly Revenue and Active Clients are the same on Overview, Clients and Performance, and equal the sum of the per-client rows', async () => {
    const clients = await get<Summary>('/api/clients/summary/', admin);
    const overview = await get<{ total_revenue: number; active_clients: number; collected_this_month: number }>('/api/dashboard/stats/', admin);
    const performance = await get<{ agency_growth: { active_clients: number; monthly_revenue: number }; revenue_analysis: { monthly_revenue: number } }>(
      '/api/analytics/overview/',
      admin,
    );
    const rows = await get<{ revenue: number | null }[]>('/api/performance/', admin);
    expect(overview.total_revenue).toBe(clients.monthly_revenue);
    expect(performance.agency_growth.monthly_revenue).toBe(clients.monthly_revenue);
    expect(performance.revenue_analysis.monthly_revenue).toBe(clients.monthly_revenue);
    expect(rows.reduce((sum, r) => sum + (r.revenue ?? 0), 0)).toBe(clients.monthly_revenue);
    expect(overview.active_clients).toBe(clients.active);
    expect(performance.agency_growth.active_clients).toBe(clients.active);
    // The subscribers of the plan tests are in it: at least one active client paying.
    expect(clients.monthly_revenue).toBeGreaterThan(0);
  });

  it('a client’s Total Spent is what its invoices brought in, net of refunds: the same on its record, its Billing summary and the sum of its rows', async () => {
    const c = await signUp(ctx, { name: 'Rita Refund' });
    const id = c.user.client_id!;
    const first = await createInvoiceViaApi(ctx, admin, id, { amount: 200, due_date: dayOffset(5) });
    const second = await createInvoiceViaApi(ctx, admin, id, { amount: 50, due_date: dayOffset(5) });
    for (const invoice of [first, second]) await ctx.request().post(`/api/invoices/${invoice.id}/mark_paid/`).set(admin.auth).expect(200);
    // A partial refund of the first (as the provider reports one).
    await ctx.deps.db.update(invoices).set({ refundedAmount: '30.00' }).where(eq(invoices.id, first.id));
    const record = await get<TClient>(`/api/clients/${id}/`, admin);
    const own = await get<{ total_revenue: number }>('/api/invoices/summary/', c);
    const rows = (await allInvoices(c)).results;
    const net = rows.filter((i) => i.status === 'paid').reduce((sum, i) => sum + i.amount - i.refunded_amount, 0);
    expect(record.total_spent).toBe(220);
    expect(own.total_revenue).toBe(220);
    expect(net).toBe(220);
  });
});

describe('what a client still owes: the invoices’ balance everywhere', () => {
  it('after a part payment, the client report’s outstanding is the sum of the balances its invoice list shows', async () => {
    const dan = await signUp(ctx, { name: 'Dan Deposit' });
    const clientId = dan.user.client_id!;
    const big = await createInvoiceViaApi(ctx, admin, clientId, { amount: 900, due_date: dayOffset(7) });
    await createInvoiceViaApi(ctx, admin, clientId, { amount: 100, due_date: dayOffset(9) });
    const paid = await ctx.request().post(`/api/invoices/${big.id}/payments/`).set(admin.auth).send({ amount: 400, paid_on: dayOffset(0), method: 'bank_transfer', reference: 'DEP-1' });
    expect(paid.status, JSON.stringify(paid.body)).toBeLessThan(300);
    const list = await get<{ results: TInvoice[] }>(`/api/invoices/?client=${clientId}&page_size=100`, admin);
    const owed = list.results.reduce((sum, i) => sum + i.amount_due, 0);
    expect(owed).toBe(600);
    const report = await get<TClientReport>(`/api/analytics/client/${clientId}/?period=1month`, admin);
    expect(report.invoices.outstanding).toBe(owed);
  });
});

describe('performance figures: one definition each, written one way', () => {
  let cleo: Session;
  const DAYS = 75;

  beforeAll(async () => {
    cleo = await signUp(ctx, { name: 'Cleo Counts' });
    const clientId = cleo.user.client_id!;
    const connectedAt = new Date(Date.now() - (DAYS + 1) * DAY_MS);
    const accounts = await ctx.deps.db
      .insert(socialAccounts)
      .values([
        { clientId, platform: 'instagram', providerAccountId: 'cons-ig', username: '@cleocounts', isActive: true, connectedAt },
        { clientId, platform: 'tiktok', providerAccountId: 'cons-tt', username: '@cleocounts', isActive: true, connectedAt },
      ])
      .returning({ id: socialAccounts.id });
    // One reading a day, varying so that "the latest reading" and "the average of the month" differ.
    for (const [k, account] of accounts.entries()) {
      for (let i = DAYS; i >= 0; i--) {
        await upsertSnapshot(ctx.deps.db, account.id, new Date(Date.now() - i * DAY_MS - 3_600_000), {
          followers: 24_000 + k * 11_000 + (DAYS - i) * (37 + k * 16),
          engagementRate: 0.03 + ((i * (k + 3)) % 7) * 0.0021,
          reach: 40_000 + ((i * 13) % 9) * 1_733 + k * 2_500,
          posts: 100 + DAYS - i,
        });
      }
    }
  });

  it('the portal overview’s cards are the Performance summary, whatever the period of the charts', async () => {
    const cards = await get<TClientDashboardStats>('/api/dashboard/client-stats/', cleo);
    for (const period of ['3months', '1year'] as const) {
      const { summary } = await get<TClientAnalyticsOverview>(`/api/analytics/client-overview/?period=${period}`, cleo);
      expect(summary).toEqual({
        total_followers: cards.total_followers,
        average_engagement: cards.engagement_rate,
        monthly_reach: cards.reach,
        posts_this_month: cards.posts_this_month,
      });
    }
    expect(cards.engagement_rate).toBeGreaterThan(0);
  });

  it('each account card’s engagement is the account’s past month in the report, and the overview’s is theirs pooled', async () => {
    const { accounts: cardsOf } = await get<TSocialAccountList>('/api/social-accounts/', cleo);
    const month = await get<TClientReport>(`/api/analytics/client/${cleo.user.client_id}/?period=1month`, admin);
    const cards = await get<TClientDashboardStats>('/api/dashboard/client-stats/', cleo);
    expect(cardsOf).toHaveLength(2);
    for (const card of cardsOf) {
      expect(card.engagement_rate).toBe(month.accounts.find((a) => a.id === card.id)!.engagement_rate);
    }
    expect(cards.engagement_rate).toBe(month.summary.engagement_rate);
    // Both accounts have a reading every day: the pooled average is the mean of the two.
    const mean = (cardsOf[0]!.engagement_rate! + cardsOf[1]!.engagement_rate!) / 2;
    expect(Math.abs(cards.engagement_rate - mean)).toBeLessThan(0.0002);
  });

  it('the PDF report writes the figures of the report’s JSON as the screens write them (one K/M and percent rule)', async () => {
    const clientId = cleo.user.client_id!;
    const report = await get<TClientReport>(`/api/analytics/client/${clientId}/?period=1month`, admin);
    const pdf = await ctx.request().get(`/api/analytics/client/${clientId}/report/?period=1month`).set(admin.auth).buffer(true).parse(binaryBody);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.body as Buffer);
    const s = report.summary;
    expect(text).toContain(formatCompact(s.followers));
    expect(text).toContain(formatSignedCount(s.followers_gained, formatCompact));
    expect(text).toContain(formatChangePercent(s.growth_rate));
    expect(text).toContain(formatPercent(s.engagement_rate));
    expect(text).toContain(formatCompact(s.reach));
    // The headline agrees with its own chart: it gained followers, it grew, and ends where the chart ends.
    expect(s.followers_gained).toBeGreaterThan(0);
    expect(s.growth_rate).toBeGreaterThan(0);
    expect(s.followers).toBe(report.monthly.at(-1)!.followers);
    for (const row of report.monthly) expect(text).toContain(formatMonth(row.month));
  });

  it('months before the accounts were connected have no figures (—), in the API, the PDF and the CSV alike', async () => {
    const clientId = cleo.user.client_id!;
    const year = await get<TClientAnalyticsOverview>('/api/analytics/client-overview/?period=1year', cleo);
    const empty = year.monthly.filter((r) => r.followers === null);
    expect(empty.length).toBeGreaterThan(0);
    for (const r of empty) expect(r).toMatchObject({ reach: null, engagement: null, growth_rate: null });
    const csv = await ctx.request().get(`/api/analytics/client/${clientId}/report/?format=csv&period=1year`).set(cleo.auth);
    const firstMonth = csv.text.trim().split('\n')[1]!;
    expect(firstMonth).toBe(`${empty[0]!.month},,,,`);
  });
});
