import { LIMITS, type TBillingPlan } from '@agency/contract';
import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { Card } from '@/components/ui';

/** Success: says so, then after 3 s (the data reloads and) the overview returns. */
export function SuccessStep({ plan, onDone }: { plan: TBillingPlan | null; onDone: () => void }) {
  // onDone is stable (useCallback): the 3 s start once, when the screen shows.
  useEffect(() => {
    const t = window.setTimeout(onDone, LIMITS.billingSuccessRedirectMs);
    return () => window.clearTimeout(t);
  }, [onDone]);
  return (
    <Card className="mx-auto max-w-lg">
      <div role="status" className="flex flex-col items-center px-6 py-12 text-center">
        <span className="mb-4 rounded-full bg-success-50 p-3 text-success-600">
          <CheckCircle2 aria-hidden className="h-8 w-8" />
        </span>
        <h2 className="text-xl font-semibold text-fg">Payment Successful!</h2>
        <p className="mt-2 text-sm text-fg-muted">
          {plan ? `Welcome to the ${plan.name} plan. ` : ''}Your subscription is active. Taking you back to your billing overview…
        </p>
      </div>
    </Card>
  );
}
