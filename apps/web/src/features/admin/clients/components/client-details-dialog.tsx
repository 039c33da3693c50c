import { APPROVAL_MODE_LABELS, type TClient } from '@agency/contract';
import type { ReactNode } from 'react';
import { Avatar, Button, Dialog, useToast } from '@/components/ui';
import { ClientStatusBadge, PaymentBadge } from '@/entities/clients/components/client-badges';
import { clientPlan } from '@/entities/clients/lib/client-plan';
import { displayName, errorMessage, formatDay, formatUsd } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { tsr } from '@/lib/tsr';
import { useInvalidateClients } from '../api/clients.queries';
import { ClientIntakeForms } from './client-intake-forms';

export function DetailList({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[11rem_1fr] sm:gap-y-3">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="pt-2 text-fg-muted sm:pt-0">{label}</dt>
          <dd className="break-words text-fg tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The client's portal login, and Invite to portal for a client the agency added (the invite e-mail with its one-time
 * /welcome link; sent again while it waits); once it signs in, Sign out everywhere ends the sessions of its logins.
 */
function PortalLogin({ client }: { client: TClient }) {
  const { canWrite } = useStaffRole();
  const toast = useToast();
  const invalidate = useInvalidateClients();
  const invite = tsr.clients.inviteClientToPortal.useMutation({
    onSuccess: async (res) => {
      toast.success(`Portal invite sent to ${res.body.user_email ?? res.body.email}`);
      await invalidate();
    },
    onError: (err) => toast.error(errorMessage(err, 'Could not send the portal invite')),
  });
  const login = client.user_id
    ? `${displayName({ first_name: client.user_first_name, last_name: client.user_last_name, email: client.user_email })} (${client.user_email ?? ''})`
    : 'No login yet';
  const endSessions = tsr.clients.endClientPortalSessions.useMutation({
    onSuccess: (res) => toast.success(`${client.name}'s portal: ${res.body.detail}`),
    onError: (err) => toast.error(errorMessage(err, 'Could not sign the portal out')),
  });
  const canInvite = canWrite && client.archived_at === null && (client.user_id === null || client.portal_invite_pending);
  // A lost phone, a team member who left: every session of the client's logins ends (their passwords still work).
  const canSignOut = canWrite && client.archived_at === null && client.user_id !== null && !client.portal_invite_pending;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span>
        {login}
        {client.portal_invite_pending && ' · invite not accepted yet'}
      </span>
      {canInvite && (
        <Button size="sm" variant="secondary" loading={invite.isPending} onClick={() => invite.mutate({ params: { id: client.id } })}>
          {client.user_id === null ? 'Invite to portal' : 'Resend portal invite'}
        </Button>
      )}
      {canSignOut && (
        <Button size="sm" variant="secondary" loading={endSessions.isPending} onClick={() => endSessions.mutate({ params: { id: client.id } })}>
          Sign out everywhere<span className="sr-only"> of {client.name}&apos;s portal</span>
        </Button>
      )}
    </span>
  );
}

export function ClientDetailsDialog({ client, onClose }: { client: TClient | null; onClose: () => void }) {
  return (
    <Dialog open={client !== null} onOpenChange={(o) => !o && onClose()} title="Client Details">
      {client && (
        <div className="space-y-5">
          <div className="flex items-center gap-3">
            <Avatar name={client.name} src={client.user_avatar} size="lg" />
            <div className="min-w-0">
              <p className="truncate text-base font-semibold text-fg">{client.name}</p>
              <p className="truncate text-sm text-fg-muted">{client.company}</p>
            </div>
          </div>
          <DetailList
            rows={[
              ['Email', client.email],
              clientPlan(client),
              ['Monthly fee', formatUsd(client.monthly_fee)],
              ['Status', <ClientStatusBadge key="s" status={client.status} />],
              ['Payment status', <PaymentBadge key="p" status={client.payment_status} />],
              ['Platforms', client.platforms.length ? client.platforms.join(', ') : 'None'],
              ['Account manager', client.account_manager ?? 'Unassigned'],
              ['Total spent', formatUsd(client.total_spent)],
              ['Next payment', formatDay(client.next_payment)],
              ['Content approval', APPROVAL_MODE_LABELS[client.approval_mode]],
              ['Portal login', <PortalLogin key="login" client={client} />],
              ['Client since', formatDay(client.created_at)],
            ]}
          />
          <ClientIntakeForms clientId={client.id} />
        </div>
      )}
    </Dialog>
  );
}
