import {
  ANALYTICS_PERIOD_LABELS,
  ANALYTICS_PERIODS,
  contract,
  DEFAULT_ANALYTICS_PERIOD,
  type TPerformanceQuery,
  type TReportSchedule,
  type TSocialAccount,
} from '@agency/contract';
import { getCompleteUrl } from '@ts-rest/core';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { analyticsKeys, metricsKeys, performanceKeys } from '@/entities/analytics/analytics-keys';
import { downloadClientReport } from '@/entities/analytics/api/download-client-report';
import { socialAccountStatusQueryOptions } from '@/entities/social-accounts/api/get-social-account-status';
import { socialAccountKeys } from '@/entities/social-accounts/social-account-keys';
import { downloadFile } from '@/lib/download';
import { tsr } from '@/lib/tsr';

export type TPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_PERIOD: TPeriod = DEFAULT_ANALYTICS_PERIOD;

export const PERIOD_LABELS: Record<TPeriod, string> = ANALYTICS_PERIOD_LABELS;

export function periodParam(value: string | null): TPeriod {
  return (ANALYTICS_PERIODS as readonly string[]).includes(value ?? '') ? (value as TPeriod) : DEFAULT_PERIOD;
}

/** What the screen's Refresh refetches (what a 'metrics.updated' push also moves, so the screen follows syncs live). */
export const REFRESH_KEYS = [analyticsKeys.all, performanceKeys.all, metricsKeys.all, socialAccountKeys.all];

/** Agency analytics for the Overview and Advanced Analytics tabs; trends compare the period with the one before. */
export function useAnalyticsOverview(period: TPeriod) {
  const query = { period };
  return tsr.analytics.getAnalyticsOverview.useQuery({
    queryKey: analyticsKeys.overview(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}

/** The Client Performance table: one row per client (or the selected client) over the period. */
export function usePerformanceTable(period: TPeriod, clientId: number | null) {
  const query: TPerformanceQuery = { period, ...(clientId !== null && { client_id: clientId }) };
  return tsr.performance.listPerformance.useQuery({
    queryKey: performanceKeys.list(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}

/** The selected client's month-by-month rows (its growth chart). */
export function useClientMonthly(period: TPeriod, clientId: number | null) {
  const query: TPerformanceQuery = { period, client_id: clientId ?? undefined, monthly: true };
  return tsr.performance.listPerformance.useQuery({
    queryKey: performanceKeys.list(query),
    queryData: { query },
    enabled: clientId !== null,
  });
}

export function useRealtimeMetrics(enabled: boolean) {
  return tsr.metrics.getRealtimeMetrics.useQuery({ queryKey: metricsKeys.realtime(), enabled });
}

/**
 * The accounts whose network refused their token (active, needs_reconnect): the client must reconnect them. Their
 * statuses (asked for these few only) say why.
 */
export function useAccountsNeedingReconnection(accounts: readonly TSocialAccount[], enabled: boolean) {
  const needing = accounts.filter((a) => a.is_active && a.needs_reconnect);
  const statuses = tsr.socialAccounts.getSocialAccountStatus.useQueries({
    queries: needing.map((a) => ({ ...socialAccountStatusQueryOptions(a.id), enabled })),
  });
  const byId = new Map(statuses.flatMap((s) => (s.data?.status === 200 ? [[s.data.body.id, s.data.body] as const] : [])));
  const messages = new Map(needing.flatMap((a) => (byId.get(a.id)?.last_error ? [[a.id, byId.get(a.id)!.last_error!] as const] : [])));
  return { accounts: needing, messages };
}

export function useReportSchedule(clientId: number | null) {
  return tsr.analytics.getReportSchedule.useQuery({
    queryKey: analyticsKeys.reportSchedule(clientId ?? 0),
    queryData: { params: { id: clientId ?? 0 } },
    enabled: clientId !== null,
  });
}

/** Turns the monthly report e-mail on or off; the answer replaces the cached schedule. */
export function useSetReportSchedule() {
  const qc = useQueryClient();
  return tsr.analytics.setReportSchedule.useMutation({
    onSuccess: (res) => {
      if (res.status === 200) {
        const schedule: TReportSchedule = res.body;
        qc.setQueryData(analyticsKeys.reportSchedule(schedule.client), res);
      }
    },
  });
}

/** The PDF report of one client over the period, saved under the client's name. */
export function downloadAgencyClientReport(clientId: number, period: TPeriod, name?: string): Promise<string> {
  const slug = (name ?? `client-${clientId}`).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return downloadClientReport(clientId, period, `${slug || 'client'}-report-${period}.pdf`);
}

/** The agency performance export (CSV table or PDF report) with the screen's client and period filters. */
export function exportPerformance(format: 'csv' | 'pdf', period: TPeriod, clientId: number | null): Promise<string> {
  const query = { format, period, ...(clientId !== null && { client_id: clientId }) };
  const url = getCompleteUrl(query, '', {}, contract.performance.exportPerformance, false);
  return downloadFile(url, `performance-${period}.${format}`);
}

