import type { TBillingPlan } from '@agency/contract';
import { ArrowLeft, Lock } from 'lucide-react';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@/components/ui';
import { PaymentForm } from '@/entities/billing/components/payment-form';
import { useAuth } from '@/lib/auth';
import { displayName, formatUsd, formatUsdCents } from '@/lib/format';
import { periodOf } from '../lib/plan-cycle';

/** Payment: the first period (month or year) of the chosen plan, with the card form of the configured provider. */
export function PaymentStep({
  plan,
  clientSecret,
  onBack,
  onSuccess,
  onError,
}: {
  plan: TBillingPlan;
  clientSecret: string;
  onBack: () => void;
  onSuccess: () => void;
  onError: (message: string) => void;
}) {
  const { user } = useAuth();
  return (
    <section aria-labelledby="payment-title" className="mx-auto max-w-lg space-y-5">
      <Button variant="ghost" onClick={onBack}>
        <ArrowLeft aria-hidden className="h-4 w-4" />
        Back to plan details
      </Button>
      <Card>
        <CardHeader>
          <div>
            <CardTitle id="payment-title">Payment</CardTitle>
            <p className="mt-1 text-sm text-fg-muted">
              {plan.name} plan · {formatUsd(plan.price)}/{periodOf(plan)}
            </p>
          </div>
          <Lock aria-hidden className="h-5 w-5 text-fg-subtle" />
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="flex items-center justify-between rounded-lg border border-border bg-subtle px-4 py-3 text-sm">
            <span className="text-fg-muted">Due today</span>
            <span className="text-lg font-semibold text-fg tabular-nums">{formatUsdCents(plan.price)}</span>
          </div>
          <PaymentForm
            kind="payment"
            clientSecret={clientSecret}
            submitLabel={`Pay ${formatUsdCents(plan.price)}`}
            amountLabel={formatUsdCents(plan.price)}
            billingName={displayName(user)}
            onSuccess={onSuccess}
            onError={onError}
          />
        </CardContent>
      </Card>
    </section>
  );
}
