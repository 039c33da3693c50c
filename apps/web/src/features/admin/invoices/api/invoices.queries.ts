import { LIMITS, type TInvoiceListQuery } from '@agency/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { AFFECTED_BY_INVOICES } from '@/lib/query-prefixes';
import { tsr } from '@/lib/tsr';

/** Query keys of the invoices screen. Everything lives under ['invoices'] so other features can invalidate it. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: () => ['invoices', 'list'] as const,
  list: (query: TInvoiceListQuery) => ['invoices', 'list', query] as const,
  summary: () => ['invoices', 'summary'] as const,
  recentPayments: () => ['invoices', 'recent-payments'] as const,
  overdue: () => ['invoices', 'overdue'] as const,
  detail: (id: number) => ['invoices', 'detail', id] as const,
};

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
