import type { TAuditFilters } from '@agency/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '@/lib/tsr';

export const AUDIT_PAGE_SIZE = 25;

export const auditKeys = {
  all: ['audit-log'] as const,
  list: (filters: TAuditFilters, page: number) => ['audit-log', 'list', filters, page] as const,
  actors: ['audit-log', 'actors'] as const,
};

/** A page of the log, newest first; re-read on every visit (entries arrive all the time). */
export function useAuditLog(filters: TAuditFilters, page: number) {
  return tsr.audit.listAuditLog.useQuery({
    queryKey: auditKeys.list(filters, page),
    queryData: { query: { ...filters, page, page_size: AUDIT_PAGE_SIZE } },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The people who have entries, for the person filter. */
export function useAuditActors() {
  return tsr.audit.listAuditActors.useQuery({ queryKey: auditKeys.actors, staleTime: 60_000 });
}
