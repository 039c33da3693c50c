import { STAFF_ROLE_LABELS, STAFF_ROLES, ZInviteStaffSchema, type TInviteStaff, type TStaffRole } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field, Input } from '@/components/ui';
import { InviteDialog, OptionSelect } from '@/entities/people/components';
import { useInvalidateTeam, useInviteStaff } from '../api/staff.queries';
import { STAFF_ROLE_HINTS } from './team-bits';

const FIELDS = ['email', 'first_name', 'last_name', 'staff_role'] as const;

type TInviteValues = { email: string; first_name: string; last_name: string; staff_role: TStaffRole };

const DEFAULTS: TInviteValues = { email: '', first_name: '', last_name: '', staff_role: 'manager' };

const resolver = zodResolver(ZInviteStaffSchema);

/** "Invite staff member" (owners): who and with which role; the API e-mails them a one-time sign-in link. */
export function TeamInviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const invite = useInviteStaff();
  const invalidate = useInvalidateTeam();
  return (
    <InviteDialog<TInviteValues, TInviteStaff>
      open={open}
      onOpenChange={onOpenChange}
      title="Invite staff member"
      defaultValues={DEFAULTS}
      resolver={resolver}
      serverFields={FIELDS}
      send={async (body) => (await invite.mutateAsync({ body })).body}
      onSent={() => void invalidate()}
    >
      {({ register, watch, formState: { errors } }) => (
        <>
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...register('email')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" error={errors.first_name?.message}>
              <Input autoComplete="off" {...register('first_name')} />
            </Field>
            <Field label="Last name" optional error={errors.last_name?.message}>
              <Input autoComplete="off" {...register('last_name')} />
            </Field>
          </div>
          <Field label="Role" error={errors.staff_role?.message} hint={STAFF_ROLE_HINTS[watch('staff_role')] ?? null}>
            <OptionSelect options={STAFF_ROLES} labels={STAFF_ROLE_LABELS} {...register('staff_role')} />
          </Field>
        </>
      )}
    </InviteDialog>
  );
}
