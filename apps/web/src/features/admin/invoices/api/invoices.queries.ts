import { LIMITS } from '@agency/contract';
import { invoiceKeys } from '@/entities/invoices/invoice-keys';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { tsr } from '@/lib/tsr';

/** The admin Invoices screen's own reads (the list, one invoice and the summary are entities/invoices/api). */

export function useRecentPayments() {
  return tsr.invoices.listRecentPayments.useQuery({
    queryKey: invoiceKeys.recentPayments(),
    queryData: { query: { limit: LIMITS.recentPayments } },
  });
}

export function useOverdueInvoices() {
  return tsr.invoices.listOverdueInvoices.useQuery({
    queryKey: invoiceKeys.overdue(),
    queryData: { query: { limit: LIMITS.overdueList } },
  });
}

/** Refreshes every list an invoice change moves: invoices, dashboard numbers, clients' payment status, billing. */
export function useInvalidateInvoices() {
  return useInvalidateAffected('invoices');
}

export function useReverseInvoicePayment() {
  return tsr.invoices.reverseInvoicePayment.useMutation();
}

export function useSendInvoiceReminder() {
  return tsr.invoices.sendInvoiceReminder.useMutation();
}
