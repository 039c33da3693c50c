import { annualSavingPercent, PRICING_PLATFORMS, type TBillingPlan, type TPlanBillingCycle, type TPricingPlatformId } from '@agency/contract';
import { ArrowLeft } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { PlatformIcon } from '@/components/platform-icon';
import { Badge, Button, Card, ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';
import { PAYMENT_TEXTS } from '@/entities/billing/lib/payment-texts';
import { cn } from '@/lib/cn';
import { usePlans, useSubscription } from '../api/billing.queries';
import { pricedFor } from '../lib/plan-cycle';
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
      <p className="mt-1 text-sm text-fg-muted">{plan.description}</p>
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

/**
 * Plan selection: 'Choose Your Growth Plan' (or changing the current plan): the catalogue's plans from the API, one
 * platform at a time, monthly or annual. A plan change stays on the current plan's billing period.
 */
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
  const subscription = useSubscription();
  const current = mode === 'change' && subscription.data?.status === 200 ? subscription.data.body : null;
  const [platform, setPlatform] = useState<TPricingPlatformId | null>(null);
  const [chosenCycle, setCycle] = useState<TPlanBillingCycle>('monthly');
  const shownPlatform = platform ?? current?.platform ?? 'instagram';
  const cycle = current?.billing_cycle ?? chosenCycle;
  const all = plans.data?.status === 200 ? plans.data.body.results : [];
  const shown = all.filter((p) => p.platform === shownPlatform).map((p) => pricedFor(p, cycle));
  const saving = Math.max(0, ...all.filter((p) => p.platform === shownPlatform).map((p) => annualSavingPercent({ monthly: p.price, annual: p.annualPrice })));
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
              : 'Monthly or annual billing, no setup fees, pause or cancel anytime. 30-day money-back guarantee on all plans.'}
          </p>
        </div>
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden className="h-4 w-4" />
          Billing overview
        </Button>
      </div>
      {error && <FlowErrorAlert error={error} />}
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* Buttons that filter the plans below (not tabs: there is one list, shown for the platform picked). */}
        <PressedGroup
          label="Platform"
          options={PRICING_PLATFORMS.map((p) => ({
            value: p.id,
            content: (
              <span className="flex items-center gap-2">
                <PlatformIcon platform={p.id} size="sm" />
                {p.name}
              </span>
            ),
          }))}
          value={shownPlatform}
          onChange={setPlatform}
        />
        {current ? (
          <p className="text-sm text-fg-muted">Billed {current.billing_cycle === 'annual' ? 'annually' : 'monthly'}, like your current plan</p>
        ) : (
          <div className="flex items-center gap-2">
            <PressedGroup
              label="Billing period"
              options={(['monthly', 'annual'] as const).map((value) => ({ value, content: value === 'monthly' ? 'Monthly' : 'Annual' }))}
              value={cycle}
              onChange={setCycle}
            />
            {cycle === 'annual' && saving > 0 && <Badge tone="success">{`Save up to ${saving}%`}</Badge>}
          </div>
        )}
      </div>
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
          {shown.map((plan) => (
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

/** A row of buttons of which one is pressed (a filter or a choice of the list below). */
function PressedGroup<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; content: ReactNode }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex flex-wrap rounded-lg border border-border bg-surface p-1">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn('rounded-md px-3 py-1.5 text-sm font-medium', value === option.value ? 'bg-brand-600 text-white' : 'text-fg-muted hover:text-fg')}
        >
          {option.content}
        </button>
      ))}
    </div>
  );
}
