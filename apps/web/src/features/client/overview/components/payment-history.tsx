import { Download, Receipt } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, Card, CardHeader, CardTitle, EmptyState, ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';
import { PayNowButton } from '@/entities/billing/components/pay-now';
import { useInvoicePdf } from '@/entities/invoices/api/use-invoice-pdf';
import { CurrentInvoiceStatusBadge, isPayable } from '@/entities/invoices/components/invoice-status';
import { formatDay, formatUsdCents } from '@/lib/format';
import { usePaymentHistory } from '../api/overview.queries';

/** Payment History (client-and-public 2.4): the first 5 invoices; Pay Now when owed, Download (PDF) when paid. */
export function PaymentHistoryCard() {
  const q = usePaymentHistory();
  const pdf = useInvoicePdf();
  const invoices = q.data?.body.results ?? [];
  return (
    <Card>
      <CardHeader className="items-center">
        <CardTitle>Payment History</CardTitle>
        <Button variant="ghost" size="sm" asChild>
          <Link to={{ pathname: '/dashboard', hash: 'billing' }}>View billing</Link>
        </Button>
      </CardHeader>
      {q.isPending ? (
        <SkeletonGroup label="Loading payment history" className="space-y-2 p-5">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </SkeletonGroup>
      ) : q.isError ? (
        <ErrorState message="Failed to load dashboard data" onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : invoices.length === 0 ? (
        <EmptyState icon={<Receipt aria-hidden className="h-6 w-6" />} title="No payments yet" description="Your invoices and payments will show here." />
      ) : (
        <ul className="divide-y divide-border" aria-label="Recent invoices">
          {invoices.map((inv) => (
            <li key={inv.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3">
              <div className="min-w-[8rem] flex-1">
                <p className="whitespace-nowrap text-sm font-medium text-fg">{inv.invoice_number}</p>
                <p className="text-xs text-fg-muted tabular-nums">{formatDay(inv.created_at)}</p>
              </div>
              <span className="text-sm font-semibold text-fg tabular-nums">{formatUsdCents(inv.amount)}</span>
              <CurrentInvoiceStatusBadge invoice={inv} />
              {isPayable(inv) ? (
                <PayNowButton invoice={inv} subject={`invoice ${inv.invoice_number}`} />
              ) : inv.status === 'paid' ? (
                <Button variant="secondary" size="sm" onClick={() => pdf.download(inv)} loading={pdf.downloading === inv.id}>
                  {pdf.downloading !== inv.id && <Download aria-hidden className="h-4 w-4" />}
                  Download<span className="sr-only"> invoice {inv.invoice_number}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
