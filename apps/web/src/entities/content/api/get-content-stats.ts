import { tsr } from '@/lib/tsr';
import { contentKeys } from '../content-keys';

/** GET /api/content/stats/: the counts by status of what the reader may see (all clients', or the client's own). */
export const contentStatsQueryOptions = () => ({ queryKey: contentKeys.stats() });

export function useContentStats() {
  return tsr.content.getContentStats.useQuery(contentStatsQueryOptions());
}
