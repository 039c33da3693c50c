import type { TInvoice } from '@agency/contract';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { ClientInvoiceStatusBadge, isPayable } from '@/components/payments/invoice-status';
import { PayNowButton } from '@/components/payments/pay-now';
import { Button, Dialog } from '@/components/ui';
import { formatDay, formatUsdCents } from '@/lib/format';
import { invoiceDescription } from '../lib/invoice-text';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-3 py-2">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-fg">{children}</dd>
    </div>
  );
}

/** View: one invoice in full, with its PDF and Pay Now while it is owed. */
export function InvoiceDetailsDialog({
  invoice,
  onClose,
  onDownload,
  downloading,
}: {
  invoice: TInvoice;
  onClose: () => void;
  onDownload: (invoice: TInvoice) => void;
  downloading: boolean;
}) {
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Invoice ${invoice.invoice_number}`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onDownload(invoice)} loading={downloading}>
            {!downloading && <Download aria-hidden className="h-4 w-4" />}
            Download PDF
          </Button>
          {isPayable(invoice) && <PayNowButton invoice={invoice} size="md" onPaid={onClose} />}
        </>
      }
    >
      <dl className="divide-y divide-border">
        <Row label="Description">{invoiceDescription(invoice)}</Row>
        <Row label="Amount">
          <span className="font-semibold tabular-nums">{formatUsdCents(invoice.amount)}</span>
        </Row>
        <Row label="Status">
          <ClientInvoiceStatusBadge invoice={invoice} />
        </Row>
        <Row label="Issued">{formatDay(invoice.created_at)}</Row>
        <Row label="Due">{formatDay(invoice.due_date)}</Row>
        {invoice.paid_at && <Row label="Paid">{formatDay(invoice.paid_at)}</Row>}
        {invoice.paid_via && (
          <Row label="Paid with">{invoice.paid_via === 'card' ? (invoice.payment_card ?? 'Card') : 'Paid to the agency directly'}</Row>
        )}
        {invoice.refunded_amount > 0 && (
          <Row label="Refunded">
            <span className="tabular-nums">{formatUsdCents(invoice.refunded_amount)}</span>
          </Row>
        )}
      </dl>
    </Dialog>
  );
}
