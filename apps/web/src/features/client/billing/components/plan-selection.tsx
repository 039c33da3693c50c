import type { TBillingPlan } from '@agency/contract';
import { ArrowLeft } from 'lucide-react';
import { Badge, Button, Card, ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';
import { PAYMENT_TEXTS } from '@/entities/billing/lib/payment-texts';
import { cn } from '@/lib/cn';
import { usePlans } from '../api/billing.queries';
import type { TFlowError, TPlanMode } from '../lib/billing-flow';
import { FlowErrorAlert } from './flow-error';
import { PlanFeatures, PlanPrice } from './plan-parts';

/** One plan: name, price per month (was), features, Most Popular; the current plan cannot be chosen again. */
function PlanCard({
  plan,
  current,
  busy,
  disabled,
  onSelect,
}: {
  plan: TBillingPlan;
  current: boolean;
  busy: boolean;
  disabled: boolean;
  onSelect: () => void;
}) {
  const headingId = `plan-${plan.id}-name`;
  return (
    <Card
      aria-labelledby={headingId}
      role="group"
      className={cn('relative flex flex-col p-5', plan.popular && 'border-brand-600 ring-1 ring-brand-600')}
    >
      {plan.popular && (
        <Badge tone="primary" className="absolute -top-2.5 left-5">
          Most Popular
        </Badge>
      )}
      <h3 id={headingId} className="text-lg font-semibold text-fg">
        {plan.name}
      </h3>
      <PlanPrice plan={plan} className="mt-2" />
      <PlanFeatures features={plan.features} className="mt-4 flex-1 space-y-2" />
      <Button
        className="mt-5 w-full"
        variant={plan.popular ? 'primary' : 'secondary'}
        onClick={onSelect}
        disabled={current || disabled}
        loading={busy}
      >
        {current ? 'Current plan' : `Select ${plan.name}`}
      </Button>
    </Card>
  );
}

/** Plan selection: 'Choose Your Growth Plan' (or changing the current plan), the three plans from the API. */
export function PlanSelection({
  mode,
  currentPlanId,
  previewingPriceId,
  error,
  onSelect,
  onBack,
}: {
  mode: TPlanMode;
  currentPlanId: TBillingPlan['id'] | null;
  /** The plan whose change is being priced (its button spins). */
  previewingPriceId: string | null;
  error: TFlowError | null;
  onSelect: (plan: TBillingPlan) => void;
  onBack: () => void;
}) {
  const plans = usePlans();
  return (
    <section aria-labelledby="plan-selection-title" className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="plan-selection-title" className="text-xl font-semibold text-fg">
            {mode === 'change' ? 'Change Your Plan' : 'Choose Your Growth Plan'}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            {mode === 'change'
              ? 'Switch anytime: the difference for the rest of this month is prorated, and you see it before you confirm.'
              : 'Monthly billing, no setup fees, cancel anytime. 30-day money-back guarantee on all plans.'}
          </p>
        </div>
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden className="h-4 w-4" />
          Billing overview
        </Button>
      </div>
      {error && <FlowErrorAlert error={error} />}
      {plans.isPending ? (
        <SkeletonGroup label="Loading plans" className="grid gap-4 md:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-96 rounded-xl" />
          ))}
        </SkeletonGroup>
      ) : plans.isError ? (
        <Card>
          <ErrorState message={PAYMENT_TEXTS.loadFailed} onRetry={() => void plans.refetch()} retrying={plans.isFetching} />
        </Card>
      ) : (
        <div className="grid gap-4 pt-2 md:grid-cols-3">
          {plans.data.body.results.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              current={plan.id === currentPlanId}
              busy={previewingPriceId === plan.stripePrice}
              disabled={previewingPriceId !== null}
              onSelect={() => onSelect(plan)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
