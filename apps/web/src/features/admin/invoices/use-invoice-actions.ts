import type { TInvoice, TInvoicePayment } from '@agency/contract';
import { useState } from 'react';
import { useToast } from '@/components/ui';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { useInvalidateInvoices, useSendInvoiceReminder } from './api/invoices.queries';

export interface TInvoiceActions {
  /** Opens Record Payment for the invoice. */
  recordPayment: (invoice: TInvoice) => void;
  /** Opens Reverse Payment for a payment recorded on the invoice. */
  reversePayment?: (payment: TInvoicePayment, invoice: TInvoice) => void;
  sendReminder: (invoice: TInvoice) => void;
  downloadPdf: (invoice: TInvoice) => void;
  print: (invoice: TInvoice) => void;
  view: (invoice: TInvoice) => void;
  /** Ids with a call in flight, per action, for button spinners. */
  busy: { reminding: number | null; downloading: number | null };
  /** Read-only staff: the invoices are theirs to see, print and download, not to take payments on or remind about. */
  readOnly?: boolean;
}

/**
 * Payments are recorded on pending invoices only (spec 4's Mark as Paid); an invoice stored overdue is a failed
 * subscription renewal the client pays with Pay Now. The server answers 409 otherwise.
 */
export function canRecordPayment(invoice: Pick<TInvoice, 'status'>): boolean {
  return invoice.status === 'pending';
}

/** A reminder makes sense for anything unpaid (not for a paid or refunded invoice). */
export function canSendReminder(invoice: Pick<TInvoice, 'status'>): boolean {
  return invoice.status === 'pending' || invoice.status === 'overdue';
}

/** Whether Record Payment is offered on `invoice` to whoever holds `actions`. */
export function offersRecordPayment(invoice: Pick<TInvoice, 'status'>, actions: Pick<TInvoiceActions, 'readOnly'>): boolean {
  return !actions.readOnly && canRecordPayment(invoice);
}

/** Whether Send Reminder is offered on `invoice` to whoever holds `actions`. */
export function offersReminder(invoice: Pick<TInvoice, 'status'>, actions: Pick<TInvoiceActions, 'readOnly'>): boolean {
  return !actions.readOnly && canSendReminder(invoice);
}

export function useInvoiceActions(handlers: { onView: (i: TInvoice) => void; onPrint: (i: TInvoice) => void }) {
  const { success, error } = useToast();
  const invalidate = useInvalidateInvoices();
  const { canWrite } = useStaffRole();
  const reminderMutation = useSendInvoiceReminder();
  const [recording, setRecording] = useState<TInvoice | null>(null);
  const [reversing, setReversing] = useState<{ payment: TInvoicePayment; invoice: TInvoice } | null>(null);
  const [reminding, setReminding] = useState<number | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);

  const actions: TInvoiceActions = {
    recordPayment: (invoice) => {
      if (canRecordPayment(invoice)) setRecording(invoice);
    },
    reversePayment: (payment, invoice) => setReversing({ payment, invoice }),
    sendReminder: (invoice) => {
      setReminding(invoice.id);
      reminderMutation.mutate(
        { params: { id: invoice.id } },
        {
          onSuccess: (res) => success(res.body.detail),
          onError: (err) => error(errorMessage(err, 'Failed to send the reminder')),
          onSettled: () => {
            setReminding(null);
            void invalidate();
          },
        },
      );
    },
    downloadPdf: (invoice) => {
      setDownloading(invoice.id);
      downloadFile(`/api/invoices/${invoice.id}/pdf/`, `invoice-${invoice.invoice_number}.pdf`)
        .catch((err: unknown) => error(errorMessage(err, 'Failed to download the PDF')))
        .finally(() => setDownloading(null));
    },
    print: handlers.onPrint,
    view: handlers.onView,
    busy: { reminding, downloading },
    readOnly: !canWrite,
  };
  /** Record Payment and Reverse Payment, for the screen to render. */
  const dialogs = { recording, reversing, closeRecording: () => setRecording(null), closeReversing: () => setReversing(null), refresh: invalidate };
  return { actions, dialogs };
}
