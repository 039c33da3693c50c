import { ANALYTICS_PERIOD_LABELS, formatChangePercent, formatFollowersGained, type TClient } from '@agency/contract';
import { Info } from 'lucide-react';
import { Dialog, ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';
import { PaymentBadge } from '@/entities/clients/components/client-badges';
import { clientPlan } from '@/entities/clients/lib/client-plan';
import { errorMessage, formatCompact, formatCount, formatDay, formatPercent, formatUsd } from '@/lib/format';
import { useClientReport } from '../api/clients.queries';
import { DetailList } from './client-details-dialog';

function statusOf(err: unknown): number | null {
  const s = (err as { status?: unknown } | null)?.status;
  return typeof s === 'number' ? s : null;
}

function AccountFigures({ client }: { client: TClient }) {
  return (
    <DetailList
      rows={[
        clientPlan(client),
        ['Monthly fee', formatUsd(client.monthly_fee)],
        ['Total spent (all time)', formatUsd(client.total_spent)],
        ['Next payment', formatDay(client.next_payment)],
        ['Payment status', <PaymentBadge key="p" status={client.payment_status} />],
        ['Platforms', client.platforms.length ? client.platforms.join(', ') : 'None'],
      ]}
    />
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-border p-3">
      <p className="text-xs text-fg-muted">{label}</p>
      <p className="mt-1 text-lg font-semibold text-fg tabular-nums">{value}</p>
    </div>
  );
}

function StatsBody({ client }: { client: TClient }) {
  const report = useClientReport(client.id);
  if (report.isPending) {
    return (
      <SkeletonGroup label="Loading" className="space-y-3">
        <Skeleton className="h-16" />
        <Skeleton className="h-40" />
      </SkeletonGroup>
    );
  }
  if (report.isError) {
    if (statusOf(report.error) === 501) {
      return (
        <div className="space-y-4">
          <p className="flex gap-2 rounded-md border border-info-600/30 bg-info-50 px-3 py-2 text-sm text-info-700">
            <Info aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            Performance analytics are not available yet. These are the figures on the client&apos;s account.
          </p>
          <AccountFigures client={client} />
        </div>
      );
    }
    return <ErrorState message={errorMessage(report.error, 'Failed to load client stats')} onRetry={() => void report.refetch()} retrying={report.isFetching} />;
  }
  const r = report.data.body;
  const period = ANALYTICS_PERIOD_LABELS[r.period].toLowerCase();
  return (
    <div className="space-y-5">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label="Followers" value={formatCompact(r.summary.followers)} />
        <Figure label="Followers gained" value={formatFollowersGained(r.summary.followers_gained, r.summary.growth_rate)} />
        <Figure label="Engagement" value={formatPercent(r.summary.engagement_rate)} />
        <Figure label="Reach" value={formatCompact(r.summary.reach)} />
        <Figure label="Growth" value={formatChangePercent(r.summary.growth_rate)} />
        <Figure label="Posts published" value={formatCount(r.summary.posts_published)} />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {/* Over the report's period (Total spent, below, is all time); both by the invoices' one rule. */}
        <Figure label={`Billed · ${period}`} value={formatUsd(r.invoices.total_billed)} />
        <Figure label={`Paid · ${period}`} value={formatUsd(r.invoices.total_paid)} />
        <Figure label="Outstanding now" value={formatUsd(r.invoices.outstanding)} />
      </div>
      <AccountFigures client={client} />
    </div>
  );
}

export function ClientStatsDialog({ client, onClose }: { client: TClient | null; onClose: () => void }) {
  return (
    <Dialog
      open={client !== null}
      onOpenChange={(o) => !o && onClose()}
      title={client ? `Stats — ${client.name}` : 'Client Stats'}
      className="max-w-2xl"
    >
      {client && <StatsBody client={client} />}
    </Dialog>
  );
}
