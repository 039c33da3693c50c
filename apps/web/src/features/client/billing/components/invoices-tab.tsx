import type { TInvoice } from '@agency/contract';
import { Download, Eye, FileDown, FileText } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, EmptyState, Pagination, ResponsiveTable, Spinner, useToast } from '@/components/ui';
import { PayNowButton } from '@/entities/billing/components/pay-now';
import { useInvoicePdf } from '@/entities/invoices/api/use-invoice-pdf';
import { CurrentInvoiceStatusBadge, isPayable } from '@/entities/invoices/components/invoice-status';
import { invoiceDescription } from '@/entities/invoices/lib/invoice-text';
import { downloadFile } from '@/lib/download';
import { errorMessage, formatDay } from '@/lib/format';
import { ClientInvoiceDetails } from './invoice-details';
import { InvoiceAmount } from '@/entities/invoices/components/invoice-amount';

export const INVOICES_PER_PAGE = 10;

/** View, PDF and (while owed) Pay Now; each button names its invoice for screen readers. */
function RowActions({
  invoice,
  onView,
  onDownload,
  downloading,
}: {
  invoice: TInvoice;
  onView: () => void;
  onDownload: () => void;
  downloading: boolean;
}) {
  const n = invoice.invoice_number;
  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      <Button variant="ghost" size="sm" onClick={onView}>
        <Eye aria-hidden className="h-4 w-4" />
        View<span className="sr-only"> invoice {n}</span>
      </Button>
      <Button variant="ghost" size="sm" onClick={onDownload} disabled={downloading}>
        {downloading ? <Spinner size="sm" label={null} /> : <Download aria-hidden className="h-4 w-4" />}
        PDF<span className="sr-only"> of invoice {n}</span>
      </Button>
      {isPayable(invoice) && <PayNowButton invoice={invoice} subject={`invoice ${n}`} />}
    </div>
  );
}

/** Invoices: number, description, date, amount, status; View, PDF, Pay Now; Export All (CSV). */
export function InvoicesTab({ invoices }: { invoices: readonly TInvoice[] }) {
  const { error } = useToast();
  const pdf = useInvoicePdf();
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<TInvoice | null>(null);
  const [exporting, setExporting] = useState(false);
  const shown = invoices.slice((page - 1) * INVOICES_PER_PAGE, page * INVOICES_PER_PAGE);

  const exportAll = () => {
    setExporting(true);
    downloadFile('/api/invoices/export/', 'invoices.csv')
      .catch((err: unknown) => error(errorMessage(err, 'Failed to export invoices')))
      .finally(() => setExporting(false));
  };

  const current = viewing ? (invoices.find((i) => i.id === viewing.id) ?? viewing) : null;

  return (
    <section aria-labelledby="billing-invoices-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="billing-invoices-title" className="text-base font-semibold text-fg">
            Invoices
          </h2>
          <p className="mt-0.5 text-sm text-fg-muted">Every invoice of your account, newest first.</p>
        </div>
        {invoices.length > 0 && (
          <Button variant="secondary" size="sm" onClick={exportAll} loading={exporting}>
            {!exporting && <FileDown aria-hidden className="h-4 w-4" />}
            Export All
          </Button>
        )}
      </div>
      {invoices.length === 0 ? (
        <Card>
          <EmptyState
            icon={<FileText aria-hidden className="h-6 w-6" />}
            title="No invoices yet"
            headingLevel={3}
            description="Your invoices will appear here once your plan starts."
          />
        </Card>
      ) : (
        <div>
          <ResponsiveTable
              items={shown}
              getKey={(inv) => inv.id}
              cardsLabel="Invoices"
              head={
                <>
                  <th scope="col" className="px-4 py-2 text-left font-medium">
                    Invoice
                  </th>
                  <th scope="col" className="px-4 py-2 text-left font-medium">
                    Description
                  </th>
                  <th scope="col" className="px-4 py-2 text-left font-medium">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    Amount
                  </th>
                  <th scope="col" className="px-4 py-2 text-left font-medium">
                    Status
                  </th>
                </>
              }
              actionsColumn
              renderRow={(inv) => (
                <tr key={inv.id} data-testid="billing-invoice-row">
                  <td className="px-4 py-3 font-medium whitespace-nowrap text-fg">{inv.invoice_number}</td>
                  <td className="max-w-56 truncate px-4 py-3 text-fg-muted">{invoiceDescription(inv)}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-fg-muted tabular-nums">{formatDay(inv.created_at)}</td>
                  <td className="px-4 py-3 text-right font-medium whitespace-nowrap text-fg tabular-nums"><InvoiceAmount invoice={inv} /></td>
                  <td className="px-4 py-3">
                    <CurrentInvoiceStatusBadge invoice={inv} />
                  </td>
                  <td className="px-3 py-2">
                    <RowActions
                      invoice={inv}
                      onView={() => setViewing(inv)}
                      onDownload={() => pdf.download(inv)}
                      downloading={pdf.downloading === inv.id}
                    />
                  </td>
                </tr>
              )}
              cardClassName="rounded-lg border border-border p-4"
              renderCard={(inv) => (
                <div className="space-y-2" data-testid="billing-invoice-card">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-medium text-fg">{inv.invoice_number}</p>
                      <p className="truncate text-sm text-fg-muted">{invoiceDescription(inv)}</p>
                      <p className="text-xs text-fg-subtle tabular-nums">{formatDay(inv.created_at)}</p>
                    </div>
                    <div className="shrink-0 space-y-1 text-right">
                      <p className="font-semibold text-fg tabular-nums"><InvoiceAmount invoice={inv} /></p>
                      <CurrentInvoiceStatusBadge invoice={inv} />
                    </div>
                  </div>
                  <RowActions
                    invoice={inv}
                    onView={() => setViewing(inv)}
                    onDownload={() => pdf.download(inv)}
                    downloading={pdf.downloading === inv.id}
                  />
                </div>
              )}
            />
          <Pagination page={page} count={invoices.length} pageSize={INVOICES_PER_PAGE} onPageChange={setPage} className="mt-4" />
        </div>
      )}
      {current && (
        <ClientInvoiceDetails
          invoice={current}
          onClose={() => setViewing(null)}
          onDownload={pdf.download}
          downloading={pdf.downloading === current.id}
        />
      )}
    </section>
  );
}
