import type { TInvoice } from '@agency/contract';
import { BillingDetailsLines } from '@/entities/invoices/components/bill-to';
import { useAgencyName } from '@/lib/brand';
import { formatDay, formatUsdCents } from '@/lib/format';

const statusText: Record<TInvoice['status'], string> = { paid: 'Paid', pending: 'Pending', overdue: 'Overdue', refunded: 'Refunded' };

/** The invoice laid out as a document: used by the print view (screen preview and the printed page). */
export function InvoiceDocument({ invoice }: { invoice: TInvoice }) {
  const brand = useAgencyName();
  const status = invoice.is_overdue ? 'Overdue' : statusText[invoice.status];
  return (
    <article className="space-y-6 text-sm text-fg" aria-label={`Invoice ${invoice.invoice_number}`}>
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-border pb-4">
        <div>
          <p className="text-lg font-semibold">{brand}</p>
          <p className="text-fg-muted">Social media growth services</p>
        </div>
        <div className="text-right">
          <p className="text-2xl font-semibold tracking-wide">INVOICE</p>
          <p className="font-medium">{invoice.invoice_number}</p>
          <p className="mt-1 text-xs font-semibold uppercase">{status}</p>
        </div>
      </header>
      <div className="grid grid-cols-2 gap-4">
        <div>
          <p className="text-xs font-medium text-fg-muted uppercase">Bill to</p>
          <p className="font-medium">{invoice.client_name}</p>
          <p className="text-fg-muted">
            <BillingDetailsLines invoice={invoice} />
          </p>
        </div>
        <dl className="space-y-1 text-right">
          <div>
            <dt className="inline text-fg-muted">Issued: </dt>
            <dd className="inline tabular-nums">{formatDay(invoice.created_at.slice(0, 10))}</dd>
          </div>
          <div>
            <dt className="inline text-fg-muted">Due: </dt>
            <dd className="inline tabular-nums">{formatDay(invoice.due_date)}</dd>
          </div>
          {invoice.paid_at && (
            <div>
              <dt className="inline text-fg-muted">Paid: </dt>
              <dd className="inline tabular-nums">{formatDay(invoice.paid_at.slice(0, 10))}</dd>
            </div>
          )}
        </dl>
      </div>
      <table className="w-full text-left">
        <thead>
          <tr className="border-b border-border text-xs text-fg-muted uppercase">
            <th scope="col" className="py-2 font-medium">
              Description
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-border">
            <td className="py-3 pr-4">{invoice.description || 'Social media management services'}</td>
            <td className="py-3 text-right tabular-nums">{formatUsdCents(invoice.amount)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-3 text-right font-semibold">
              Total (USD)
            </th>
            <td className="pt-3 text-right text-base font-semibold tabular-nums">{formatUsdCents(invoice.amount)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="text-xs text-fg-muted">Thank you for your business.</p>
    </article>
  );
}
