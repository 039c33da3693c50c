import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, contentItems, emailAttachments, emailOutbox, metricSnapshots, reportSchedules, socialAccounts } from '../src/db/schema';
import { deliverQueuedMail } from '../src/modules/mail';
import { planWindow } from '../src/modules/analytics/analytics.queries';
import { upsertSnapshot } from '../src/modules/social/social.queries';
import { sendDueMonthlyReports } from '../src/modules/analytics/report-schedule.service';
import { createClientViaApi, signUp, type Session } from './support/factories';
import { startSmtpServer } from './support/smtp';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * The analytics are checked against figures computed here from the snapshots this file inserts, by the
 * definitions: followers at a date = per account the latest given value at or before it while connected, summed;
 * reach = sum of the daily values given; engagement = average of the daily rates given; growth = over the accounts
 * with a value at both ends; missing metrics (NULL) are skipped, never 0.
 */

const DAY = 86_400_000;
let clock = new Date('2026-11-15T12:00:00.000Z');
const now = () => clock;

interface Snap {
  account: number;
  at: Date;
  followers: number | null;
  engagement: number | null;
  reach: number | null;
  posts: number | null;
}
interface Account {
  id: number;
  clientId: number;
  platform: 'instagram' | 'youtube' | 'tiktok';
  active: boolean;
  disconnectedAt: Date | null;
}
const snaps: Snap[] = [];
const accounts: Account[] = [];

const round1 = (v: number) => Math.round(v * 10) / 10;
const round4 = (v: number) => Math.round(v * 10_000) / 10_000;
const connectedAt = (a: Account, d: Date) => a.active || (a.disconnectedAt !== null && a.disconnectedAt > d);

function followersOfAccount(a: Account, d: Date): number | null {
  if (!connectedAt(a, d)) return null;
  const found = snaps.filter((s) => s.account === a.id && s.at <= d && s.followers !== null).sort((x, y) => +y.at - +x.at)[0];
  return found ? found.followers : null;
}
function firstReadingBetween(a: Account, d0: Date, d1: Date): number | null {
  const found = snaps.filter((s) => s.account === a.id && s.at > d0 && s.at <= d1 && s.followers !== null).sort((x, y) => +x.at - +y.at)[0];
  return found ? found.followers : null;
}
const accountsOf = (clientId?: number) => accounts.filter((a) => clientId === undefined || a.clientId === clientId);

function expectedFollowers(clientId: number | undefined, d: Date): number {
  return accountsOf(clientId).reduce((sum, a) => sum + (followersOfAccount(a, d) ?? 0), 0);
}
/** Growth from d0 to d1 over the accounts with a value at both; null without any. */
function expectedGrowth(clientId: number | undefined, d0: Date, d1: Date, platform?: string): { rate: number | null; gained: number } {
  let start = 0;
  let end = 0;
  let any = false;
  for (const a of accountsOf(clientId).filter((x) => !platform || x.platform === platform)) {
    // An account first measured after d0 grows from its first reading up to d1.
    const f0 = followersOfAccount(a, d0) ?? (connectedAt(a, d0) ? firstReadingBetween(a, d0, d1) : null);
    const f1 = followersOfAccount(a, d1);
    if (f0 === null || f1 === null) continue;
    any = true;
    start += f0;
    end += f1;
  }
  return { rate: any && start > 0 ? round1(((end - start) / start) * 100) : null, gained: any ? end - start : 0 };
}
function expectedWindow(clientId: number | undefined, from: Date, to: Date, platform?: string) {
  const ids = new Set(accountsOf(clientId).filter((a) => !platform || a.platform === platform).map((a) => a.id));
  const inWindow = snaps.filter((s) => ids.has(s.account) && s.at >= from && s.at < to);
  const reach = inWindow.filter((s) => s.reach !== null).reduce((sum, s) => sum + s.reach!, 0);
  const rates = inWindow.filter((s) => s.engagement !== null).map((s) => s.engagement!);
  const reachDays = inWindow.filter((s) => s.reach !== null).length;
  const engagement = rates.length ? round4(rates.reduce((x, y) => x + y, 0) / rates.length) : null;
  return {
    reach,
    engagement: engagement ?? 0,
    // A row of a month (or a client) without data says so: null, shown '—', never 0.
    reachOrNull: reachDays > 0 ? reach : null,
    engagementOrNull: engagement,
    hasData: inWindow.length > 0,
  };
}
/** Followers at d as a row shows them: null when no account had a count then. */
function expectedFollowersOrNull(clientId: number | undefined, d: Date): number | null {
  const values = accountsOf(clientId).map((a) => followersOfAccount(a, d)).filter((v): v is number => v !== null);
  return values.length ? values.reduce((x, y) => x + y, 0) : null;
}
const monthStart = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 1));
const minusMonths = (d: Date, months: number) => {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() - months);
  return r;
};

let ctx: TestContext;
let admin: Session;
let a: Session;
let b: Session;
let aClient: number;
let bClient: number;
const api = () => ctx.request();

async function addAccount(clientId: number, platform: Account['platform'], handle: string, disconnectedAt: Date | null = null): Promise<Account> {
  const [row] = await ctx.deps.db
    .insert(socialAccounts)
    .values({
      clientId,
      platform,
      providerAccountId: `test-${handle}`,
      username: `@${handle}`,
      isActive: disconnectedAt === null,
      disconnectedAt,
      connectedAt: new Date('2025-01-01T00:00:00Z'),
    })
    .returning({ id: socialAccounts.id });
  const account = { id: row!.id, clientId, platform, active: disconnectedAt === null, disconnectedAt };
  accounts.push(account);
  return account;
}

/** One snapshot a day at 10:00 UTC from `from` to `to` (inclusive), the figures made by `make(dayIndex)`. */
async function addDaily(account: Account, from: string, to: string, make: (i: number) => Omit<Snap, 'account' | 'at'>) {
  const rows: Snap[] = [];
  for (let t = Date.parse(`${from}T10:00:00Z`), i = 0; t <= Date.parse(`${to}T10:00:00Z`); t += DAY, i++) {
    rows.push({ account: account.id, at: new Date(t), ...make(i) });
  }
  snaps.push(...rows);
  await ctx.deps.db.insert(metricSnapshots).values(
    rows.map((s) => ({
      socialAccountId: s.account,
      capturedAt: s.at,
      followersCount: s.followers,
      engagementRate: s.engagement === null ? null : s.engagement.toFixed(4),
      reach: s.reach,
      postsCount: s.posts,
    })),
  );
}

let aInstagram: Account;
let aYoutube: Account;
let aTiktok: Account;
let bInstagram: Account;

beforeAll(async () => {
  ctx = await createTestContext({ TOKEN_TTL_DAYS: '365' }, { now });
  admin = await signUp(ctx, { role: 'admin', company: 'Orbit Growth' });
  a = await signUp(ctx, { name: 'Ava Client', company: 'Ava Co' });
  b = await signUp(ctx, { name: 'Ben Client', company: 'Ben Co' });
  aClient = a.user.client_id!;
  bClient = b.user.client_id!;
  await ctx.deps.db.update(clients).set({ status: 'active', monthlyFee: '2500.00' }).where(eq(clients.id, aClient));
  await ctx.deps.db.update(clients).set({ status: 'paused', monthlyFee: '900.00' }).where(eq(clients.id, bClient));

  aInstagram = await addAccount(aClient, 'instagram', 'ava_ig');
  // Instagram: growing by 10 a day; engagement missing every 7th day, reach every 5th day.
  await addDaily(aInstagram, '2026-04-01', '2026-11-15', (i) => ({
    followers: 1000 + 10 * i,
    engagement: i % 7 === 3 ? null : round4(0.03 + (i % 10) * 0.001),
    reach: i % 5 === 2 ? null : 400 + (i % 30) * 5,
    posts: 20 + Math.floor(i / 7),
  }));
  aYoutube = await addAccount(aClient, 'youtube', 'ava_yt');
  // YouTube: never gives reach; followers missing on some days.
  await addDaily(aYoutube, '2026-09-01', '2026-11-15', (i) => ({
    followers: i % 9 === 4 ? null : 5000 + 3 * i,
    engagement: 0.02,
    reach: null,
    posts: 40,
  }));
  // TikTok: connected June–July, then disconnected (its history stays).
  aTiktok = await addAccount(aClient, 'tiktok', 'ava_tt', new Date('2026-08-01T00:00:00Z'));
  await addDaily(aTiktok, '2026-06-01', '2026-07-31', (i) => ({ followers: 200 + i, engagement: 0.08, reach: 1000, posts: 5 }));

  bInstagram = await addAccount(bClient, 'instagram', 'ben_ig');
  await addDaily(bInstagram, '2026-10-20', '2026-11-15', (i) => ({ followers: 300 + 2 * i, engagement: 0.05, reach: 90, posts: 3 }));

  // Content of A: two posted in November, one draft in November, one posted in October.
  await ctx.deps.db.insert(contentItems).values([
    { clientId: aClient, platform: 'instagram', content: 'Posted one', scheduledDate: new Date('2026-11-03T09:00:00Z'), status: 'posted' },
    { clientId: aClient, platform: 'instagram', content: 'Posted two', scheduledDate: new Date('2026-11-10T09:00:00Z'), status: 'posted' },
    { clientId: aClient, platform: 'youtube', content: 'A draft', scheduledDate: new Date('2026-11-14T09:00:00Z'), status: 'draft' },
    { clientId: aClient, platform: 'youtube', content: 'October post', scheduledDate: new Date('2026-10-12T09:00:00Z'), status: 'posted' },
  ]);
});
afterAll(() => ctx?.close());

/** The rows of a period as the client screen shows them, computed here. */
function expectedMonthly(clientId: number | undefined, months: number) {
  const rows = [];
  for (let k = months - 1; k >= 0; k--) {
    const first = new Date(Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth() - k, 1));
    const next = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1));
    const end = next <= clock ? new Date(next.getTime() - 1) : clock;
    const w = expectedWindow(clientId, first, new Date(end.getTime() + 1));
    rows.push({
      month: first.toISOString().slice(0, 7),
      followers: expectedFollowersOrNull(clientId, end),
      reach: w.reachOrNull,
      engagement: w.engagementOrNull,
      growth_rate: expectedGrowth(clientId, new Date(first.getTime() - 1), end).rate,
    });
  }
  return rows;
}

describe('client analytics overview', () => {
  it('gives monthly rows, accounts and platforms computed from the snapshots', async () => {
    const res = await api().get('/api/analytics/client-overview/?period=6months').set(a.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body;
    expect(body.monthly.map((r: { month: string }) => r.month)).toEqual(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    expect(body.monthly.map(({ id: _id, ...r }: { id: number }) => r)).toEqual(expectedMonthly(aClient, 6));
    // Followers now: the connected accounts only (TikTok is disconnected).
    expect(body.summary.total_followers).toBe(expectedFollowers(aClient, clock));
    expect(body.summary.total_followers).toBe(snaps.filter((s) => s.account === aInstagram.id).at(-1)!.followers! + 5000 + 3 * 75);
    // The summary is the past month's, whatever the period (the portal overview's cards show the same).
    const pastMonth = expectedWindow(aClient, minusMonths(clock, 1), new Date(clock.getTime() + 1));
    expect(body.summary.monthly_reach).toBe(pastMonth.reach);
    expect(body.summary.average_engagement).toBe(pastMonth.engagement);
    expect(body.summary.posts_this_month).toBe(2);

    const start = minusMonths(clock, 6);
    const byPlatform = Object.fromEntries(body.platform_performance.map((p: { platform: string }) => [p.platform, p]));
    expect(Object.keys(byPlatform)).toEqual(['instagram', 'youtube', 'tiktok']);
    expect(byPlatform.tiktok).toMatchObject({ connected: false, followers: 0, reach: 1000 * 61 });
    expect(byPlatform.youtube).toMatchObject({
      connected: true,
      reach: 0,
      engagement_rate: 0.02,
      // No YouTube value six months ago: it grows from its first reading in the period.
      growth_rate: expectedGrowth(aClient, start, clock, 'youtube').rate,
    });
    expect(byPlatform.youtube.growth_rate).not.toBeNull();
    expect(byPlatform.instagram.growth_rate).toBe(expectedGrowth(aClient, start, clock).rate === null ? null : round1(((1000 + 10 * 228 - followersOfAccount(aInstagram, start)!) / followersOfAccount(aInstagram, start)!) * 100));

    // The Engagement tab: the disconnected account is listed for the period it has data in.
    const cards = Object.fromEntries(body.accounts.map((x: { platform: string }) => [x.platform, x]));
    expect(cards.tiktok).toMatchObject({ is_active: false, reach: 61_000, daily_growth: 0 });
    expect(cards.instagram).toMatchObject({ is_active: true, followers_count: 1000 + 10 * 228, daily_growth: 10, posts_count: 20 + Math.floor(228 / 7) });
    expect(cards.instagram.engagement_rate).toBe(expectedWindow(aClient, start, new Date(clock.getTime() + 1), 'instagram').engagement);
    expect(cards.youtube).toMatchObject({ followers_count: 5000 + 3 * 75, daily_growth: 3 });
  });

  it('skips missing metrics instead of counting them as 0', async () => {
    const res = await api().get('/api/analytics/client-overview/?period=3months').set(a.auth);
    const september = res.body.monthly.find((r: { month: string }) => r.month === '2026-09');
    const septemberSnaps = snaps.filter((s) => s.at >= monthStart(2026, 9) && s.at < monthStart(2026, 10) && accountsOf(aClient).some((x) => x.id === s.account));
    const countedAsZero = round4(septemberSnaps.reduce((sum, s) => sum + (s.engagement ?? 0), 0) / septemberSnaps.length);
    expect(september.engagement).not.toBe(countedAsZero);
    const given = septemberSnaps.filter((s) => s.engagement !== null);
    expect(september.engagement).toBe(round4(given.reduce((sum, s) => sum + s.engagement!, 0) / given.length));
    // YouTube's missing follower counts do not make its followers drop: the last given value stands.
    expect(september.followers).toBe(expectedFollowers(aClient, new Date(monthStart(2026, 10).getTime() - 1)));
  });

  it('changes with the period, with no growth for months without an earlier value', async () => {
    const year = await api().get('/api/analytics/client-overview/?period=1year').set(a.auth);
    const quarter = await api().get('/api/analytics/client-overview/?period=3months').set(a.auth);
    expect(year.body.monthly).toHaveLength(12);
    expect(quarter.body.monthly).toHaveLength(3);
    expect(year.body.monthly.map(({ id: _id, ...r }: { id: number }) => r)).toEqual(expectedMonthly(aClient, 12));
    const december = year.body.monthly[0];
    // Before any account was connected: no figures at all (the screens and PDFs show '—'), not zeros.
    expect(december).toMatchObject({ month: '2025-12', followers: null, reach: null, engagement: null, growth_rate: null });
    // April is the first month with data: it grows from its first reading in April (not "—" beside a rising line).
    expect(year.body.monthly.find((r: { month: string }) => r.month === '2026-04').growth_rate).not.toBeNull();
    expect(year.body.monthly.find((r: { month: string }) => r.month === '2026-03').growth_rate).toBeNull();
    expect(year.body.monthly.find((r: { month: string }) => r.month === '2026-05').growth_rate).not.toBeNull();
    const tiktokCard = (body: { accounts: { platform: string }[] }) => body.accounts.find((x) => x.platform === 'tiktok');
    expect(tiktokCard(year.body)).toBeDefined();
    expect(tiktokCard(quarter.body)).toBeUndefined();
  });

  it('is for clients only', async () => {
    expect((await api().get('/api/analytics/client-overview/').set(admin.auth)).status).toBe(403);
  });
});

describe('monthly sums follow the snapshots', () => {
  it('counts a replaced or deleted snapshot of a past month once, or not at all', async () => {
    const july = async () =>
      (await api().get('/api/analytics/client-overview/?period=1year').set(a.auth)).body.monthly.find((r: { month: string }) => r.month === '2026-07');
    const before = await july();
    const target = snaps.find((x) => x.account === aInstagram.id && x.at.toISOString().startsWith('2026-07-10'))!;
    // A later sync of that day replaces its snapshot (the social module's upsert).
    await upsertSnapshot(ctx.deps.db, aInstagram.id, new Date('2026-07-10T18:00:00Z'), {
      followers: target.followers,
      engagementRate: 0.09,
      reach: 5000,
      posts: target.posts,
    });
    Object.assign(target, { at: new Date('2026-07-10T18:00:00Z'), engagement: 0.09, reach: 5000 });
    const replaced = await july();
    expect(replaced.reach).toBe(expectedMonthly(aClient, 12).find((r) => r.month === '2026-07')!.reach);
    expect(replaced.reach).not.toBe(before.reach);
    expect(replaced.engagement).toBe(expectedMonthly(aClient, 12).find((r) => r.month === '2026-07')!.engagement);

    // Deleted: no longer counted.
    const [row] = await ctx.deps.db
      .delete(metricSnapshots)
      .where(and(eq(metricSnapshots.socialAccountId, aInstagram.id), eq(metricSnapshots.capturedAt, target.at)))
      .returning({ id: metricSnapshots.id });
    expect(row).toBeDefined();
    snaps.splice(snaps.indexOf(target), 1);
    expect((await july()).reach).toBe(expectedMonthly(aClient, 12).find((r) => r.month === '2026-07')!.reach);
  });

  it('reads whole months from the monthly sums and only the edges from the snapshots', () => {
    const plan = planWindow({ from: new Date('2026-05-15T12:00:00Z'), to: new Date('2026-11-15T12:00:00Z') }, { kind: 'split', at: new Date('2026-08-15T12:00:00Z') });
    expect(plan.months).toEqual(['2026-06-01', '2026-07-01', '2026-09-01', '2026-10-01']);
    expect(plan.raw.map((r) => [r.from.toISOString(), r.to.toISOString(), r.bucket])).toEqual([
      ['2026-05-15T12:00:00.000Z', '2026-06-01T00:00:00.000Z', '0'],
      ['2026-08-01T00:00:00.000Z', '2026-08-15T12:00:00.000Z', '0'],
      ['2026-08-15T12:00:00.000Z', '2026-09-01T00:00:00.000Z', '1'],
      ['2026-11-01T00:00:00.000Z', '2026-11-15T12:00:00.000Z', '1'],
    ]);
    const monthly = planWindow({ from: new Date('2026-09-01T00:00:00Z'), to: new Date('2026-11-15T12:00:00Z') }, { kind: 'month' });
    expect(monthly.months).toEqual(['2026-09-01', '2026-10-01']);
    expect(monthly.raw.map((r) => r.bucket)).toEqual(['2026-11']);
  });
});

describe('performance rows', () => {
  it('gives a client its monthly rows, whatever client_id it sends', async () => {
    const res = await api().get(`/api/performance/?period=3months&client_id=${bClient}`).set(a.auth);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    expect(res.body.map((r: { month: string; followers: number }) => [r.month, r.followers])).toEqual(
      expectedMonthly(aClient, 3).map((r) => [r.month, r.followers]),
    );
    expect(res.body.every((r: { client: number; revenue: null }) => r.client === aClient && r.revenue === null)).toBe(true);
  });

  it('gives admins one row per client over the period, with the fee as revenue (0 when paused)', async () => {
    const res = await api().get('/api/performance/?period=1month').set(admin.auth);
    expect(res.status).toBe(200);
    const start = minusMonths(clock, 1);
    const rowA = res.body.find((r: { client: number }) => r.client === aClient);
    const rowB = res.body.find((r: { client: number }) => r.client === bClient);
    const wA = expectedWindow(aClient, start, new Date(clock.getTime() + 1));
    expect(rowA).toMatchObject({
      month: null,
      followers: expectedFollowers(aClient, clock),
      reach: wA.reach,
      engagement: wA.engagement,
      growth_rate: expectedGrowth(aClient, start, clock).rate,
      revenue: 2500,
    });
    // B's account started after the window began: it grows from its first reading, never its whole audience.
    expect(rowB).toMatchObject({ followers: expectedFollowers(bClient, clock), growth_rate: expectedGrowth(bClient, start, clock).rate, revenue: 0 });
    expect(rowB.growth_rate).not.toBeNull();

    const monthly = await api().get(`/api/performance/?period=6months&client_id=${aClient}&monthly=true`).set(admin.auth);
    expect(monthly.body.map((r: { month: string }) => r.month)).toEqual(expectedMonthly(aClient, 6).map((r) => r.month));
    const one = await api().get(`/api/performance/?client_id=${bClient}`).set(admin.auth);
    expect(one.body.map((r: { client: number }) => r.client)).toEqual([bClient]);
    expect((await api().get('/api/performance/?client_id=999999').set(admin.auth)).status).toBe(404);
  });
});

describe('agency analytics overview', () => {
  it('computes the cards and their period-over-period trends', async () => {
    const res = await api().get('/api/analytics/overview/?period=1month').set(admin.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body.summary;
    const start = minusMonths(clock, 1);
    const previousStart = minusMonths(clock, 2);
    const current = expectedWindow(undefined, start, new Date(clock.getTime() + 1));
    const previous = expectedWindow(undefined, previousStart, start);
    expect(s.total_followers).toBe(expectedFollowers(undefined, clock));
    expect(s.total_followers_change_percent).toBe(expectedGrowth(undefined, start, clock).rate);
    expect(s.total_reach).toBe(current.reach);
    expect(s.total_reach_change_percent).toBe(round1(((current.reach - previous.reach) / previous.reach) * 100));
    expect(s.average_engagement).toBe(current.engagement);
    // 10 (Instagram) + 3 (YouTube) + 2 (Ben's Instagram) a day.
    expect(s.daily_growth).toBe(15);
    expect(s.daily_growth_change_percent).toBe(0);
    expect(res.body.top_clients.map((c: { id: number }) => c.id)).toEqual([aClient, bClient]);
    expect(res.body.platform_distribution).toEqual([
      { platform: 'instagram', accounts: 2, percent: 66.7 },
      { platform: 'youtube', accounts: 1, percent: 33.3 },
      { platform: 'tiktok', accounts: 0, percent: 0 },
      { platform: 'facebook', accounts: 0, percent: 0 },
    ]);
    expect(res.body.agency_growth).toEqual({ total_clients: 2, active_clients: 1, monthly_revenue: 2500 });
    expect(res.body.revenue_analysis).toMatchObject({ monthly_revenue: 2500, active_clients: 1, average_revenue_per_client: 2500, revenue_growth_percent: null });
    expect(res.body.benchmarks).toMatchObject({ industry_engagement: 0.035, client_retention: 50, average_followers_per_client: Math.round(s.total_followers / 2) });
  });

  it('has no trends when the earlier window has no data; followers grow from their first reading in the period', async () => {
    const res = await api().get('/api/analytics/overview/?period=1year').set(admin.auth);
    expect(res.body.summary).toMatchObject({
      total_followers_change_percent: expectedGrowth(undefined, minusMonths(clock, 12), clock).rate,
      total_reach_change_percent: null,
      average_engagement_change_percent: null,
    });
    expect(res.body.summary.total_followers_change_percent).not.toBeNull();
    const month = await api().get('/api/analytics/overview/?period=1month').set(admin.auth);
    expect(res.body.summary.total_reach).toBeGreaterThan(month.body.summary.total_reach);
  });

  it('counts tasks by status', async () => {
    const client = await createClientViaApi(ctx, admin);
    for (const status of ['completed', 'completed', 'in-progress', 'review', 'pending']) {
      const created = await api()
        .post('/api/tasks/')
        .set(admin.auth)
        .send({ title: `Task ${status}`, description: 'x', client: client.id, assigned_to: 'Alex', due_date: new Date(clock.getTime() + DAY).toISOString() });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      await api().patch(`/api/tasks/${created.body.id}/`).set(admin.auth).send({ status });
    }
    const res = await api().get('/api/analytics/overview/').set(admin.auth);
    // Review is its own count, as on the Tasks screen: the two screens give the same numbers.
    expect(res.body.task_performance).toEqual({ completion_rate: 40, task_stats: { completed: 2, in_progress: 1, review: 1, pending: 1 } });
    const tasksScreen = (await api().get('/api/tasks/stats/').set(admin.auth)).body;
    expect(res.body.task_performance).toEqual({
      completion_rate: tasksScreen.completion_rate,
      task_stats: { completed: tasksScreen.completed, in_progress: tasksScreen.in_progress, review: tasksScreen.review, pending: tasksScreen.pending },
    });
    await api().delete(`/api/clients/${client.id}/`).set(admin.auth);
  });
});

describe('real-time metrics', () => {
  it('lists the connected accounts of the caller with their latest numbers and daily growth', async () => {
    const res = await api().get(`/api/metrics/realtime/?client_id=${bClient}`).set(a.auth);
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.data.map((m: { account: { id: number } }) => [m.account.id, m]));
    expect(Object.keys(byId).map(Number).sort()).toEqual([aInstagram.id, aYoutube.id].sort());
    const lastIg = snaps.filter((x) => x.account === aInstagram.id).at(-1)!;
    expect(byId[aInstagram.id]).toEqual({
      account: { id: aInstagram.id, platform: 'instagram', username: '@ava_ig' },
      followers_count: lastIg.followers,
      engagement_rate: lastIg.engagement ?? 0,
      reach: lastIg.reach ?? 0,
      daily_growth: 10,
      last_updated: lastIg.at.toISOString(),
    });
    const forAdmin = await api().get(`/api/metrics/realtime/?client_id=${bClient}`).set(admin.auth);
    expect(forAdmin.body.data.map((m: { account: { id: number } }) => m.account.id)).toEqual([bInstagram.id]);
    const all = await api().get('/api/metrics/realtime/').set(admin.auth);
    expect(all.body.data).toHaveLength(3);
  });
});

/** The text pdfkit drew: the hex strings of each TJ operator, decoded (kerning splits them). */
const pdfText = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)]
    .map((m) => [...m[1]!.matchAll(/<([0-9a-f]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''))
    .join('\n');
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
const binary = (req: import('supertest').Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('reports', () => {
  it('gives an admin the JSON report of a client', async () => {
    const res = await api().get(`/api/analytics/client/${aClient}/?period=3months`).set(admin.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const start = minusMonths(clock, 3);
    const growth = expectedGrowth(aClient, start, clock);
    expect(res.body.summary).toEqual({
      followers: expectedFollowers(aClient, clock),
      followers_gained: growth.gained,
      engagement_rate: expectedWindow(aClient, start, new Date(clock.getTime() + 1)).engagement,
      reach: expectedWindow(aClient, start, new Date(clock.getTime() + 1)).reach,
      growth_rate: growth.rate,
      posts_published: 3,
    });
    expect(res.body.content).toEqual({ total: 4, drafts: 1, pending: 0, approved: 0, posted: 3 });
    expect(res.body.client).toMatchObject({ id: aClient, name: 'Ava Client', status: 'active' });
    expect((await api().get('/api/analytics/client/999999/').set(admin.auth)).status).toBe(404);
  });

  it('downloads a client report as a two-page PDF with charts, for the admin and the client itself', async () => {
    for (const who of [admin, a]) {
      const res = await binary(api().get(`/api/analytics/client/${aClient}/report/?period=6months`).set(who.auth));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="performance-report-ava-co-6months-2026-11-15.pdf"`);
      const pdf = res.body as Buffer;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pageCount(pdf)).toBe(2);
      const text = pdfText(pdf);
      expect(text).toContain('Ava Client · Ava Co'.replace('·', '\u00b7'));
      for (const title of ['Followers growth', 'Monthly performance', 'Engagement per account', 'Platform comparison']) expect(text).toContain(title);
    }
  });

  it('refuses another client’s report with 404', async () => {
    expect((await api().get(`/api/analytics/client/${aClient}/report/`).set(b.auth)).status).toBe(404);
    expect((await api().get(`/api/analytics/client/${aClient}/report/?format=csv`).set(b.auth)).status).toBe(404);
    expect((await api().get(`/api/analytics/client/${aClient}/`).set(b.auth)).status).toBe(403);
  });

  it('downloads the monthly table as CSV', async () => {
    const res = await api().get(`/api/analytics/client/${aClient}/report/?format=csv&period=3months`).set(a.auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.text.trim().split('\n');
    expect(lines[0]).toBe('month,followers,growth_percent,engagement_percent,reach');
    const expected = expectedMonthly(aClient, 3);
    expect(lines.slice(1)).toEqual(
      // A month without data is an empty cell, not 0.
      expected.map((r) =>
        [r.month, r.followers ?? '', r.growth_rate === null ? '' : r.growth_rate.toFixed(1), r.engagement === null ? '' : (r.engagement * 100).toFixed(2), r.reach ?? ''].join(','),
      ),
    );
  });

  it('exports the agency table as CSV and the agency report as PDF', async () => {
    const csv = await api().get('/api/performance/export/?period=1month').set(admin.auth);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="performance-1month-2026-11-15.csv"');
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('client,company,followers,engagement_percent,reach,growth_percent,revenue');
    const growthB = expectedGrowth(bClient, minusMonths(clock, 1), clock).rate!;
    expect(lines).toContain(
      `Ben Client,Ben Co,${expectedFollowers(bClient, clock)},5.00,${expectedWindow(bClient, minusMonths(clock, 1), new Date(clock.getTime() + 1)).reach},${growthB.toFixed(1)},0.00`,
    );

    const pdf = await binary(api().get('/api/performance/export/?format=pdf&period=6months').set(admin.auth));
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="agency-report-6months-2026-11-15.pdf"');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf.body)).toBe(2);
    expect(pdfText(pdf.body)).toContain('Engagement per client');
    expect(pdfText(pdf.body)).toContain('Ben Client');
    expect((await api().get('/api/performance/export/').set(a.auth)).status).toBe(403);
  });

  it('gives the report of one month', async () => {
    const res = await api().get('/api/performance/monthly_report/?month=2026-10').set(a.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const end = new Date(monthStart(2026, 11).getTime() - 1);
    const growth = expectedGrowth(aClient, new Date(monthStart(2026, 10).getTime() - 1), end);
    expect(res.body).toMatchObject({ month: '2026-10', client: aClient, client_name: 'Ava Client', clients: [] });
    expect(res.body.totals).toEqual({
      followers: expectedFollowers(aClient, end),
      followers_gained: growth.gained,
      reach: expectedWindow(aClient, monthStart(2026, 10), monthStart(2026, 11)).reach,
      engagement: expectedWindow(aClient, monthStart(2026, 10), monthStart(2026, 11)).engagement,
      growth_rate: growth.rate,
      posts_published: 1,
    });
    expect(res.body.accounts.map((x: { platform: string }) => x.platform).sort()).toEqual(['instagram', 'youtube']);
    const agency = await api().get('/api/performance/monthly_report/').set(admin.auth);
    expect(agency.body).toMatchObject({ month: '2026-11', client: null, accounts: [] });
    expect(agency.body.clients.map((r: { client: number }) => r.client).sort()).toEqual([aClient, bClient].sort());
    const future = await api().get('/api/performance/monthly_report/?month=2026-12').set(a.auth);
    expect(future.status).toBe(400);
  });
});

describe('scheduled monthly reports', () => {
  // What the report job mailed to an address (the sign-up's "confirm your address" mail left out).
  const mailsTo = async (to: string) => (await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to))).filter((m) => m.kind !== 'email_verify');

  it('is off until an admin switches it on, then sends each ended month once, with the PDF attached', async () => {
    const initial = await api().get(`/api/analytics/client/${aClient}/report-schedule/`).set(admin.auth);
    expect(initial.body).toEqual({ client: aClient, enabled: false, recipient_email: a.user.email, last_sent_at: null, last_sent_month: null, next_run_at: null });
    const on = await api().put(`/api/analytics/client/${aClient}/report-schedule/`).set(admin.auth).send({ enabled: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ enabled: true, next_run_at: '2026-12-01T00:00:00.000Z' });
    expect((await api().put(`/api/analytics/client/${aClient}/report-schedule/`).set(a.auth).send({ enabled: true })).status).toBe(403);

    // Still November: nothing is due (the report of October ended before the schedule was switched on).
    expect(await sendDueMonthlyReports(ctx.deps)).toEqual({ sent: 0, failed: 0 });

    // December 1st: the job runs twice at once (two instances), then once more.
    clock = new Date('2026-12-01T00:10:00Z');
    const runs = await Promise.all([sendDueMonthlyReports(ctx.deps), sendDueMonthlyReports(ctx.deps)]);
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(1);
    expect((await sendDueMonthlyReports(ctx.deps)).sent).toBe(0);
    clock = new Date('2026-12-02T00:10:00Z');
    expect((await sendDueMonthlyReports(ctx.deps)).sent).toBe(0);

    const mails = await mailsTo(a.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'monthly_report', subject: 'Your November 2026 performance report from Orbit Growth', status: 'queued' });
    const [attachment] = await ctx.deps.db.select().from(emailAttachments).where(eq(emailAttachments.mailId, mails[0]!.id));
    expect(attachment).toMatchObject({ filename: 'performance-report-ava-co-2026-11.pdf', contentType: 'application/pdf' });
    expect(attachment!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(attachment!.content)).toBe(2);

    const after = await api().get(`/api/analytics/client/${aClient}/report-schedule/`).set(admin.auth);
    expect(after.body).toMatchObject({ last_sent_month: '2026-11', last_sent_at: '2026-12-01T00:10:00.000Z', next_run_at: '2027-01-01T00:00:00.000Z' });

    // Switched off: January sends nothing.
    await api().put(`/api/analytics/client/${aClient}/report-schedule/`).set(admin.auth).send({ enabled: false });
    clock = new Date('2027-01-01T00:10:00Z');
    expect((await sendDueMonthlyReports(ctx.deps)).sent).toBe(0);
    expect(await mailsTo(a.user.email)).toHaveLength(1);
    const [row] = await ctx.deps.db.select().from(reportSchedules).where(eq(reportSchedules.clientId, aClient));
    expect(row).toMatchObject({ enabled: false, lastSentMonth: '2026-11' });
    expect((await api().get('/api/analytics/client/999999/report-schedule/').set(admin.auth)).status).toBe(404);
  });

  it('delivers the report by SMTP with the PDF attached', async () => {
    const smtp = await startSmtpServer();
    try {
      const [mail] = await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'monthly_report'));
      ctx.deps.config.SMTP_URL = smtp.url;
      await deliverQueuedMail(ctx.deps, mail!.id, { id: 'test', retryCount: 0, retryLimit: 0 });
      expect(smtp.messages).toHaveLength(1);
      const data = smtp.messages[0]!.data;
      expect(data).toMatch(/Content-Type: application\/pdf; name=performance-report-ava-co-2026-11\.pdf/);
      expect(data).toContain('Content-Disposition: attachment');
    } finally {
      ctx.deps.config.SMTP_URL = undefined;
      await smtp.close();
    }
  });
});
