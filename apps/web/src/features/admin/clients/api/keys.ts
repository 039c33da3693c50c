import type { TClientListQuery, TLeadListQuery } from '@agency/contract';

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
