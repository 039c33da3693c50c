import { LIMITS, type TInvoiceListQuery } from '@agency/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/tsr';
import { AFFECTED_BY_INVOICES, invoiceKeys } from './keys';

export function useInvoiceList(query: TInvoiceListQuery) {
  return tsr.invoices.listInvoices.useQuery({
    queryKey: invoiceKeys.list(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
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
  const queryClient = useQueryClient();
  return () =>
    Promise.all(AFFECTED_BY_INVOICES.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));
}

export function useMarkInvoicePaid() {
  return tsr.invoices.markInvoicePaid.useMutation();
}

export function useSendInvoiceReminder() {
  return tsr.invoices.sendInvoiceReminder.useMutation();
}
