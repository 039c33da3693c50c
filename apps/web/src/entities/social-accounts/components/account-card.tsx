import { audienceLabel, LIMITS, socialHandle, type TSocialAccount } from '@agency/contract';
import { AlertTriangle, CheckCircle2, RefreshCw, Unplug } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { PlatformIcon, platformLabel } from '@/components/platform-icon';
import { Badge, Button, Card, ConfirmDialog, useToast } from '@/components/ui';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { formatCompact, formatPercent, formatRelativeTime } from '@/lib/format';
import { tsr } from '@/lib/tsr';
import { useSocialAccountStatus } from '../api/get-social-account-status';

/** A figure the provider did not give is '—', never 0. */
const count = (n: number | null) => (n === null ? '—' : formatCompact(n));
const rate = (f: number | null) => (f === null ? '—' : formatPercent(f));

function serverDetail(err: unknown): string | null {
  const e = err as { status?: number; body?: { detail?: unknown } } | null;
  const detail = e?.body?.detail;
  return e?.status !== 500 && typeof detail === 'string' && detail.trim() ? detail : null;
}

/** The spec's confirm text (client-and-public 4). */
export const disconnectConfirmText = (username: string) => `Disconnect ${username}? Historical data will be preserved.`;

/**
 * A connected account (client-and-public 2.4): username, platform, followers, engagement, posts, last sync,
 * Active or Needs reconnection (with Reconnect), Sync now (reload 2 s later) and Disconnect (confirmed).
 * `onReconnect` null: the figures only, without Reconnect, Sync now and Disconnect (a member of a client's team
 * without full access, whom the API refuses them).
 */
export function SocialAccountCard({
  account,
  onReconnect,
}: {
  account: TSocialAccount;
  onReconnect: ((account: TSocialAccount) => void) | null;
}) {
  const toast = useToast();
  const invalidate = useInvalidateAffected('metrics');
  const status = useSocialAccountStatus(account);
  const sync = tsr.socialAccounts.syncSocialAccount.useMutation();
  const disconnect = tsr.socialAccounts.disconnectSocialAccount.useMutation();
  const [confirming, setConfirming] = useState(false);
  const reload = useRef<number | null>(null);
  useEffect(() => () => void (reload.current !== null && window.clearTimeout(reload.current)), []);

  const needsReconnect = account.is_active && account.needs_reconnect;
  const platform = platformLabel(account.platform);
  const handle = socialHandle(account.username);

  const syncNow = () =>
    sync.mutate(
      { params: { id: account.id } },
      {
        onSuccess: ({ body }) => {
          toast.success(body.detail);
          // The manual sync's reload delay (client-and-public 9).
          reload.current = window.setTimeout(() => void invalidate(), LIMITS.syncRefreshDelayMs);
        },
        onError: (err) => {
          // The server's reason (429: its polite "try again in N seconds"), else the spec's text.
          toast.error(serverDetail(err) ?? 'Failed to sync account');
          void invalidate();
        },
      },
    );

  const disconnectNow = () =>
    disconnect.mutate(
      { params: { id: account.id } },
      {
        onSuccess: () => {
          toast.success(`${handle} disconnected. Its history is kept.`);
          setConfirming(false);
          void invalidate();
        },
        onError: () => toast.error('Failed to disconnect account'),
      },
    );

  return (
    <Card data-testid={`social-account-${account.id}`} className="flex flex-col p-4">
      <div className="flex items-start gap-3">
        <PlatformIcon platform={account.platform} />
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold [overflow-wrap:anywhere] text-fg">{handle}</h3>
          <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="text-xs text-fg-muted">{platform}</span>
            {needsReconnect ? (
              <Badge tone="danger">
                <AlertTriangle aria-hidden className="h-3.5 w-3.5" />
                Needs reconnection
              </Badge>
            ) : (
              <Badge tone="success">
                <CheckCircle2 aria-hidden className="h-3.5 w-3.5" />
                Active
              </Badge>
            )}
          </div>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
        {[
          [audienceLabel(account.platform), count(account.followers_count)],
          // The past month's, as the overview's Engagement Rate (not the latest day's reading).
          ['Engagement, past month', rate(account.engagement_rate)],
          ['Posts', count(account.posts_count)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg bg-subtle px-2 py-2">
            <dt className="text-xs text-fg-muted">{label}</dt>
            <dd className="text-base font-semibold text-fg tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-fg-muted">
        Last sync: <span className="tabular-nums">{account.last_sync ? formatRelativeTime(account.last_sync) : 'Never'}</span>
      </p>
      {needsReconnect && status.data?.status === 200 && status.data.body.last_error && (
        <p className="mt-1 text-xs text-danger-700">{status.data.body.last_error}</p>
      )}
      {onReconnect && (
        <div className="mt-3 flex flex-wrap gap-2 border-t border-border pt-3">
          {needsReconnect ? (
            <Button size="sm" onClick={() => onReconnect(account)}>
              <RefreshCw aria-hidden className="h-4 w-4" />
              Reconnect<span className="sr-only"> {handle}</span>
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={syncNow} loading={sync.isPending}>
              {!sync.isPending && <RefreshCw aria-hidden className="h-4 w-4" />}
              Sync now<span className="sr-only"> {handle}</span>
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            <Unplug aria-hidden className="h-4 w-4" />
            Disconnect<span className="sr-only"> {handle}</span>
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Disconnect ${platform} account`}
        message={disconnectConfirmText(handle)}
        confirmLabel="Disconnect"
        onConfirm={disconnectNow}
        loading={disconnect.isPending}
      />
    </Card>
  );
}
