import { LIMITS } from '@agency/contract';
import { BarChart3 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, Card, CardHeader, CardTitle, EmptyState, ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';
import { formatCompact, formatMonth, formatPercent } from '@/lib/format';
import { useClientPerformance } from '../api/overview.queries';

function growth(rate: number | null): string {
  if (rate === null) return '—';
  return `${rate > 0 ? '+' : ''}${rate.toFixed(1)}%`;
}

/** Performance Overview (client-and-public 2.4): the monthly rows of the last three months, newest first. */
export function PerformanceOverview() {
  const q = useClientPerformance();
  const rows = [...(q.data?.body.monthly ?? [])].reverse().slice(0, LIMITS.dashboardPerformanceRows);
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-wrap items-center">
        <CardTitle>Performance Overview</CardTitle>
        <Button variant="ghost" size="sm" asChild>
          <Link to={{ pathname: '/dashboard', hash: 'performance' }}>Full report</Link>
        </Button>
      </CardHeader>
      {q.isPending ? (
        <SkeletonGroup label="Loading performance" className="space-y-2 p-5">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </SkeletonGroup>
      ) : q.isError ? (
        <ErrorState
          title="Performance is not available"
          message="Your monthly figures could not be loaded right now."
          onRetry={() => void q.refetch()}
          retrying={q.isFetching}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<BarChart3 aria-hidden className="h-6 w-6" />}
          title="No monthly figures yet"
          description="They appear once a connected account has been synced."
        />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Monthly performance, newest first</caption>
            <thead className="bg-subtle text-left text-xs text-fg-muted">
              <tr>
                <th scope="col" className="px-5 py-2 font-medium">Month</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Followers</th>
                <th scope="col" className="hidden px-3 py-2 text-right font-medium sm:table-cell">Reach</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Engagement</th>
                <th scope="col" className="px-5 py-2 text-right font-medium">Growth</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((r) => (
                <tr key={r.id ?? r.month}>
                  <th scope="row" className="px-5 py-2.5 text-left font-medium text-fg">{formatMonth(r.month)}</th>
                  <td className="px-3 py-2.5 text-right tabular-nums">{formatCompact(r.followers)}</td>
                  <td className="hidden px-3 py-2.5 text-right tabular-nums sm:table-cell">{formatCompact(r.reach)}</td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{formatPercent(r.engagement)}</td>
                  <td
                    className={
                      'px-5 py-2.5 text-right tabular-nums ' +
                      (r.growth_rate === null ? 'text-fg-muted' : r.growth_rate >= 0 ? 'text-success-700' : 'text-danger-700')
                    }
                  >
                    {growth(r.growth_rate)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
