import type { TPerformanceRow } from '@agency/contract';
import { FileDown, Mail } from 'lucide-react';
import { useState } from 'react';
import { LineChart } from '@/components/charts';
import { ChangeText } from '@/components/charts/change-text';
import { Button, Card, EmptyState, ErrorState, ResponsiveTable, Skeleton, SkeletonGroup } from '@/components/ui';
import { ClientFilter } from '@/entities/clients/components/client-filter';
import { cn } from '@/lib/cn';
import { errorMessage, formatCompact, formatMonth, formatPercent, formatUsd } from '@/lib/format';
import { PERIOD_LABELS, useClientMonthly, usePerformanceTable, type TPeriod } from '../api/performance.queries';
import type { TReportDownload } from '../use-report-download';
import { ReportScheduleDialog } from './report-schedule-dialog';

const COLUMNS = ['Followers', 'Engagement', 'Reach', 'Growth', 'Revenue'] as const;

function cells(r: TPerformanceRow) {
  return [
    formatCompact(r.followers),
    formatPercent(r.engagement),
    formatCompact(r.reach),
    <ChangeText key="growth" value={r.growth_rate} />,
    r.revenue === null ? '—' : formatUsd(r.revenue),
  ];
}

function RowActions({ row, report, onSchedule, withText }: { row: TPerformanceRow; report: TReportDownload; onSchedule: () => void; withText?: boolean }) {
  const who = { id: row.client, name: row.client_name };
  return (
    <div className="flex items-center justify-end gap-1">
      <Button variant="secondary" size="sm" onClick={() => report.download(who)} loading={report.busy === row.client} aria-label={`Report of ${row.client_name}`}>
        {report.busy !== row.client && <FileDown aria-hidden className="h-4 w-4" />}
        Report
      </Button>
      <Button
        variant="ghost"
        size={withText ? 'sm' : 'icon'}
        onClick={onSchedule}
        aria-label={withText ? undefined : `Monthly report e-mail of ${row.client_name}`}
        title="Monthly report e-mail"
      >
        <Mail aria-hidden className="h-4 w-4" />
        {withText && (
          <>
            Monthly e-mail<span className="sr-only"> of {row.client_name}</span>
          </>
        )}
      </Button>
    </div>
  );
}

function PerformanceTable({ rows, report, onSchedule }: { rows: readonly TPerformanceRow[]; report: TReportDownload; onSchedule: (r: TPerformanceRow) => void }) {
  return (
    <ResponsiveTable
      items={rows}
      getKey={(r) => r.id}
      cardsLabel="Client performance"
      actionsColumn
      head={
        <>
          <th scope="col" className="px-4 py-2 text-left font-medium">
            Client
          </th>
          {COLUMNS.map((c) => (
            <th key={c} scope="col" className="px-4 py-2 text-right font-medium">
              {c}
            </th>
          ))}
        </>
      }
      renderRow={(r) => (
        <tr key={r.id}>
          <th scope="row" className="px-4 py-2.5 text-left font-medium text-fg">
            {r.client_name}
          </th>
          {cells(r).map((c, i) => (
            <td key={COLUMNS[i]} className="px-4 py-2.5 text-right tabular-nums">
              {c}
            </td>
          ))}
          <td className="px-3 py-1.5">
            <RowActions row={r} report={report} onSchedule={() => onSchedule(r)} />
          </td>
        </tr>
      )}
      renderCard={(r) => (
        <Card className="p-4">
          <p className="font-medium text-fg">{r.client_name}</p>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {cells(r).map((c, i) => (
              <div key={COLUMNS[i]} className="contents">
                <dt className="text-fg-muted">{COLUMNS[i]}</dt>
                <dd className="text-right tabular-nums">{c}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-3 border-t border-border pt-3">
            <RowActions row={r} report={report} onSchedule={() => onSchedule(r)} withText />
          </div>
        </Card>
      )}
    />
  );
}

function ClientGrowth({ period, clientId }: { period: TPeriod; clientId: number }) {
  const monthly = useClientMonthly(period, clientId);
  if (monthly.isPending) return <Skeleton className="h-80 rounded-xl" />;
  if (monthly.isError) {
    return (
      <Card>
        <ErrorState message={errorMessage(monthly.error, 'Failed to load the monthly figures')} onRetry={() => void monthly.refetch()} retrying={monthly.isFetching} />
      </Card>
    );
  }
  const rows = monthly.data.body;
  const name = rows[0]?.client_name;
  return (
    <LineChart
      title={name ? `Growth of ${name}` : 'Client growth'}
      description={`Followers at the end of each month, ${PERIOD_LABELS[period].toLowerCase()}`}
      data={rows.map((r) => ({ month: r.month ?? '', followers: r.followers }))}
      categoryKey="month"
      categoryFormat={(m) => formatMonth(m, true)}
      categoryLabel="Month"
      valueLabel="Followers"
      series={[{ key: 'followers', label: 'Followers' }]}
      emptyText="No monthly figures for this client yet."
    />
  );
}

/** Client Performance: client filter, the per-client table with Report and the monthly e-mail, the client's growth. */
export function ClientPerformanceTab({
  period,
  clientId,
  onClientChange,
  report,
}: {
  period: TPeriod;
  clientId: number | null;
  onClientChange: (id: number | null) => void;
  report: TReportDownload;
}) {
  const table = usePerformanceTable(period, clientId);
  const [scheduling, setScheduling] = useState<{ id: number; name: string } | null>(null);

  let body;
  if (table.isPending) {
    body = (
      <SkeletonGroup label="Loading client performance" className="space-y-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </SkeletonGroup>
    );
  } else if (table.isError) {
    body = (
      <Card>
        <ErrorState message={errorMessage(table.error, 'Failed to load client performance')} onRetry={() => void table.refetch()} retrying={table.isFetching} />
      </Card>
    );
  } else if (table.data.body.length === 0) {
    body = (
      <Card>
        <EmptyState title="No clients to show" description={clientId === null ? 'Add clients and connect their accounts to see them here.' : 'This client has no figures for the period yet.'} />
      </Card>
    );
  } else {
    body = (
      <div className={cn(table.isPlaceholderData && 'opacity-60')} aria-busy={table.isPlaceholderData}>
        <PerformanceTable rows={table.data.body} report={report} onSchedule={(r) => setScheduling({ id: r.client, name: r.client_name })} />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        <ClientFilter id="performance-client" value={clientId === null ? '' : String(clientId)} onChange={(v) => onClientChange(v ? Number(v) : null)} />
      </div>
      {body}
      {clientId !== null && <ClientGrowth period={period} clientId={clientId} />}
      <ReportScheduleDialog client={scheduling} onOpenChange={(open) => !open && setScheduling(null)} />
    </div>
  );
}
