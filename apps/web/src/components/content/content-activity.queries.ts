import type { TContent as TContentItem, TContentComment } from '@agency/contract';
import { useQueryClient } from '@tanstack/react-query';
import { contentKeys } from '@/entities/content/content-keys';
import { tsr } from '@/lib/tsr';

/** Comments per page: the oldest first, "Show more" for the next ones. */
export const COMMENTS_PAGE_SIZE = 50;

interface TCommentsPage {
  status: number;
  body: { next: string | null; results: TContentComment[] };
}

export function useContentComments(contentId: number) {
  return tsr.content.listContentComments.useInfiniteQuery({
    queryKey: contentKeys.comments(contentId),
    queryData: ({ pageParam }) => ({ params: { id: contentId }, query: { page: pageParam as number, page_size: COMMENTS_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last: TCommentsPage, all: TCommentsPage[]) => (last.body.next ? all.length + 1 : undefined),
  });
}

export function useContentReviews(contentId: number) {
  return tsr.content.listContentReviews.useQuery({ queryKey: contentKeys.reviews(contentId), queryData: { params: { id: contentId } } });
}

export function useMentionable(contentId: number) {
  return tsr.content.listMentionable.useQuery({
    queryKey: contentKeys.mentionable(contentId),
    queryData: { params: { id: contentId } },
    staleTime: 5 * 60_000,
  });
}

/** After a comment: the item's comments (and nothing else changes). */
export function useInvalidateComments(contentId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: contentKeys.comments(contentId) });
}

/**
 * The item a dialog shows, kept current: the row it was opened from until GET /api/content/:id/ answers, then that
 * answer, refreshed with every content change (a decision, the realtime push). Null while closed.
 */
export function useFreshContent(item: TContentItem | null): TContentItem | null {
  const id = item?.id ?? 0;
  const fresh = tsr.content.getContent.useQuery({
    queryKey: contentKeys.detail(id),
    queryData: { params: { id } },
    enabled: item !== null,
  });
  if (!item) return null;
  return fresh.data?.status === 200 && fresh.data.body.id === item.id ? fresh.data.body : item;
}
