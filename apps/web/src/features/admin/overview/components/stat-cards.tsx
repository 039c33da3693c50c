import type { TDashboardStats } from '@agency/contract';
import { AlertCircle, CheckSquare, DollarSign, Users } from 'lucide-react';
import { Skeleton, StatCard } from '@/components/ui';
import { formatCount, formatUsd } from '@/lib/format';
import { clientsGainedTrend, revenueTrend } from './format-trend';

export function StatCardsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-hidden>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-[7.5rem]" />
      ))}
    </div>
  );
}

export function StatCards({ stats }: { stats: TDashboardStats }) {
  const revenue = revenueTrend(stats.revenue_change_percent);
  const gained = clientsGainedTrend(stats.active_clients_gained_this_week);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        label="Monthly Revenue"
        value={formatUsd(stats.total_revenue)}
        icon={<DollarSign aria-hidden className="h-5 w-5" />}
        // What the active clients pay a month (as on Clients and Performance); the trend is what came in this month.
        hint={`${formatUsd(stats.collected_this_month)} collected this month${revenue.text === '—' ? '' : ` (${revenue.text} vs last month)`}`}
      />
      <StatCard
        label="Active Clients"
        value={formatCount(stats.active_clients)}
        icon={<Users aria-hidden className="h-5 w-5" />}
        trend={gained.text}
        trendDirection={gained.direction}
      />
      <StatCard
        label="Pending Tasks"
        value={formatCount(stats.pending_tasks)}
        icon={<CheckSquare aria-hidden className="h-5 w-5" />}
        hint="Not yet completed"
      />
      <StatCard
        label="Overdue Payments"
        value={formatCount(stats.overdue_payments)}
        icon={<AlertCircle aria-hidden className="h-5 w-5" />}
        hint={stats.overdue_payments === 0 ? 'All invoices on time' : 'Invoices past due, incl. pending'}
      />
    </div>
  );
}
