import { LIMITS, type TClientOverviewQuery, type TContentListQuery, type TInvoiceListQuery, type TMessageListQuery } from '@agency/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { analyticsKeys } from '@/entities/analytics/analytics-keys';
import { useClientAnalyticsOverview } from '@/entities/analytics/api/get-client-analytics-overview';
import { useContentList } from '@/entities/content/api/list-content';
import { contentKeys } from '@/entities/content/content-keys';
import { dashboardKeys } from '@/entities/dashboard/dashboard-keys';
import { intakeKeys } from '@/entities/intake/intake-keys';
import { useInvoiceList } from '@/entities/invoices/api/list-invoices';
import { invoiceKeys } from '@/entities/invoices/invoice-keys';
import { messageKeys } from '@/entities/messages/message-keys';
import { invalidateKeys } from '@/entities/refresh/affected-keys';
import { socialAccountKeys } from '@/entities/social-accounts/social-account-keys';
import { tsr } from '@/lib/tsr';

/** The Payment History card's invoices: the newest five. */
export const PAYMENT_HISTORY_QUERY: TInvoiceListQuery = { page: 1, page_size: LIMITS.paymentHistory, ordering: '-created_at' };
/** Recent Content: the five latest items. */
export const RECENT_CONTENT_QUERY: TContentListQuery = { page: 1, page_size: LIMITS.recentContent, ordering: '-created_at' };
/** Recent Messages: the three newest of the client's thread. */
export const RECENT_MESSAGES_QUERY: TMessageListQuery = { page: 1, page_size: LIMITS.recentMessages, ordering: '-timestamp' };
/** Performance Overview: the monthly rows of the last three months. */
export const PERFORMANCE_QUERY: TClientOverviewQuery = { period: '3months' };

/** What the overview's Refresh reloads: every resource one of its cards shows (the intake card's forms included). */
const OVERVIEW_KEYS = [
  dashboardKeys.all,
  invoiceKeys.all,
  contentKeys.all,
  messageKeys.all,
  analyticsKeys.all,
  socialAccountKeys.all,
  intakeKeys.all,
];


export function usePaymentHistory() {
  return useInvoiceList(PAYMENT_HISTORY_QUERY);
}

export function useRecentContent() {
  return useContentList(RECENT_CONTENT_QUERY);
}

export function useRecentMessages() {
  return tsr.messages.listMessages.useQuery({
    queryKey: messageKeys.clientRecent(RECENT_MESSAGES_QUERY),
    queryData: { query: RECENT_MESSAGES_QUERY },
  });
}

export function useClientPerformance() {
  // A failing read stays an error state with Try Again, without retry storms.
  return useClientAnalyticsOverview(PERFORMANCE_QUERY, { retry: false });
}

/** Refresh: reloads every card of the overview. */
export function useRefreshOverview() {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateKeys(queryClient, OVERVIEW_KEYS), [queryClient]);
}
