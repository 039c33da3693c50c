import type { TBillingPlan } from '@agency/contract';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatUsd } from '@/lib/format';
import { periodOf } from '../lib/plan-cycle';

/** '$250 /month' (or '/year' for a plan priced annually), with the old price struck through when there is one. */
export function PlanPrice({
  plan,
  className,
}: {
  plan: Pick<TBillingPlan, 'price' | 'originalPrice' | 'stripePrice' | 'annualStripePrice'>;
  className?: string;
}) {
  return (
    <p className={cn('flex items-baseline gap-2', className)}>
      <span className="text-3xl font-semibold text-fg tabular-nums">{formatUsd(plan.price)}</span>
      <span className="text-sm text-fg-muted">/{periodOf(plan)}</span>
      {plan.originalPrice !== null && plan.originalPrice > plan.price && (
        <s className="text-sm text-fg-subtle tabular-nums">
          <span className="sr-only">was </span>
          {formatUsd(plan.originalPrice)}
        </s>
      )}
    </p>
  );
}

/** A plan's features, ticked. */
export function PlanFeatures({ features, className }: { features: readonly string[]; className?: string }) {
  return (
    <ul className={className}>
      {features.map((f) => (
        <li key={f} className="flex items-start gap-2 text-sm text-fg">
          <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-success-600" />
          {f}
        </li>
      ))}
    </ul>
  );
}
