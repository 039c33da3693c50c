import { AUTH_PAGE_PATH, type TReviewLinkView } from '@agency/contract';
import { CheckCircle2, MessageSquareText } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { LinkPageFrame, LinkPageSkeleton, LinkProblem } from '@/components/link-page';
import { Button, buttonClasses, FormError } from '@/components/ui';
import { RequestChangesForm } from '@/entities/content/components/request-changes-form';
import { cn } from '@/lib/cn';
import { errorMessage, formatDateTime, formatLongDateTime } from '@/lib/format';
import { useDecideReviewLink, useRefreshReviewLink } from '../api/review.queries';

export function ReviewSkeleton() {
  return <LinkPageSkeleton label="Loading the post" panels={['h-96', 'h-32']} />;
}

export { LinkPageFrame as ReviewFrame, LinkProblem };

/** For a link that no longer works: the portal, where the client can review after signing in. */
export function SignInLink() {
  return (
    <Link to={AUTH_PAGE_PATH} className={buttonClasses('secondary')}>
      Sign in to your portal
    </Link>
  );
}

/** Who asks whom: the agency, the client the post is for, and the reviewer the link was sent to. */
export function ReviewIntro({ view, platform }: { view: TReviewLinkView; platform: string }) {
  return (
    <header className="space-y-1.5">
      <p className="text-sm font-semibold text-brand-700">{view.agency_name}</p>
      <h1 className="text-2xl font-semibold text-fg">Your approval is needed</h1>
      <p className="text-sm text-fg-muted">
        Hello {view.reviewer_name}, {view.agency_name} prepared this {platform} post for <span className="font-medium text-fg">{view.client_name}</span>. Check it as it
        will appear, then approve it or ask for changes.
      </p>
    </header>
  );
}

/** The comments shared with the client on this post (the portal shows the same); nothing when there are none. */
export function SharedComments({ comments }: { comments: TReviewLinkView['comments'] }) {
  if (comments.length === 0) return null;
  return (
    <section aria-labelledby="review-comments" className="space-y-3">
      <h2 id="review-comments" className="text-base font-semibold text-fg">
        Comments
      </h2>
      <ul className="space-y-2">
        {comments.map((c) => (
          <li key={c.id} className="rounded-lg border border-border bg-surface px-4 py-3">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-medium text-fg">{c.author_name ?? 'Former member'}</span>
              {c.from_team && <span className="text-xs text-fg-muted">Team</span>}
              <span className="text-xs text-fg-muted tabular-nums">{formatDateTime(c.created_at)}</span>
            </p>
            <p className="mt-1 whitespace-pre-line text-sm text-fg">{c.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Approve, or Request changes with the feedback (required here): POST /api/review-links/decide/. */
export function DecisionPanel({ token, view, onDecided }: { token: string; view: TReviewLinkView; onDecided: (decided: TReviewLinkView) => void }) {
  const decide = useDecideReviewLink();
  const refresh = useRefreshReviewLink(token);
  const [mode, setMode] = useState<'choose' | 'changes'>('choose');
  const [error, setError] = useState<string | null>(null);
  const [choice, setChoice] = useState<'approve' | 'reject' | null>(null);

  const send = (decision: 'approve' | 'reject', feedback?: string) => {
    setError(null);
    setChoice(decision);
    decide.mutate(
      { body: { token, decision, ...(feedback ? { feedback } : {}) } },
      {
        onSuccess: (res) => onDecided(res.body),
        onError: (err) => {
          const status = (err as { status?: unknown }).status;
          // Used meanwhile (another tab, the portal): show what was decided.
          if (status === 409) void refresh();
          setError(typeof status === 'number' && status < 500 ? errorMessage(err) : 'Your decision could not be sent. Check your connection and try again.');
        },
      },
    );
  };

  return (
    <section aria-labelledby="review-decision-title" className="rounded-xl border border-border bg-surface p-4 shadow-card sm:p-5">
      <h2 id="review-decision-title" className="text-base font-semibold text-fg">
        Your decision
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        No sign-in needed. This link is for you only and works once, until {formatLongDateTime(view.expires_at, { weekday: true })}.
      </p>
      <div className="mt-4 space-y-3">
        <FormError message={error} />
        {mode === 'choose' ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button size="lg" className="sm:flex-1" onClick={() => send('approve')} loading={decide.isPending && choice === 'approve'} disabled={decide.isPending}>
              <CheckCircle2 aria-hidden className="h-5 w-5" />
              Approve
            </Button>
            <Button size="lg" variant="secondary" className="sm:flex-1" onClick={() => setMode('changes')} disabled={decide.isPending}>
              <MessageSquareText aria-hidden className="h-5 w-5" />
              Request changes
            </Button>
          </div>
        ) : (
          <RequestChangesForm
            submitLabel="Send feedback"
            loading={decide.isPending}
            onSubmit={(feedback) => send('reject', feedback)}
            onCancel={() => {
              setError(null);
              setMode('choose');
            }}
          />
        )}
      </div>
    </section>
  );
}

/**
 * What was decided: right after deciding here ("Approved — thank you"), or when a used link is opened again
 * ("You already approved this post on …"). The heading takes the focus when it appears after a decision.
 */
export function DecisionOutcome({ view, justDecided }: { view: TReviewLinkView; justDecided: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (justDecided) heading.current?.focus();
  }, [justDecided]);
  const decided = view.decided;
  if (!decided) return null;
  const approved = decided.decision === 'approved';
  const when = formatLongDateTime(decided.at, { weekday: true });
  const title = justDecided
    ? approved
      ? 'Approved — thank you!'
      : 'Thank you — your feedback was sent'
    : approved
      ? 'You already approved this post'
      : 'You already asked for changes';
  const message = justDecided
    ? approved
      ? `${view.agency_name} will publish it as scheduled. You can close this page.`
      : `${view.agency_name} will rework the post and send it to you again. You can close this page.`
    : `${approved ? 'Approved' : 'Changes requested'} on ${when}. This link has been used; nothing more is needed from you.`;
  return (
    <section
      data-testid="review-outcome"
      className={cn(
        'rounded-xl border px-5 py-6 text-center shadow-card',
        approved ? 'border-success-600/30 bg-success-50' : 'border-info-600/30 bg-info-50',
      )}
    >
      {approved ? (
        <CheckCircle2 aria-hidden className="mx-auto h-10 w-10 text-success-600" />
      ) : (
        <MessageSquareText aria-hidden className="mx-auto h-10 w-10 text-info-600" />
      )}
      <p className="mt-2 text-sm font-semibold text-fg-muted">{view.agency_name}</p>
      <h1 ref={heading} tabIndex={-1} className={cn('mt-1 text-xl font-semibold outline-none', approved ? 'text-success-700' : 'text-info-700')}>
        {title}
      </h1>
      <p className="mx-auto mt-2 max-w-md text-sm text-fg">{message}</p>
      {justDecided && (
        <p className="mt-1 text-xs text-fg-muted">
          Decided on <time dateTime={decided.at}>{when}</time>
        </p>
      )}
    </section>
  );
}
