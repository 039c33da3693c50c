import { clientPermissionCovers, type TClientDashboardStats, type TDashboardStats } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { clientScope, ownClient, type Actor } from '../../core/actor';
import { toMoney } from '../../core/money';
import { nextPaymentOf } from '../billing';
import { countOverdueInvoices } from '../invoices';
import * as q from './dashboard.queries';

const DAY_MS = 86_400_000;
const oneDecimal = (v: number) => Math.round(v * 10) / 10;
const monthStart = (d: Date, offset = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));

/**
 * Admin overview cards, over the clients the staff member reaches (a manager: the assigned ones). Monthly Revenue is
 * the clients module's figure (what the active clients pay a month), the same the Clients and Performance screens
 * show; beside it, what was collected this month (paid invoices with paid_at in the current calendar month, UTC) and
 * how that compares with the same span of the previous month (1st .. same elapsed time).
 */
export async function getDashboardStats(deps: AppDeps, actor: Actor): Promise<TDashboardStats> {
  const now = deps.now();
  const thisMonth = monthStart(now);
  const nextMonth = monthStart(now, 1);
  const prevMonth = monthStart(now, -1);
  const elapsed = now.getTime() - thisMonth.getTime();
  const prevSpanEnd = new Date(Math.min(prevMonth.getTime() + elapsed, thisMonth.getTime()));
  const today = now.toISOString().slice(0, 10);
  const scope = clientScope(actor);

  const [collected, clients, pendingTasks, overdue, gained] = await Promise.all([
    q.paidRevenue(deps.db, scope, { start: thisMonth, end: nextMonth }, { start: prevMonth, end: prevSpanEnd }),
    q.clientFigures(deps.db, scope),
    q.countOpenTasks(deps.db, scope),
    countOverdueInvoices(deps.db, scope, today),
    q.activeClientsNetChange(deps.db, scope, new Date(now.getTime() - 7 * DAY_MS)),
  ]);
  const current = toMoney(collected.a);
  const previous = toMoney(collected.b);
  return {
    total_revenue: toMoney(clients.monthlyRevenue),
    collected_this_month: current,
    active_clients: clients.active,
    pending_tasks: pendingTasks,
    overdue_payments: overdue,
    revenue_change_percent: previous > 0 ? oneDecimal(((current - previous) / previous) * 100) : null,
    active_clients_gained_this_week: gained,
  };
}

const EMPTY_CLIENT_STATS: TClientDashboardStats = {
  total_followers: 0,
  growth_rate: 0,
  engagement_rate: 0,
  reach: 0,
  posts_this_month: 0,
  next_payment_date: null,
  next_payment_amount: null,
  next_payment_invoice_id: null,
};

/** The signed-in client's cards, from its own rows only (the next payment only for who reaches billing). */
export async function getClientDashboardStats(deps: AppDeps, actor: Actor): Promise<TClientDashboardStats> {
  const clientId = ownClient(actor);
  if (!clientId || clientId < 0) return EMPTY_CLIENT_STATS;
  const seesBilling = actor.kind !== 'user' || clientPermissionCovers(actor.clientPermission, 'billing');
  const now = deps.now();
  const thirtyDaysAgo = new Date(now.getTime() - 30 * DAY_MS);

  const [accounts, reach, posts, next] = await Promise.all([
    q.accountTotals(deps.db, clientId, thirtyDaysAgo),
    q.reachSince(deps.db, clientId, thirtyDaysAgo),
    q.countPostedContent(deps.db, clientId, monthStart(now), monthStart(now, 1)),
    seesBilling ? nextPaymentOf(deps.db, clientId) : Promise.resolve(null),
  ]);
  const growth =
    accounts.baselineFollowers > 0
      ? oneDecimal(((accounts.followersWithBaseline - accounts.baselineFollowers) / accounts.baselineFollowers) * 100)
      : 0;
  return {
    total_followers: accounts.followers,
    growth_rate: growth,
    engagement_rate: Math.min(1, Math.max(0, Math.round(accounts.engagement * 10_000) / 10_000)),
    reach,
    posts_this_month: posts,
    next_payment_date: next?.date ?? null,
    next_payment_amount: next ? toMoney(next.amount) : null,
    next_payment_invoice_id: next?.invoiceId ?? null,
  };
}
