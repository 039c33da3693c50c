import { LIMITS, type TInvoiceListQuery } from '@agency/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { invoiceKeys } from '@/entities/invoices/invoice-keys';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { tsr } from '@/lib/tsr';

export function useInvoiceList(query: TInvoiceListQuery) {
  return tsr.invoices.listInvoices.useQuery({
    queryKey: invoiceKeys.list(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}

/** One invoice, re-read so its details stay current after an action. */
export function useInvoice(id: number) {
  return tsr.invoices.getInvoice.useQuery({ queryKey: invoiceKeys.detail(id), queryData: { params: { id } } });
}

export function useInvoiceSummary() {
  return tsr.invoices.getInvoiceSummary.useQuery({ queryKey: invoiceKeys.summary() });
}

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

export function useMarkInvoicePaid() {
  return tsr.invoices.markInvoicePaid.useMutation();
}

export function useSendInvoiceReminder() {
  return tsr.invoices.sendInvoiceReminder.useMutation();
}
