import { LIMITS, type TInvoiceListQuery } from '@agency/contract';
import { tsr } from '@/lib/tsr';

/** The Payment History card's invoices: the newest five. */
export const PAYMENT_HISTORY_QUERY: TInvoiceListQuery = { page: 1, page_size: LIMITS.paymentHistory, ordering: '-created_at' };

/**
 * Query keys of the client overview. Stats live under ['dashboard'] and invoices under ['invoices'], so a payment
 * (which invalidates those prefixes) refreshes them.
 */
export const clientOverviewKeys = {
  stats: () => ['dashboard', 'client-stats'] as const,
  paymentHistory: () => ['invoices', 'list', PAYMENT_HISTORY_QUERY] as const,
};

export function useClientStats() {
  return tsr.dashboard.getClientDashboardStats.useQuery({ queryKey: clientOverviewKeys.stats() });
}

export function usePaymentHistory() {
  return tsr.invoices.listInvoices.useQuery({ queryKey: clientOverviewKeys.paymentHistory(), queryData: { query: PAYMENT_HISTORY_QUERY } });
}
