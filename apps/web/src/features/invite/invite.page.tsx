import type { TInviteView } from '@agency/contract';
import { useState } from 'react';
import { IncompleteLink, LinkCheckFailed, LinkPageFrame, LinkPageSkeleton, LinkProblem, SignInLink, useLinkPageToken } from '@/components/link-page';
import { Card } from '@/components/ui';
import { errorMessage, formatLongDateTime } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNoIndex } from '@/lib/use-noindex';
import { isRefusedInvite, useInviteLink } from './api/invite.queries';
import { AcceptInviteForm } from './components/accept-invite-form';

/**
 * The invite page (INVITE_PAGE_PATH, `/welcome#token=inv_…`, from the e-mail an owner's invite sends): who is invited
 * to which agency with which role, and a password to choose; accepting signs the invitee in. The token is read from
 * the fragment and only ever sent in the body of POST /api/auth/invites/open/ and /accept/. Kept out of search engines.
 */
export default function InvitePage() {
  useDocumentTitle('Join your team');
  useNoIndex();
  const token = useLinkPageToken();
  return (
    <LinkPageFrame>
      {token ? <InviteLink key={token} token={token} /> : <IncompleteLink title="This invite link is incomplete" mail="your invite e-mail" />}
    </LinkPageFrame>
  );
}

function InviteLink({ token }: { token: string }) {
  const link = useInviteLink(token);
  const [refused, setRefused] = useState<string | null>(null);

  if (refused !== null || (link.isError && isRefusedInvite(link.error))) {
    return (
      <LinkProblem title="This invite link cannot be used" message={refused ?? errorMessage(link.error, 'This invite link is not valid.')}>
        <SignInLink />
      </LinkProblem>
    );
  }
  if (link.isPending) return <LinkPageSkeleton label="Loading the invite" panels={['h-80']} />;
  if (link.isError) {
    return <LinkCheckFailed title="The invite could not be loaded" error={link.error} onRetry={() => void link.refetch()} retrying={link.isFetching} />;
  }
  return <Invite token={token} invite={link.data} onRefused={setRefused} />;
}

function Invite({ token, invite, onRefused }: { token: string; invite: TInviteView; onRefused: (reason: string) => void }) {
  const until = formatLongDateTime(invite.expires_at);
  return (
    <>
      <header className="space-y-1.5">
        <p className="text-sm font-semibold text-brand-700">{invite.agency}</p>
        <h1 className="text-2xl font-semibold text-fg">Join {invite.agency}</h1>
        <p className="text-sm text-fg-muted">
          Hello {invite.name}, you are invited to the team as <span className="font-medium text-fg">{invite.role_label}</span>. Choose a password to
          sign in.
        </p>
      </header>
      <Card className="space-y-5 p-5 sm:p-6">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-fg-muted">Name</dt>
          <dd className="font-medium break-words text-fg">{invite.name}</dd>
          <dt className="text-fg-muted">Email</dt>
          <dd className="font-medium break-all text-fg">{invite.email}</dd>
          <dt className="text-fg-muted">Role</dt>
          <dd className="font-medium text-fg">{invite.role_label}</dd>
        </dl>
        <AcceptInviteForm token={token} invite={invite} onRefused={onRefused} />
        {until && (
          <p className="text-xs text-fg-muted">
            This link is for you only and works once, until <time dateTime={invite.expires_at}>{until}</time>.
          </p>
        )}
      </Card>
    </>
  );
}

