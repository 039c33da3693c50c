import type { TAccountAnalytics, TMonthlyPerformanceRow, TPlatformPerformance } from '@agency/contract';
import type { ReactNode } from 'react';
import { BarChart, CHART_COLORS, LineChart } from '@/components/charts';
import { PLATFORM_COLORS, platformName } from '@/components/charts/platforms';
import { formatMonth } from '@/lib/format';

const shortMonth = (m: string) => formatMonth(m, true);
const percent = (v: number) => `${v.toFixed(1)}%`;
const percentAxis = (v: number) => `${Math.round(v * 10) / 10}%`;

/** Followers at the end of each month of the period. */
export function FollowerGrowthChart({ rows, action, title = 'Follower Growth' }: { rows: readonly TMonthlyPerformanceRow[]; action?: ReactNode; title?: string }) {
  return (
    <LineChart
      title={title}
      description="Followers at the end of each month, all accounts"
      action={action}
      data={rows.map((r) => ({ month: r.month, followers: r.followers }))}
      categoryKey="month"
      categoryFormat={shortMonth}
      categoryLabel="Month"
      valueLabel="Followers"
      series={[{ key: 'followers', label: 'Followers', color: CHART_COLORS.brand }]}
      emptyText="No monthly figures yet: they appear once your accounts have been measured."
    />
  );
}

/** Reach within each month of the period. */
export function MonthlyReachChart({ rows }: { rows: readonly TMonthlyPerformanceRow[] }) {
  return (
    <BarChart
      title="Monthly Reach"
      description="People reached each month, all accounts"
      data={rows.map((r) => ({ month: r.month, reach: r.reach }))}
      categoryKey="month"
      categoryFormat={shortMonth}
      categoryLabel="Month"
      valueLabel="Reach"
      series={[{ key: 'reach', label: 'Reach', color: CHART_COLORS.info }]}
    />
  );
}

/** Engagement rate (×100) of each account. */
export function EngagementPerAccountChart({ accounts }: { accounts: readonly TAccountAnalytics[] }) {
  return (
    <BarChart
      title="Engagement per Account"
      description="Average engagement rate over the period"
      data={accounts.map((a) => ({ account: `${a.username} (${platformName(a.platform)})`, engagement: a.engagement_rate * 100 }))}
      categoryKey="account"
      tickFormat={(label) => (label.length > 22 ? `${label.slice(0, 21)}…` : label)}
      barColors={accounts.map((a) => PLATFORM_COLORS[a.platform])}
      categoryLabel="Account"
      valueLabel="Engagement"
      axisFormat={percentAxis}
      series={[{ key: 'engagement', label: 'Engagement rate', color: CHART_COLORS.brand, format: percent }]}
      emptyText="No accounts to compare yet."
    />
  );
}

/** Followers and reach per platform, connected or not. */
export function PlatformComparisonChart({ platforms }: { platforms: readonly TPlatformPerformance[] }) {
  return (
    <BarChart
      title="Platform Comparison"
      description="Followers per platform (reach, engagement and growth are on the cards above)"
      data={platforms.map((p) => ({ platform: platformName(p.platform), followers: p.followers }))}
      categoryKey="platform"
      categoryLabel="Platform"
      valueLabel="Followers"
      series={[{ key: 'followers', label: 'Followers' }]}
      barColors={platforms.map((p) => PLATFORM_COLORS[p.platform])}
      emptyText="No platform figures yet."
    />
  );
}
