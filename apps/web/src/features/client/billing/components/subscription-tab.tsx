import type { TSubscription } from '@agency/contract';
import { useQueryClient } from '@tanstack/react-query';
import { PauseCircle, PlayCircle, RefreshCcw, Sparkles, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, CardContent, CardHeader, CardTitle, Dialog, EmptyState, FormError, useToast } from '@/components/ui';
import { billingKeys } from '@/entities/billing/billing-keys';
import { serverMessage } from '@/entities/billing/lib/payment-texts';
import { formatDay, formatUsd } from '@/lib/format';
import { useCancelSubscription, usePauseSubscription, useReloadBilling, useResumeSubscription } from '../api/billing.queries';
import { PlanFeatures } from './plan-parts';
import { billingPeriodOf, NextBilling, SubscriptionStatusBadge } from './subscription-status';

const CANCEL_FAILED = 'Failed to cancel the subscription. Please try again.';

/** Cancel: it stays active until the end of the paid period (the date is shown before confirming). */
function CancelDialog({ subscription, onClose }: { subscription: TSubscription; onClose: () => void }) {
  const { success } = useToast();
  const queryClient = useQueryClient();
  const reload = useReloadBilling();
  const cancel = useCancelSubscription();
  const [failure, setFailure] = useState<string | null>(null);
  const ends = subscription.next_billing_date ? formatDay(subscription.next_billing_date) : null;

  const confirm = () => {
    setFailure(null);
    cancel.mutate(
      { body: { at_period_end: true } },
      {
        onSuccess: (res) => {
          queryClient.setQueryData(billingKeys.subscription(), (old: { status: 200; body: TSubscription | null; headers: Headers } | undefined) =>
            old ? { ...old, body: res.body } : old,
          );
          const end = res.body.next_billing_date ? formatDay(res.body.next_billing_date) : ends;
          success(end ? `Subscription cancelled. It ends on ${end}.` : 'Subscription cancelled.');
          void reload();
          onClose();
        },
        onError: (err) => setFailure(serverMessage(err) ?? CANCEL_FAILED),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Cancel your subscription?"
      description={
        ends
          ? `Your ${subscription.plan_name} plan stays active until ${ends}, then ends. You will not be charged again.`
          : `Your ${subscription.plan_name} plan stays active until the end of the current billing period, then ends. You will not be charged again.`
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Keep subscription
          </Button>
          <Button variant="danger" onClick={confirm} loading={cancel.isPending}>
            Cancel subscription
          </Button>
        </>
      }
    >
      <FormError message={failure} />
    </Dialog>
  );
}

type TSubscriptionCache = { status: 200; body: TSubscription | null; headers: Headers } | undefined;

/**
 * Pause (nothing is charged until it resumes) or Resume (it renews at the end of the current period), after the client
 * confirms what it means for the next payment.
 */
function PauseDialog({ subscription, action, onClose }: { subscription: TSubscription; action: 'pause' | 'resume'; onClose: () => void }) {
  const { success } = useToast();
  const queryClient = useQueryClient();
  const reload = useReloadBilling();
  const pause = usePauseSubscription();
  const resume = useResumeSubscription();
  const mutation = action === 'pause' ? pause : resume;
  const [failure, setFailure] = useState<string | null>(null);
  const pausing = action === 'pause';

  const confirm = () => {
    setFailure(null);
    mutation.mutate(
      {},
      {
        onSuccess: (res) => {
          queryClient.setQueryData(billingKeys.subscription(), (old: TSubscriptionCache) => (old ? { ...old, body: res.body } : old));
          const next = res.body.next_billing_date ? formatDay(res.body.next_billing_date) : null;
          success(pausing ? 'Your plan is paused.' : next ? `Your plan is running again. Next payment on ${next}.` : 'Your plan is running again.');
          void reload();
          onClose();
        },
        onError: (err) => setFailure(serverMessage(err) ?? (pausing ? PAUSE_FAILED : RESUME_FAILED)),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={pausing ? 'Pause your plan?' : 'Resume your plan?'}
      description={
        pausing
          ? `Your ${subscription.plan_name} plan stays yours, but nothing is charged while it is paused and no renewal is due. Resume it whenever you like.`
          : `Your ${subscription.plan_name} plan runs again and renews at ${formatUsd(subscription.price)}/${billingPeriodOf(subscription)} at the end of the current billing period.`
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {pausing ? 'Keep it running' : 'Keep it paused'}
          </Button>
          <Button onClick={confirm} loading={mutation.isPending}>
            {pausing ? 'Pause plan' : 'Resume plan'}
          </Button>
        </>
      }
    >
      <FormError message={failure} />
    </Dialog>
  );
}

const PAUSE_FAILED = 'Failed to pause the plan. Please try again.';
const RESUME_FAILED = 'Failed to resume the plan. Please try again.';

/** How the plan bills: 'Monthly, renews automatically', '…, does not renew', '…, paused'. */
function billingCycleText(subscription: TSubscription): string {
  const cycle = subscription.billing_cycle === 'annual' ? 'Annual' : 'Monthly';
  if (subscription.paused_at) return `${cycle}, paused`;
  return subscription.cancel_at_period_end ? `${cycle}, does not renew` : `${cycle}, renews automatically`;
}

/** Subscription: the plan's features, the next billing date, Change Plan, Pause or Resume, Cancel. */
export function SubscriptionTab({
  subscription,
  onChangePlan,
  onChoosePlan,
}: {
  subscription: TSubscription | null;
  onChangePlan: () => void;
  onChoosePlan: () => void;
}) {
  const [cancelling, setCancelling] = useState(false);
  const [pausing, setPausing] = useState<'pause' | 'resume' | null>(null);
  if (!subscription) {
    return (
      <Card>
        <EmptyState
          icon={<Sparkles aria-hidden className="h-6 w-6" />}
          title="No active subscription"
          description="Choose a growth plan; you can change or cancel it anytime."
          action={<Button onClick={onChoosePlan}>Choose a plan</Button>}
        />
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>{subscription.plan_name} plan</CardTitle>
          <p className="mt-1 text-2xl font-semibold text-fg tabular-nums">
            {formatUsd(subscription.price)}
            <span className="text-sm font-normal text-fg-muted">/{billingPeriodOf(subscription)}</span>
          </p>
        </div>
        <SubscriptionStatusBadge subscription={subscription} />
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-fg-muted">Billing cycle</dt>
            <dd className="font-medium text-fg">{billingCycleText(subscription)}</dd>
          </div>
          <div>
            <dt className="text-fg-muted">{subscription.cancel_at_period_end ? 'Ends' : 'Next billing date'}</dt>
            <dd className="font-medium text-fg">
              <NextBilling subscription={subscription} bare />
            </dd>
          </div>
        </dl>
        <div>
          <h3 className="text-sm font-semibold text-fg">What your plan includes</h3>
          <PlanFeatures features={subscription.features} className="mt-2 grid gap-2 sm:grid-cols-2" />
        </div>
        <div className="flex flex-wrap gap-2 border-t border-border pt-4">
          <Button onClick={onChangePlan}>
            <RefreshCcw aria-hidden className="h-4 w-4" />
            Change Plan
          </Button>
          {subscription.paused_at ? (
            <Button variant="secondary" onClick={() => setPausing('resume')}>
              <PlayCircle aria-hidden className="h-4 w-4" />
              Resume plan
            </Button>
          ) : (
            subscription.status === 'active' &&
            !subscription.cancel_at_period_end && (
              <Button variant="secondary" onClick={() => setPausing('pause')}>
                <PauseCircle aria-hidden className="h-4 w-4" />
                Pause plan
              </Button>
            )
          )}
          {!subscription.cancel_at_period_end && (
            <Button variant="ghost" className="text-danger-700 hover:text-danger-700" onClick={() => setCancelling(true)}>
              <XCircle aria-hidden className="h-4 w-4" />
              Cancel subscription
            </Button>
          )}
        </div>
      </CardContent>
      {cancelling && <CancelDialog subscription={subscription} onClose={() => setCancelling(false)} />}
      {pausing && <PauseDialog subscription={subscription} action={pausing} onClose={() => setPausing(null)} />}
    </Card>
  );
}
