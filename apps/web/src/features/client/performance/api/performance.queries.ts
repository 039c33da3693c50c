import { CLIENT_GROWTH_PERIODS, contract, type TClientOverviewQuery } from '@agency/contract';
import { getCompleteUrl } from '@ts-rest/core';
import { keepPreviousData } from '@tanstack/react-query';
import { analyticsKeys } from '@/entities/analytics/analytics-keys';
import { downloadFile } from '@/lib/download';
import { tsr } from '@/lib/tsr';

export type TClientPeriod = (typeof CLIENT_GROWTH_PERIODS)[number];
export const DEFAULT_CLIENT_PERIOD: TClientPeriod = '6months';

export const PERIOD_LABELS: Record<TClientPeriod, string> = {
  '3months': 'Last 3 months',
  '6months': 'Last 6 months',
  '1year': 'Last year',
};

export function clientPeriodParam(value: string | null): TClientPeriod {
  return (CLIENT_GROWTH_PERIODS as readonly string[]).includes(value ?? '') ? (value as TClientPeriod) : DEFAULT_CLIENT_PERIOD;
}

/** The client's analytics of the period (cards, monthly rows, accounts, platforms). */
export function useClientAnalytics(period: TClientPeriod) {
  const query: TClientOverviewQuery = { period };
  return tsr.analytics.getClientAnalyticsOverview.useQuery({
    queryKey: analyticsKeys.clientOverview(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}

/** Downloads the PDF report of the client's own analytics for the period. */
export function downloadClientReport(clientId: number, period: TClientPeriod): Promise<string> {
  const url = getCompleteUrl({ period, format: 'pdf' }, '', { id: clientId }, contract.analytics.downloadClientReport, false);
  return downloadFile(url, `performance-report-${period}.pdf`);
}

