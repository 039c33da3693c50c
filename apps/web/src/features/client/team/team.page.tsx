import type { TClientMember, TClientPermission } from '@agency/contract';
import { UserPlus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, EmptyState, ErrorState, Skeleton, SkeletonGroup, useToast } from '@/components/ui';
import { RemovePersonDialog } from '@/entities/people/components';
import { AccessDenied } from '@/layout/access-denied';
import { useAuth } from '@/lib/auth';
import { useClientPermission } from '@/lib/client-permission';
import { errorMessage } from '@/lib/format';
import {
  useClientTeam,
  useInvalidateClientTeam,
  useRemoveClientMember,
  useReplaceClientMember,
  useResendClientMemberInvite,
  useUpdateClientMember,
} from './api/team.queries';
import { InviteMemberDialog, INVITE_TITLE } from './components/invite-member-dialog';
import { TeamList, type TMemberControls } from './components/team-list';
import { permissionChangedText, removeMemberText, TEAM_EMPTY, TEAM_INTRO } from './lib/team-text';

export const TEAM_FULL_ACCESS_ONLY = 'Only people with full access manage the team. Ask the account’s owner if you need it.';

/** #team (client teams): the people of the client who sign in to its portal, for full access only. */
export default function ClientTeamPage() {
  const { user } = useAuth();
  const { isFull } = useClientPermission();
  if (user?.role !== 'client') return <AccessDenied message="This page is only available for client accounts." />;
  if (!isFull) return <AccessDenied message={TEAM_FULL_ACCESS_ONLY} />;
  return <TeamScreen youId={user.id} />;
}

function TeamScreen({ youId }: { youId: number }) {
  const q = useClientTeam();
  const invalidate = useInvalidateClientTeam();
  const replace = useReplaceClientMember();
  const update = useUpdateClientMember();
  const resend = useResendClientMemberInvite();
  const remove = useRemoveClientMember();
  const toast = useToast();
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<TClientMember | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  // The permission chosen for a member while the change is on its way.
  const [changing, setChanging] = useState<{ id: number; permission: TClientPermission } | null>(null);

  const onPermissionChange = async (member: TClientMember, permission: TClientPermission) => {
    if (permission === member.permission) return;
    setChanging({ id: member.id, permission });
    setBusy(member.id);
    try {
      const res = await update.mutateAsync({ params: { id: member.id }, body: { permission } });
      replace(res.body);
      toast.success(permissionChangedText(res.body));
    } catch (err) {
      // The API's reason; the select goes back to what the member has.
      toast.error(errorMessage(err, 'Could not change the permission'));
    } finally {
      setChanging(null);
      setBusy(null);
      void invalidate();
    }
  };

  const onResend = async (member: TClientMember) => {
    setBusy(member.id);
    try {
      const res = await resend.mutateAsync({ params: { id: member.id } });
      toast.success(`Invite sent again to ${res.body.email}`);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not send the invite again'));
    } finally {
      setBusy(null);
      void invalidate();
    }
  };

  const controls: TMemberControls = {
    onPermissionChange: (m, p) => void onPermissionChange(m, p),
    onResend: (m) => void onResend(m),
    onRemove: setRemoving,
    shownPermission: (m) => (changing?.id === m.id ? changing.permission : m.permission),
    busy,
  };
  // Neither the account's own login (always full access) nor oneself can be changed or removed here.
  const controlsFor = (m: TClientMember) => (m.is_primary || m.id === youId ? null : controls);

  const inviteButton = (
    <Button onClick={() => setInviting(true)}>
      <UserPlus aria-hidden className="h-4 w-4" />
      {INVITE_TITLE}
    </Button>
  );

  const members = q.data?.body.results ?? [];
  const onlyYou = members.every((m) => m.id === youId);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 max-w-3xl">
          <h2 className="text-lg font-semibold text-fg">Your team</h2>
          <p className="mt-1 text-sm text-fg-muted">{TEAM_INTRO}</p>
        </div>
        <div className="shrink-0">{inviteButton}</div>
      </div>

      <section aria-label="Team members" className="space-y-3">
        {q.isPending ? (
          <SkeletonGroup label="Loading your team" className="space-y-2">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-16 rounded-xl" />
            ))}
          </SkeletonGroup>
        ) : q.isError ? (
          <Card>
            <ErrorState title="Could not load your team" message={errorMessage(q.error)} onRetry={() => void q.refetch()} retrying={q.isFetching} />
          </Card>
        ) : (
          <>
            {members.length > 0 && <TeamList members={members} controlsFor={controlsFor} youId={youId} />}
            {onlyYou && (
              <Card>
                <EmptyState
                  icon={<UsersRound aria-hidden className="h-6 w-6" />}
                  title="Nobody else on your team yet"
                  description={TEAM_EMPTY}
                  action={inviteButton}
                />
              </Card>
            )}
          </>
        )}
      </section>

      <InviteMemberDialog open={inviting} onOpenChange={setInviting} />
      <RemovePersonDialog
        person={removing}
        onClose={() => setRemoving(null)}
        title="Remove team member"
        message={removeMemberText}
        remove={(m) => remove.mutateAsync({ params: { id: m.id } })}
        removedText={(m) => `${m.name} removed from your team`}
        failedText="Could not remove the team member"
        onRemoved={invalidate}
        loading={remove.isPending}
      />
    </div>
  );
}
