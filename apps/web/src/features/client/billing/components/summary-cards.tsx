import type { TInvoice, TSubscription } from '@agency/contract';
import { AlertCircle, CalendarClock, CreditCard, DollarSign } from 'lucide-react';
import { StatCard } from '@/components/ui';
import { formatDay, formatUsd } from '@/lib/format';
import { billingSummary } from '../lib/billing-summary';
import { planStatusText } from './subscription-status';

/** Total Spent, Current Plan, Next Payment, Outstanding ('All paid' / 'Payment due'). Whole dollars. */
export function SummaryCards({ invoices, subscription }: { invoices: readonly TInvoice[]; subscription: TSubscription | null }) {
  const s = billingSummary(invoices, subscription);
  return (
    <section aria-label="Billing summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Total Spent" value={formatUsd(s.totalSpent)} icon={<DollarSign aria-hidden className="h-4 w-4" />} hint="paid invoices" />
      <StatCard
        label="Current Plan"
        value={subscription ? subscription.plan_name : 'No plan'}
        icon={<CreditCard aria-hidden className="h-4 w-4" />}
        hint={subscription ? planStatusText(subscription) : 'Choose a plan to start'}
      />
      <StatCard
        label="Next Payment"
        value={s.nextPayment === null ? '—' : formatUsd(s.nextPayment)}
        icon={<CalendarClock aria-hidden className="h-4 w-4" />}
        hint={
          s.nextPayment === null
            ? subscription?.cancel_at_period_end
              ? `No renewal: ends on ${formatDay(subscription.next_billing_date)}`
              : 'No renewal scheduled'
            : s.nextPaymentDate
              ? `Due ${formatDay(s.nextPaymentDate)}`
              : 'Monthly'
        }
      />
      <StatCard
        label="Outstanding"
        value={formatUsd(s.outstanding)}
        icon={<AlertCircle aria-hidden className="h-4 w-4" />}
        hint={s.outstanding === 0 ? 'All paid' : 'Payment due'}
      />
    </section>
  );
}
