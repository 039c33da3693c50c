import type { TInvoice } from '@agency/contract';
import { useState } from 'react';
import { useToast } from '@/components/ui';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { useInvalidateInvoices, useMarkInvoicePaid, useSendInvoiceReminder } from './api/invoices.queries';

export interface TInvoiceActions {
  markPaid: (invoice: TInvoice) => void;
  sendReminder: (invoice: TInvoice) => void;
  downloadPdf: (invoice: TInvoice) => void;
  print: (invoice: TInvoice) => void;
  view: (invoice: TInvoice) => void;
  /** Ids with a call in flight, per action, for button spinners. */
  busy: { paying: number | null; reminding: number | null; downloading: number | null };
  /** Read-only staff: the invoices are theirs to see, print and download, not to mark paid or remind about. */
  readOnly?: boolean;
}

/** Mark as paid is offered only on pending invoices (spec 4); the server answers 409 otherwise. */
export function canMarkPaid(invoice: Pick<TInvoice, 'status'>): boolean {
  return invoice.status === 'pending';
}

/** A reminder makes sense for anything unpaid (not for a paid or refunded invoice). */
export function canSendReminder(invoice: Pick<TInvoice, 'status'>): boolean {
  return invoice.status === 'pending' || invoice.status === 'overdue';
}

/** Whether Mark Paid is offered on `invoice` to whoever holds `actions`. */
export function offersMarkPaid(invoice: Pick<TInvoice, 'status'>, actions: Pick<TInvoiceActions, 'readOnly'>): boolean {
  return !actions.readOnly && canMarkPaid(invoice);
}

/** Whether Send Reminder is offered on `invoice` to whoever holds `actions`. */
export function offersReminder(invoice: Pick<TInvoice, 'status'>, actions: Pick<TInvoiceActions, 'readOnly'>): boolean {
  return !actions.readOnly && canSendReminder(invoice);
}

export function useInvoiceActions(handlers: { onView: (i: TInvoice) => void; onPrint: (i: TInvoice) => void }) {
  const { success, error } = useToast();
  const invalidate = useInvalidateInvoices();
  const markPaidMutation = useMarkInvoicePaid();
  const { canWrite } = useStaffRole();
  const reminderMutation = useSendInvoiceReminder();
  const [paying, setPaying] = useState<number | null>(null);
  const [reminding, setReminding] = useState<number | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);

  const actions: TInvoiceActions = {
    markPaid: (invoice) => {
      if (!canMarkPaid(invoice)) return;
      setPaying(invoice.id);
      markPaidMutation.mutate(
        { params: { id: invoice.id } },
        {
          onSuccess: () => success(`Invoice ${invoice.invoice_number} marked as paid`),
          onError: (err) => error(errorMessage(err, 'Failed to mark the invoice as paid')),
          onSettled: () => {
            setPaying(null);
            void invalidate();
          },
        },
      );
    },
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
    busy: { paying, reminding, downloading },
    readOnly: !canWrite,
  };
  return actions;
}
