import { ANALYTICS_PERIODS } from '@agency/contract';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button, Card, ErrorState, Label, NativeSelect, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { AccessDenied } from '@/layout/access-denied';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/format';
import { useFilterUrlParams } from '@/lib/use-url-params';
import { PERIOD_LABELS, periodParam, REFRESH_KEYS, useAnalyticsOverview, type TPeriod } from './api/performance.queries';
import { AdvancedTab } from './components/advanced-tab';
import { ClientPerformanceTab } from './components/client-performance-tab';
import { ExportMenu } from './components/export-menu';
import { AgencyGrowthCard, OverviewSkeleton, SummaryCards, TaskPerformanceCard, TopClients } from './components/overview-tab';
import { RealtimeTab } from './components/realtime-tab';
import { useReportDownload } from './use-report-download';

const TABS = ['overview', 'clients', 'realtime', 'advanced'] as const;
type TTab = (typeof TABS)[number];
const URL_DEFAULTS = { tab: 'overview', period: '6months' } as const;

/** Admin Performance Analytics (admin-and-foundations 2.8). */
export default function AdminPerformancePage() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <AccessDenied title="Access Denied - You need admin privileges to access this page." />;
  return <PerformanceScreen />;
}

function clientParam(value: string | null): number | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
}

function PerformanceScreen() {
  const { params, update } = useFilterUrlParams(URL_DEFAULTS);
  const period = periodParam(params.get('period'));
  const clientId = clientParam(params.get('client'));
  const tabParam = params.get('tab') as TTab | null;
  const tab: TTab = tabParam && TABS.includes(tabParam) ? tabParam : 'overview';
  const overview = useAnalyticsOverview(period);
  const report = useReportDownload(period);
  const qc = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all(REFRESH_KEYS.map((queryKey) => qc.refetchQueries({ queryKey, type: 'active' })));
    } finally {
      setRefreshing(false);
    }
  };

  const data = overview.data?.body;
  const overviewBody = (render: (d: NonNullable<typeof data>) => ReactNode) => {
    if (overview.isPending) return <OverviewSkeleton />;
    if (overview.isError || !data) {
      return (
        <Card>
          <ErrorState
            title="Analytics are unavailable"
            message={errorMessage(overview.error, 'Failed to load the analytics')}
            onRetry={() => void overview.refetch()}
            retrying={overview.isFetching}
          />
        </Card>
      );
    }
    return <div className={cn(overview.isPlaceholderData && 'opacity-60')} aria-busy={overview.isPlaceholderData}>{render(data)}</div>;
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-fg">Performance Analytics</h2>
          <p className="text-sm text-fg-muted">Growth, engagement and revenue across your clients.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div className="flex items-center gap-2">
            <Label htmlFor="performance-period" className="text-sm whitespace-nowrap text-fg-muted">
              Period
            </Label>
            <NativeSelect id="performance-period" value={period} onChange={(e) => update({ period: e.target.value as TPeriod })} className="w-auto">
              {ANALYTICS_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {PERIOD_LABELS[p]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button variant="secondary" onClick={() => void refresh()} disabled={refreshing}>
            <RefreshCw aria-hidden className={cn('h-4 w-4', refreshing && 'animate-spin')} />
            Refresh
          </Button>
          <ExportMenu period={period} clientId={clientId} />
        </div>
      </div>
      <Tabs value={tab} onValueChange={(t) => update({ tab: t })}>
        <TabsList aria-label="Performance">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="clients">Client Performance</TabsTrigger>
          <TabsTrigger value="realtime">Real-time Metrics</TabsTrigger>
          <TabsTrigger value="advanced">Advanced Analytics</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          {overviewBody((d) => (
            <div className="space-y-6">
              <SummaryCards data={d} />
              <div className="grid gap-6 lg:grid-cols-2">
                <AgencyGrowthCard data={d} />
                <TaskPerformanceCard data={d} />
              </div>
              <TopClients data={d} report={report} />
            </div>
          ))}
        </TabsContent>
        <TabsContent value="clients">
          <ClientPerformanceTab period={period} clientId={clientId} onClientChange={(id) => update({ client: id })} report={report} />
        </TabsContent>
        <TabsContent value="realtime">
          <RealtimeTab active={tab === 'realtime'} />
        </TabsContent>
        <TabsContent value="advanced">{overviewBody((d) => <AdvancedTab data={d} />)}</TabsContent>
      </Tabs>
    </div>
  );
}
