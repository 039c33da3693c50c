import type { TAnalyticsOverviewQuery, TClientOverviewQuery, TPerformanceQuery } from '@agency/contract';

/** Query keys of analytics: the agency's and a client's overview, and report schedules. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  overview: (query: TAnalyticsOverviewQuery) => [...analyticsKeys.all, 'overview', query] as const,
  /** A client's own analytics (its Performance screen and the overview's card), every period. */
  clientOverviews: () => [...analyticsKeys.all, 'client-overview'] as const,
  clientOverview: (query: TClientOverviewQuery) => [...analyticsKeys.clientOverviews(), query] as const,
  reportSchedule: (clientId: number) => [...analyticsKeys.all, 'report-schedule', clientId] as const,
};

/** Query keys of the per-client performance rows (the admin's Client Performance table and growth chart). */
export const performanceKeys = {
  all: ['performance'] as const,
  list: (query: TPerformanceQuery) => [...performanceKeys.all, 'list', query] as const,
};

/** Query keys of the real-time metrics (the admin's Real-time tab). */
export const metricsKeys = {
  all: ['metrics'] as const,
  realtime: () => [...metricsKeys.all, 'realtime'] as const,
};
