import type { TSubscription } from '@agency/contract';
import { AlertCircle, CalendarClock, CreditCard, DollarSign } from 'lucide-react';
import { InlineSkeleton, StatCard } from '@/components/ui';
import { useClientStats } from '@/entities/dashboard/api/get-client-stats';
import { useInvoiceSummary } from '@/entities/invoices/api/get-invoice-summary';
import { formatDay, formatUsd, formatUsdCents } from '@/lib/format';
import { planStatusText } from './subscription-status';

const LOADING = <InlineSkeleton className="h-7 w-20" />;

/**
 * Total Spent, Current Plan, Next Payment, Outstanding ('All paid' / 'Payment due'). Whole dollars. The money figures
 * are the server's, over every invoice (its invoice summary), and the next payment is billing's one definition (the
 * same the overview's banner shows).
 */
export function SummaryCards({ subscription }: { subscription: TSubscription | null }) {
  const summary = useInvoiceSummary();
  const stats = useClientStats();
  const totals = summary.data?.body;
  const outstanding = totals ? totals.pending_amount + totals.overdue_amount : null;
  const next = stats.data?.body;
  const failed = 'could not load: use Refresh';
  return (
    <section aria-label="Billing summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        label="Total Spent"
        value={totals ? formatUsd(totals.total_revenue) : summary.isError ? '—' : LOADING}
        icon={<DollarSign aria-hidden className="h-4 w-4" />}
        hint={summary.isError ? failed : 'paid invoices'}
      />
      <StatCard
        label="Current Plan"
        value={subscription ? subscription.plan_name : 'No plan'}
        icon={<CreditCard aria-hidden className="h-4 w-4" />}
        hint={subscription ? planStatusText(subscription) : 'Choose a plan to start'}
      />
      <StatCard
        label="Next Payment"
        // To the cent: what will be charged (a plan change's proration included), as the change's preview said.
        value={next ? (next.next_payment_amount === null ? '—' : formatUsdCents(next.next_payment_amount)) : stats.isError ? '—' : LOADING}
        icon={<CalendarClock aria-hidden className="h-4 w-4" />}
        hint={
          stats.isError
            ? failed
            : next?.next_payment_date
              ? `Due ${formatDay(next.next_payment_date)}`
              : subscription?.paused_at
                ? 'Plan paused: nothing is charged'
                : subscription?.cancel_at_period_end
                  ? `No renewal: ends on ${formatDay(subscription.next_billing_date)}`
                  : 'Nothing scheduled'
        }
      />
      <StatCard
        label="Outstanding"
        value={outstanding === null ? (summary.isError ? '—' : LOADING) : formatUsd(outstanding)}
        icon={<AlertCircle aria-hidden className="h-4 w-4" />}
        hint={summary.isError ? failed : outstanding === 0 ? 'All paid' : 'Payment due'}
      />
    </section>
  );
}
