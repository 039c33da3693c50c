import { AUTH_PAGE_PATH, FORGOT_PASSWORD_PAGE_PATH, type TAccountLinkPurpose, type TAccountLinkView } from '@agency/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LinkPageSkeleton, LinkProblem } from '@/components/link-page';
import { Button, buttonClasses } from '@/components/ui';
import { errorMessage } from '@/lib/format';
import { readFragmentToken } from '@/lib/fragment-token';
import { isRefusedLink, useAccountLink } from '../api/account.queries';

/**
 * The token of the link that opened the page. Read from the fragment, then the fragment leaves the address bar
 * (replaced, so neither the history nor a bookmark keeps it); the page goes on with the token in memory.
 */
export function useLinkToken(): string | null {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const fromHash = readFragmentToken(hash);
  const [token, setToken] = useState(fromHash);
  useEffect(() => {
    if (!fromHash) return;
    setToken(fromHash);
    navigate({ pathname, search }, { replace: true });
  }, [fromHash, navigate, pathname, search]);
  return fromHash ?? token;
}

export function SignInLink({ label = 'Go to sign in', primary = false }: { label?: string; primary?: boolean }) {
  return (
    <Link to={AUTH_PAGE_PATH} className={buttonClasses(primary ? 'primary' : 'secondary')}>
      {label}
    </Link>
  );
}

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

/**
 * Opens the link of the page (loading, refused with the API's reason, unreachable with Try Again) and hands what it
 * is for to `children` when it is one of `purposes`.
 */
export function AccountLinkGate({
  token,
  purposes,
  loadingLabel,
  children,
}: {
  token: string | null;
  purposes: readonly TAccountLinkPurpose[];
  loadingLabel: string;
  children: (view: TAccountLinkView, refuse: (reason: string) => void) => ReactNode;
}) {
  if (!token) {
    return (
      <LinkProblem
        title="This link is incomplete"
        message="Open the link from your e-mail again, or copy all of it into the address bar: it ends with a long code after “#token=”."
      >
        <SignInLink />
      </LinkProblem>
    );
  }
  return <OpenedLink key={token} token={token} purposes={purposes} loadingLabel={loadingLabel} render={children} />;
}

function OpenedLink({
  token,
  purposes,
  loadingLabel,
  render,
}: {
  token: string;
  purposes: readonly TAccountLinkPurpose[];
  loadingLabel: string;
  render: (view: TAccountLinkView, refuse: (reason: string) => void) => ReactNode;
}) {
  const link = useAccountLink(token);
  const [refused, setRefused] = useState<string | null>(null);
  const purpose = purposes.length === 1 ? purposes[0]! : 'any';
  if (refused !== null) return <RefusedLink reason={refused} purpose={purpose} />;
  if (link.isError && isRefusedLink(link.error)) {
    return <RefusedLink reason={errorMessage(link.error, 'This link is not valid.')} purpose={purpose} />;
  }
  if (link.isPending) return <LinkPageSkeleton label={loadingLabel} panels={['h-64']} />;
  if (link.isError) {
    const status = link.error instanceof Error ? null : link.error.status;
    return (
      <LinkProblem
        icon="error"
        title="The link could not be checked"
        message={status === 429 ? errorMessage(link.error) : 'We could not reach the server. Check your connection and try again.'}
      >
        <Button variant="secondary" onClick={() => void link.refetch()} loading={link.isFetching}>
          Try Again
        </Button>
      </LinkProblem>
    );
  }
  if (!purposes.includes(link.data.purpose)) {
    return <RefusedLink reason="This link is for another page: open it straight from its e-mail." purpose="any" />;
  }
  return render(link.data, setRefused);
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
