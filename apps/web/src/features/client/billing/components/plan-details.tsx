import type { TBillingPlan, TPlanChangePreview } from '@agency/contract';
import { ArrowLeft, ArrowRight, ShieldCheck } from 'lucide-react';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle } from '@/components/ui';
import { formatDay, formatUsdCents } from '@/lib/format';
import type { TFlowError, TPlanMode } from '../lib/billing-flow';
import { FlowErrorAlert } from './flow-error';
import { PlanFeatures, PlanPrice } from './plan-parts';

/** What a plan change costs, as previewed: the new price, the prorated part and what the next invoice asks for. */
function ChangePreview({ preview }: { preview: TPlanChangePreview }) {
  return (
    <section aria-label="Cost of the change" className="rounded-lg border border-border bg-subtle p-4">
      <dl className="space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-fg-muted">{preview.billing_cycle === 'annual' ? 'New annual price' : 'New monthly price'}</dt>
          <dd className="font-medium text-fg tabular-nums">{formatUsdCents(preview.price)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-fg-muted">
            {preview.proration_amount < 0 ? 'Credit for the unused part of your current plan' : 'Proration for the rest of this period'}
          </dt>
          <dd className="font-medium text-fg tabular-nums">{formatUsdCents(preview.proration_amount)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-border pt-2">
          <dt className="font-semibold text-fg">
            Next invoice{preview.next_billing_date ? ` (${formatDay(preview.next_billing_date)})` : ''}
          </dt>
          <dd className="text-base font-semibold text-fg tabular-nums">{formatUsdCents(preview.amount_due)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Plan details: the chosen plan; subscribing continues to payment, changing shows the previewed cost to confirm. */
export function PlanDetails({
  plan,
  mode,
  preview,
  error,
  busy,
  onBack,
  onContinue,
}: {
  plan: TBillingPlan;
  mode: TPlanMode;
  preview: TPlanChangePreview | null;
  error: TFlowError | null;
  busy: boolean;
  onBack: () => void;
  onContinue: () => void;
}) {
  return (
    <section aria-labelledby="plan-details-title" className="mx-auto max-w-2xl space-y-5">
      <Button variant="ghost" onClick={onBack}>
        <ArrowLeft aria-hidden className="h-4 w-4" />
        Back to plans
      </Button>
      <Card>
        <CardHeader>
          <div>
            <CardTitle id="plan-details-title">
              {mode === 'change' ? `Switch to the ${plan.name} plan` : `The ${plan.name} plan`}
            </CardTitle>
            <PlanPrice plan={plan} className="mt-1" />
          </div>
          {plan.popular && <Badge tone="primary">Most Popular</Badge>}
        </CardHeader>
        <CardContent className="space-y-5">
          <PlanFeatures features={plan.features} className="grid gap-2 sm:grid-cols-2" />
          {mode === 'change' && preview && <ChangePreview preview={preview} />}
          <p className="flex items-start gap-2 text-sm text-fg-muted">
            <ShieldCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-fg-subtle" />
            {mode === 'change'
              ? 'The new plan starts now; the prorated difference is added to your next invoice.'
              : 'Billed monthly and renews automatically. Cancel anytime; 30-day money-back guarantee.'}
          </p>
          {error && <FlowErrorAlert error={error} />}
          <Button size="lg" className="w-full sm:w-auto" onClick={onContinue} loading={busy}>
            {mode === 'change' ? 'Confirm Plan Change' : 'Continue to Payment'}
            {!busy && <ArrowRight aria-hidden className="h-4 w-4" />}
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}
