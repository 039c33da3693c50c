import { CalendarClock } from 'lucide-react';
import { Button, Card, Skeleton, SkeletonGroup } from '@/components/ui';
import { PayNowButton } from '@/entities/billing/components/pay-now';
import { formatDay, formatUsdCents } from '@/lib/format';
import { useClientStats } from '@/entities/dashboard/api/get-client-stats';

/**
 * Next Payment Due (client-and-public 2.4): shown when the next payment has a date, with its amount and date, and
 * Pay Now when it is an unpaid invoice (a renewal without an invoice yet has nothing to pay now).
 */
export function NextPaymentBanner() {
  const stats = useClientStats();
  if (stats.isPending) {
    return (
      <SkeletonGroup label="Loading your next payment">
        <Skeleton className="h-20 rounded-xl" />
      </SkeletonGroup>
    );
  }
  if (stats.isError) {
    return (
      <Card role="alert" className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
        <p className="text-danger-700">Failed to load dashboard data</p>
        <Button variant="secondary" size="sm" onClick={() => void stats.refetch()} loading={stats.isFetching}>
          Try Again
        </Button>
      </Card>
    );
  }
  const { next_payment_date: date, next_payment_amount: amount, next_payment_invoice_id: invoiceId } = stats.data.body;
  if (!date) return null;
  return (
    <section
      aria-labelledby="next-payment-title"
      className="flex flex-col gap-3 rounded-xl border border-warning-600/30 bg-warning-50 p-4 sm:flex-row sm:items-center"
    >
      <span className="self-start rounded-lg bg-surface p-2 text-warning-700 sm:self-auto">
        <CalendarClock aria-hidden className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="next-payment-title" className="text-sm font-semibold text-fg">
          Next Payment Due
        </h2>
        <p className="text-sm text-fg-muted">
          <span className="font-semibold text-fg tabular-nums">{amount === null ? '—' : formatUsdCents(amount)}</span> due on{' '}
          <span className="tabular-nums">{formatDay(date)}</span>
        </p>
      </div>
      {invoiceId !== null && <PayNowButton invoice={{ id: invoiceId, amount }} size="md" className="self-start sm:self-auto" />}
    </section>
  );
}
