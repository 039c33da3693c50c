import type { TContentComment } from '@agency/contract';
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/tsr';
import { contentKeys } from '../content-keys';

/** Comments per page: the oldest first, "Show more" for the next ones. */
export const COMMENTS_PAGE_SIZE = 50;

interface TCommentsPage {
  status: number;
  body: { next: string | null; results: TContentComment[] };
}

/** GET /api/content/:id/comments/, a page at a time (internal comments are the staff's only). */
export const contentCommentsQueryOptions = (contentId: number) => ({
  queryKey: contentKeys.comments(contentId),
  queryData: ({ pageParam }: { pageParam: unknown }) => ({
    params: { id: contentId },
    query: { page: pageParam as number, page_size: COMMENTS_PAGE_SIZE },
  }),
  initialPageParam: 1,
  getNextPageParam: (last: TCommentsPage, all: TCommentsPage[]) => (last.body.next ? all.length + 1 : undefined),
});

export function useContentComments(contentId: number) {
  return tsr.content.listContentComments.useInfiniteQuery(contentCommentsQueryOptions(contentId));
}

/** After a comment: the item's comments (and nothing else changes). */
export function useInvalidateComments(contentId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: contentKeys.comments(contentId) });
}
