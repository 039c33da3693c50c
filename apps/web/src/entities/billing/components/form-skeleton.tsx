import { Skeleton, SkeletonGroup } from '@/components/ui';

/** The card form's shape while it loads (the Stripe chunk, or Stripe.js itself). */
export function FormSkeleton() {
  return (
    <SkeletonGroup label="Loading the payment form" className="space-y-3">
      <Skeleton className="h-11" />
      <div className="grid grid-cols-2 gap-3">
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
      </div>
      <Skeleton className="h-11" />
    </SkeletonGroup>
  );
}
