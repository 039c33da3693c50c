import type { TClientOverviewQuery } from '@agency/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '@/lib/tsr';
import { analyticsKeys } from '../analytics-keys';

/** GET /api/analytics/client-overview/: the client's own cards, monthly rows, accounts and platforms of a period. */
export const clientAnalyticsOverviewQueryOptions = (query: TClientOverviewQuery) => ({
  queryKey: analyticsKeys.clientOverview(query),
  queryData: { query },
});

interface TOptions {
  /** Keep showing the previous period while the next one loads. */
  keepPrevious?: boolean;
  /** false: a failing read stays an error state with Try Again, without retries (the overview's card). */
  retry?: false;
}

export function useClientAnalyticsOverview(query: TClientOverviewQuery, { keepPrevious = false, retry }: TOptions = {}) {
  return tsr.analytics.getClientAnalyticsOverview.useQuery({
    ...clientAnalyticsOverviewQueryOptions(query),
    ...(keepPrevious && { placeholderData: keepPreviousData }),
    ...(retry === false && { retry: false }),
  });
}
