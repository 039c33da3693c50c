import {
  CLIENT_GROWTH_PERIODS,
  INDUSTRY_ENGAGEMENT_BENCHMARK,
  SOCIAL_PROVIDERS,
  type TAccountAnalytics,
  type TAnalyticsOverview,
  type TClientAnalyticsOverview,
  type TClientReport,
  type TMonthlyPerformanceRow,
  type TMonthlyReport,
  type TPerformanceRow,
  type TRealtimeMetric,
} from '@agency/contract';
import { clientScope, ownClient, type Actor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { toMoney } from '../../core/money';
import type { AppDeps } from '../../deps';
import { revenueOfClient } from '../clients';
import { paidRevenue } from '../invoices';
import { getTaskStats } from '../tasks';
import {
  DAY_MS,
  fraction,
  monthKey,
  monthRowId,
  monthStart,
  oneDecimal,
  parseMonth,
  percentChange,
  PERIOD_MONTHS,
  rollingWindows,
  type AnalyticsPeriod,
} from './analytics.periods';
import * as q from './analytics.queries';

/**
 * The figures of the analytics screens and reports, all from stored snapshots (the SQL is in analytics.queries):
 * - followers at a date: per account the latest snapshot at or before it that gives followers, while the account
 *   was connected then, summed. "Followers now" therefore counts connected accounts only; a disconnected
 *   account still counts in the months it was connected.
 * - reach of a window: the sum of the daily reach values; engagement: the average of the daily engagement rates
 *   given in the window (pooled over the accounts). A metric the provider did not give is skipped, never 0.
 * - growth rate: (followers at the end − followers at the start) / followers at the start × 100, over the accounts
 *   with a value at both dates; an account first measured within the window starts from its first reading (its
 *   growth since then, never its whole audience as "gained"); null without any start value.
 * - *_change_percent: this window against the window of the same length just before it; null when that one has
 *   no data (or a zero base).
 * - periods are rolling (the last N months up to now); monthly rows are calendar months (UTC), oldest first,
 *   the running month up to now.
 */

type Db = AppDeps['db'];
type Scope = q.AccountScope;
interface Window {
  from: Date;
  to: Date;
}

/** Window stats of several groups pooled into one: reach summed, engagement averaged over every daily rate. */
function pooled(stats: readonly q.WindowStats[]) {
  let reach = 0;
  let reachDays = 0;
  let engagementSum = 0;
  let engagementDays = 0;
  for (const s of stats) {
    reach += s.reach;
    reachDays += s.reachDays;
    if (s.engagement !== null) {
      engagementSum += s.engagement * s.engagementDays;
      engagementDays += s.engagementDays;
    }
  }
  return {
    reach,
    hasData: reachDays > 0 || engagementDays > 0,
    /** Null when no reach value was given (a row shows '—', not 0). */
    reachOrNull: reachDays > 0 ? reach : null,
    engagement: engagementDays > 0 ? engagementSum / engagementDays : null,
  };
}

/** An engagement for a row: four decimals, or null when no rate was given. */
const fractionOrNull = (v: number | null): number | null => (v === null ? null : fraction(v));

/** Followers at date `i` (1-based) over some groups, with the growth from the date before. */
function followersOf(points: readonly q.FollowersPoint[], i: number) {
  let followers = 0;
  let end = 0;
  let start = 0;
  let hasStart = false;
  let hasFollowers = false;
  for (const p of points) {
    if (p.i !== i) continue;
    if (p.followers !== null) {
      hasFollowers = true;
      followers += p.followers;
    }
    if (p.matchedStart !== null && p.matchedEnd !== null) {
      hasStart = true;
      start += p.matchedStart;
      end += p.matchedEnd;
    }
  }
  const growthRate = hasStart && start > 0 ? oneDecimal(((end - start) / start) * 100) : null;
  return { followers, followersOrNull: hasFollowers ? followers : null, gained: hasStart ? end - start : 0, growthRate };
}

/** Each result array grouped by key, built on its first lookup (a filter per lookup made a page of 10k clients quadratic). */
const keyIndexes = new WeakMap<readonly { key: string }[], Map<string, readonly { key: string }[]>>();

/** The items of one key (a client, a platform); read-only, shared between lookups. */
function byKey<T extends { key: string }>(items: readonly T[], key: string): readonly T[] {
  let index = keyIndexes.get(items);
  if (!index) {
    const grouped = new Map<string, T[]>();
    for (const item of items) {
      const list = grouped.get(item.key);
      if (list) list.push(item);
      else grouped.set(item.key, [item]);
    }
    keyIndexes.set(items, (index = grouped));
  }
  return (index.get(key) ?? []) as readonly T[];
}

/** The calendar months of a period ending with the month of `asOf`, with their figures, oldest first. */
export async function monthlySeries(db: Db, scope: Scope, months: number, asOf: Date): Promise<TMonthlyPerformanceRow[]> {
  const first = monthStart(asOf, -(months - 1));
  const keys = Array.from({ length: months }, (_, k) => monthKey(monthStart(first, k)));
  // Followers just before the first month, then at the end of each month (the running one: now).
  const dates = [new Date(first.getTime() - 1), ...keys.map((m, k) => (k === months - 1 ? asOf : new Date(monthStart(parseMonth(m), 1).getTime() - 1)))];
  const [points, stats] = await Promise.all([
    q.followersAt(db, scope, dates, 'all'),
    q.windowStats(db, scope, { from: first, to: new Date(asOf.getTime() + 1) }, 'all', { kind: 'month' }),
  ]);
  return keys.map((month, k) => {
    const f = followersOf(points, k + 2);
    const s = pooled(stats.filter((x) => x.bucket === month));
    return { id: monthRowId(month), month, followers: f.followersOrNull, reach: s.reachOrNull, engagement: fractionOrNull(s.engagement), growth_rate: f.growthRate };
  });
}

/** Each account of a client over a window: latest numbers, window reach and engagement, growth over it. */
async function accountAnalytics(db: Db, scope: Scope, window: Window, now: Date): Promise<TAccountAnalytics[]> {
  const [accounts, points, stats] = await Promise.all([
    q.accountsLatest(db, scope, false),
    q.followersAt(db, scope, [window.from, now], 'account'),
    q.windowStats(db, scope, window, 'account', { kind: 'none' }),
  ]);
  return accounts
    .map((a) => ({ a, s: pooled(byKey(stats, String(a.id))), f: followersOf(byKey(points, String(a.id)), 2) }))
    // Disconnected accounts stay listed for the periods they have data in.
    .filter(({ a, s }) => a.isActive || s.hasData)
    .map(({ a, s, f }) => ({
      id: a.id,
      platform: a.platform,
      username: a.username,
      is_active: a.isActive,
      followers_count: a.followers ?? 0,
      engagement_rate: fraction(s.engagement),
      reach: s.reach,
      posts_count: a.posts ?? 0,
      daily_growth: dailyGrowth(a, now),
      growth_rate: f.growthRate,
    }));
}

/** Followers gained since the previous day's snapshot, for a connected account synced in the last day; else 0. */
function dailyGrowth(a: q.AccountLatest, now: Date): number {
  if (!a.isActive || !a.capturedAt || now.getTime() - a.capturedAt.getTime() > DAY_MS) return 0;
  return a.followers !== null && a.previousDayFollowers !== null ? a.followers - a.previousDayFollowers : 0;
}

/** Totals of a scope over a window: followers at `at` and growth from the window's start, reach, engagement. */
export async function periodTotals(db: Db, scope: Scope, window: Window, at: Date) {
  const [points, stats] = await Promise.all([q.followersAt(db, scope, [window.from, at], 'all'), q.windowStats(db, scope, window, 'all', { kind: 'none' })]);
  const f = followersOf(points, 2);
  const s = pooled(stats);
  return { followers: f.followers, gained: f.gained, growthRate: f.growthRate, reach: s.reach, engagement: fraction(s.engagement) };
}

/** Per platform (Instagram, YouTube, TikTok, connected or not): followers now, window engagement, reach, growth. */
export async function platformFigures(db: Db, scope: Scope, window: Window, at: Date) {
  const [points, stats, connected] = await Promise.all([
    q.followersAt(db, scope, [window.from, at], 'platform'),
    q.windowStats(db, scope, window, 'platform', { kind: 'none' }),
    q.activeAccountsPerPlatform(db, scope),
  ]);
  return SOCIAL_PROVIDERS.map((platform) => {
    const f = followersOf(byKey(points, platform), 2);
    const s = pooled(byKey(stats, platform));
    return {
      platform,
      connected: (connected.get(platform) ?? 0) > 0,
      followers: f.followers,
      engagement_rate: fraction(s.engagement),
      reach: s.reach,
      growth_rate: f.growthRate,
    };
  });
}

// --- GET /performance/ ----------------------------------------------------------------------------

/** The agency rows (one per client in scope) over a period. */
export async function agencyRows(deps: AppDeps, period: AnalyticsPeriod, scope: Scope): Promise<TPerformanceRow[]> {
  return (await agencyPeriod(deps, period, scope)).rows;
}

/** The agency rows over a period and their totals (the same aggregates, summed over the clients in scope). */
export async function agencyPeriod(deps: AppDeps, period: AnalyticsPeriod, scope: Scope) {
  const now = deps.now();
  const { start, end } = rollingWindows(now, PERIOD_MONTHS[period]);
  return clientRowsOver(deps.db, scope, { from: start, to: end }, now, null);
}

/** Per client over [from, to): followers at the end, engagement, reach, growth from the start; revenue: clients' rule. */
async function clientRowsOver(db: Db, scope: Scope, window: Window, at: Date, month: string | null) {
  const [list, points, stats] = await Promise.all([
    q.listClients(db, scope),
    q.followersAt(db, scope, [window.from, at], 'client'),
    q.windowStats(db, scope, window, 'client', { kind: 'none' }),
  ]);
  const rows: TPerformanceRow[] = list.map((c) => {
    const f = followersOf(byKey(points, String(c.id)), 2);
    const s = pooled(byKey(stats, String(c.id)));
    return {
      id: c.id,
      client: c.id,
      client_name: c.name,
      month,
      followers: f.followersOrNull,
      engagement: fractionOrNull(s.engagement),
      reach: s.reachOrNull,
      growth_rate: f.growthRate,
      revenue: toMoney(revenueOfClient(c)),
    };
  });
  const f = followersOf(points, 2);
  const s = pooled(stats);
  return { rows, totals: { followers: f.followers, gained: f.gained, growthRate: f.growthRate, reach: s.reach, engagement: fraction(s.engagement) } };
}

/**
 * The accounts an actor's figures cover: a client user's own client, else `clientId` when asked, within what a
 * manager is assigned; the whole agency for owners and read-only staff.
 */
export function accountScopeOf(actor: Actor, clientId?: number): Scope {
  const scope = clientScope(actor);
  if (scope.kind === 'own') return { clientId: scope.clientId };
  return scope.kind === 'managed' ? { managerId: scope.managerId, clientId } : { clientId };
}

/** A client the actor reaches (not archived); 404 otherwise, as if it did not exist. */
export async function requireClient(db: Db, actor: Actor, id: number): Promise<q.ClientRow> {
  const client = await q.findClient(db, id, accountScopeOf(actor));
  if (!client) throw new AppError('not_found', 'Client not found.');
  return client;
}

/** The client an actor's report is about: a client user always its own (404 without a record). */
function ownClientOf(actor: Actor): number | null {
  const own = ownClient(actor);
  if (own !== null && own < 0) throw new AppError('not_found', 'Client not found.');
  return own;
}

export async function listPerformance(
  deps: AppDeps,
  actor: Actor,
  query: { client_id?: number | undefined; period: AnalyticsPeriod; monthly?: boolean | undefined },
): Promise<TPerformanceRow[]> {
  const own = ownClient(actor);
  if (own !== null && own < 0) return [];
  const scope = accountScopeOf(actor, query.client_id);
  if (scope.clientId === undefined) return agencyRows(deps, query.period, scope);
  const client = await requireClient(deps.db, actor, scope.clientId);
  if (own === null && !query.monthly) return agencyRows(deps, query.period, scope);
  const rows = await monthlySeries(deps.db, { clientId: client.id }, PERIOD_MONTHS[query.period], deps.now());
  return rows.map((r) => ({ ...r, client: client.id, client_name: client.name, revenue: null }));
}

// --- GET /performance/monthly_report/ -------------------------------------------------------------

export async function getMonthlyReport(
  deps: AppDeps,
  actor: Actor,
  query: { month?: string | undefined; client_id?: number | undefined },
): Promise<TMonthlyReport> {
  const now = deps.now();
  const month = query.month ?? monthKey(now);
  if (month > monthKey(now)) throw new AppError('validation_error', 'That month has not started yet.', { month: ['That month has not started yet.'] });
  const clientId = ownClientOf(actor) ?? query.client_id;
  const client = clientId === undefined ? null : await requireClient(deps.db, actor, clientId);
  return monthlyReportOf(deps.db, client, month, now, accountScopeOf(actor));
}

/**
 * The report of one calendar month (the running one up to now) for a client, or when null for the clients of
 * `agency` (the whole agency, or a manager's clients).
 */
export async function monthlyReportOf(
  db: Db,
  client: q.ClientRow | null,
  month: string,
  now: Date,
  agency: Scope = {},
): Promise<TMonthlyReport> {
  const from = parseMonth(month);
  const monthEnd = monthStart(from, 1);
  const at = monthEnd <= now ? new Date(monthEnd.getTime() - 1) : now;
  const window = { from, to: new Date(at.getTime() + 1) };
  const scope: Scope = client ? { clientId: client.id } : agency;
  const startAt = new Date(from.getTime() - 1);
  const [points, stats, content, accounts, clientRows] = await Promise.all([
    q.followersAt(db, scope, [startAt, at], client ? 'account' : 'client'),
    q.windowStats(db, scope, window, client ? 'account' : 'client', { kind: 'none' }),
    q.contentCounts(db, scope, window),
    client ? q.accountsLatest(db, scope, false) : Promise.resolve([]),
    client ? Promise.resolve([]) : clientRowsOver(db, scope, window, at, null).then((r) => r.rows),
  ]);
  const totals = followersOf(points, 2);
  const all = pooled(stats);
  return {
    month,
    client: client?.id ?? null,
    client_name: client?.name ?? null,
    generated_at: now.toISOString(),
    totals: {
      followers: totals.followers,
      followers_gained: totals.gained,
      reach: all.reach,
      engagement: fraction(all.engagement),
      growth_rate: totals.growthRate,
      posts_published: content.posted,
    },
    content: { created: content.created, approved: content.approvedInWindow, posted: content.posted },
    accounts: accounts
      .map((a) => ({ a, f: followersOf(byKey(points, String(a.id)), 2), s: pooled(byKey(stats, String(a.id))) }))
      .filter(({ a, f, s }) => s.hasData || f.followers > 0 || (a.isActive && a.connectedAt < window.to))
      .map(({ a, f, s }) => ({
        id: a.id,
        platform: a.platform,
        username: a.username,
        followers: f.followers,
        followers_gained: f.gained,
        reach: s.reach,
        engagement: fraction(s.engagement),
      })),
    clients: clientRows,
  };
}

// --- GET /analytics/overview/ ---------------------------------------------------------------------

const DISTRIBUTION_PLATFORMS = ['instagram', 'youtube', 'tiktok', 'facebook'] as const;
const TOP_CLIENTS = 5;

/** The first `n` of the ranked clients that are not archived, with their records; read a few at a time. */
async function firstLiveClients<T extends { id: number }>(db: Db, ranked: T[], n: number): Promise<(T & { client: q.ClientRow })[]> {
  const found: (T & { client: q.ClientRow })[] = [];
  for (let from = 0; from < ranked.length && found.length < n; from += n * 4) {
    const slice = ranked.slice(from, from + n * 4);
    const live = new Map((await q.liveClientsAmong(db, slice.map((c) => c.id))).map((c) => [c.id, c]));
    for (const c of slice) {
      const client = live.get(c.id);
      if (client && found.length < n) found.push({ ...c, client });
    }
  }
  return found;
}

export async function getAnalyticsOverview(deps: AppDeps, actor: Actor, query: { period: AnalyticsPeriod }): Promise<TAnalyticsOverview> {
  const now = deps.now();
  const { start, end, previousStart } = rollingWindows(now, PERIOD_MONTHS[query.period]);
  const all = accountScopeOf(actor);
  const [points, daily, stats, platforms, totals, taskStats, revenue] = await Promise.all([
    q.followersAt(deps.db, all, [start, now], 'client'),
    q.followersAt(deps.db, all, [new Date(now.getTime() - 2 * DAY_MS), new Date(now.getTime() - DAY_MS), now], 'all'),
    q.windowStats(deps.db, all, { from: previousStart, to: end }, 'client', { kind: 'split', at: start }),
    q.activeAccountsPerPlatform(deps.db, all),
    q.clientTotals(deps.db, all),
    getTaskStats(deps, actor),
    paidRevenue(deps.db, clientScope(actor), { start, end }, { start: previousStart, end: start }),
  ]);
  const current = pooled(stats.filter((s) => s.bucket === '1'));
  const previous = pooled(stats.filter((s) => s.bucket === '0'));
  const followers = followersOf(points, 2);
  const gainedToday = followersOf(daily, 3);
  const gainedDayBefore = followersOf(daily, 2);
  const averageEngagement = fraction(current.engagement);

  // Ranked from the followers of every client that has any; only the first few are looked up (not every client).
  const ranked = [...new Set(points.map((p) => p.key))]
    .map((key) => ({ id: Number(key), followers: followersOf(byKey(points, key), 2) }))
    .filter((c) => c.followers.followers > 0)
    .sort((a, b) => b.followers.followers - a.followers.followers || a.id - b.id);
  const top = (await firstLiveClients(deps.db, ranked, TOP_CLIENTS)).map(({ client: c, followers: f }) => {
    const s = pooled(byKey(stats, String(c.id)).filter((x) => x.bucket === '1'));
    return { id: c.id, name: c.name, company: c.company, followers: f.followers, engagement: fraction(s.engagement), growth_rate: f.growthRate };
  });

  const accountCount = [...platforms.values()].reduce((a, b) => a + b, 0);
  const monthlyRevenue = toMoney(totals.monthlyRevenue);
  return {
    period: query.period,
    summary: {
      total_followers: followers.followers,
      total_followers_change_percent: followers.growthRate,
      average_engagement: averageEngagement,
      average_engagement_change_percent:
        current.engagement !== null && previous.engagement !== null ? percentChange(current.engagement, previous.engagement) : null,
      total_reach: current.reach,
      total_reach_change_percent: previous.hasData ? percentChange(current.reach, previous.reach) : null,
      daily_growth: gainedToday.gained,
      daily_growth_change_percent: gainedDayBefore.growthRate === null ? null : percentChange(gainedToday.gained, gainedDayBefore.gained),
    },
    agency_growth: { total_clients: totals.total, active_clients: totals.active, monthly_revenue: monthlyRevenue },
    task_performance: {
      // The Tasks screen's own counts: the same tasks (a manager's include those assigned to them), the same rate.
      completion_rate: taskStats.completion_rate,
      task_stats: { completed: taskStats.completed, in_progress: taskStats.in_progress, review: taskStats.review, pending: taskStats.pending },
    },
    top_clients: top,
    platform_distribution: DISTRIBUTION_PLATFORMS.map((platform) => {
      const n = platforms.get(platform) ?? 0;
      return { platform, accounts: n, percent: accountCount > 0 ? oneDecimal((n / accountCount) * 100) : 0 };
    }),
    revenue_analysis: {
      monthly_revenue: monthlyRevenue,
      active_clients: totals.active,
      average_revenue_per_client: totals.active > 0 ? toMoney(monthlyRevenue / totals.active) : 0,
      revenue_growth_percent: percentChange(revenue.a, revenue.b),
    },
    benchmarks: {
      average_engagement: averageEngagement,
      industry_engagement: INDUSTRY_ENGAGEMENT_BENCHMARK,
      client_retention: totals.total > 0 ? oneDecimal((totals.active / totals.total) * 100) : 0,
      average_followers_per_client: totals.total > 0 ? Math.round(followers.followers / totals.total) : 0,
    },
  };
}

// --- a client's headline: the portal overview's cards and the Performance summary -----------------

/**
 * A client's figures over the past month (rolling, the '1month' period), the one definition the portal's
 * overview cards (GET /dashboard/client-stats/) and its Performance summary both show: followers now (connected
 * accounts), their growth over the month, engagement (average of the daily rates) and reach in it, and the posts
 * published this calendar month.
 */
export async function clientHeadline(db: Db, clientId: number, now: Date) {
  const scope: Scope = { clientId };
  const { start, end } = rollingWindows(now, PERIOD_MONTHS['1month']);
  const [totals, content] = await Promise.all([
    periodTotals(db, scope, { from: start, to: end }, now),
    q.contentCounts(db, scope, { from: monthStart(now), to: monthStart(now, 1) }),
  ]);
  return { followers: totals.followers, growthRate: totals.growthRate, engagement: totals.engagement, reach: totals.reach, postsThisMonth: content.posted };
}

/**
 * Each account's engagement over the past month (the average of its daily rates; null without any): what an
 * account's card shows, the same window and rule as the overview's Engagement Rate.
 */
export async function pastMonthEngagement(db: Db, accountIds: readonly number[], now: Date): Promise<Map<number, number | null>> {
  if (accountIds.length === 0) return new Map();
  const { start, end } = rollingWindows(now, PERIOD_MONTHS['1month']);
  const stats = await q.windowStats(db, { accountIds }, { from: start, to: end }, 'account', { kind: 'none' });
  return new Map(accountIds.map((id) => [id, fractionOrNull(pooled(byKey(stats, String(id))).engagement)]));
}

// --- GET /analytics/client-overview/ --------------------------------------------------------------

export async function getClientAnalyticsOverview(
  deps: AppDeps,
  actor: Actor,
  query: { period: (typeof CLIENT_GROWTH_PERIODS)[number] },
): Promise<TClientAnalyticsOverview> {
  const clientId = ownClientOf(actor) ?? -1;
  const now = deps.now();
  const scope: Scope = { clientId };
  const { start, end } = rollingWindows(now, PERIOD_MONTHS[query.period]);
  const window = { from: start, to: end };
  const [monthly, accounts, platforms, headline] = await Promise.all([
    monthlySeries(deps.db, scope, PERIOD_MONTHS[query.period], now),
    accountAnalytics(deps.db, scope, window, now),
    platformFigures(deps.db, scope, window, now),
    clientHeadline(deps.db, clientId, now),
  ]);
  return {
    period: query.period,
    // The overview's cards, whatever the period of the charts.
    summary: {
      total_followers: headline.followers,
      average_engagement: headline.engagement,
      monthly_reach: headline.reach,
      posts_this_month: headline.postsThisMonth,
    },
    monthly,
    accounts,
    platform_performance: platforms,
  };
}

// --- GET /analytics/client/:id/ -------------------------------------------------------------------

export async function getClientReport(deps: AppDeps, actor: Actor, id: number, query: { period: AnalyticsPeriod }): Promise<TClientReport> {
  // A client may only read its own report, a manager their clients'; another's is as if it did not exist.
  const client = await requireClient(deps.db, actor, id);
  return clientReportOf(deps.db, client, query.period, deps.now());
}

export async function clientReportOf(db: Db, client: q.ClientRow, period: AnalyticsPeriod, now: Date): Promise<TClientReport> {
  const scope: Scope = { clientId: client.id };
  const { start, end } = rollingWindows(now, PERIOD_MONTHS[period]);
  const window = { from: start, to: end };
  const [monthly, accounts, t, content, money] = await Promise.all([
    monthlySeries(db, scope, PERIOD_MONTHS[period], now),
    accountAnalytics(db, scope, window, now),
    periodTotals(db, scope, window, now),
    q.contentCounts(db, scope, window),
    q.invoiceTotals(db, client.id, window),
  ]);
  return {
    client: { id: client.id, name: client.name, company: client.company, package: client.package, status: client.status },
    period,
    generated_at: now.toISOString(),
    summary: {
      followers: t.followers,
      followers_gained: t.gained,
      engagement_rate: t.engagement,
      reach: t.reach,
      growth_rate: t.growthRate,
      posts_published: content.posted,
    },
    monthly,
    accounts,
    content: { total: content.scheduled, drafts: content.drafts, pending: content.pending, approved: content.approved, posted: content.posted },
    invoices: { total_billed: toMoney(money.billed), total_paid: toMoney(money.paid), outstanding: toMoney(money.outstanding) },
  };
}

// --- GET /metrics/realtime/ -----------------------------------------------------------------------

export async function getRealtimeMetrics(deps: AppDeps, actor: Actor, query: { client_id?: number | undefined }): Promise<{ data: TRealtimeMetric[] }> {
  const own = ownClient(actor);
  if (own !== null && own < 0) return { data: [] };
  const now = deps.now();
  const accounts = await q.accountsLatest(deps.db, accountScopeOf(actor, query.client_id), true);
  return {
    data: accounts.map((a) => ({
      account: { id: a.id, platform: a.platform, username: a.username },
      followers_count: a.followers ?? 0,
      engagement_rate: fraction(a.engagement),
      reach: a.reach ?? 0,
      daily_growth: dailyGrowth(a, now),
      last_updated: (a.capturedAt ?? a.connectedAt).toISOString(),
    })),
  };
}
