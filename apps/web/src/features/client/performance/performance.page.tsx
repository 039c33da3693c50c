import { CLIENT_GROWTH_PERIODS, socialHandle, type TClientAnalyticsOverview } from '@agency/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Download, ListTree, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { ChangeText } from '@/components/charts/change-text';
import { platformName } from '@/components/charts/platforms';
import { PlatformIcon } from '@/components/platform-icon';
import { Button, Card, EmptyState, ErrorState, Label, NativeSelect, Tabs, TabsContent, TabsList, TabsTrigger, useToast } from '@/components/ui';
import { analyticsKeys } from '@/entities/analytics/analytics-keys';
import { AccessDenied } from '@/layout/access-denied';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { errorMessage, formatCompact } from '@/lib/format';
import { useFilterUrlParams } from '@/lib/use-url-params';
import {
  clientPeriodParam,
  downloadOwnReport,
  PERIOD_LABELS,
  useClientAnalytics,
  type TClientPeriod,
} from './api/performance.queries';
import { AccountEngagementCard, PlatformCard } from './components/account-cards';
import { EngagementPerAccountChart, FollowerGrowthChart, MonthlyReachChart, PlatformComparisonChart } from './components/charts';
import { DetailedAnalyticsDialog } from './components/detailed-analytics-dialog';
import { MonthlyTable } from './components/monthly-table';
import { NoAccountsBanner } from './components/no-accounts-banner';
import { SummaryCards, SummaryCardsSkeleton } from './components/summary-cards';

const TABS = ['overview', 'growth', 'engagement', 'platforms'] as const;
type TTab = (typeof TABS)[number];
const URL_DEFAULTS = { tab: 'overview', period: '6months' } as const;

/** Client Performance Analytics (client-and-public 2.6): clients only. */
export default function ClientPerformancePage() {
  const { user } = useAuth();
  if (user?.role !== 'client') return <AccessDenied message="This page is only available for client accounts." />;
  return <PerformanceScreen clientId={user.client_id} />;
}

function PeriodSelect({ value, onChange }: { value: TClientPeriod; onChange: (p: TClientPeriod) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor="performance-period" className="text-sm whitespace-nowrap text-fg-muted">
        Period
      </Label>
      <NativeSelect id="performance-period" value={value} onChange={(e) => onChange(e.target.value as TClientPeriod)} className="w-auto">
        {CLIENT_GROWTH_PERIODS.map((p) => (
          <option key={p} value={p}>
            {PERIOD_LABELS[p]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function PerformanceScreen({ clientId }: { clientId: number | null }) {
  const { params, update } = useFilterUrlParams(URL_DEFAULTS);
  const period = clientPeriodParam(params.get('period'));
  const tabParam = params.get('tab') as TTab | null;
  const tab: TTab = tabParam && TABS.includes(tabParam) ? tabParam : 'overview';
  const query = useClientAnalytics(period);
  const qc = useQueryClient();
  const toast = useToast();
  const [refreshing, setRefreshing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await qc.refetchQueries({ queryKey: analyticsKeys.clientOverviews() });
    } finally {
      setRefreshing(false);
    }
  };

  const download = () => {
    if (clientId === null) return;
    setDownloading(true);
    downloadOwnReport(clientId, period)
      .then(() => toast.success('Report downloaded'))
      .catch((err: unknown) => toast.error(errorMessage(err, 'Failed to download the report')))
      .finally(() => setDownloading(false));
  };

  const data = query.data?.body;
  // The data shown belongs to the period asked for (or the previous one, while the new one loads).
  const switching = query.isPlaceholderData;
  // No account has given a figure in the period (a new client): no zero charts and no empty report to download.
  const hasFigures = !!data && (data.accounts.length > 0 || data.monthly.some((r) => r.followers !== null || r.reach !== null || r.engagement !== null));
  const downloadBlocked = clientId === null ? 'Your login is not linked to a client profile yet' : data && !hasFigures ? 'There is nothing to report yet: connect an account first' : undefined;

  const header = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h2 className="text-lg font-semibold text-fg">Performance Analytics</h2>
        <p className="text-sm text-fg-muted">Followers, engagement and reach of your connected accounts.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => setDetailsOpen(true)}
          disabled={!data || !hasFigures}
          title={data && !hasFigures ? 'No figures yet: connect an account first' : undefined}
        >
          <ListTree aria-hidden className="h-4 w-4" />
          Detailed Analytics
        </Button>
        <Button variant="secondary" onClick={() => void refresh()} disabled={refreshing}>
          <RefreshCw aria-hidden className={cn('h-4 w-4', refreshing && 'animate-spin')} />
          Refresh
        </Button>
        <Button
          onClick={download}
          loading={downloading}
          disabled={downloadBlocked !== undefined}
          title={downloadBlocked}
        >
          {!downloading && <Download aria-hidden className="h-4 w-4" />}
          Download Report
        </Button>
      </div>
    </div>
  );

  if (query.isPending) {
    return (
      <div className="space-y-6">
        {header}
        <SummaryCardsSkeleton />
      </div>
    );
  }
  if (query.isError || !data) {
    return (
      <div className="space-y-6">
        {header}
        <Card>
          <ErrorState
            title="Performance is unavailable"
            message={errorMessage(query.error, 'Failed to load your analytics')}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </Card>
      </div>
    );
  }

  const hasAccounts = data.accounts.some((a) => a.is_active);
  return (
    <div className="space-y-6">
      {header}
      {!hasAccounts && <NoAccountsBanner />}
      <SummaryCards data={data} hasFigures={hasFigures} />
      {!hasFigures ? (
        <Card>
          <EmptyState
            title="No figures yet"
            description="Once an account is connected and synced, its followers, reach and engagement show here month by month, and the report can be downloaded."
          />
        </Card>
      ) : (
        <Tabs value={tab} onValueChange={(t) => update({ tab: t })}>
          <TabsList aria-label="Performance">
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="growth">Growth Tracking</TabsTrigger>
            <TabsTrigger value="engagement">Engagement</TabsTrigger>
            <TabsTrigger value="platforms">Platform Performance</TabsTrigger>
          </TabsList>
          <TabsContent value="overview" className="grid gap-6 lg:grid-cols-2">
            <FollowerGrowthChart rows={data.monthly} />
            <MonthlyReachChart rows={data.monthly} />
          </TabsContent>
          <TabsContent value="growth" className="space-y-6" aria-busy={switching}>
            <FollowerGrowthChart
              title="Growth Tracking"
              rows={data.monthly}
              action={<PeriodSelect value={period} onChange={(p) => update({ period: p })} />}
            />
            <section aria-labelledby="monthly-performance" className={cn('space-y-3', switching && 'opacity-60')}>
              <h3 id="monthly-performance" className="text-base font-semibold text-fg">
                Monthly Performance
                <span className="ml-2 text-sm font-normal text-fg-muted">{PERIOD_LABELS[data.period]}</span>
              </h3>
              <MonthlyTable rows={data.monthly} />
            </section>
          </TabsContent>
          <TabsContent value="engagement" className="space-y-6">
            <EngagementTab data={data} />
          </TabsContent>
          <TabsContent value="platforms" className="space-y-6">
            <div className="grid gap-4 md:grid-cols-3">
              {data.platform_performance.map((p) => (
                <PlatformCard key={p.platform} platform={p} />
              ))}
            </div>
            <PlatformComparisonChart platforms={data.platform_performance} />
            <TopAccounts data={data} />
          </TabsContent>
        </Tabs>
      )}
      <DetailedAnalyticsDialog open={detailsOpen} onOpenChange={setDetailsOpen} data={data} />
    </div>
  );
}

function EngagementTab({ data }: { data: TClientAnalyticsOverview }) {
  if (data.accounts.length === 0) {
    return (
      <Card>
        <EmptyState title="No accounts to show" description="Each connected account gets a card here with its engagement." />
      </Card>
    );
  }
  return (
    <>
      <EngagementPerAccountChart accounts={data.accounts} />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {data.accounts.map((a) => (
          <AccountEngagementCard key={a.id} account={a} />
        ))}
      </div>
    </>
  );
}

/** The five accounts with the most followers (the spec's "top 5"). */
function TopAccounts({ data }: { data: TClientAnalyticsOverview }) {
  const top = [...data.accounts].sort((a, b) => b.followers_count - a.followers_count).slice(0, 5);
  if (top.length === 0) return null;
  return (
    <section aria-labelledby="top-accounts" className="space-y-3">
      <h3 id="top-accounts" className="text-base font-semibold text-fg">
        Top Accounts
      </h3>
      <Card>
        <ol className="divide-y divide-border">
          {top.map((a, i) => (
            <li key={a.id} className="flex items-center gap-3 px-5 py-3">
              <span className="w-5 text-sm font-semibold tabular-nums text-fg-muted">{i + 1}</span>
              <PlatformIcon platform={a.platform} size="sm" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-fg">{socialHandle(a.username)}</span>
                <span className="block text-xs text-fg-muted">{platformName(a.platform)}</span>
              </span>
              <span className="text-right text-sm">
                <span className="block font-semibold tabular-nums text-fg">{formatCompact(a.followers_count)} followers</span>
                <span className="block text-xs text-fg-muted">
                  growth <ChangeText value={a.growth_rate} />
                </span>
              </span>
            </li>
          ))}
        </ol>
      </Card>
    </section>
  );
}
