import { AlertCircle, DollarSign, UserCheck, Users } from 'lucide-react';
import { Card, ErrorState, Skeleton, SkeletonGroup, StatCard } from '@/components/ui';
import { errorMessage, formatCount, formatUsd } from '@/lib/format';
import { useClientSummary } from '../api/clients.queries';

export function SummaryCards() {
  const q = useClientSummary();
  if (q.isPending) {
    return (
      <SkeletonGroup label="Loading summary" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-[6.5rem]" />
        ))}
      </SkeletonGroup>
    );
  }
  if (q.isError) {
    return (
      <Card>
        <ErrorState className="py-6" message={errorMessage(q.error, 'Failed to load the summary')} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      </Card>
    );
  }
  const s = q.data.body;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard label="Total Clients" value={formatCount(s.total)} icon={<Users aria-hidden className="h-5 w-5" />} />
      <StatCard label="Active Clients" value={formatCount(s.active)} icon={<UserCheck aria-hidden className="h-5 w-5" />} />
      <StatCard
        label="Monthly Revenue"
        value={formatUsd(s.monthly_revenue)}
        icon={<DollarSign aria-hidden className="h-5 w-5" />}
        hint="From active clients"
      />
      <StatCard
        label="Overdue Payments"
        value={formatCount(s.overdue)}
        icon={<AlertCircle aria-hidden className="h-5 w-5" />}
        // Clients whose payment status is overdue, not invoices (the overview and invoices screens count those).
        hint={s.overdue === 1 ? 'Client with an overdue payment' : 'Clients with an overdue payment'}
      />
    </div>
  );
}
