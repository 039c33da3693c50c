import type { TInvoice, TSubscription } from '@agency/contract';
import { AlertTriangle, CalendarX2, Clock, PauseCircle } from 'lucide-react';
import { Badge } from '@/components/ui';
import { PayNowButton } from '@/entities/billing/components/pay-now';
import { formatDay, formatUsdCents } from '@/lib/format';

/** One line on the subscription's state: 'Active', 'Ends on Mar 3, 2026', 'Payment past due', 'Awaiting first payment'. */
export function planStatusText(subscription: TSubscription): string {
  if (subscription.status === 'past_due') return 'Payment past due';
  if (subscription.status === 'incomplete') return 'Awaiting first payment';
  if (subscription.paused_at) return 'Paused';
  if (subscription.cancel_at_period_end) return `Ends on ${formatDay(subscription.next_billing_date)}`;
  return 'Active';
}

/** 'month' or 'year': what the subscription's price pays for. */
export const billingPeriodOf = (subscription: Pick<TSubscription, 'billing_cycle'>) => (subscription.billing_cycle === 'annual' ? 'year' : 'month');

export function SubscriptionStatusBadge({ subscription }: { subscription: TSubscription }) {
  if (subscription.status === 'past_due') return <Badge tone="danger">Past due</Badge>;
  if (subscription.status === 'incomplete') return <Badge tone="warning">Incomplete</Badge>;
  if (subscription.paused_at) return <Badge tone="warning">Paused</Badge>;
  if (subscription.cancel_at_period_end) return <Badge tone="default">Ends on {formatDay(subscription.next_billing_date)}</Badge>;
  return <Badge tone="success">Active</Badge>;
}

/**
 * What needs the client's attention about the subscription: a failed renewal (past_due) or a first payment not
 * made (incomplete), each with Pay Now for the open invoice; a cancellation that takes effect at the period's end.
 */
export function SubscriptionNotice({ subscription, openInvoice }: { subscription: TSubscription; openInvoice: TInvoice | null }) {
  if (subscription.status === 'past_due' || subscription.status === 'incomplete') {
    const pastDue = subscription.status === 'past_due';
    return (
      <div role="alert" className="flex flex-col gap-3 rounded-xl border border-danger-600/30 bg-danger-50 p-4 sm:flex-row sm:items-center">
        <AlertTriangle aria-hidden className="h-5 w-5 shrink-0 text-danger-600" />
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-semibold text-danger-700">
            {pastDue ? 'Your last payment failed' : `Your ${subscription.plan_name} plan is waiting for its first payment`}
          </p>
          <p className="text-danger-700">
            {openInvoice
              ? `Pay invoice ${openInvoice.invoice_number} (${formatUsdCents(openInvoice.amount)}) to keep your ${subscription.plan_name} plan active.`
              : 'Add or update your card under Payment Methods; the payment will be retried.'}
          </p>
        </div>
        {openInvoice && (
          <PayNowButton
            invoice={openInvoice}
            variant="danger"
            size="md"
            subject={`invoice ${openInvoice.invoice_number}`}
            className="self-start sm:self-auto"
          />
        )}
      </div>
    );
  }
  if (subscription.paused_at) {
    return (
      <div role="status" className="flex items-start gap-3 rounded-xl border border-warning-600/30 bg-warning-50 p-4 text-sm">
        <PauseCircle aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-warning-700" />
        <div>
          <p className="font-semibold text-fg">Paused since {formatDay(subscription.paused_at)}</p>
          <p className="text-fg-muted">
            Your {subscription.plan_name} plan is paused: you are not charged until you resume it (Subscription tab).
          </p>
        </div>
      </div>
    );
  }
  if (subscription.cancel_at_period_end) {
    return (
      <div role="status" className="flex items-start gap-3 rounded-xl border border-border bg-subtle p-4 text-sm">
        <CalendarX2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-fg-muted" />
        <div>
          <p className="font-semibold text-fg">Ends on {formatDay(subscription.next_billing_date)}</p>
          <p className="text-fg-muted">
            Your {subscription.plan_name} plan was cancelled and stays active until then. You will not be charged again.
          </p>
        </div>
      </div>
    );
  }
  return null;
}

/**
 * When the plan bills next or ends. `bare`: only the date, under a label that already says which ('Next billing
 * date', 'Ends').
 */
export function NextBilling({ subscription, bare = false }: { subscription: TSubscription; bare?: boolean }) {
  if (subscription.paused_at) {
    return (
      <span className="inline-flex items-center gap-1.5">
        <PauseCircle aria-hidden className="h-4 w-4 text-fg-subtle" />
        {bare ? 'None while paused' : 'Paused: no payment until you resume'}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5 tabular-nums">
      <Clock aria-hidden className="h-4 w-4 text-fg-subtle" />
      {!bare && (subscription.cancel_at_period_end ? 'Ends on ' : 'Next billing ')}
      {formatDay(subscription.next_billing_date)}
    </span>
  );
}
