import { STAFF_ROLE_LABELS, ZUpdateProfileSchema, type TUpdateProfile, type TUser } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Field, Input, useToast } from '@/components/ui';
import { ChangeEmailForm } from '@/entities/account';
import { useAuth } from '@/lib/auth';
import { formatLongDay } from '@/lib/format';
import { staffAccessOf } from '@/lib/staff-role';
import { useUpdateProfile } from '../api/settings.queries';
import { fieldErrorsOf } from '../server-errors';

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
  const { setUser } = useAuth();
  const { success, error } = useToast();
  const update = useUpdateProfile();
  const { staffRole } = staffAccessOf(user);
  const defaults: TUpdateProfile = {
    first_name: user.first_name,
    last_name: user.last_name,
    company: user.company,
  };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<TUpdateProfile>({ resolver: zodResolver(ZUpdateProfileSchema), defaultValues: defaults });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await update.mutateAsync({ body: values });
      setUser(res.body);
      reset({ first_name: res.body.first_name, last_name: res.body.last_name, company: res.body.company });
      success(PROFILE_UPDATED);
    } catch (err) {
      const fields = fieldErrorsOf(err, ['first_name', 'last_name', 'company']);
      for (const [name, message] of Object.entries(fields)) setError(name as keyof TUpdateProfile, { message });
      error(PROFILE_UPDATE_FAILED);
    }
  });

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
            <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Profile">
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="First name" error={errors.first_name?.message}>
                  <Input autoComplete="given-name" {...register('first_name')} />
                </Field>
                <Field label="Last name" error={errors.last_name?.message}>
                  <Input autoComplete="family-name" {...register('last_name')} />
                </Field>
              </div>
              <Field label="Company" optional error={errors.company?.message}>
                <Input autoComplete="organization" {...register('company')} />
              </Field>
              <div className="flex flex-wrap justify-end gap-2 pt-2">
                <Button variant="secondary" disabled={!isDirty || update.isPending} onClick={() => reset(defaults)}>
                  Cancel
                </Button>
                <Button type="submit" loading={update.isPending}>
                  Save Changes
                </Button>
              </div>
            </form>
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
