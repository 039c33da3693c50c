import { tsr } from '@/lib/tsr';
import { clientKeys } from '../client-keys';

/** GET /api/clients/:id/ */
export const clientQueryOptions = (id: number) => ({ queryKey: clientKeys.detail(id), queryData: { params: { id } } });

/** One client (none asked for while `id` is null). */
export function useClient(id: number | null, { enabled = true, staleTime }: { enabled?: boolean; staleTime?: number } = {}) {
  return tsr.clients.getClient.useQuery({
    ...clientQueryOptions(id ?? 0),
    enabled: id !== null && enabled,
    ...(staleTime !== undefined && { staleTime }),
  });
}
