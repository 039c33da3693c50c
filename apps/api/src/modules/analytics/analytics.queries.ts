import { and, asc, count, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { clients, contentItems, invoices, reportSchedules } from '../../db/schema';
import { SOCIAL_PROVIDERS } from '@agency/contract';
import type { Db } from '../../db/types';
import { activeClientCount, monthlyRevenueSum } from '../clients';
import { amountDueSql, netPaidAmount } from '../invoices';

/**
 * The SQL of the analytics: every figure is aggregated here, over metric_snapshots (one per account per UTC
 * day, each metric NULL when the provider did not give it: aggregates only see the non-null values) and its
 * monthly sums metric_months (kept by triggers), for the accounts of clients that are not archived. Indexes used:
 * metric_snapshots (social_account_id, captured_at) for "latest at or before" lookups and one client's windows,
 * (captured_at) for the agency's partial months, metric_months (month) for its whole months.
 */

/**
 * Which accounts a figure covers: one client's, a manager's clients', or the whole agency's (clients not
 * archived). Both set: that client if the manager manages it, else nothing.
 */
export interface AccountScope {
  clientId?: number | undefined;
  managerId?: number | undefined;
  /** Only these accounts (an account card's figures). */
  accountIds?: readonly number[] | undefined;
}

/** `and …` keeping an account-id column within the scope's accounts, when it names them. */
function accountIdIn(scope: AccountScope, column: SQL): SQL {
  if (scope.accountIds === undefined) return sql``;
  if (scope.accountIds.length === 0) return sql` and false`;
  return sql` and ${column} in (${sql.join(scope.accountIds.map((id) => sql`${id}`), sql`, `)})`;
}

/** `and …` keeping a client-id column within the scope (nothing for the whole agency). */
function clientIdIn(scope: AccountScope, column: SQL): SQL {
  const one = scope.clientId !== undefined ? sql` and ${column} = ${scope.clientId}` : sql``;
  const managed =
    scope.managerId !== undefined ? sql` and ${column} in (select id from clients where account_manager_user_id = ${scope.managerId})` : sql``;
  return sql`${one}${managed}`;
}

const isWholeAgency = (scope: AccountScope) => scope.clientId === undefined && scope.managerId === undefined && scope.accountIds === undefined;

/** How rows are grouped: one total, or per client, account or platform. */
export type GroupKey = 'all' | 'client' | 'account' | 'platform';

const KEY_COLUMN: Record<GroupKey, string> = {
  all: `'all'`,
  client: 'a.client_id::text',
  account: 'a.id::text',
  platform: 'a.platform',
};

const iso = (d: Date) => d.toISOString();

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/**
 * The same, with Postgres's JIT off: it compiles any statement it estimates as expensive, and the per-account
 * lookups of followersAt inflate that estimate (a 13-date series took 70 ms of JIT on a 30 ms query).
 */
async function rowsWithoutJit<T>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return rows<T>(tx, query);
  });
}

/** The accounts in scope, as a FROM item aliased `a` (joined to its client, not archived). */
function accountsIn(scope: AccountScope): SQL {
  return sql`(select sa.* from social_accounts sa join clients cl on cl.id = sa.client_id
    where cl.archived_at is null ${clientIdIn(scope, sql`sa.client_id`)}${accountIdIn(scope, sql`sa.id`)}) a`;
}

export interface FollowersPoint {
  key: string;
  /** 1-based index of the date asked for. */
  i: number;
  /** Followers at that date, summed over the accounts with a value; null when none had one. */
  followers: number | null;
  /** Accounts with a value at this date and the one before: their followers at this date, and at the one before. */
  matchedEnd: number | null;
  matchedStart: number | null;
}

/** Account ids in scope, to narrow a scan of metric_snapshots or metric_months (not for the whole agency). */
function idsIn(scope: AccountScope, column: SQL): SQL {
  return isWholeAgency(scope)
    ? sql``
    : sql`and ${column} in (select id from social_accounts where true ${clientIdIn(scope, sql`client_id`)}${accountIdIn(scope, sql`id`)})`;
}

const dateArray = (dates: Date[]) => sql.raw(`array[${dates.map((d) => `'${iso(d)}'::timestamptz`).join(',')}]`);

/**
 * Followers at each of `dates` (ascending): per account the latest non-null followers_count at or before the
 * date, counted only while the account was connected then (active, or disconnected after that date), summed
 * per group. For growth, an account without a reading at a date starts from its first reading before the
 * next date. For growth, each date also carries the sums over the accounts that have a value both at it and
 * at the date before (so an account connected in between does not count as growth).
 * Snapshots are daily, so one range scan of the 30 hours before each date finds almost every account's value;
 * only an account without one there is looked up on its own (index on social_account_id, captured_at).
 */
export async function followersAt(db: Db, scope: AccountScope, dates: Date[], group: GroupKey): Promise<FollowersPoint[]> {
  if (dates.length === 0) return [];
  const result = await rowsWithoutJit<{ key: string; i: number; followers: number | null; matched_end: number | null; matched_start: number | null }>(
    db,
    sql`with d as (select at, i, lead(at) over (order by i) as next_at from unnest(${dateArray(dates)}) with ordinality as d(at, i)),
    recent as (
      select distinct on (d.i, ms.social_account_id) d.i, ms.social_account_id as id, ms.followers_count as followers
      from d join metric_snapshots ms on ms.captured_at <= d.at and ms.captured_at > d.at - interval '30 hours'
      where ms.followers_count is not null ${idsIn(scope, sql`ms.social_account_id`)}
      order by d.i, ms.social_account_id, ms.captured_at desc
    ),
    v as (
      select ${sql.raw(KEY_COLUMN[group])} as key, a.id, d.i, d.at, d.next_at,
             (a.is_active or a.disconnected_at > d.at) as connected,
             case when a.is_active or a.disconnected_at > d.at then coalesce(r.followers, (
               select ms.followers_count from metric_snapshots ms
               where ms.social_account_id = a.id and ms.captured_at <= d.at and ms.followers_count is not null
               order by ms.captured_at desc limit 1)) end as followers
      from ${accountsIn(scope)}
      cross join d
      left join recent r on r.i = d.i and r.id = a.id
    ),
    -- Where growth to the next date starts: the followers at this date, or for an account first measured after it,
    -- its first reading before the next date (its growth since it was measured, never its whole audience).
    b as (
      select v.*, case when v.followers is null and v.connected and v.next_at is not null then (
               select ms.followers_count from metric_snapshots ms
               where ms.social_account_id = v.id and ms.captured_at > v.at and ms.captured_at <= v.next_at and ms.followers_count is not null
               order by ms.captured_at asc limit 1) else v.followers end as base
      from v
    ),
    w as (select b.*, lag(base) over (partition by id order by i) as prev from b)
    select key, i::int as i, sum(followers)::float8 as followers,
           sum(followers) filter (where prev is not null)::float8 as matched_end,
           sum(prev) filter (where followers is not null)::float8 as matched_start
    from w group by key, i order by key, i`,
  );
  return result.map((r) => ({
    key: String(r.key),
    i: Number(r.i),
    followers: r.followers === null ? null : Number(r.followers),
    matchedEnd: r.matched_end === null ? null : Number(r.matched_end),
    matchedStart: r.matched_start === null ? null : Number(r.matched_start),
  }));
}

export interface WindowStats {
  key: string;
  bucket: string;
  /** Sum of the daily reach values given. */
  reach: number;
  /** How many daily reach values there were (0: no data). */
  reachDays: number;
  /** Average of the daily engagement rates given (null without any). */
  engagement: number | null;
  engagementDays: number;
}

export type Bucket = { kind: 'month' } | { kind: 'split'; at: Date } | { kind: 'none' };

const nextMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
const firstOfMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));

/**
 * How a window is read: the calendar months wholly inside it (and not cut by the split) from metric_months,
 * the rest, at most the partial months at its edges and the split, from metric_snapshots. Each part read from
 * the snapshots lies in one bucket and carries its label, so the scan groups by account alone (a grouping on a
 * computed bucket makes Postgres guess thousands of groups and sort on disk).
 */
export function planWindow(
  window: { from: Date; to: Date },
  bucket: Bucket,
): { months: string[]; raw: { from: Date; to: Date; bucket: string }[] } {
  const months: string[] = [];
  const raw: { from: Date; to: Date; bucket: string }[] = [];
  const add = (from: Date, to: Date, label: string) => {
    if (from >= to) return;
    const last = raw.at(-1);
    if (last && last.bucket === label && last.to.getTime() === from.getTime()) last.to = to;
    else raw.push({ from, to, bucket: label });
  };
  for (let m = firstOfMonth(window.from); m < window.to; m = nextMonth(m)) {
    const end = nextMonth(m);
    const cut = bucket.kind === 'split' && bucket.at > m && bucket.at < end;
    if (m >= window.from && end <= window.to && !cut) {
      months.push(iso(m).slice(0, 10));
      continue;
    }
    const from = m > window.from ? m : window.from;
    const to = end < window.to ? end : window.to;
    if (bucket.kind === 'split') {
      add(from, bucket.at < to ? (bucket.at > from ? bucket.at : from) : to, '0');
      add(bucket.at > from ? (bucket.at < to ? bucket.at : to) : from, to, '1');
    } else add(from, to, bucket.kind === 'month' ? iso(m).slice(0, 7) : 'all');
  }
  return { months, raw };
}

export async function windowStats(
  db: Db,
  scope: AccountScope,
  window: { from: Date; to: Date },
  group: GroupKey,
  bucket: Bucket,
): Promise<WindowStats[]> {
  const plan = planWindow(window, bucket);
  const bucketOf = (at: SQL) =>
    bucket.kind === 'month'
      ? sql`to_char(${at} at time zone 'UTC', 'YYYY-MM')`
      : bucket.kind === 'split'
        ? sql`case when ${at} >= ${iso(bucket.at)}::timestamptz then '1' else '0' end`
        : sql`'all'`;
  const parts: SQL[] = [];
  for (const r of plan.raw) {
    parts.push(sql`select ms.social_account_id as id, ${r.bucket}::text as bucket,
        coalesce(sum(ms.reach), 0) as reach_sum, count(ms.reach) as reach_days,
        coalesce(sum(ms.engagement_rate), 0) as engagement_sum, count(ms.engagement_rate) as engagement_days
      from metric_snapshots ms
      where ms.captured_at >= ${iso(r.from)}::timestamptz and ms.captured_at < ${iso(r.to)}::timestamptz ${idsIn(scope, sql`ms.social_account_id`)}
      group by 1`);
  }
  if (plan.months.length > 0) {
    const months = sql.raw(`array[${plan.months.map((m) => `'${m}'::date`).join(',')}]`);
    parts.push(sql`select mm.social_account_id as id, ${bucketOf(sql`(mm.month::timestamp at time zone 'UTC')`)} as bucket,
        mm.reach_sum, mm.reach_days, mm.engagement_sum, mm.engagement_days
      from metric_months mm where mm.month = any(${months}) ${idsIn(scope, sql`mm.social_account_id`)}`);
  }
  if (parts.length === 0) return [];
  const result = await rows<{ key: string; bucket: string; reach: number | null; reach_n: number; engagement: number | null; engagement_n: number }>(
    db,
    sql`select ${sql.raw(KEY_COLUMN[group])} as key, x.bucket,
           sum(x.reach_sum)::float8 as reach, sum(x.reach_days)::int as reach_n,
           (sum(x.engagement_sum) / nullif(sum(x.engagement_days), 0))::float8 as engagement, sum(x.engagement_days)::int as engagement_n
    from (${sql.join(parts, sql` union all `)}) x join ${accountsIn(scope)} on a.id = x.id
    group by 1, 2
    having sum(x.reach_days) > 0 or sum(x.engagement_days) > 0`,
  );
  return result.map((r) => ({
    key: String(r.key),
    bucket: String(r.bucket),
    reach: Number(r.reach ?? 0),
    reachDays: Number(r.reach_n),
    engagement: r.engagement === null ? null : Number(r.engagement),
    engagementDays: Number(r.engagement_n),
  }));
}

export interface AccountLatest {
  id: number;
  clientId: number;
  platform: 'instagram' | 'youtube' | 'tiktok';
  username: string;
  isActive: boolean;
  connectedAt: Date;
  /** The latest snapshot: when, and its engagement and reach (null when not given). */
  capturedAt: Date | null;
  engagement: number | null;
  reach: number | null;
  /** Latest non-null followers and posts counts. */
  followers: number | null;
  posts: number | null;
  /** Followers of the latest snapshot of the UTC day before the latest snapshot's day (for daily growth). */
  previousDayFollowers: number | null;
}

/** Each account in scope with its latest figures; `activeOnly` keeps the connected ones. */
export async function accountsLatest(db: Db, scope: AccountScope, activeOnly: boolean): Promise<AccountLatest[]> {
  const result = await rows<{
    id: number;
    client_id: number;
    platform: AccountLatest['platform'];
    username: string;
    is_active: boolean;
    connected_at: string | Date;
    captured_at: string | Date | null;
    engagement: number | null;
    reach: number | null;
    followers: number | null;
    posts: number | null;
    previous_day_followers: number | null;
  }>(
    db,
    sql`select a.id, a.client_id, a.platform, a.username, a.is_active, a.connected_at,
           l.captured_at, l.engagement_rate::float8 as engagement, l.reach,
           -- The latest snapshot's counts; an earlier snapshot's only when it did not give them.
           coalesce(l.followers_count, (select ms.followers_count from metric_snapshots ms
              where ms.social_account_id = a.id and ms.followers_count is not null
              order by ms.captured_at desc limit 1)) as followers,
           coalesce(l.posts_count, (select ms.posts_count from metric_snapshots ms
              where ms.social_account_id = a.id and ms.posts_count is not null
              order by ms.captured_at desc limit 1)) as posts,
           (select ms.followers_count from metric_snapshots ms
              where ms.social_account_id = a.id and ms.followers_count is not null
                and ms.captured_at < date_trunc('day', l.captured_at at time zone 'UTC') at time zone 'UTC'
                and ms.captured_at >= (date_trunc('day', l.captured_at at time zone 'UTC') - interval '1 day') at time zone 'UTC'
              order by ms.captured_at desc limit 1) as previous_day_followers
    from ${accountsIn(scope)}
    left join lateral (
      select ms.captured_at, ms.engagement_rate, ms.reach, ms.followers_count, ms.posts_count from metric_snapshots ms
      where ms.social_account_id = a.id order by ms.captured_at desc limit 1
    ) l on true
    -- The accounts the API shows are on a provider's network; an older platform's rows (Facebook) keep their
    -- history in the totals but are not listed.
    where a.platform in (${sql.join(SOCIAL_PROVIDERS.map((p) => sql`${p}`), sql`, `)}) ${activeOnly ? sql`and a.is_active` : sql``}
    order by a.is_active desc, a.platform, a.id`,
  );
  const num = (v: number | null) => (v === null ? null : Number(v));
  return result.map((r) => ({
    id: Number(r.id),
    clientId: Number(r.client_id),
    platform: r.platform,
    username: r.username,
    isActive: Boolean(r.is_active),
    connectedAt: new Date(r.connected_at),
    capturedAt: r.captured_at === null ? null : new Date(r.captured_at),
    engagement: num(r.engagement),
    reach: num(r.reach),
    followers: num(r.followers),
    posts: num(r.posts),
    previousDayFollowers: num(r.previous_day_followers),
  }));
}

/** Active accounts in scope per platform (the platform distribution, "connected"). */
export async function activeAccountsPerPlatform(db: Db, scope: AccountScope): Promise<Map<string, number>> {
  const result = await rows<{ platform: string; n: number }>(
    db,
    sql`select a.platform, count(*)::int as n from ${accountsIn(scope)} where a.is_active group by a.platform`,
  );
  return new Map(result.map((r) => [r.platform, Number(r.n)]));
}

// --- clients, content, invoices ------------------------------------------------------------

const clientColumns = {
  id: clients.id,
  name: clients.name,
  company: clients.company,
  email: clients.email,
  package: clients.package,
  status: clients.status,
  monthlyFee: clients.monthlyFee,
  /** The client's login (its settings decide whether it wants report e-mails). */
  userId: clients.userId,
};
export type ClientRow = Awaited<ReturnType<typeof listClients>>[number];

/** Clients in scope that are not archived, by name. */
export function listClients(db: Db, scope: AccountScope) {
  return db
    .select(clientColumns)
    .from(clients)
    .where(and(isNull(clients.archivedAt), sql`true ${clientIdIn(scope, sql`${clients.id}`)}`))
    .orderBy(asc(clients.name), asc(clients.id));
}

/** Of these clients, the ones not archived (in no particular order). */
export function liveClientsAmong(db: Db, ids: number[]): Promise<ClientRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(clientColumns)
    .from(clients)
    .where(and(isNull(clients.archivedAt), inArray(clients.id, ids)));
}

/** A client not archived, if the scope reaches it. */
export async function findClient(db: Db, clientId: number, scope: AccountScope = {}): Promise<ClientRow | null> {
  const [row] = await db
    .select(clientColumns)
    .from(clients)
    .where(and(eq(clients.id, clientId), isNull(clients.archivedAt), sql`true ${clientIdIn(scope, sql`${clients.id}`)}`))
    .limit(1);
  return row ?? null;
}

/** Clients in scope not archived: how many, how many active, and the sum of the active ones' monthly fees. */
export async function clientTotals(db: Db, scope: AccountScope) {
  const [row] = await db
    .select({
      total: count(),
      active: activeClientCount,
      revenue: monthlyRevenueSum,
    })
    .from(clients)
    .where(and(isNull(clients.archivedAt), sql`true ${clientIdIn(scope, sql`${clients.id}`)}`));
  return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0), monthlyRevenue: Number(row?.revenue ?? 0) };
}

/** Content of a client (or the agency) in [from, to): planned in it by status, created in it, approved in it. */
export async function contentCounts(db: Db, scope: AccountScope, window: { from: Date; to: Date }) {
  const inScope = sql`true ${clientIdIn(scope, sql`${contentItems.clientId}`)}`;
  const scheduledIn = sql`${contentItems.scheduledDate} >= ${iso(window.from)}::timestamptz and ${contentItems.scheduledDate} < ${iso(window.to)}::timestamptz`;
  const createdIn = sql`${contentItems.createdAt} >= ${iso(window.from)}::timestamptz and ${contentItems.createdAt} < ${iso(window.to)}::timestamptz`;
  const approvedIn = sql`${contentItems.approvedAt} >= ${iso(window.from)}::timestamptz and ${contentItems.approvedAt} < ${iso(window.to)}::timestamptz`;
  const [row] = await db
    .select({
      scheduled: sql<number>`count(*) filter (where ${scheduledIn})`,
      drafts: sql<number>`count(*) filter (where ${scheduledIn} and ${contentItems.status} = 'draft')`,
      pending: sql<number>`count(*) filter (where ${scheduledIn} and ${contentItems.status} = 'pending-approval')`,
      approvedStatus: sql<number>`count(*) filter (where ${scheduledIn} and ${contentItems.status} = 'approved')`,
      posted: sql<number>`count(*) filter (where ${scheduledIn} and ${contentItems.status} = 'posted')`,
      created: sql<number>`count(*) filter (where ${createdIn})`,
      approvedIn: sql<number>`count(*) filter (where ${approvedIn})`,
    })
    .from(contentItems)
    .innerJoin(clients, eq(clients.id, contentItems.clientId))
    .where(
      and(
        inScope,
        isNull(clients.archivedAt),
        sql`(${scheduledIn} or ${createdIn} or ${approvedIn})`,
      ),
    );
  const n = (v: unknown) => Number(v ?? 0);
  return {
    scheduled: n(row?.scheduled),
    drafts: n(row?.drafts),
    pending: n(row?.pending),
    approved: n(row?.approvedStatus),
    posted: n(row?.posted),
    created: n(row?.created),
    approvedInWindow: n(row?.approvedIn),
  };
}

/**
 * A client's invoices: billed = amounts of the invoices issued in [from, to); paid = what was paid in it (net
 * of refunds); outstanding = every pending or overdue invoice now.
 */
export async function invoiceTotals(db: Db, clientId: number, window: { from: Date; to: Date }) {
  const issuedIn = sql`${invoices.createdAt} >= ${iso(window.from)}::timestamptz and ${invoices.createdAt} < ${iso(window.to)}::timestamptz`;
  const paidIn = sql`${invoices.paidAt} >= ${iso(window.from)}::timestamptz and ${invoices.paidAt} < ${iso(window.to)}::timestamptz`;
  const [row] = await db
    .select({
      billed: sql<string>`coalesce(sum(${invoices.amount}) filter (where ${issuedIn}), 0)`,
      paid: sql<string>`coalesce(sum(${netPaidAmount}) filter (where ${paidIn}), 0)`,
      // What is still owed: the invoices module's balance (a part payment lowers it).
      outstanding: sql<string>`coalesce(sum(${amountDueSql}), 0)`,
    })
    .from(invoices)
    .where(eq(invoices.clientId, clientId));
  return { billed: Number(row?.billed ?? 0), paid: Number(row?.paid ?? 0), outstanding: Number(row?.outstanding ?? 0) };
}

// --- report schedules ----------------------------------------------------------------------------

export type ScheduleRow = typeof reportSchedules.$inferSelect;

export async function findSchedule(db: Db, clientId: number): Promise<ScheduleRow | null> {
  const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.clientId, clientId)).limit(1);
  return row ?? null;
}

/** Switches a client's schedule on or off (made on first use); switching on dates it from now. */
export async function saveSchedule(db: Db, p: { clientId: number; enabled: boolean; userId: number | null; now: Date }): Promise<ScheduleRow> {
  const [row] = await db
    .insert(reportSchedules)
    .values({
      clientId: p.clientId,
      enabled: p.enabled,
      enabledAt: p.enabled ? p.now : null,
      createdBy: p.userId,
      updatedBy: p.userId,
      createdAt: p.now,
      updatedAt: p.now,
    })
    .onConflictDoUpdate({
      target: reportSchedules.clientId,
      set: {
        enabled: p.enabled,
        // Keeps the date it was switched on while it stays on.
        enabledAt: p.enabled ? sql`case when ${reportSchedules.enabled} then ${reportSchedules.enabledAt} else ${iso(p.now)}::timestamptz end` : null,
        updatedBy: p.userId,
        updatedAt: p.now,
      },
    })
    .returning();
  return row!;
}

/**
 * Enabled schedules that owe the report of `month` (YYYY-MM, the month that ended): not sent for it yet, and
 * switched on before the month that is running now began (`monthEnd`).
 */
export function dueSchedules(db: Db, month: string, monthEnd: Date) {
  return db
    .select({ id: reportSchedules.id, clientId: reportSchedules.clientId })
    .from(reportSchedules)
    .innerJoin(clients, eq(clients.id, reportSchedules.clientId))
    .where(
      and(
        eq(reportSchedules.enabled, true),
        lt(reportSchedules.enabledAt, monthEnd),
        sql`(${reportSchedules.lastSentMonth} is null or ${reportSchedules.lastSentMonth} < ${month})`,
        isNull(clients.archivedAt),
      ),
    )
    .orderBy(reportSchedules.id);
}

/** Claims the report of `month` for a schedule, once: only one of concurrent runs gets true. */
export async function claimScheduledMonth(db: Db, id: number, month: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(reportSchedules)
    .set({ lastSentMonth: month, lastSentAt: now })
    .where(
      and(
        eq(reportSchedules.id, id),
        eq(reportSchedules.enabled, true),
        sql`(${reportSchedules.lastSentMonth} is null or ${reportSchedules.lastSentMonth} < ${month})`,
      ),
    )
    .returning({ id: reportSchedules.id });
  return claimed.length > 0;
}

