import { FORGOT_PASSWORD_PAGE_PATH, type TAccountLinkPurpose, type TAccountLinkView } from '@agency/contract';
import { useState, type ReactElement, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { IncompleteLink, LinkCheckFailed, LinkPageFrame, LinkPageSkeleton, LinkProblem, SignInLink, useLinkPageToken } from '@/components/link-page';
import { buttonClasses } from '@/components/ui';
import { errorMessage } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNoIndex } from '@/lib/use-noindex';
import { isRefusedLink, useAccountLink } from '../api/account.queries';

export function NewResetLink() {
  return (
    <Link to={FORGOT_PASSWORD_PAGE_PATH} className={buttonClasses('primary')}>
      Ask for a new link
    </Link>
  );
}

/** A link that cannot be used: the API's reason and what to do (a new reset link, or sign in). */
export function RefusedLink({ reason, purpose }: { reason: string; purpose: TAccountLinkPurpose | 'any' }) {
  return (
    <LinkProblem title="This link cannot be used" message={reason}>
      {(purpose === 'password_reset' || purpose === 'any') && <NewResetLink />}
      <SignInLink />
    </LinkProblem>
  );
}

/** What the step of an opened link gets: its token, what the link is for, and `refuse` for a link used up meanwhile. */
export interface OpenedAccountLink {
  token: string;
  view: TAccountLinkView;
  refuse: (reason: string) => void;
}

/**
 * A page of an account link (`/reset-password#token=…` and the like): titled, kept out of search engines, the token
 * taken out of the address. Once the step is `done` (its LinkDone) that shows; until then the link is opened (loading,
 * refused with the API's reason, unreachable with Try Again) and `children` show the step when the link is for one of
 * `purposes`.
 */
export function AccountLinkPage({
  title,
  purposes,
  done,
  children,
}: {
  title: string;
  purposes: readonly TAccountLinkPurpose[];
  done: ReactElement | null;
  children: (link: OpenedAccountLink) => ReactNode;
}) {
  useDocumentTitle(title);
  useNoIndex();
  const token = useLinkPageToken();
  return (
    <LinkPageFrame>
      {done ??
        (token ? (
          <OpenedLink key={token} token={token} purposes={purposes} render={children} />
        ) : (
          <IncompleteLink title="This link is incomplete" mail="your e-mail" />
        ))}
    </LinkPageFrame>
  );
}

function OpenedLink({
  token,
  purposes,
  render,
}: {
  token: string;
  purposes: readonly TAccountLinkPurpose[];
  render: (link: OpenedAccountLink) => ReactNode;
}) {
  const link = useAccountLink(token);
  const [refused, setRefused] = useState<string | null>(null);
  const purpose = purposes.length === 1 ? purposes[0]! : 'any';
  if (refused !== null) return <RefusedLink reason={refused} purpose={purpose} />;
  if (link.isError && isRefusedLink(link.error)) {
    return <RefusedLink reason={errorMessage(link.error, 'This link is not valid.')} purpose={purpose} />;
  }
  if (link.isPending) return <LinkPageSkeleton label="Checking the link" panels={['h-64']} />;
  if (link.isError) {
    return <LinkCheckFailed title="The link could not be checked" error={link.error} onRetry={() => void link.refetch()} retrying={link.isFetching} />;
  }
  if (!purposes.includes(link.data.purpose)) {
    return <RefusedLink reason="This link is for another page: open it straight from its e-mail." purpose="any" />;
  }
  return render({ token, view: link.data, refuse: setRefused });
}

/**
 * Why using the link failed, for its step: a refused link goes to `refuse` (the page then says so, nothing to retry)
 * and gives null; otherwise the API's words for a 4xx, else `fallback` (a 5xx or no answer).
 */
export function linkStepFailure(err: unknown, fallback: string, refuse: (reason: string) => void): string | null {
  if (isRefusedLink(err)) {
    refuse(errorMessage(err, 'This link is not valid.'));
    return null;
  }
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status < 500 ? errorMessage(err, fallback) : fallback;
}

/** What a done step says, with where to go next. */
export function LinkDone({ title, message, children }: { title: string; message: ReactNode; children?: ReactNode }) {
  return (
    <section role="status" className="rounded-xl border border-border bg-surface px-6 py-10 text-center shadow-card">
      <h1 className="text-xl font-semibold text-fg">{title}</h1>
      <div className="mx-auto mt-2 max-w-md text-sm text-fg-muted">{message}</div>
      {children && <div className="mt-6 flex flex-col items-center justify-center gap-2 sm:flex-row">{children}</div>}
    </section>
  );
}
