import type { TAnalyticsOverview } from '@agency/contract';
import type { ReactNode } from 'react';
import { BarChart, CHART_COLORS, DonutChart } from '@/components/charts';
import { ChangeText } from '@/components/charts/change-text';
import { PLATFORM_COLORS, isAnalyticsPlatform, platformName } from '@/components/charts/platforms';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui';
import { formatCompact, formatCount, formatPercent, formatUsd } from '@/lib/format';

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

const percent = (v: number) => `${v.toFixed(1)}%`;

/** Advanced Analytics: platform distribution, revenue analysis and benchmarks (industry engagement 3.5%). */
export function AdvancedTab({ data }: { data: TAnalyticsOverview }) {
  const r = data.revenue_analysis;
  const b = data.benchmarks;
  const industry = b.industry_engagement;
  const diff = (b.average_engagement - industry) * 100;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <DonutChart
        title="Platform Distribution"
        description="Share of the active connected accounts"
        data={data.platform_distribution.map((p) => ({
          label: platformName(p.platform),
          value: p.accounts,
          ...(isAnalyticsPlatform(p.platform) && { color: PLATFORM_COLORS[p.platform] }),
        }))}
        format={(n) => `${formatCount(n)} ${n === 1 ? 'account' : 'accounts'}`}
        emptyText="No connected accounts yet."
      />
      <Card>
        <CardHeader>
          <CardTitle>Revenue Analysis</CardTitle>
        </CardHeader>
        <CardContent>
          <Facts
            items={[
              ['Monthly revenue', formatUsd(r.monthly_revenue)],
              ['Active clients', formatCount(r.active_clients)],
              ['Average revenue per client', formatUsd(r.average_revenue_per_client)],
              ['Revenue growth', <ChangeText key="growth" value={r.revenue_growth_percent} />],
            ]}
          />
          <p className="mt-4 text-xs text-fg-muted">Revenue growth compares paid revenue of the period with the period before.</p>
        </CardContent>
      </Card>
      <BarChart
        title="Engagement Benchmark"
        description={`Your clients' average engagement against the industry average of ${formatPercent(industry)}`}
        data={[
          { name: 'Your clients', engagement: b.average_engagement * 100 },
          { name: 'Industry average', engagement: industry * 100 },
        ]}
        categoryKey="name"
        categoryLabel="Benchmark"
        valueLabel="Engagement"
        axisFormat={(v) => `${Math.round(v * 10) / 10}%`}
        series={[{ key: 'engagement', label: 'Engagement rate', color: CHART_COLORS.brand, format: percent }]}
        barColors={[CHART_COLORS.brand, CHART_COLORS.neutral]}
      />
      <Card>
        <CardHeader>
          <CardTitle>Benchmarks</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <Facts
            items={[
              ['Average engagement', formatPercent(b.average_engagement)],
              ['Industry average', formatPercent(industry)],
              ['Client retention', `${Math.round(b.client_retention * 10) / 10}%`],
              ['Average followers per client', formatCompact(b.average_followers_per_client)],
            ]}
          />
          <p className="text-sm text-fg-muted">
            {Math.abs(diff) < 0.05
              ? 'Engagement is on the industry average.'
              : `Engagement is ${Math.abs(diff).toFixed(1)} points ${diff > 0 ? 'above' : 'below'} the industry average.`}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
