import type { TSession } from '@agency/contract';
import { LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  ErrorState,
  ListFooter,
  Skeleton,
  SkeletonGroup,
  useToast,
} from '@/components/ui';
import { displayIp, errorMessage, formatDateTime, formatRelativeTimeInSentence } from '@/lib/format';
import { SESSIONS_PAGE_SIZE, useRefreshSessions, useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';

export const SESSION_ENDED = 'Signed out of that session';
export const THIS_DEVICE = 'This device';

function DeviceIcon({ platform }: { platform: string | null }) {
  const Icon = platform === 'mobile' ? Smartphone : platform === 'tablet' ? Tablet : Monitor;
  return (
    <span className="rounded-lg bg-brand-50 p-2 text-brand-600">
      <Icon aria-hidden className="h-5 w-5" />
    </span>
  );
}

/** 'Chrome 124 · macOS Catalina', or what the user agent said of it. */
function browserLine(s: TSession): string {
  return [s.browser, s.os].filter(Boolean).join(' · ') || 'Browser not recognised';
}

function When({ at, prefix }: { at: string; prefix: string }) {
  return (
    <span>
      {prefix}{' '}
      <time dateTime={at} title={formatDateTime(at)}>
        {formatRelativeTimeInSentence(at)}
      </time>
    </span>
  );
}

function SessionRow({ session, onRevoke, revoking }: { session: TSession; onRevoke: (s: TSession) => void; revoking: boolean }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0" data-testid="session-row">
      <div className="flex min-w-0 items-start gap-3">
        <DeviceIcon platform={session.platform} />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium break-words text-fg">
            {session.device}
            {session.current && <Badge tone="success">{THIS_DEVICE}</Badge>}
          </p>
          <p className="text-sm break-words text-fg-muted">{browserLine(session)}</p>
          <p className="flex flex-wrap gap-x-3 text-xs text-fg-muted tabular-nums">
            <span>IP {displayIp(session.ip)}</span>
            <When at={session.created_at} prefix="Signed in" />
            {session.current ? <span>Active now</span> : <When at={session.last_used_at ?? session.created_at} prefix="Last active" />}
          </p>
        </div>
      </div>
      {!session.current && (
        <Button variant="ghost" size="sm" className="text-danger-700 hover:bg-danger-50 hover:text-danger-700" onClick={() => onRevoke(session)} loading={revoking}>
          {!revoking && <LogOut aria-hidden className="h-4 w-4" />}
          Sign out<span className="sr-only"> of {session.device}</span>
        </Button>
      )}
    </li>
  );
}

/**
 * Settings → Security's list of the user's sessions, the same for staff and clients: each browser signed in, where
 * from and when last used; sign one out, or every other one. Ending a session closes its live updates at once.
 */
export function SessionsSection() {
  const [page, setPage] = useState(1);
  const sessions = useSessions(page);
  const refresh = useRefreshSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const toast = useToast();
  const [revokingId, setRevokingId] = useState<number | null>(null);
  const [confirmingOthers, setConfirmingOthers] = useState(false);
  const body = sessions.data?.status === 200 ? sessions.data.body : null;
  const others = body ? body.count - (body.results.some((s) => s.current) ? 1 : 0) : 0;

  // A page past the end (its last session was just ended): back to the last page there is.
  const lastPage = body && !sessions.isPlaceholderData && body.results.length === 0 && page > 1 ? Math.max(1, Math.ceil(body.count / SESSIONS_PAGE_SIZE)) : null;
  useEffect(() => {
    if (lastPage !== null) setPage(lastPage);
  }, [lastPage]);

  const endOne = async (s: TSession) => {
    setRevokingId(s.id);
    try {
      await revoke.mutateAsync({ params: { id: s.id } });
      toast.success(SESSION_ENDED);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not sign out of that session'));
    } finally {
      setRevokingId(null);
      await refresh();
    }
  };

  const endOthers = async () => {
    try {
      const res = await revokeOthers.mutateAsync({});
      toast.success(res.status === 200 ? res.body.detail : 'Signed out of the other sessions');
      setConfirmingOthers(false);
      setPage(1);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not sign out of the other sessions'));
    } finally {
      await refresh();
    }
  };

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Active sessions</CardTitle>
          <p className="mt-1 text-sm text-fg-muted">The browsers and devices signed in to your account. Sign out of any you do not recognise, then change your password.</p>
        </div>
        {others > 0 && (
          <Button variant="secondary" onClick={() => setConfirmingOthers(true)}>
            Sign out of all other sessions
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <SkeletonGroup label="Loading your sessions" className="space-y-3">
            <Skeleton className="h-14 rounded-lg" />
            <Skeleton className="h-14 rounded-lg" />
          </SkeletonGroup>
        ) : !body ? (
          <ErrorState
            message={errorMessage(sessions.error, 'Could not load your sessions.')}
            onRetry={() => void sessions.refetch()}
            retrying={sessions.isFetching}
            className="py-6"
          />
        ) : (
          <div className="space-y-3" aria-busy={sessions.isPlaceholderData || undefined}>
            <ul className="divide-y divide-border" aria-label="Active sessions">
              {body.results.map((s) => (
                <SessionRow key={s.id} session={s} onRevoke={(x) => void endOne(x)} revoking={revokingId === s.id} />
              ))}
            </ul>
            {others === 0 && <p className="text-sm text-fg-muted">You are not signed in anywhere else.</p>}
            {body.count > SESSIONS_PAGE_SIZE && (
              <div className="-mx-5 -mb-4">
                <ListFooter noun={['session', 'sessions']} page={page} count={body.count} capped={body.count_capped} pageSize={SESSIONS_PAGE_SIZE} onPageChange={setPage} />
              </div>
            )}
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirmingOthers}
        onOpenChange={setConfirmingOthers}
        title="Sign out of all other sessions?"
        message={`Every other browser and device signed in to your account (${others}) is signed out at once. This one stays signed in.`}
        confirmLabel="Sign out of other sessions"
        onConfirm={() => void endOthers()}
        loading={revokeOthers.isPending}
      />
    </Card>
  );
}
