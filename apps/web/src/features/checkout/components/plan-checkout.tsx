import {
  CONTENT_PLATFORM_LABELS,
  GUARANTEE_DAYS,
  parseBillingCycle,
  type TBillingPlan,
  type TCreateSubscriptionResponse,
  type TPlanBillingCycle,
} from '@agency/contract';
import { ArrowLeft, CheckCircle2, Lock, PackageX } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PlatformIcon } from '@/components/platform-icon';
import { Button, Card, EmptyState, ErrorState, FormError, Skeleton, SkeletonGroup } from '@/components/ui';
import { billingKeys } from '@/entities/billing/billing-keys';
import { PaymentForm } from '@/entities/billing/components/payment-form';
import { PAYMENT_TEXTS } from '@/entities/billing/lib/payment-texts';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { displayName, errorMessage, formatDay, formatUsd, formatUsdCents } from '@/lib/format';
import { tsr } from '@/lib/tsr';

const BILLING_PATH = '/dashboard#billing';

/** The price of one period of a plan, as the server lists it. */
const priceOf = (plan: TBillingPlan, cycle: TPlanBillingCycle) => (cycle === 'annual' ? plan.annualPrice : plan.price);
const priceIdOf = (plan: TBillingPlan, cycle: TPlanBillingCycle) => (cycle === 'annual' ? plan.annualStripePrice : plan.stripePrice);
const per = (cycle: TPlanBillingCycle) => (cycle === 'annual' ? 'year' : 'month');

/**
 * /checkout?plan=<id>&billing=monthly|annual: buys the plan a visitor picked on /pricing or a service page. The price
 * shown and charged is the server's (GET /billing/plans/, then create-subscription prices it again from the price id);
 * nothing about the price comes from the address.
 */
export function PlanCheckout({ planId }: { planId: string }) {
  const [params, setParams] = useSearchParams();
  const cycle = parseBillingCycle(params.get('billing'));
  const plans = tsr.billing.listBillingPlans.useQuery({ queryKey: billingKeys.plans(), staleTime: 10 * 60_000 });
  const subscription = tsr.billing.getSubscription.useQuery({ queryKey: billingKeys.subscription() });
  const [paid, setPaid] = useState<TBillingPlan | null>(null);

  if (paid) return <PlanActive plan={paid} cycle={cycle} />;
  if (plans.isPending || subscription.isPending) {
    return (
      <SkeletonGroup label="Loading your plan" className="mt-8 grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-80 rounded-xl lg:col-span-2" />
        <Skeleton className="h-64 rounded-xl" />
      </SkeletonGroup>
    );
  }
  if (plans.isError || subscription.isError) {
    return (
      <Card className="mt-8">
        <ErrorState
          message={PAYMENT_TEXTS.loadFailed}
          onRetry={() => {
            void plans.refetch();
            void subscription.refetch();
          }}
          retrying={plans.isFetching || subscription.isFetching}
        />
      </Card>
    );
  }
  const plan = plans.data.body.results.find((p) => p.id === planId);
  if (!plan) {
    return (
      <Card className="mt-8">
        <EmptyState
          headingLevel={2}
          icon={<PackageX aria-hidden className="h-6 w-6" />}
          title="This plan is not offered"
          description="The plan in this link is not one of our plans. Choose one on the pricing page."
          action={
            <Button asChild>
              <Link to="/pricing">See plans and pricing</Link>
            </Button>
          }
        />
      </Card>
    );
  }
  const current = subscription.data.body;
  if (current) {
    const same = current.plan === plan.id && current.billing_cycle === cycle;
    return (
      <Card className="mt-8">
        <EmptyState
          headingLevel={2}
          icon={<CheckCircle2 aria-hidden className="h-6 w-6" />}
          title={same ? `You are already on the ${plan.name} plan` : `You already have the ${current.plan_name} plan`}
          description={
            same
              ? 'Manage it from Billing in your dashboard.'
              : `Switch to ${plan.name} from Billing in your dashboard: you see the prorated cost before you confirm.`
          }
          action={
            <Button asChild>
              <Link to={BILLING_PATH}>{same ? 'Go to Billing' : 'Change plan in Billing'}</Link>
            </Button>
          }
        />
      </Card>
    );
  }
  const setCycle = (next: TPlanBillingCycle) => {
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        copy.set('billing', next);
        return copy;
      },
      { replace: true },
    );
  };
  return <PlanPurchase key={`${plan.id}-${cycle}`} plan={plan} cycle={cycle} onCycle={setCycle} onPaid={() => setPaid(plan)} />;
}

function PlanPurchase({
  plan,
  cycle,
  onCycle,
  onPaid,
}: {
  plan: TBillingPlan;
  cycle: TPlanBillingCycle;
  onCycle: (cycle: TPlanBillingCycle) => void;
  onPaid: () => void;
}) {
  const { user } = useAuth();
  const create = tsr.billing.createSubscription.useMutation();
  const reload = useInvalidateAffected('invoices');
  const [started, setStarted] = useState<TCreateSubscriptionResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const amount = priceOf(plan, cycle);
  const platform = CONTENT_PLATFORM_LABELS[plan.platform];

  const finish = () => {
    void reload();
    onPaid();
  };
  const start = () => {
    setError(null);
    create.mutate(
      { body: { price_id: priceIdOf(plan, cycle), plan_name: plan.name } },
      {
        onSuccess: (res) => {
          if (res.status !== 201) return;
          if (!res.body.client_secret) {
            if (res.body.status === 'active') finish();
            else setError('The payment could not start. Please try again.');
            return;
          }
          setStarted(res.body);
        },
        onError: (err) => setError(errorMessage(err, 'The payment could not start. Please try again.')),
      },
    );
  };

  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-3">
      <Card className="p-5 sm:p-6 lg:col-span-2" aria-labelledby="plan-checkout-title" role="region">
        <div className="flex items-center gap-3">
          <PlatformIcon platform={plan.platform} />
          <div>
            <h2 id="plan-checkout-title" className="text-lg font-semibold text-fg">
              {plan.name} plan
            </h2>
            <p className="text-sm text-fg-muted">
              {platform} growth plan · {plan.description}
            </p>
          </div>
        </div>
        <ul className="mt-5 grid gap-2 text-sm text-fg sm:grid-cols-2">
          {plan.features.map((f) => (
            <li key={f} className="flex items-start gap-2">
              <CheckCircle2 aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-success-600" />
              {f}
            </li>
          ))}
        </ul>
        {started?.client_secret ? (
          <div className="mt-6 border-t border-border pt-5">
            <h3 className="mb-4 font-semibold text-fg">Pay by card</h3>
            <PaymentForm
              kind="payment"
              clientSecret={started.client_secret}
              submitLabel={`Pay ${formatUsdCents(amount)}`}
              amountLabel={formatUsdCents(amount)}
              billingName={displayName(user)}
              onSuccess={finish}
              onError={setError}
            />
          </div>
        ) : (
          <Button asChild variant="ghost" className="mt-6">
            <Link to="/pricing">
              <ArrowLeft aria-hidden className="h-4 w-4" />
              Back to plans
            </Link>
          </Button>
        )}
      </Card>
      {/* On a phone the price and the period come first, above the card form. */}
      <Card className="order-first h-fit space-y-4 p-5 sm:p-6 lg:order-none">
        <h2 className="text-lg font-semibold text-fg">Order Summary</h2>
        <div role="group" aria-label="Billing period" className="grid grid-cols-2 rounded-lg border border-border bg-surface p-1">
          {(['monthly', 'annual'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={cycle === value}
              disabled={started !== null || create.isPending}
              onClick={() => onCycle(value)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed',
                cycle === value ? 'bg-brand-600 text-white' : 'text-fg-muted hover:text-fg',
              )}
            >
              {value === 'monthly' ? 'Monthly' : 'Annual'}
            </button>
          ))}
        </div>
        <dl className="space-y-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-fg-muted">{plan.name}</dt>
            <dd className="text-fg tabular-nums" data-testid="plan-price">
              {formatUsd(amount)}/{per(cycle)}
            </dd>
          </div>
          <div className="flex justify-between gap-3 border-t border-border pt-2 text-base font-semibold">
            <dt className="text-fg">Due today</dt>
            <dd className="text-fg tabular-nums">{formatUsdCents(amount)}</dd>
          </div>
        </dl>
        <p className="text-xs text-fg-muted">
          Renews every {per(cycle)} at {formatUsd(amount)} until you cancel. Pause or cancel anytime from Billing. {GUARANTEE_DAYS}-day money-back
          guarantee.
        </p>
        <FormError message={error} />
        {!started && (
          <Button size="lg" className="w-full" loading={create.isPending} onClick={start}>
            <Lock aria-hidden className="h-4 w-4" />
            Continue to payment
          </Button>
        )}
      </Card>
    </div>
  );
}

/** The plan is paid and running. */
function PlanActive({ plan, cycle }: { plan: TBillingPlan; cycle: TPlanBillingCycle }) {
  const subscription = tsr.billing.getSubscription.useQuery({ queryKey: billingKeys.subscription() });
  const next = subscription.data?.status === 200 ? subscription.data.body?.next_billing_date : null;
  return (
    <Card className="mx-auto mt-8 max-w-lg">
      <div role="status" className="flex flex-col items-center px-6 py-12 text-center">
        <span className="mb-4 rounded-full bg-success-50 p-3 text-success-600">
          <CheckCircle2 aria-hidden className="h-8 w-8" />
        </span>
        <h2 className="text-xl font-semibold text-fg">Your {plan.name} plan is active</h2>
        <p className="mt-2 text-sm text-fg-muted">
          {formatUsd(priceOf(plan, cycle))}/{per(cycle)}
          {next ? `, next payment on ${formatDay(next)}` : ''}. Your team starts on it now.
        </p>
        <Button asChild className="mt-6">
          <Link to={BILLING_PATH}>Go to Billing</Link>
        </Button>
      </div>
    </Card>
  );
}
