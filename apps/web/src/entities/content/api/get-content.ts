import type { TContent } from '@agency/contract';
import { tsr } from '@/lib/tsr';
import { contentKeys } from '../content-keys';

/** GET /api/content/:id/ */
export const contentQueryOptions = (id: number) => ({ queryKey: contentKeys.detail(id), queryData: { params: { id } } });

/**
 * The item a dialog shows, kept current: the row it was opened from until GET /api/content/:id/ answers, then that
 * answer, refreshed with every content change (a decision, the realtime push). Null while closed.
 */
export function useFreshContent(item: TContent | null): TContent | null {
  const fresh = tsr.content.getContent.useQuery({ ...contentQueryOptions(item?.id ?? 0), enabled: item !== null });
  if (!item) return null;
  return fresh.data?.status === 200 && fresh.data.body.id === item.id ? fresh.data.body : item;
}
