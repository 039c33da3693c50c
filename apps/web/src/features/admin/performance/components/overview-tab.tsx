import { TASK_STATUS_LABELS, type TAnalyticsOverview } from '@agency/contract';
import { BarChart3, Eye, FileDown, TrendingUp, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { ChangeText } from '@/components/charts/change-text';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, Skeleton, SkeletonGroup, StatCard } from '@/components/ui';
import { formatChange, formatCompact, formatCount, formatPercent, formatSignedCount, formatUsd } from '@/lib/format';
import type { TReportDownload } from '../use-report-download';

const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4';

export function OverviewSkeleton() {
  return (
    <SkeletonGroup label="Loading performance" className="space-y-6">
      <div className={GRID}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-[7.5rem] rounded-xl" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-48 rounded-xl" />
        <Skeleton className="h-48 rounded-xl" />
      </div>
    </SkeletonGroup>
  );
}

/** The four summary cards with their period-over-period change from the API ('—' without an earlier period). */
export function SummaryCards({ data }: { data: TAnalyticsOverview }) {
  const s = data.summary;
  const card = (label: string, value: string, change: number | null, icon: ReactNode) => {
    const t = formatChange(change);
    return <StatCard label={label} value={value} icon={icon} trend={t.text} trendDirection={t.direction} hint={t.text === '—' ? 'No earlier period' : 'vs prior period'} />;
  };
  return (
    <section aria-label="Performance summary" className={GRID}>
      {card('Total Followers', formatCompact(s.total_followers), s.total_followers_change_percent, <Users aria-hidden className="h-5 w-5" />)}
      {card('Average Engagement', formatPercent(s.average_engagement), s.average_engagement_change_percent, <BarChart3 aria-hidden className="h-5 w-5" />)}
      {card('Total Reach', formatCompact(s.total_reach), s.total_reach_change_percent, <Eye aria-hidden className="h-5 w-5" />)}
      {card('Daily Growth', formatSignedCount(s.daily_growth, formatCompact), s.daily_growth_change_percent, <TrendingUp aria-hidden className="h-5 w-5" />)}
    </section>
  );
}

function Facts({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-2 gap-4">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs text-fg-muted">{label}</dt>
          <dd className="mt-0.5 text-lg font-semibold tabular-nums text-fg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function AgencyGrowthCard({ data }: { data: TAnalyticsOverview }) {
  const g = data.agency_growth;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Agency Growth</CardTitle>
      </CardHeader>
      <CardContent>
        <Facts
          items={[
            ['Total clients', formatCount(g.total_clients)],
            ['Active clients', formatCount(g.active_clients)],
            ['Monthly revenue', formatUsd(g.monthly_revenue)],
          ]}
        />
      </CardContent>
    </Card>
  );
}

export function TaskPerformanceCard({ data }: { data: TAnalyticsOverview }) {
  const t = data.task_performance;
  const rate = Math.round(t.completion_rate * 10) / 10;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Task Performance</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div>
          <div className="flex items-baseline justify-between text-sm">
            <span className="text-fg-muted">Completion rate</span>
            <span className="text-lg font-semibold tabular-nums text-fg">{rate}%</span>
          </div>
          <div
            role="progressbar"
            aria-label="Task completion rate"
            aria-valuenow={rate}
            aria-valuemin={0}
            aria-valuemax={100}
            className="mt-2 h-2 overflow-hidden rounded-full bg-subtle"
          >
            <div className="h-full rounded-full bg-success-600" style={{ width: `${Math.min(100, Math.max(0, rate))}%` }} />
          </div>
        </div>
        <Facts
          items={[
            // The Tasks screen's statuses and names, so both count the same tasks.
            [TASK_STATUS_LABELS.completed, formatCount(t.task_stats.completed)],
            [TASK_STATUS_LABELS['in-progress'], formatCount(t.task_stats.in_progress)],
            [TASK_STATUS_LABELS.review, formatCount(t.task_stats.review)],
            [TASK_STATUS_LABELS.pending, formatCount(t.task_stats.pending)],
          ]}
        />
      </CardContent>
    </Card>
  );
}

/** Top 5 clients by followers, each with a Report button (the client's PDF of the period). */
export function TopClients({ data, report }: { data: TAnalyticsOverview; report: TReportDownload }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Top Performing Clients</CardTitle>
      </CardHeader>
      {data.top_clients.length === 0 ? (
        <EmptyState title="No client figures yet" description="Clients appear here once their accounts are connected and measured." />
      ) : (
        <ol className="divide-y divide-border">
          {data.top_clients.slice(0, 5).map((c, i) => (
            <li key={c.id} className="flex items-center gap-3 px-5 py-3">
              <span className="w-5 text-sm font-semibold tabular-nums text-fg-muted">{i + 1}</span>
              <div className="min-w-0 flex-1 sm:flex sm:items-center sm:justify-between sm:gap-4">
                <div className="min-w-0">
                  <p className="truncate font-medium text-fg">{c.name}</p>
                  <p className="truncate text-xs text-fg-muted">{c.company}</p>
                </div>
                <div className="mt-1 text-sm sm:mt-0 sm:text-right">
                  <p className="font-semibold tabular-nums text-fg">{formatCompact(c.followers)} followers</p>
                  <p className="text-xs text-fg-muted">
                    {formatPercent(c.engagement)} engagement · <ChangeText value={c.growth_rate} />
                  </p>
                </div>
              </div>
              <Button variant="secondary" size="sm" onClick={() => report.download(c)} loading={report.busy === c.id} aria-label={`Report of ${c.name}`}>
                {report.busy !== c.id && <FileDown aria-hidden className="h-4 w-4" />}
                Report
              </Button>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
