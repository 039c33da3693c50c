import { STAFF_ROLE_LABELS, type TUser } from '@agency/contract';
import { Badge, Card, CardContent, CardHeader, CardTitle } from '@/components/ui';
import { ChangeEmailForm, ProfileForm } from '@/entities/account';
import { formatLongDay } from '@/lib/format';
import { staffAccessOf } from '@/lib/staff-role';

export const PROFILE_UPDATED = 'Profile updated successfully';
export const PROFILE_UPDATE_FAILED = 'Failed to update profile';

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <div className="space-y-1.5">
      <dt className="text-sm font-medium text-fg">{label}</dt>
      <dd className="flex h-10 items-center rounded-md border border-border bg-subtle px-3 text-sm text-fg-muted">{value}</dd>
    </div>
  );
}

/**
 * Editable first name, last name, company; the e-mail address changes through Change email (confirmed by a link sent to
 * the new address); read-only username, created date, role, account id.
 */
export function ProfileTab({ user }: { user: TUser }) {
  const { staffRole } = staffAccessOf(user);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-6">
        <Card>
          <CardHeader>
            <div>
              <CardTitle>Profile Information</CardTitle>
              <p className="mt-1 text-sm text-fg-muted">Your name and contact details as clients see them.</p>
            </div>
          </CardHeader>
          <CardContent>
            <ProfileForm user={user} submitLabel="Save Changes" savedMessage={PROFILE_UPDATED} failedMessage={() => PROFILE_UPDATE_FAILED} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <div>
              <CardTitle>Email address</CardTitle>
              <p className="mt-1 text-sm text-fg-muted">
                <span className="font-medium break-all text-fg">{user.email}</span>{' '}
                {user.email_verified ? <Badge tone="success">Confirmed</Badge> : <Badge tone="warning">Not confirmed</Badge>}
              </p>
            </div>
          </CardHeader>
          <CardContent>
            <ChangeEmailForm currentEmail={user.email} />
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Account</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="space-y-4">
            <ReadOnly label="Username" value={user.username} />
            <ReadOnly label="Account created" value={formatLongDay(user.created_at)} />
            <ReadOnly label="Role" value={staffRole ? `Admin · ${STAFF_ROLE_LABELS[staffRole]}` : 'Client'} />
            <ReadOnly label="Account ID" value={String(user.id)} />
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
