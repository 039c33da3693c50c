import type { TMonthlyPerformanceRow } from '@agency/contract';
import { ChangeText } from '@/components/charts/change-text';
import { Card, EmptyState, ResponsiveTable } from '@/components/ui';
import { formatCompact, formatMonth, formatPercent } from '@/lib/format';

const th = 'px-4 py-2 text-right font-medium';

/** The monthly performance table (month, followers, growth, engagement, reach), newest month first. */
export function MonthlyTable({ rows }: { rows: readonly TMonthlyPerformanceRow[] }) {
  if (rows.length === 0) {
    return (
      <Card>
        <EmptyState title="No monthly figures yet" description="Months appear here once your connected accounts have been measured." />
      </Card>
    );
  }
  const newestFirst = [...rows].reverse();
  return (
    <ResponsiveTable
      items={newestFirst}
      getKey={(r) => r.month}
      cardsLabel="Monthly performance"
      head={
        <>
          <th scope="col" className="px-4 py-2 text-left font-medium">
            Month
          </th>
          <th scope="col" className={th}>
            Followers
          </th>
          <th scope="col" className={th}>
            Growth
          </th>
          <th scope="col" className={th}>
            Engagement
          </th>
          <th scope="col" className={th}>
            Reach
          </th>
        </>
      }
      renderRow={(r) => (
        <tr key={r.month}>
          <th scope="row" className="px-4 py-2.5 text-left font-medium text-fg">
            {formatMonth(r.month)}
          </th>
          <td className="px-4 py-2.5 text-right tabular-nums">{formatCompact(r.followers)}</td>
          <td className="px-4 py-2.5 text-right">
            <ChangeText value={r.growth_rate} />
          </td>
          <td className="px-4 py-2.5 text-right tabular-nums">{formatPercent(r.engagement)}</td>
          <td className="px-4 py-2.5 text-right tabular-nums">{formatCompact(r.reach)}</td>
        </tr>
      )}
      renderCard={(r) => (
        <Card className="p-4">
          <p className="font-medium text-fg">{formatMonth(r.month)}</p>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-fg-muted">Followers</dt>
            <dd className="text-right tabular-nums">{formatCompact(r.followers)}</dd>
            <dt className="text-fg-muted">Growth</dt>
            <dd className="text-right">
              <ChangeText value={r.growth_rate} />
            </dd>
            <dt className="text-fg-muted">Engagement</dt>
            <dd className="text-right tabular-nums">{formatPercent(r.engagement)}</dd>
            <dt className="text-fg-muted">Reach</dt>
            <dd className="text-right tabular-nums">{formatCompact(r.reach)}</dd>
          </dl>
        </Card>
      )}
    />
  );
}
