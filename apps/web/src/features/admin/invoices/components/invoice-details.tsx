import type { TInvoice } from '@agency/contract';
import { Banknote, Download, Printer, Send } from 'lucide-react';
import { Button } from '@/components/ui';
import { useFreshInvoice } from '@/entities/invoices/api/get-invoice';
import { InvoiceDetailsDialog } from '@/entities/invoices/components/invoice-details-dialog';
import { ReversePaymentButton } from '@/entities/invoices/components/invoice-payment-history';
import { offersRecordPayment, offersReminder, type TInvoiceActions } from '../use-invoice-actions';

/** The invoice's details with the admin's actions; stays current after an action (it re-reads the invoice). */
export function AgencyInvoiceDetails({ invoice: initial, onClose, actions }: { invoice: TInvoice; onClose: () => void; actions: TInvoiceActions }) {
  const invoice = useFreshInvoice(initial);
  return (
    <InvoiceDetailsDialog
      invoice={invoice}
      audience="agency"
      onClose={onClose}
      {...(!actions.readOnly && actions.reversePayment
        ? { reverseAction: (payment) => <ReversePaymentButton payment={payment} onReverse={(p) => actions.reversePayment?.(p, invoice)} /> }
        : {})}
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
          {offersRecordPayment(invoice, actions) && (
            <Button onClick={() => actions.recordPayment(invoice)}>
              <Banknote aria-hidden className="h-4 w-4" />
              Record Payment
            </Button>
          )}
        </>
      }
    />
  );
}
