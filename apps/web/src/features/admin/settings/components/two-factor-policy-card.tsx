import { Users } from 'lucide-react';
import { useId, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle, ErrorState, FormError, Skeleton, SkeletonGroup, Switch, useToast } from '@/components/ui';
import { useSecurityPolicy, useUpdateSecurityPolicy } from '@/entities/security';
import { errorMessage, formatDay } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { serverFieldErrors } from '@/lib/server-errors';

type PolicyFlag = 'require_staff_two_factor' | 'require_client_two_factor';

const CHANGED: Record<PolicyFlag, { on: string; off: string }> = {
  require_staff_two_factor: {
    on: 'Two-factor authentication is now required for all staff',
    off: 'Two-factor authentication is no longer required for staff',
  },
  require_client_two_factor: {
    on: 'Two-factor authentication is now required for client logins',
    off: 'Two-factor authentication is no longer required for client logins',
  },
};

const staffWithout = (n: number) =>
  n === 0
    ? 'Every staff member has two-factor authentication.'
    : n === 1
      ? '1 staff member has not set up two-factor authentication yet.'
      : `${n} staff members have not set up two-factor authentication yet.`;

const clientLoginsWithout = (n: number) =>
  n === 0
    ? 'Every client login has two-factor authentication.'
    : n === 1
      ? '1 client login has not set up two-factor authentication yet.'
      : `${n} client logins have not set up two-factor authentication yet.`;

/** One requirement: its switch, what it does, and how many accounts it would stop today. */
function PolicyRow(props: { label: string; description: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void; count: string; countTestId: string }) {
  const switchId = useId();
  const descriptionId = useId();
  return (
    <div className="space-y-2">
      <div className="flex items-start justify-between gap-4">
        <div>
          <label htmlFor={switchId} className="font-medium text-fg">
            {props.label}
          </label>
          <p id={descriptionId} className="mt-0.5 text-sm text-fg-muted">
            {props.description}
          </p>
        </div>
        <Switch id={switchId} aria-describedby={descriptionId} checked={props.checked} disabled={props.disabled} onCheckedChange={props.onChange} />
      </div>
      <p className="flex items-center gap-2 text-sm text-fg-muted" data-testid={props.countTestId}>
        <Users aria-hidden className="h-4 w-4 shrink-0" />
        {props.count}
      </p>
    </div>
  );
}

/**
 * Owners require two-factor authentication of every staff account, of every client login (a client's own and its
 * team members'), or both (read-only staff see the setting). Accounts without it are taken to set it up at their
 * next request, and can do nothing else until they do.
 */
export function TwoFactorPolicyCard() {
  const { isOwner, seesAgencyWide } = useStaffRole();
  const policy = useSecurityPolicy(seesAgencyWide);
  const update = useUpdateSecurityPolicy();
  const { success } = useToast();
  const [error, setError] = useState<string | null>(null);
  if (!seesAgencyWide) return null;
  const data = policy.data?.status === 200 ? policy.data.body : null;

  // Each switch sends only its own flag: the other stays as it is.
  const toggle = async (flag: PolicyFlag, on: boolean) => {
    setError(null);
    try {
      await update.mutateAsync({ body: { [flag]: on } });
      success(on ? CHANGED[flag].on : CHANGED[flag].off);
    } catch (err) {
      setError(serverFieldErrors(err)?.[flag] ?? errorMessage(err, 'Could not change the setting. Please try again.'));
    }
  };

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Two-factor requirement</CardTitle>
          <p className="mt-1 text-sm text-fg-muted">Your staff hold the keys to your clients’ accounts and money; your clients’ logins reach their invoices and payments.</p>
        </div>
      </CardHeader>
      <CardContent>
        {policy.isPending ? (
          <SkeletonGroup label="Loading the two-factor requirement">
            <Skeleton className="h-10 w-full max-w-md" />
            <Skeleton className="h-10 w-full max-w-md" />
          </SkeletonGroup>
        ) : !data ? (
          <ErrorState message={errorMessage(policy.error, 'Could not load the policy.')} onRetry={() => void policy.refetch()} retrying={policy.isFetching} className="py-6" />
        ) : (
          <div className="space-y-5">
            <FormError message={error} />
            <PolicyRow
              label="Require two-factor authentication for all staff"
              description="Staff without it are asked to set it up when they next use the dashboard, and can do nothing else until they do."
              checked={data.require_staff_two_factor}
              disabled={!isOwner || update.isPending}
              onChange={(on) => void toggle('require_staff_two_factor', on)}
              count={staffWithout(data.staff_without_two_factor)}
              countTestId="staff-without-two-factor"
            />
            <PolicyRow
              label="Require two-factor authentication for client logins"
              description="Clients and their team members without it are asked to set it up when they next sign in to the portal, and can do nothing else until they do."
              checked={data.require_client_two_factor}
              disabled={!isOwner || update.isPending}
              onChange={(on) => void toggle('require_client_two_factor', on)}
              count={clientLoginsWithout(data.client_logins_without_two_factor)}
              countTestId="client-logins-without-two-factor"
            />
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
