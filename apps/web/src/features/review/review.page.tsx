import { CONTENT_PLATFORM_LABELS } from '@agency/contract';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button } from '@/components/ui';
import { isContentPlatform } from '@/entities/content/lib/content-utils';
import { errorMessage } from '@/lib/format';
import { readFragmentToken } from '@/lib/fragment-token';
import { serverFieldErrors } from '@/lib/server-errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNoIndex } from '@/lib/use-noindex';
import { isRefusedLink, useReviewLink, useShowDecided } from './api/review.queries';
import { postMediaOf } from '@/entities/content/components/post-media';
import { PostPreview } from './components/post-preview';
import { DecisionOutcome, DecisionPanel, LinkProblem, ReviewFrame, ReviewIntro, ReviewSkeleton, SharedComments, SignInLink } from './components/review-parts';

/**
 * The magic review page (REVIEW_PAGE_PATH, `/review#token=rvw_…`, from the e-mail sent when a post waits for the
 * client): the one post as it will appear, Approve or Request changes, without signing in. The token is read from
 * the fragment and only ever sent in the body of POST /api/review-links/open/ and /decide/. Kept out of search
 * engines; it shows nothing of the client but this post.
 */
export default function ReviewPage() {
  useDocumentTitle('Review a post');
  useNoIndex();
  const { hash } = useLocation();
  const token = useMemo(() => readFragmentToken(hash), [hash]);
  return (
    <ReviewFrame>
      {token ? (
        <ReviewLink key={token} token={token} />
      ) : (
        <LinkProblem
          title="This review link is incomplete"
          message="Open the link from your e-mail again, or copy all of it into the address bar: it ends with a long code after “#token=”."
        >
          <SignInLink />
        </LinkProblem>
      )}
    </ReviewFrame>
  );
}

function ReviewLink({ token }: { token: string }) {
  const link = useReviewLink(token);
  const showDecided = useShowDecided(token);
  const [justDecided, setJustDecided] = useState(false);

  if (link.isPending) return <ReviewSkeleton />;
  if (link.isError) {
    if (isRefusedLink(link.error)) {
      return (
        // A malformed token is a validation error: its own words ("This review link is not valid."), not the request's.
        <LinkProblem title="This review link cannot be used" message={serverFieldErrors(link.error)?.token ?? errorMessage(link.error, 'This review link is not valid.')}>
          <SignInLink />
        </LinkProblem>
      );
    }
    return (
      <LinkProblem icon="error" title="The post could not be loaded" message="We could not reach the server. Check your connection and try again.">
        <Button variant="secondary" onClick={() => void link.refetch()} loading={link.isFetching}>
          Try Again
        </Button>
      </LinkProblem>
    );
  }

  const view = link.data;
  const platform = isContentPlatform(view.content.platform) ? CONTENT_PLATFORM_LABELS[view.content.platform] : view.content.platform;
  const preview = (
    <PostPreview
      post={{
        platform: view.content.platform,
        // The client's account on that network names the post, as the network will (else the client's name).
        accountName: view.account_handle?.replace(/^@/, '') ?? view.client_name,
        text: view.content.content,
        media: postMediaOf(view.content),
        scheduledDate: view.content.scheduled_date,
      }}
    />
  );
  if (view.decided) {
    return (
      <>
        <DecisionOutcome view={view} justDecided={justDecided} />
        <section aria-label="The post">{preview}</section>
        <SharedComments comments={view.comments} />
      </>
    );
  }
  return (
    <>
      <ReviewIntro view={view} platform={platform} />
      {preview}
      <SharedComments comments={view.comments} />
      <DecisionPanel token={token} view={view} onDecided={(decided) => {
          setJustDecided(true);
          showDecided(decided);
        }} />
    </>
  );
}
