import { LIMITS, type TContentListQuery, type TInvoiceListQuery, type TMessageListQuery } from '@agency/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { tsr } from '@/lib/tsr';

/** The Payment History card's invoices: the newest five. */
export const PAYMENT_HISTORY_QUERY: TInvoiceListQuery = { page: 1, page_size: LIMITS.paymentHistory, ordering: '-created_at' };
/** Recent Content: the five latest items. */
export const RECENT_CONTENT_QUERY: TContentListQuery = { page: 1, page_size: LIMITS.recentContent, ordering: '-created_at' };
/** Recent Messages: the three newest of the client's thread. */
export const RECENT_MESSAGES_QUERY: TMessageListQuery = { page: 1, page_size: LIMITS.recentMessages, ordering: '-timestamp' };
/** Performance Overview: the monthly rows of the last three months. */
export const PERFORMANCE_PERIOD = '3months' as const;

/**
 * Query keys of the client overview, each under its resource's prefix so the pushes and other screens' changes
 * refresh them: ['dashboard'] (stats), ['invoices'], ['content'], ['messages'], ['analytics']. The connected
 * accounts use the shared ['social-accounts'] keys (components/social).
 */
export const clientOverviewKeys = {
  stats: () => ['dashboard', 'client-stats'] as const,
  paymentHistory: () => ['invoices', 'list', PAYMENT_HISTORY_QUERY] as const,
  recentContent: () => ['content', 'list', RECENT_CONTENT_QUERY] as const,
  recentMessages: () => ['messages', 'client-recent', RECENT_MESSAGES_QUERY] as const,
  performance: () => ['analytics', 'client-overview', PERFORMANCE_PERIOD] as const,
};

/** What the overview's Refresh reloads (['intake']: the forms the team waits for, components/intake). */
const OVERVIEW_PREFIXES = [['dashboard'], ['invoices'], ['content'], ['messages'], ['analytics'], ['social-accounts'], ['intake']] as const;

export function useClientStats() {
  return tsr.dashboard.getClientDashboardStats.useQuery({ queryKey: clientOverviewKeys.stats() });
}

export function usePaymentHistory() {
  return tsr.invoices.listInvoices.useQuery({ queryKey: clientOverviewKeys.paymentHistory(), queryData: { query: PAYMENT_HISTORY_QUERY } });
}

export function useRecentContent() {
  return tsr.content.listContent.useQuery({ queryKey: clientOverviewKeys.recentContent(), queryData: { query: RECENT_CONTENT_QUERY } });
}

export function useRecentMessages() {
  return tsr.messages.listMessages.useQuery({ queryKey: clientOverviewKeys.recentMessages(), queryData: { query: RECENT_MESSAGES_QUERY } });
}

export function useClientPerformance() {
  return tsr.analytics.getClientAnalyticsOverview.useQuery({
    queryKey: clientOverviewKeys.performance(),
    queryData: { query: { period: PERFORMANCE_PERIOD } },
    // A route not built yet (501) or failing stays an error state with Try Again, without retry storms.
    retry: false,
  });
}

/** Refresh: reloads every card of the overview. */
export function useRefreshOverview() {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all(OVERVIEW_PREFIXES.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
    [queryClient],
  );
}
