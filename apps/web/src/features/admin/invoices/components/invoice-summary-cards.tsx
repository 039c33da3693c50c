import { AlertTriangle, CalendarCheck, Clock, DollarSign } from 'lucide-react';
import { Card, ErrorState, Skeleton, SkeletonGroup, StatCard } from '@/components/ui';
import { errorMessage, formatUsd } from '@/lib/format';
import { useInvoiceSummary } from '@/entities/invoices/api/get-invoice-summary';

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/** Total Revenue (paid count), Pending, Overdue (stored status), This Month collected. Whole dollars. */
export function InvoiceSummaryCards() {
  const summary = useInvoiceSummary();
  if (summary.isPending) {
    return (
      <SkeletonGroup label="Loading summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-[7.5rem] rounded-xl" />
        ))}
      </SkeletonGroup>
    );
  }
  if (summary.isError) {
    return (
      <Card>
        <ErrorState
          title="Could not load the summary"
          message={errorMessage(summary.error)}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
          className="py-6"
        />
      </Card>
    );
  }
  const s = summary.data.body;
  return (
    <section aria-label="Invoice summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        label="Total Revenue"
        value={formatUsd(s.total_revenue)}
        icon={<DollarSign aria-hidden className="h-4 w-4" />}
        hint={plural(s.paid_count, 'paid invoice', 'paid invoices')}
      />
      <StatCard
        label="Pending"
        value={formatUsd(s.pending_amount)}
        icon={<Clock aria-hidden className="h-4 w-4" />}
        hint={plural(s.pending_count, 'invoice', 'invoices')}
      />
      <StatCard
        label="Overdue"
        value={formatUsd(s.overdue_amount)}
        icon={<AlertTriangle aria-hidden className="h-4 w-4" />}
        // Overdue by the one rule (stored overdue, or pending past due): the overview's Overdue Payments counts the same.
        hint={`${plural(s.overdue_count, 'invoice', 'invoices')} past due`}
      />
      <StatCard
        label="This Month"
        value={formatUsd(s.collected_this_month)}
        icon={<CalendarCheck aria-hidden className="h-4 w-4" />}
        hint="collected"
      />
    </section>
  );
}
