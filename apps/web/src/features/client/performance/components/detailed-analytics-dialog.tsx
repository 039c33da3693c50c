import { socialHandle } from '@agency/contract';
import type { TAccountAnalytics, TClientAnalyticsOverview } from '@agency/contract';
import { ChangeText } from '@/components/charts/change-text';
import { platformName } from '@/components/charts/platforms';
import { PlatformIcon } from '@/components/platform-icon';
import { Badge, Card, Dialog, EmptyState, ResponsiveTable } from '@/components/ui';
import { formatCompact, formatCount, formatPercent, formatSignedCount } from '@/lib/format';
import { PERIOD_LABELS } from '../api/performance.queries';
import { MonthlyTable } from './monthly-table';

const COLUMNS = ['Followers', 'Engagement', 'Reach', 'Posts', 'Today', 'Growth'] as const;

function cells(a: TAccountAnalytics) {
  return [
    formatCount(a.followers_count),
    formatPercent(a.engagement_rate),
    formatCount(a.reach),
    formatCount(a.posts_count),
    formatSignedCount(a.daily_growth),
    <ChangeText key="growth" value={a.growth_rate} />,
  ];
}

function AccountName({ account }: { account: TAccountAnalytics }) {
  return (
    <span className="flex items-center gap-2">
      <PlatformIcon platform={account.platform} size="sm" />
      <span className="min-w-0">
        <span className="block truncate font-medium text-fg">{socialHandle(account.username)}</span>
        <span className="block text-xs text-fg-muted">
          {platformName(account.platform)}
          {!account.is_active && ' · disconnected'}
        </span>
      </span>
    </span>
  );
}

function AccountsTable({ accounts }: { accounts: readonly TAccountAnalytics[] }) {
  if (accounts.length === 0) {
    return (
      <Card>
        <EmptyState title="No accounts yet" description="Connect an account on the Overview to see its figures here." />
      </Card>
    );
  }
  return (
    <ResponsiveTable
      items={accounts}
      getKey={(a) => a.id}
      cardsLabel="Accounts"
      head={
        <>
          <th scope="col" className="px-3 py-2 text-left font-medium">
            Account
          </th>
          {COLUMNS.map((c) => (
            <th key={c} scope="col" className="px-3 py-2 text-right font-medium">
              {c}
            </th>
          ))}
        </>
      }
      renderRow={(a) => (
        <tr key={a.id}>
          <th scope="row" className="px-3 py-2 text-left font-normal">
            <AccountName account={a} />
          </th>
          {cells(a).map((c, i) => (
            <td key={COLUMNS[i]} className="px-3 py-2 text-right tabular-nums">
              {c}
            </td>
          ))}
        </tr>
      )}
      renderCard={(a) => (
        <Card className="p-4">
          <AccountName account={a} />
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {cells(a).map((c, i) => (
              <div key={COLUMNS[i]} className="contents">
                <dt className="text-fg-muted">{COLUMNS[i]}</dt>
                <dd className="text-right tabular-nums">{c}</dd>
              </div>
            ))}
          </dl>
        </Card>
      )}
    />
  );
}

/** Detailed Analytics: every account's figures, the period's totals and the monthly rows (replaces 'coming soon'). */
export function DetailedAnalyticsDialog({
  open,
  onOpenChange,
  data,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  data: TClientAnalyticsOverview;
}) {
  const { summary } = data;
  const connected = data.platform_performance.filter((p) => p.connected).length;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Detailed Analytics"
      description={`${PERIOD_LABELS[data.period]} · ${connected} of ${data.platform_performance.length} platforms connected`}
      className="md:max-w-4xl lg:max-w-5xl"
    >
      <div className="space-y-6">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            ['Total followers', formatCount(summary.total_followers)],
            ['Average engagement', formatPercent(summary.average_engagement)],
            ['Reach, past month', formatCount(summary.monthly_reach)],
            ['Posts this month', formatCount(summary.posts_this_month)],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg bg-subtle p-3">
              <dt className="text-xs text-fg-muted">{label}</dt>
              <dd className="mt-1 text-lg font-semibold tabular-nums text-fg">{value}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="detailed-accounts" className="space-y-2">
          <h3 id="detailed-accounts" className="text-sm font-semibold text-fg">
            Accounts
          </h3>
          <AccountsTable accounts={data.accounts} />
        </section>
        <section aria-labelledby="detailed-platforms" className="space-y-2">
          <h3 id="detailed-platforms" className="text-sm font-semibold text-fg">
            Platforms
          </h3>
          <ul className="grid gap-2 sm:grid-cols-3">
            {data.platform_performance.map((p) => (
              <li key={p.platform} className="rounded-lg border border-border p-3 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-1">
                  <span className="font-medium text-fg">{platformName(p.platform)}</span>
                  <Badge tone={p.connected ? 'success' : 'default'}>{p.connected ? 'Connected' : 'Not connected'}</Badge>
                </div>
                <p className="mt-1 text-fg-muted">
                  {formatCompact(p.followers)} followers · {formatPercent(p.engagement_rate)} · growth <ChangeText value={p.growth_rate} />
                </p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="detailed-monthly" className="space-y-2">
          <h3 id="detailed-monthly" className="text-sm font-semibold text-fg">
            Month by month
          </h3>
          <MonthlyTable rows={data.monthly} />
        </section>
      </div>
    </Dialog>
  );
}
