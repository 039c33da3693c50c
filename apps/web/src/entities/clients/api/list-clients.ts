import type { TClientListQuery } from '@agency/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '@/lib/tsr';
import { clientKeys } from '../client-keys';

/** GET /api/clients/ with search, filters, ordering and paging (staff see the clients their role reaches). */
export const clientListQueryOptions = (query: TClientListQuery) => ({ queryKey: clientKeys.list(query), queryData: { query } });

export interface TClientListOptions {
  enabled?: boolean;
  staleTime?: number;
  /** Keep showing the previous page or search while the next one loads. */
  keepPrevious?: boolean;
}

export function useClientList(query: TClientListQuery, { enabled = true, staleTime, keepPrevious = false }: TClientListOptions = {}) {
  return tsr.clients.listClients.useQuery({
    ...clientListQueryOptions(query),
    enabled,
    ...(staleTime !== undefined && { staleTime }),
    ...(keepPrevious && { placeholderData: keepPreviousData }),
  });
}
