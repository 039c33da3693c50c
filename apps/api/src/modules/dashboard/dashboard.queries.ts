import { and, count, desc, eq, gte, isNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  clients,
  contentItems,
  invoices,
  metricSnapshots,
  socialAccounts,
  tasks,
} from '../../db/schema';
import type { Db } from '../../db/types';
import { inClientScope } from '../../db/client-scope';
import type { ClientScope } from '../../core/actor';
import { activeClientCount, monthlyRevenueSum } from '../clients';

const iso = (d: Date) => d.toISOString();

/** Paid revenue of two windows [aStart, aEnd) and [bStart, bEnd), in one pass over the paid_at index. */
export async function paidRevenue(db: Db, scope: ClientScope, a: { start: Date; end: Date }, b: { start: Date; end: Date }) {
  const inWindow = (w: { start: Date; end: Date }) =>
    sql`${invoices.paidAt} >= ${iso(w.start)}::timestamptz and ${invoices.paidAt} < ${iso(w.end)}::timestamptz`;
  const lower = a.start < b.start ? a.start : b.start;
  const [row] = await db
    .select({
      a: sql<string>`coalesce(sum(${invoices.amount}) filter (where ${inWindow(a)}), 0)`,
      b: sql<string>`coalesce(sum(${invoices.amount}) filter (where ${inWindow(b)}), 0)`,
    })
    .from(invoices)
    .where(and(eq(invoices.status, 'paid'), gte(invoices.paidAt, lower), inClientScope(invoices.clientId, scope)));
  return { a: Number(row?.a ?? 0), b: Number(row?.b ?? 0) };
}

/** Active clients and the monthly revenue they bring (the clients module's rules), over the clients in scope. */
export async function clientFigures(db: Db, scope: ClientScope): Promise<{ active: number; monthlyRevenue: string }> {
  const [row] = await db
    .select({ active: activeClientCount, monthlyRevenue: monthlyRevenueSum })
    .from(clients)
    .where(and(isNull(clients.archivedAt), inClientScope(clients.id, scope)));
  return { active: row?.active ?? 0, monthlyRevenue: String(row?.monthlyRevenue ?? '0') };
}

/**
 * Net change of active clients since `since`: active clients added in the window that are still there,
 * minus active clients that existed before the window and were archived in it. (Status changes are not
 * historised, so a client switched to active counts from its creation date.)
 */
export async function activeClientsNetChange(db: Db, scope: ClientScope, since: Date): Promise<number> {
  const s = iso(since);
  const [row] = await db
    .select({
      gained: sql<number>`count(*) filter (where ${clients.archivedAt} is null and ${clients.createdAt} >= ${s}::timestamptz)`,
      lost: sql<number>`count(*) filter (where ${clients.archivedAt} >= ${s}::timestamptz and ${clients.createdAt} < ${s}::timestamptz)`,
    })
    .from(clients)
    .where(
      and(
        eq(clients.status, 'active'),
        or(gte(clients.createdAt, since), gte(clients.archivedAt, since)),
        inClientScope(clients.id, scope),
      ),
    );
  return Number(row?.gained ?? 0) - Number(row?.lost ?? 0);
}

export async function countOpenTasks(db: Db, scope: ClientScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tasks)
    .where(and(ne(tasks.status, 'completed'), inClientScope(tasks.clientId, scope)));
  return Number(row?.n ?? 0);
}

// --- the client's own dashboard ---------------------------------------------------------------

const activeAccountOf = (clientId: number) =>
  and(eq(socialAccounts.clientId, clientId), eq(socialAccounts.isActive, true));

/**
 * Over the client's active accounts: followers and engagement of each account's latest snapshot, and the
 * followers of its latest snapshot at or before `baselineAt` (for growth), via DISTINCT ON per account.
 */
export async function accountTotals(db: Db, clientId: number, baselineAt: Date) {
  const latest = db
    .selectDistinctOn([metricSnapshots.socialAccountId], {
      accountId: sql<number>`${metricSnapshots.socialAccountId}`.as('account_id'),
      followers: sql<number>`${metricSnapshots.followersCount}`.as('followers'),
      engagement: sql<string>`${metricSnapshots.engagementRate}`.as('engagement'),
    })
    .from(metricSnapshots)
    .innerJoin(socialAccounts, eq(socialAccounts.id, metricSnapshots.socialAccountId))
    .where(activeAccountOf(clientId))
    .orderBy(metricSnapshots.socialAccountId, desc(metricSnapshots.capturedAt))
    .as('latest');
  const baseline = db
    .selectDistinctOn([metricSnapshots.socialAccountId], {
      accountId: sql<number>`${metricSnapshots.socialAccountId}`.as('base_account_id'),
      followers: sql<number>`${metricSnapshots.followersCount}`.as('base_followers'),
    })
    .from(metricSnapshots)
    .innerJoin(socialAccounts, eq(socialAccounts.id, metricSnapshots.socialAccountId))
    .where(and(activeAccountOf(clientId), sql`${metricSnapshots.capturedAt} <= ${iso(baselineAt)}::timestamptz`))
    .orderBy(metricSnapshots.socialAccountId, desc(metricSnapshots.capturedAt))
    .as('baseline');
  const [row] = await db
    .select({
      followers: sql<string>`coalesce(sum(${latest.followers}), 0)`,
      engagement: sql<string>`coalesce(avg(${latest.engagement}), 0)`,
      followersWithBaseline: sql<string>`coalesce(sum(${latest.followers}) filter (where ${baseline.accountId} is not null), 0)`,
      baselineFollowers: sql<string>`coalesce(sum(${baseline.followers}), 0)`,
    })
    .from(latest)
    .leftJoin(baseline, eq(baseline.accountId, latest.accountId));
  return {
    followers: Number(row?.followers ?? 0),
    engagement: Number(row?.engagement ?? 0),
    followersWithBaseline: Number(row?.followersWithBaseline ?? 0),
    baselineFollowers: Number(row?.baselineFollowers ?? 0),
  };
}

/**
 * Reach since `since` over the active accounts. A snapshot's reach covers the last 24 hours, so the latest
 * snapshot of each account per UTC day counts once (extra manual syncs on one day are not added up).
 */
export async function reachSince(db: Db, clientId: number, since: Date): Promise<number> {
  const day = sql`date_trunc('day', ${metricSnapshots.capturedAt} at time zone 'UTC')`;
  const daily = db
    .selectDistinctOn([metricSnapshots.socialAccountId, day], {
      reach: sql<number>`${metricSnapshots.reach}`.as('reach'),
    })
    .from(metricSnapshots)
    .innerJoin(socialAccounts, eq(socialAccounts.id, metricSnapshots.socialAccountId))
    .where(and(activeAccountOf(clientId), sql`${metricSnapshots.capturedAt} > ${iso(since)}::timestamptz`))
    .orderBy(metricSnapshots.socialAccountId, day, desc(metricSnapshots.capturedAt))
    .as('daily');
  const [row] = await db.select({ reach: sql<string>`coalesce(sum(${daily.reach}), 0)` }).from(daily);
  return Number(row?.reach ?? 0);
}

export async function countPostedContent(db: Db, clientId: number, start: Date, end: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contentItems)
    .where(
      and(
        eq(contentItems.clientId, clientId),
        eq(contentItems.status, 'posted'),
        gte(contentItems.scheduledDate, start),
        lt(contentItems.scheduledDate, end),
      ),
    );
  return Number(row?.n ?? 0);
}

