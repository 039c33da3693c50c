import { STAFF_ROLE_LABELS, STAFF_ROLES, type TStaffMember, type TStaffRole } from '@agency/contract';
import { UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import {
  Button,
  Card,
  CardContent,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Skeleton,
  SkeletonGroup,
  useToast,
} from '@/components/ui';
import { AccessCell, PeopleTable, PeopleTh, PersonCell, PersonFact, RemovePersonDialog, type TPersonControls } from '@/entities/people/components';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { useEndStaffSessions, useInvalidateTeam, useRemoveStaff, useResendStaffInvite, useTeam, useUpdateStaff } from '../api/staff.queries';
import { managedClientsText, Presence, roleChangeQuestion, STAFF_ROLE_MEANINGS } from './team-bits';
import { TeamInviteDialog } from './team-invite-dialog';
import { SettingsCardHeader } from './settings-card-header';

export const ONLY_OWNERS_MANAGE_TEAM = 'Only an owner can invite people, change roles or remove someone.';

/** A row's controls, for an owner looking at someone else's row; null shows the row without controls. */
interface TRowControls extends TPersonControls<TStaffMember> {
  onRoleChange: (member: TStaffMember, role: TStaffRole) => void;
}

/** `presenceBelowXl`: the table row's Name cell, which shows the presence itself where the table has no Presence column. */
function Member({ member, isYou, presenceBelowXl = false }: { member: TStaffMember; isYou: boolean; presenceBelowXl?: boolean }) {
  return (
    <PersonCell name={member.name} email={member.email} isYou={isYou} invitePending={member.invite_pending}>
      {presenceBelowXl && (
        <p className="mt-1 xl:hidden">
          <Presence status={member.status} />
        </p>
      )}
    </PersonCell>
  );
}

function Role({ member, controls }: { member: TStaffMember; controls: TRowControls | null }) {
  return (
    <AccessCell<TStaffRole>
      what="Role"
      personName={member.name}
      value={member.staff_role}
      options={STAFF_ROLES}
      labels={STAFF_ROLE_LABELS}
      edit={controls && { onChange: (role) => controls.onRoleChange(member, role), disabled: controls.busy === member.id }}
    />
  );
}

function TeamList({ members, controlsFor, youId }: { members: readonly TStaffMember[]; controlsFor: (m: TStaffMember) => TRowControls | null; youId: number | null }) {
  return (
    <PeopleTable
      people={members}
      controlsFor={controlsFor}
      // Side by side from xl up, where the table has the room (a pending invite has two); stacked when narrower.
      rowActionsClassName="xl:flex-nowrap"
      // Wide enough for most e-mail addresses on one line; longer ones break.
      nameCellClassName="max-w-80 min-w-56"
      renderPerson={(m, place) => <Member member={m} isYou={m.id === youId} presenceBelowXl={place === 'row'} />}
      head={
        <>
          <PeopleTh>Role</PeopleTh>
          {/* Below xl the presence goes under the e-mail: the table keeps the room for the name and the actions. */}
          <PeopleTh className="hidden xl:table-cell">Presence</PeopleTh>
          <PeopleTh className="text-right xl:whitespace-nowrap">Clients managed</PeopleTh>
        </>
      }
      renderCells={(m) => (
        <>
          <td className="px-3 py-3">
            <Role member={m} controls={controlsFor(m)} />
          </td>
          <td className="hidden px-3 py-3 xl:table-cell">
            <Presence status={m.status} />
          </td>
          <td className="px-3 py-3 text-right text-fg tabular-nums">{m.managed_clients}</td>
        </>
      )}
      renderFacts={(m) => (
        <>
          <PersonFact label="Role" wide className="mt-0.5">
            <Role member={m} controls={controlsFor(m)} />
          </PersonFact>
          <PersonFact label="Presence">
            <Presence status={m.status} />
          </PersonFact>
          <PersonFact label="Manages" className="text-sm text-fg tabular-nums">
            {managedClientsText(m.managed_clients)}
          </PersonFact>
        </>
      )}
    />
  );
}

function removeMessage(member: TStaffMember): string {
  const clients = member.managed_clients > 0 ? ` (${managedClientsText(member.managed_clients)})` : '';
  return `Remove ${member.name} from the team? They can no longer sign in, and their clients become unassigned${clients}. What they wrote stays.`;
}

/**
 * Settings → Team: the staff with their role, presence, pending invites and how many clients each manages. Owners
 * invite, change roles (not their own; each change asks first), resend a pending invite, sign someone out everywhere
 * and remove; everyone else sees
 * the list only.
 */
export function TeamTab() {
  const { user } = useAuth();
  const { isOwner } = useStaffRole();
  const q = useTeam();
  const invalidate = useInvalidateTeam();
  const update = useUpdateStaff();
  const resend = useResendStaffInvite();
  const remove = useRemoveStaff();
  const endSessions = useEndStaffSessions();
  const toast = useToast();
  // Someone an owner is about to sign out everywhere, waiting for the confirmation.
  const [signingOut, setSigningOut] = useState<TStaffMember | null>(null);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<TStaffMember | null>(null);
  // A role picked in a row waits here for the owner's confirmation; the select shows the current role meanwhile.
  const [changingRole, setChangingRole] = useState<{ member: TStaffMember; role: TStaffRole } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const youId = user?.id ?? null;

  const changeRole = async (member: TStaffMember, role: TStaffRole) => {
    setBusy(member.id);
    try {
      const res = await update.mutateAsync({ params: { id: member.id }, body: { staff_role: role } });
      toast.success(`${res.body.name} is now ${STAFF_ROLE_LABELS[res.body.staff_role]}`);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not change the role'));
    } finally {
      setBusy(null);
      await invalidate();
    }
  };

  const onResend = async (member: TStaffMember) => {
    setBusy(member.id);
    try {
      const res = await resend.mutateAsync({ params: { id: member.id } });
      toast.success(`Invite sent again to ${res.body.email}`);
      await invalidate();
    } catch (err) {
      toast.error(errorMessage(err, 'Could not send the invite again'));
    } finally {
      setBusy(null);
    }
  };

  const confirmSignOut = async () => {
    if (!signingOut) return;
    try {
      const res = await endSessions.mutateAsync({ params: { id: signingOut.id } });
      toast.success(`${signingOut.name}: ${res.body.detail}`);
      setSigningOut(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not sign them out'));
    }
  };

  const confirmRoleChange = async () => {
    if (!changingRole) return;
    await changeRole(changingRole.member, changingRole.role);
    setChangingRole(null);
  };

  const controls: TRowControls = {
    onRoleChange: (member, role) => {
      if (role !== member.staff_role) setChangingRole({ member, role });
    },
    onResend: (m) => void onResend(m),
    onRemove: setRemoving,
    onSignOutEverywhere: setSigningOut,
    busy,
  };
  // Owners manage everyone but themselves (their own role and account stay as they are here).
  const controlsFor = (m: TStaffMember) => (isOwner && m.id !== youId ? controls : null);

  const inviteButton = isOwner && (
    <Button onClick={() => setInviting(true)}>
      <UserPlus aria-hidden className="h-4 w-4" />
      Invite staff member
    </Button>
  );

  return (
    <div className="space-y-6">
      <Card>
        <SettingsCardHeader icon={<Users aria-hidden className="h-5 w-5" />} title="Team">
          {inviteButton}
        </SettingsCardHeader>
        <CardContent className="space-y-1 text-sm text-fg-muted">
          <p>{STAFF_ROLES.map((role) => STAFF_ROLE_MEANINGS[role]).join(' ')}</p>
          {!isOwner && <p>{ONLY_OWNERS_MANAGE_TEAM}</p>}
        </CardContent>
      </Card>

      <section aria-labelledby="team-list-title" className="space-y-3">
        <h2 id="team-list-title" className="text-base font-semibold text-fg">
          Members
        </h2>
        {q.isPending ? (
          <SkeletonGroup label="Loading the team" className="space-y-2">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-16 rounded-xl" />
            ))}
          </SkeletonGroup>
        ) : q.isError ? (
          <Card>
            <ErrorState title="Could not load the team" message={errorMessage(q.error)} onRetry={() => void q.refetch()} retrying={q.isFetching} />
          </Card>
        ) : q.data.body.results.length === 0 ? (
          <Card>
            <EmptyState icon={<Users aria-hidden className="h-6 w-6" />} title="No team members yet" description="Invite the people who work on your clients." action={inviteButton || undefined} />
          </Card>
        ) : (
          <TeamList members={q.data.body.results} controlsFor={controlsFor} youId={youId} />
        )}
      </section>

      {isOwner && <TeamInviteDialog open={inviting} onOpenChange={setInviting} />}
      <ConfirmDialog
        open={changingRole !== null}
        onOpenChange={(open) => !open && setChangingRole(null)}
        title="Change role"
        message={changingRole && roleChangeQuestion(changingRole.member.name, changingRole.role)}
        confirmLabel={changingRole ? `Make ${STAFF_ROLE_LABELS[changingRole.role]}` : 'Change role'}
        destructive={false}
        loading={update.isPending}
        onConfirm={() => void confirmRoleChange()}
      />
      <ConfirmDialog
        open={signingOut !== null}
        onOpenChange={(open) => !open && !endSessions.isPending && setSigningOut(null)}
        title="Sign out everywhere"
        message={
          signingOut &&
          `Sign ${signingOut.name} out of every browser and device? They stay on the team and can sign in again with their password; if someone else may know it, ask them to reset it.`
        }
        confirmLabel="Sign out everywhere"
        loading={endSessions.isPending}
        onConfirm={() => void confirmSignOut()}
      />
      <RemovePersonDialog
        person={removing}
        onClose={() => setRemoving(null)}
        title="Remove team member"
        message={removeMessage}
        remove={(m) => remove.mutateAsync({ params: { id: m.id } })}
        removedText={(m) => `${m.name} removed from the team`}
        failedText="Could not remove the team member"
        onRemoved={invalidate}
        loading={remove.isPending}
      />
    </div>
  );
}
