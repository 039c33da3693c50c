import type { TInvoice } from '@agency/contract';
import { Download, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Button, EmptyState, useToast } from '@/components/ui';
import { CurrentInvoiceStatusBadge } from '@/entities/invoices/components/invoice-status';
import { RecordPaymentDialog } from '@/entities/invoices/components/record-payment-dialog';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { downloadFile } from '@/lib/download';
import { errorMessage, formatDay, formatUsdCents } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { useRecentInvoices } from '../api/overview.queries';
import { RowsSkeleton, SectionCard, SectionError } from './section-card';


function InvoiceActions({ invoice }: { invoice: TInvoice }) {
  const invalidateInvoices = useInvalidateAffected('invoices');
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const { canWrite } = useStaffRole();
  const [recording, setRecording] = useState(false);
  if (invoice.status === 'pending') {
    if (!canWrite) return null;
    // Mark Paid records the payment (date, method, reference, amount), as the Invoices screen does: never a bare flag.
    return (
      <>
        <Button size="sm" onClick={() => setRecording(true)}>
          {/* The name starts with the visible text (WCAG 2.5.3 Label in Name): "Mark Paid INV-…". */}
          Mark Paid<span className="sr-only"> {invoice.invoice_number}</span>
        </Button>
        {recording && <RecordPaymentDialog invoice={invoice} onClose={() => setRecording(false)} onRecorded={() => void invalidateInvoices()} />}
      </>
    );
  }
  if (invoice.status === 'paid') {
    return (
      <Button
        size="sm"
        variant="secondary"
        loading={downloading}
        onClick={async () => {
          setDownloading(true);
          try {
            await downloadFile(`/api/invoices/${invoice.id}/pdf/`, `${invoice.invoice_number}.pdf`);
          } catch (err) {
            toast.error(errorMessage(err, 'Failed to download invoice'));
          } finally {
            setDownloading(false);
          }
        }}
      >
        {!downloading && <Download aria-hidden className="h-4 w-4" />}
        Download<span className="sr-only"> {invoice.invoice_number}</span>
      </Button>
    );
  }
  return null;
}

/** `onNewInvoice` is absent for read-only staff. */
export function RecentInvoices({ enabled, onNewInvoice }: { enabled: boolean; onNewInvoice?: (() => void) | undefined }) {
  const q = useRecentInvoices(enabled);
  const invoices = q.data?.body.results ?? [];
  return (
    <SectionCard title="Recent Invoices" viewAllHash="invoices">
      {q.isPending ? (
        <RowsSkeleton rows={5} />
      ) : q.isError ? (
        <SectionError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : invoices.length === 0 ? (
        <EmptyState
          className="py-8"
          icon={<Receipt aria-hidden className="h-6 w-6" />}
          title="No invoices yet"
          description="Create an invoice to bill a client."
          action={onNewInvoice && <Button onClick={onNewInvoice}>New Invoice</Button>}
        />
      ) : (
        <>
          {/* Wide screens: a table */}
          <div className="hidden md:block">
            <table className="w-full text-sm">
              <caption className="sr-only">Recent invoices</caption>
              <thead className="border-b border-border text-left text-xs font-medium tracking-wide text-fg-muted uppercase">
                <tr>
                  <th scope="col" className="px-5 py-2.5 font-medium">Invoice</th>
                  <th scope="col" className="px-3 py-2.5 font-medium">Client</th>
                  <th scope="col" className="px-3 py-2.5 text-right font-medium">Amount</th>
                  <th scope="col" className="px-3 py-2.5 font-medium">Due date</th>
                  <th scope="col" className="px-3 py-2.5 font-medium">Status</th>
                  <th scope="col" className="px-5 py-2.5 text-right font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {invoices.map((inv) => (
                  <tr key={inv.id} data-testid={`invoice-row-${inv.id}`}>
                    <td className="px-5 py-3 font-medium text-fg tabular-nums">{inv.invoice_number}</td>
                    <td className="px-3 py-3 text-fg">{inv.client_name}</td>
                    <td className="px-3 py-3 text-right text-fg tabular-nums">{formatUsdCents(inv.amount)}</td>
                    <td className="px-3 py-3 text-fg-muted tabular-nums">{formatDay(inv.due_date)}</td>
                    <td className="px-3 py-3">
                      <CurrentInvoiceStatusBadge invoice={inv} />
                    </td>
                    <td className="px-5 py-3 text-right">
                      <InvoiceActions invoice={inv} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {/* Phones: stacked cards */}
          <ul className="divide-y divide-border md:hidden" aria-label="Recent invoices">
            {invoices.map((inv) => (
              <li key={inv.id} className="space-y-2 px-5 py-3">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-fg tabular-nums">{inv.invoice_number}</p>
                    <p className="truncate text-xs text-fg-muted">{inv.client_name}</p>
                  </div>
                  <p className="text-sm font-semibold text-fg tabular-nums">{formatUsdCents(inv.amount)}</p>
                </div>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="flex items-center gap-2 text-xs text-fg-muted">
                    <CurrentInvoiceStatusBadge invoice={inv} />
                    <span className="tabular-nums">Due {formatDay(inv.due_date)}</span>
                  </div>
                  <InvoiceActions invoice={inv} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </SectionCard>
  );
}
