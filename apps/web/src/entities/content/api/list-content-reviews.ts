import { tsr } from '@/lib/tsr';
import { contentKeys } from '../content-keys';

/** GET /api/content/:id/reviews/: the item's approval history. */
export const contentReviewsQueryOptions = (contentId: number) => ({
  queryKey: contentKeys.reviews(contentId),
  queryData: { params: { id: contentId } },
});

export function useContentReviews(contentId: number) {
  return tsr.content.listContentReviews.useQuery(contentReviewsQueryOptions(contentId));
}
