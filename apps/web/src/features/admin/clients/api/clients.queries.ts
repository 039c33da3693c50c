import { CLIENT_STATUSES, LEAD_STATUSES, type TClientListQuery, type TLeadListQuery } from '@agency/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/tsr';

/**
 * Query keys of the Clients screen. They start with the shared resource prefixes (['clients'], ['leads'])
 * so other sections' invalidations reach them and ours reach theirs.
 */
export const clientsKeys = {
  all: ['clients'] as const,
  summary: ['clients', 'summary'] as const,
  list: (query: TClientListQuery) => ['clients', 'list', query] as const,
  report: (id: number) => ['clients', 'report', id] as const,
  leadsAll: ['leads'] as const,
  leads: (query: TLeadListQuery) => ['leads', 'list', query] as const,
  dashboard: ['dashboard'] as const,
};

export const CLIENTS_PAGE_SIZE = 12;
export const LEADS_PAGE_SIZE = 10;

export type TClientStatusFilter = 'all' | (typeof CLIENT_STATUSES)[number];
export type TLeadStatusFilter = 'all' | (typeof LEAD_STATUSES)[number];

export function useClientSummary() {
  return tsr.clients.getClientSummary.useQuery({ queryKey: clientsKeys.summary });
}

export function useClientList(search: string, status: TClientStatusFilter, page: number) {
  const query: TClientListQuery = {
    page,
    page_size: CLIENTS_PAGE_SIZE,
    ...(search ? { search } : {}),
    ...(status !== 'all' ? { status } : {}),
  };
  return tsr.clients.listClients.useQuery({
    queryKey: clientsKeys.list(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}

export function useClientReport(id: number | null) {
  return tsr.analytics.getClientReport.useQuery({
    queryKey: clientsKeys.report(id ?? 0),
    queryData: { params: { id: id ?? 0 }, query: {} },
    enabled: id !== null,
    retry: false,
  });
}

export function useLeads(status: TLeadStatusFilter, page: number, enabled: boolean) {
  const query: TLeadListQuery = { page, page_size: LEADS_PAGE_SIZE, ...(status !== 'all' ? { status } : {}) };
  return tsr.leads.listLeads.useQuery({
    queryKey: clientsKeys.leads(query),
    queryData: { query },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** After any client change: every clients list (ours and other sections'), the summary and the dashboard cards. */
export function useInvalidateClients() {
  const qc = useQueryClient();
  return (opts: { leads?: boolean } = {}) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: [...clientsKeys.all] }),
      qc.invalidateQueries({ queryKey: [...clientsKeys.dashboard] }),
      ...(opts.leads ? [qc.invalidateQueries({ queryKey: [...clientsKeys.leadsAll] })] : []),
    ]);
}
