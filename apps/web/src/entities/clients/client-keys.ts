import type { TClientListQuery } from '@agency/contract';

/** Query keys of clients: lists (screens, pickers, the messages fallback list), one client, the summary and reports. */
export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  list: (query: TClientListQuery) => [...clientKeys.lists(), query] as const,
  detail: (id: number) => [...clientKeys.all, 'detail', id] as const,
  summary: () => [...clientKeys.all, 'summary'] as const,
  /** The analytics report of one client (its stats dialog); under clients so a client change refreshes it. */
  report: (id: number) => [...clientKeys.all, 'report', id] as const,
};
