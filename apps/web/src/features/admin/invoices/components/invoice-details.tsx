import type { TInvoice } from '@agency/contract';
import { CheckCircle2, Download, Printer, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, Dialog } from '@/components/ui';
import { formatRelativeTime, formatUsdCents } from '@/lib/format';
import { useInvoice } from '../api/invoices.queries';
import { offersMarkPaid, offersReminder, type TInvoiceActions } from '../use-invoice-actions';
import { DueDate, InvoiceStatusBadge, formatDay } from './invoice-status';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 py-2">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-fg">{children}</dd>
    </div>
  );
}

/** Invoice details; stays current after an action (it re-reads the invoice). */
export function InvoiceDetailsDialog({ invoice: initial, onClose, actions }: { invoice: TInvoice; onClose: () => void; actions: TInvoiceActions }) {
  const q = useInvoice(initial.id);
  const invoice = q.data?.status === 200 ? q.data.body : initial;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Invoice ${invoice.invoice_number}`}
      footer={
        <>
          <Button variant="secondary" onClick={() => actions.print(invoice)}>
            <Printer aria-hidden className="h-4 w-4" />
            Print
          </Button>
          <Button variant="secondary" onClick={() => actions.downloadPdf(invoice)} loading={actions.busy.downloading === invoice.id}>
            <Download aria-hidden className="h-4 w-4" />
            Download PDF
          </Button>
          {offersReminder(invoice, actions) && (
            <Button variant="secondary" onClick={() => actions.sendReminder(invoice)} loading={actions.busy.reminding === invoice.id}>
              <Send aria-hidden className="h-4 w-4" />
              Send Reminder
            </Button>
          )}
          {offersMarkPaid(invoice, actions) && (
            <Button onClick={() => actions.markPaid(invoice)} loading={actions.busy.paying === invoice.id}>
              <CheckCircle2 aria-hidden className="h-4 w-4" />
              Mark as Paid
            </Button>
          )}
        </>
      }
    >
      <dl className="divide-y divide-border">
        <Row label="Client">{invoice.client_name}</Row>
        <Row label="Amount">
          <span className="font-semibold tabular-nums">{formatUsdCents(invoice.amount)}</span>
        </Row>
        <Row label="Status">
          <InvoiceStatusBadge status={invoice.status} />
        </Row>
        <Row label="Due date">
          <DueDate invoice={invoice} />
        </Row>
        <Row label="Created">{formatDay(invoice.created_at.slice(0, 10))}</Row>
        {invoice.paid_at && <Row label="Paid">{formatDay(invoice.paid_at.slice(0, 10))}</Row>}
        {invoice.paid_via && (
          <Row label="Paid via">{invoice.paid_via === 'card' ? `Card${invoice.payment_card ? ` · ${invoice.payment_card}` : ''}` : 'Manual (marked paid)'}</Row>
        )}
        {invoice.refunded_amount > 0 && (
          <Row label="Refunded">
            <span className="tabular-nums">{formatUsdCents(invoice.refunded_amount)}</span>
          </Row>
        )}
        {invoice.reminder_sent_at && <Row label="Last reminder">{formatRelativeTime(invoice.reminder_sent_at)}</Row>}
        <Row label="Description">{invoice.description || <span className="text-fg-subtle">No description</span>}</Row>
      </dl>
    </Dialog>
  );
}
