import { CLIENT_PERMISSION_LABELS, CLIENT_PERMISSIONS, type TClientMember, type TClientPermission } from '@agency/contract';
import { AccessCell, PeopleTable, PeopleTh, PersonCell, PersonFact, type TPersonControls } from '@/entities/people/components';
import { formatDay } from '@/lib/format';
import { OwnerLoginBadge } from './team-bits';

/** What a row offers the signed-in person (full access) for someone else than themselves and the owner login. */
export interface TMemberControls extends TPersonControls<TClientMember> {
  onPermissionChange: (member: TClientMember, permission: TClientPermission) => void;
  /** The permission shown while its change is on its way (it reverts when the API refuses it). */
  shownPermission: (member: TClientMember) => TClientPermission;
}

function Member({ member, isYou }: { member: TClientMember; isYou: boolean }) {
  return (
    <PersonCell
      name={member.name || member.email}
      email={member.email}
      isYou={isYou}
      invitePending={member.invite_pending}
      badges={member.is_primary && <OwnerLoginBadge />}
    />
  );
}

function Permission({ member, controls }: { member: TClientMember; controls: TMemberControls | null }) {
  return (
    <AccessCell<TClientPermission>
      what="Permission"
      personName={member.name}
      value={controls ? controls.shownPermission(member) : member.permission}
      options={CLIENT_PERMISSIONS}
      labels={CLIENT_PERMISSION_LABELS}
      edit={controls && { onChange: (permission) => controls.onPermissionChange(member, permission), disabled: controls.busy === member.id }}
      noWrap
    />
  );
}

/** The team as a table from md up, stacked cards below. */
export function TeamList({
  members,
  controlsFor,
  youId,
}: {
  members: readonly TClientMember[];
  controlsFor: (member: TClientMember) => TMemberControls | null;
  youId: number | null;
}) {
  return (
    <PeopleTable
      people={members}
      controlsFor={controlsFor}
      nameCellClassName="max-w-96"
      renderPerson={(m) => <Member member={m} isYou={m.id === youId} />}
      head={
        <>
          <PeopleTh>Permission</PeopleTh>
          <PeopleTh>Added</PeopleTh>
        </>
      }
      renderCells={(m) => (
        <>
          <td className="px-3 py-3">
            <Permission member={m} controls={controlsFor(m)} />
          </td>
          <td className="px-3 py-3 whitespace-nowrap text-fg-muted tabular-nums">{formatDay(m.created_at)}</td>
        </>
      )}
      renderFacts={(m) => (
        <>
          <PersonFact label="Permission" wide className="mt-0.5">
            <Permission member={m} controls={controlsFor(m)} />
          </PersonFact>
          <PersonFact label="Added" className="text-sm text-fg tabular-nums">
            {formatDay(m.created_at)}
          </PersonFact>
        </>
      )}
    />
  );
}
