import { LIMITS, type TInvoice, type TSubscription } from '@agency/contract';
import { ArrowRight, Receipt, Sparkles } from 'lucide-react';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState } from '@/components/ui';
import { PayNowButton } from '@/entities/billing/components/pay-now';
import { CurrentInvoiceStatusBadge, isPayable } from '@/entities/invoices/components/invoice-status';
import { invoiceDescription } from '@/entities/invoices/lib/invoice-text';
import { formatDay, formatUsd, formatUsdCents } from '@/lib/format';
import { billingPeriodOf, NextBilling, SubscriptionStatusBadge } from './subscription-status';

/** The current subscription: plan, price, state, next billing date. */
export function CurrentSubscriptionCard({
  subscription,
  onManage,
  onChoosePlan,
}: {
  subscription: TSubscription | null;
  onManage: () => void;
  onChoosePlan: () => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Current Subscription</CardTitle>
        {subscription && <SubscriptionStatusBadge subscription={subscription} />}
      </CardHeader>
      {subscription ? (
        <CardContent className="space-y-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <p className="text-lg font-semibold text-fg">{subscription.plan_name} plan</p>
              <p className="text-sm text-fg-muted">
                <NextBilling subscription={subscription} />
              </p>
            </div>
            <p className="text-2xl font-semibold text-fg tabular-nums">
              {formatUsd(subscription.price)}
              <span className="text-sm font-normal text-fg-muted">/{billingPeriodOf(subscription)}</span>
            </p>
          </div>
          <Button variant="secondary" size="sm" onClick={onManage}>
            Manage subscription
            <ArrowRight aria-hidden className="h-4 w-4" />
          </Button>
        </CardContent>
      ) : (
        <EmptyState
          icon={<Sparkles aria-hidden className="h-6 w-6" />}
          title="No active plan"
          description="Choose a growth plan to get your team started."
          action={<Button onClick={onChoosePlan}>Choose a plan</Button>}
        />
      )}
    </Card>
  );
}

/** The 5 most recent transactions (client-and-public 9), with Pay Now on what is owed. */
export function RecentTransactions({ invoices, onShowAll }: { invoices: readonly TInvoice[]; onShowAll: () => void }) {
  const recent = invoices.slice(0, LIMITS.recentTransactions);
  return (
    <Card>
      <CardHeader className="items-center">
        <CardTitle>Recent Transactions</CardTitle>
        {invoices.length > 0 && (
          <Button variant="ghost" size="sm" onClick={onShowAll}>
            View all invoices
          </Button>
        )}
      </CardHeader>
      {recent.length === 0 ? (
        <EmptyState icon={<Receipt aria-hidden className="h-6 w-6" />} title="No transactions yet" description="Payments and invoices will show here." />
      ) : (
        <ul className="divide-y divide-border">
          {recent.map((inv) => (
            <li key={inv.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3" data-testid="recent-transaction">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-fg">{invoiceDescription(inv)}</p>
                <p className="text-xs text-fg-muted tabular-nums">
                  {inv.invoice_number} · {formatDay(inv.created_at)}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <span className="text-sm font-semibold text-fg tabular-nums">{formatUsdCents(inv.amount)}</span>
                <CurrentInvoiceStatusBadge invoice={inv} />
                {isPayable(inv) && <PayNowButton invoice={inv} subject={`invoice ${inv.invoice_number}`} />}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
