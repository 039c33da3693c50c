import { AUTH_PAGE_PATH } from '@agency/contract';
import { AlertTriangle, Link2Off } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, buttonClasses, Skeleton, SkeletonGroup } from '@/components/ui';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/format';
import { readFragmentToken } from '@/lib/fragment-token';

/**
 * The token of the link that opened the page (`#token=…`). Read from the fragment, then the fragment leaves the
 * address bar (replaced, so neither the history nor a bookmark keeps the token); the page goes on with the token in
 * memory.
 */
export function useLinkPageToken(): string | null {
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

/**
 * A page opened by a private link (a review link, an invite): one narrow column on the canvas, nothing of the portal
 * around it (no sign-in, no navigation).
 */
export function LinkPageFrame({ children }: { children: ReactNode }) {
  return (
    <main className="min-h-screen bg-canvas px-4 py-6 sm:py-12">
      <div className="mx-auto w-full max-w-xl space-y-6">{children}</div>
    </main>
  );
}

/** A link that cannot be used, or a page that could not load: what happened and what to do. */
export function LinkProblem({
  icon = 'broken',
  title,
  message,
  children,
}: {
  icon?: 'broken' | 'error';
  title: string;
  message: ReactNode;
  children?: ReactNode;
}) {
  const Icon = icon === 'broken' ? Link2Off : AlertTriangle;
  return (
    <section className="rounded-xl border border-border bg-surface px-6 py-10 text-center shadow-card">
      <div className={cn('mx-auto mb-4 w-fit rounded-full p-3', icon === 'broken' ? 'bg-subtle text-fg-muted' : 'bg-danger-50 text-danger-600')}>
        <Icon aria-hidden className="h-6 w-6" />
      </div>
      <h1 className="text-xl font-semibold text-fg">{title}</h1>
      <div role={icon === 'error' ? 'alert' : undefined} className="mx-auto mt-2 max-w-md text-sm text-fg-muted">
        {message}
      </div>
      {children && <div className="mt-6 flex flex-col items-center justify-center gap-2 sm:flex-row">{children}</div>}
    </section>
  );
}

/** While a link page loads: the heading's lines, then one block per panel to come (their height classes). */
export function LinkPageSkeleton({ label, panels }: { label: string; panels: readonly string[] }) {
  return (
    <SkeletonGroup label={label} className="space-y-6">
      <div className="space-y-2">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-full" />
      </div>
      {panels.map((height, i) => (
        <Skeleton key={i} className={cn(height, 'rounded-xl')} />
      ))}
    </SkeletonGroup>
  );
}

/** The way out of a link page: the sign-in page (a secondary button, or the primary one of a done step). */
export function SignInLink({ label = 'Go to sign in', primary = false }: { label?: string; primary?: boolean }) {
  return (
    <Link to={AUTH_PAGE_PATH} className={buttonClasses(primary ? 'primary' : 'secondary')}>
      {label}
    </Link>
  );
}

/** A link page opened without its token (the fragment was cut off): how to open it whole. `mail` is the one that brought it. */
export function IncompleteLink({ title, mail }: { title: string; mail: string }) {
  return (
    <LinkProblem title={title} message={`Open the link from ${mail} again, or copy all of it into the address bar: it ends with a long code after “#token=”.`}>
      <SignInLink />
    </LinkProblem>
  );
}

/**
 * A link that could not be checked: the API's words when it asks to slow down (429), otherwise the server could not be
 * reached; Try Again asks again.
 */
export function LinkCheckFailed({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error: Error | { status: number; body: unknown };
  onRetry: () => void;
  retrying: boolean;
}) {
  const status = error instanceof Error ? null : error.status;
  return (
    <LinkProblem icon="error" title={title} message={status === 429 ? errorMessage(error) : 'We could not reach the server. Check your connection and try again.'}>
      <Button variant="secondary" onClick={onRetry} loading={retrying}>
        Try Again
      </Button>
    </LinkProblem>
  );
}
