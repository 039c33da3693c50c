import { tsr } from '@/lib/tsr';
import { contentKeys } from '../content-keys';

/** GET /api/content/:id/mentionable/: who a comment on the item can mention. */
export const mentionableQueryOptions = (contentId: number) => ({
  queryKey: contentKeys.mentionable(contentId),
  queryData: { params: { id: contentId } },
  staleTime: 5 * 60_000,
});

export function useMentionable(contentId: number) {
  return tsr.content.listMentionable.useQuery(mentionableQueryOptions(contentId));
}
