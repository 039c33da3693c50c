import { ANALYTICS_PERIOD_LABELS, CLIENT_GROWTH_PERIODS } from '@agency/contract';
import { downloadClientReport } from '@/entities/analytics/api/download-client-report';
import { useClientAnalyticsOverview } from '@/entities/analytics/api/get-client-analytics-overview';

export type TClientPeriod = (typeof CLIENT_GROWTH_PERIODS)[number];
export const DEFAULT_CLIENT_PERIOD: TClientPeriod = '6months';

export const PERIOD_LABELS: Record<TClientPeriod, string> = ANALYTICS_PERIOD_LABELS;

export function clientPeriodParam(value: string | null): TClientPeriod {
  return (CLIENT_GROWTH_PERIODS as readonly string[]).includes(value ?? '') ? (value as TClientPeriod) : DEFAULT_CLIENT_PERIOD;
}

/** The client's analytics of the period (cards, monthly rows, accounts, platforms). */
export function useClientAnalytics(period: TClientPeriod) {
  return useClientAnalyticsOverview({ period }, { keepPrevious: true });
}

/** Downloads the PDF report of the client's own analytics for the period. */
export function downloadOwnReport(clientId: number, period: TClientPeriod): Promise<string> {
  return downloadClientReport(clientId, period, `performance-report-${period}.pdf`);
}

