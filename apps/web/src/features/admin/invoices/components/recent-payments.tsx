import { CheckCircle2 } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle, EmptyState, ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';
import { errorMessage, formatRelativeTime, formatUsdCents } from '@/lib/format';
import { useRecentPayments } from '../api/invoices.queries';

/** The 5 latest paid invoices. */
export function RecentPayments() {
  const q = useRecentPayments();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Payments</CardTitle>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <SkeletonGroup label="Loading recent payments" className="space-y-3">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </SkeletonGroup>
        ) : q.isError ? (
          <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} retrying={q.isFetching} className="py-4" />
        ) : q.data.body.results.length === 0 ? (
          <EmptyState title="No payments yet" description="Paid invoices will show up here." className="py-6" />
        ) : (
          <ul className="divide-y divide-border" aria-label="Recent payments">
            {q.data.body.results.map((inv) => (
              <li key={inv.id} className="flex items-center justify-between gap-3 py-2.5">
                <div className="flex min-w-0 items-center gap-3">
                  <CheckCircle2 aria-hidden className="h-5 w-5 shrink-0 text-success-600" />
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-fg">{inv.client_name}</p>
                    <p className="truncate text-xs text-fg-muted">
                      {inv.invoice_number}
                      {inv.paid_at && ` · ${formatRelativeTime(inv.paid_at)}`}
                    </p>
                  </div>
                </div>
                <p className="shrink-0 text-sm font-semibold text-success-700 tabular-nums">{formatUsdCents(inv.amount)}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
