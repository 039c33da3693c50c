import { clientPermissionCovers, type TClientDashboardStats, type TDashboardStats } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { clientScope, ownClient, type Actor } from '../../core/actor';
import { toMoney } from '../../core/money';
import { clientHeadline } from '../analytics';
import { nextPaymentOf } from '../billing';
import { countOverdueInvoices, paidRevenue } from '../invoices';
import { getTaskStats } from '../tasks';
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

  const [collected, clients, tasks, overdue, gained] = await Promise.all([
    paidRevenue(deps.db, scope, { start: thisMonth, end: nextMonth }, { start: prevMonth, end: prevSpanEnd }),
    q.clientFigures(deps.db, scope),
    getTaskStats(deps, actor),
    countOverdueInvoices(deps.db, scope, today),
    q.activeClientsNetChange(deps.db, scope, new Date(now.getTime() - 7 * DAY_MS)),
  ]);
  const current = toMoney(collected.a);
  const previous = toMoney(collected.b);
  return {
    total_revenue: toMoney(clients.monthlyRevenue),
    collected_this_month: current,
    active_clients: clients.active,
    // Open tasks as the Tasks screen counts them (a manager's include those assigned to them).
    pending_tasks: tasks.total - tasks.completed,
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
  const [headline, next] = await Promise.all([
    clientHeadline(deps.db, clientId, deps.now()),
    seesBilling ? nextPaymentOf(deps.db, clientId) : Promise.resolve(null),
  ]);
  // The analytics' past-month figures: the same the Performance screen's summary shows.
  return {
    total_followers: headline.followers,
    growth_rate: headline.growthRate ?? 0,
    engagement_rate: headline.engagement,
    reach: headline.reach,
    posts_this_month: headline.postsThisMonth,
    next_payment_date: next?.date ?? null,
    next_payment_amount: next ? toMoney(next.amount) : null,
    next_payment_invoice_id: next?.invoiceId ?? null,
  };
}
