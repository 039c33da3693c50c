import type { useInvoiceActions } from '../use-invoice-actions';
import { RecordPaymentDialog } from '@/entities/invoices/components/record-payment-dialog';
import { ReversePaymentDialog } from './reverse-payment-dialog';

/** Record Payment and Reverse Payment, as the screen's invoice actions opened them. */
export function InvoicePaymentDialogs({ dialogs }: { dialogs: ReturnType<typeof useInvoiceActions>['dialogs'] }) {
  return (
    <>
      {dialogs.recording && (
        <RecordPaymentDialog invoice={dialogs.recording} onClose={dialogs.closeRecording} onRecorded={() => void dialogs.refresh()} />
      )}
      {dialogs.reversing && (
        <ReversePaymentDialog
          payment={dialogs.reversing.payment}
          invoiceNumber={dialogs.reversing.invoice.invoice_number}
          onClose={dialogs.closeReversing}
          onReversed={() => void dialogs.refresh()}
        />
      )}
    </>
  );
}
