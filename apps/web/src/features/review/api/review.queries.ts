import type { TReviewLinkView } from '@agency/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/tsr';

/** The magic link's view, in memory only (the token never goes into a URL the server sees). */
export const reviewLinkKeys = {
  link: (token: string) => ['review-link', token] as const,
};

/** An answer other than 200 (404 with the reason, 400, 429, 5xx), or a network error. */
export type TReviewLinkFailure = { status: number; body: unknown } | Error;

/** Whether the server refused the link itself (unknown, expired, revoked, malformed): trying again will not help. */
export function isRefusedLink(err: TReviewLinkFailure | null): err is { status: number; body: unknown } {
  return !!err && !(err instanceof Error) && (err.status === 404 || err.status === 400);
}

/** POST /api/review-links/open/ with the token in the body: what the link is for, or why it cannot be used. */
export function useReviewLink(token: string) {
  return useQuery<TReviewLinkView, TReviewLinkFailure>({
    queryKey: reviewLinkKeys.link(token),
    queryFn: async () => {
      const res = await tsr.content.openReviewLink.mutate({ body: { token } });
      if (res.status !== 200) throw { status: res.status, body: res.body };
      return res.body;
    },
    // Only a decision changes what a link shows, and that answer replaces it (below).
    staleTime: Infinity,
  });
}

/** POST /api/review-links/decide/ (its answer is the link's view, now decided: see useShowDecided). */
export function useDecideReviewLink() {
  return tsr.content.decideReviewLink.useMutation();
}

/** Shows the view the decision answered with in place of the one loaded. */
export function useShowDecided(token: string) {
  const qc = useQueryClient();
  return (view: TReviewLinkView) => qc.setQueryData<TReviewLinkView>(reviewLinkKeys.link(token), view);
}

/** Ask the server again what the link shows (after "already used": it shows what was decided). */
export function useRefreshReviewLink(token: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: reviewLinkKeys.link(token) });
}
