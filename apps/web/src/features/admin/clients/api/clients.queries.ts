import { CLIENT_STATUSES, LEAD_STATUSES, type TClientListQuery, type TLeadListQuery } from '@agency/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { clientKeys } from '@/entities/clients/client-keys';
import { AFFECTED_KEYS, invalidateKeys } from '@/entities/refresh/affected-keys';
import { tsr } from '@/lib/tsr';

/** Query keys of the leads (the Clients screen's own resource; clients are entities/clients). */
export const leadKeys = {
  all: ['leads'] as const,
  list: (query: TLeadListQuery) => [...leadKeys.all, 'list', query] as const,
};

export const CLIENTS_PAGE_SIZE = 12;
export const LEADS_PAGE_SIZE = 10;

/** A status of live clients, all of them, or the archived (deleted) ones, which can be restored. */
export type TClientStatusFilter = 'all' | (typeof CLIENT_STATUSES)[number] | 'archived';
export type TLeadStatusFilter = 'all' | (typeof LEAD_STATUSES)[number];

export function useClientSummary() {
  return tsr.clients.getClientSummary.useQuery({ queryKey: clientKeys.summary() });
}

/** The Clients screen's page: its search and status filter, 12 a page. */
export function clientsScreenQuery(search: string, status: TClientStatusFilter, page: number): TClientListQuery {
  const filter = status === 'archived' ? { archived: true } : status !== 'all' ? { status } : {};
  return { page, page_size: CLIENTS_PAGE_SIZE, ...(search ? { search } : {}), ...filter };
}

export function useClientReport(id: number | null) {
  return tsr.analytics.getClientReport.useQuery({
    queryKey: clientKeys.report(id ?? 0),
    queryData: { params: { id: id ?? 0 }, query: {} },
    enabled: id !== null,
    retry: false,
  });
}

export function useLeads(status: TLeadStatusFilter, page: number, enabled: boolean) {
  const query: TLeadListQuery = { page, page_size: LEADS_PAGE_SIZE, ...(status !== 'all' ? { status } : {}) };
  return tsr.leads.listLeads.useQuery({
    queryKey: leadKeys.list(query),
    queryData: { query },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** After any client change: every clients list (ours and other sections'), the summary and the dashboard cards. */
export function useInvalidateClients() {
  const qc = useQueryClient();
  return (opts: { leads?: boolean } = {}) => invalidateKeys(qc, [...AFFECTED_KEYS.clients, ...(opts.leads ? [leadKeys.all] : [])]);
}
