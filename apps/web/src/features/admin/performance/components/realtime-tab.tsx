import { audienceLabel, socialHandle, type TRealtimeMetric, type TSocialAccount } from '@agency/contract';
import { AlertTriangle, Radio } from 'lucide-react';
import { Link } from 'react-router-dom';
import { platformName } from '@/components/charts/platforms';
import { PlatformIcon } from '@/components/platform-icon';
import { Badge, Button, Card, EmptyState, ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';
import { useSocialAccounts } from '@/entities/social-accounts/api/list-social-accounts';
import { cn } from '@/lib/cn';
import { errorMessage, formatCompact, formatPercent, formatRelativeTime, formatSignedCount } from '@/lib/format';
import { useAccountsNeedingReconnection, useRealtimeMetrics } from '../api/performance.queries';

function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div>
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className={cn('mt-0.5 font-semibold tabular-nums text-fg', className)}>{value}</dd>
    </div>
  );
}

/** A card is Live while its figures are fresh: measured within this window (older ones say only when they were). */
const LIVE_WINDOW_MS = 15 * 60_000;
const isLive = (metric: TRealtimeMetric) => Date.now() - Date.parse(metric.last_updated) < LIVE_WINDOW_MS;

function MetricCard({ metric, clientName }: { metric: TRealtimeMetric; clientName: string | undefined }) {
  const growth = metric.daily_growth;
  return (
    <Card className="p-5">
      <div className="flex items-center gap-3">
        <PlatformIcon platform={metric.account.platform} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-medium text-fg" title={socialHandle(metric.account.username)}>
            {socialHandle(metric.account.username)}
          </h3>
          <p className="truncate text-xs text-fg-muted">
            {platformName(metric.account.platform)}
            {clientName && ` · ${clientName}`}
          </p>
        </div>
        {isLive(metric) && (
          <Badge tone="success">
            <Radio aria-hidden className="h-3 w-3" />
            Live
          </Badge>
        )}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <Figure label={audienceLabel(metric.account.platform)} value={formatCompact(metric.followers_count)} />
        <Figure label="Engagement" value={formatPercent(metric.engagement_rate)} />
        <Figure label="Reach (24 h)" value={formatCompact(metric.reach)} />
        <Figure
          label="Daily growth"
          value={formatSignedCount(growth, formatCompact)}
          className={cn(growth > 0 && 'text-success-700', growth < 0 && 'text-danger-700')}
        />
      </dl>
      <p className="mt-3 text-xs text-fg-muted">
        Last updated <time dateTime={metric.last_updated}>{formatRelativeTime(metric.last_updated)}</time>
      </p>
    </Card>
  );
}

/** Accounts whose network refused their token: the client must reconnect them; until then their figures stand still. */
function NeedsReconnection({ accounts, messages }: { accounts: readonly TSocialAccount[]; messages: Map<number, string> }) {
  if (accounts.length === 0) return null;
  return (
    <section aria-labelledby="needs-reconnection" className="rounded-xl border border-warning-600/30 bg-warning-50 p-4">
      <h3 id="needs-reconnection" className="flex items-center gap-2 font-medium text-warning-700">
        <AlertTriangle aria-hidden className="h-4 w-4" />
        Needs reconnection ({accounts.length})
      </h3>
      <p className="mt-1 text-sm text-fg-muted">These accounts stopped syncing: their clients have been asked to reconnect them.</p>
      <ul className="mt-3 space-y-2">
        {accounts.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="font-medium text-fg">
              {socialHandle(a.username)} <span className="font-normal text-fg-muted">({platformName(a.platform)})</span>
            </span>
            <span className="text-fg-muted">{a.client_name}</span>
            {messages.get(a.id) && <span className="basis-full text-xs text-fg-muted">{messages.get(a.id)}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Real-time Metrics: one live card per active account; refreshed by the 'metrics.updated' push. */
export function RealtimeTab({ active }: { active: boolean }) {
  const metrics = useRealtimeMetrics(active);
  const accounts = useSocialAccounts();
  const list = accounts.data?.status === 200 ? accounts.data.body.accounts.filter((a) => a.is_active) : [];
  const reconnect = useAccountsNeedingReconnection(list, active);
  const clientOf = new Map(list.map((a) => [a.id, a.client_name]));

  if (metrics.isPending) {
    return (
      <SkeletonGroup label="Loading real-time metrics" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-52 rounded-xl" />
        ))}
      </SkeletonGroup>
    );
  }
  if (metrics.isError) {
    return (
      <Card>
        <ErrorState message={errorMessage(metrics.error, 'Failed to load real-time metrics')} onRetry={() => void metrics.refetch()} retrying={metrics.isFetching} />
      </Card>
    );
  }
  const data = metrics.data.body.data;
  return (
    <div className="space-y-4">
      <NeedsReconnection accounts={reconnect.accounts} messages={reconnect.messages} />
      {data.length === 0 ? (
        <Card>
          <EmptyState
            icon={<Radio aria-hidden className="h-6 w-6" />}
            title="No connected accounts"
            description="Live figures appear here as soon as clients connect their social media accounts."
            action={
              <Button asChild>
                <Link to={{ pathname: '/dashboard', hash: 'clients' }}>Connect Accounts</Link>
              </Button>
            }
          />
        </Card>
      ) : (
        <>
          <p className="text-sm text-fg-muted" aria-live="polite">
            {data.length} live {data.length === 1 ? 'account' : 'accounts'}; figures update as soon as a sync lands.
          </p>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {data.map((m) => (
              <MetricCard key={m.account.id} metric={m} clientName={clientOf.get(m.account.id)} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
