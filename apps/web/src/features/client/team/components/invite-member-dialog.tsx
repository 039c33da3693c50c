import { ZInviteClientMember, type TClientPermission, type TInviteClientMember } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field, Input } from '@/components/ui';
import { InviteDialog } from '@/entities/people/components';
import { useInvalidateClientTeam, useInviteClientMember } from '../api/team.queries';
import { PermissionChoice } from './team-bits';

const FIELDS = ['name', 'email', 'permission'] as const;

type TInviteValues = { name: string; email: string; permission: TClientPermission };

const DEFAULTS: TInviteValues = { name: '', email: '', permission: 'content' };

const resolver = zodResolver(ZInviteClientMember);

export const INVITE_TITLE = 'Invite a team member';

/** "Invite a team member": name, e-mail and permission; the API e-mails them a one-time sign-in link. */
export function InviteMemberDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const invite = useInviteClientMember();
  const invalidate = useInvalidateClientTeam();
  return (
    <InviteDialog<TInviteValues, TInviteClientMember>
      open={open}
      onOpenChange={onOpenChange}
      title={INVITE_TITLE}
      defaultValues={DEFAULTS}
      resolver={resolver}
      serverFields={FIELDS}
      send={async (body) => (await invite.mutateAsync({ body })).body}
      onSent={() => void invalidate()}
    >
      {({ register, formState: { errors } }) => (
        <>
          <Field label="Name" error={errors.name?.message}>
            <Input autoComplete="off" {...register('name')} />
          </Field>
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...register('email')} />
          </Field>
          <PermissionChoice inputProps={register('permission')} error={errors.permission?.message} />
        </>
      )}
    </InviteDialog>
  );
}
