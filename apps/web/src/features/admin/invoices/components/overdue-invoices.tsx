import { AlertTriangle, PartyPopper, Send } from 'lucide-react';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';
import { errorMessage, formatUsdCents } from '@/lib/format';
import { useOverdueInvoices } from '../api/invoices.queries';
import type { TInvoiceActions } from '../use-invoice-actions';

/** First 5 overdue or pending-past-due invoices, most overdue first, with days overdue and Send Reminder. */
export function OverdueInvoices({ actions, onShowAll }: { actions: TInvoiceActions; onShowAll: () => void }) {
  const q = useOverdueInvoices();
  const total = q.data?.body.count ?? 0;
  const shown = q.data?.body.results.length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Overdue Invoices</CardTitle>
        {total > shown && (
          <Button variant="ghost" size="sm" onClick={onShowAll}>
            View all {total}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <SkeletonGroup label="Loading overdue invoices" className="space-y-3">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </SkeletonGroup>
        ) : q.isError ? (
          <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} retrying={q.isFetching} className="py-4" />
        ) : shown === 0 ? (
          <EmptyState
            icon={<PartyPopper aria-hidden className="h-6 w-6 text-success-600" />}
            title="No overdue invoices!"
            className="py-6"
          />
        ) : (
          <ul className="divide-y divide-border" aria-label="Overdue invoices">
            {q.data.body.results.map((inv) => (
              <li key={inv.id} className="flex items-center justify-between gap-3 py-2.5">
                <div className="flex min-w-0 items-start gap-3">
                  <AlertTriangle aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-danger-600" />
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-fg">{inv.client_name}</p>
                    <p className="text-xs text-fg-muted">
                      {inv.invoice_number} · <span className="tabular-nums">{formatUsdCents(inv.amount_due)}</span>
                    </p>
                    <p className="text-xs font-medium text-danger-700">
                      {inv.days_overdue} {inv.days_overdue === 1 ? 'day' : 'days'} overdue
                    </p>
                  </div>
                </div>
                {!actions.readOnly && (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => actions.sendReminder(inv)}
                    loading={actions.busy.reminding === inv.id}
                    aria-label={`Send Reminder for ${inv.invoice_number}`}
                  >
                    {actions.busy.reminding !== inv.id && <Send aria-hidden className="h-3.5 w-3.5" />}
                    Send Reminder
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
