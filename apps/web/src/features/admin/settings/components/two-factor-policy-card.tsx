import { Users } from 'lucide-react';
import { useId, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle, ErrorState, FormError, Skeleton, SkeletonGroup, Switch, useToast } from '@/components/ui';
import { useSecurityPolicy, useUpdateSecurityPolicy } from '@/entities/security';
import { errorMessage, formatDay } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { serverFieldErrors } from '@/lib/server-errors';

/**
 * Owners require two-factor authentication of every staff account (read-only staff see the setting). Staff without
 * it are taken to set it up at their next request, and can do nothing else until they do.
 */
export function TwoFactorPolicyCard() {
  const { isOwner, seesAgencyWide } = useStaffRole();
  const policy = useSecurityPolicy(seesAgencyWide);
  const update = useUpdateSecurityPolicy();
  const { success } = useToast();
  const [error, setError] = useState<string | null>(null);
  const switchId = useId();
  const descriptionId = useId();
  if (!seesAgencyWide) return null;
  const data = policy.data?.status === 200 ? policy.data.body : null;

  const toggle = async (on: boolean) => {
    setError(null);
    try {
      await update.mutateAsync({ body: { require_staff_two_factor: on } });
      success(on ? 'Two-factor authentication is now required for all staff' : 'Two-factor authentication is no longer required');
    } catch (err) {
      setError(serverFieldErrors(err)?.require_staff_two_factor ?? errorMessage(err, 'Could not change the setting. Please try again.'));
    }
  };

  const without = data?.staff_without_two_factor ?? 0;
  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Staff sign-in</CardTitle>
          <p className="mt-1 text-sm text-fg-muted">Your staff hold the keys to your clients’ accounts and money.</p>
        </div>
      </CardHeader>
      <CardContent>
        {policy.isPending ? (
          <SkeletonGroup label="Loading the staff sign-in policy">
            <Skeleton className="h-10 w-full max-w-md" />
          </SkeletonGroup>
        ) : !data ? (
          <ErrorState message={errorMessage(policy.error, 'Could not load the policy.')} onRetry={() => void policy.refetch()} retrying={policy.isFetching} className="py-6" />
        ) : (
          <div className="space-y-3">
            <FormError message={error} />
            <div className="flex items-start justify-between gap-4">
              <div>
                <label htmlFor={switchId} className="font-medium text-fg">
                  Require two-factor authentication for all staff
                </label>
                <p id={descriptionId} className="mt-0.5 text-sm text-fg-muted">
                  Staff without it are asked to set it up when they next use the dashboard, and can do nothing else until they do.
                </p>
              </div>
              <Switch
                id={switchId}
                aria-describedby={descriptionId}
                checked={data.require_staff_two_factor}
                disabled={!isOwner || update.isPending}
                onCheckedChange={(on) => void toggle(on)}
              />
            </div>
            <p className="flex items-center gap-2 text-sm text-fg-muted" data-testid="staff-without-two-factor">
              <Users aria-hidden className="h-4 w-4 shrink-0" />
              {without === 0
                ? 'Every staff member has two-factor authentication.'
                : without === 1
                  ? '1 staff member has not set up two-factor authentication yet.'
                  : `${without} staff members have not set up two-factor authentication yet.`}
            </p>
            {data.updated_by && data.updated_at && (
              <p className="text-xs text-fg-subtle">
                Last changed by {data.updated_by} on {formatDay(data.updated_at)}
              </p>
            )}
            {!isOwner && <p className="text-xs text-fg-subtle">Only owners can change this.</p>}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
