import type { TInvoice } from '@agency/contract';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui';
import { PayNowButton } from '@/entities/billing/components/pay-now';
import { InvoiceDetailsDialog } from '@/entities/invoices/components/invoice-details-dialog';
import { isPayable } from '@/entities/invoices/components/invoice-status';

/** View: one invoice in full, with its PDF and Pay Now while it is owed. */
export function ClientInvoiceDetails({
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
    <InvoiceDetailsDialog
      invoice={invoice}
      audience="client"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={() => onDownload(invoice)} loading={downloading}>
            {!downloading && <Download aria-hidden className="h-4 w-4" />}
            Download PDF
          </Button>
          {isPayable(invoice) && <PayNowButton invoice={invoice} size="md" onPaid={onClose} />}
        </>
      }
    />
  );
}
