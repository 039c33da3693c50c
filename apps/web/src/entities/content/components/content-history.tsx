import type { TContentReview } from '@agency/contract';
import { Check, History, X } from 'lucide-react';
import { ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';
import { cn } from '@/lib/cn';
import { errorMessage, formatDateTime } from '@/lib/format';
import { useContentReviews } from '../api/list-content-reviews';
import { REVIEW_STEP_LABELS } from './review-status';

export const REVIEW_DECISION_LABELS: Record<TContentReview['decision'], string> = { approved: 'Approved', rejected: 'Changes requested' };
export const REVIEW_VIA_LABELS: Record<TContentReview['via'], string> = { app: 'in the app', magic_link: 'via magic link' };

/** The item's approval history, oldest first: each step's decision, who, when, how (app or magic link), feedback. */
export function ContentHistory({ contentId }: { contentId: number }) {
  const reviews = useContentReviews(contentId);
  if (reviews.isPending) {
    return (
      <SkeletonGroup label="Loading the approval history" className="space-y-3">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </SkeletonGroup>
    );
  }
  if (reviews.isError) {
    return (
      <ErrorState
        className="py-6"
        title="The history could not be loaded"
        message={errorMessage(reviews.error, 'Failed to load the approval history')}
        onRetry={() => void reviews.refetch()}
        retrying={reviews.isRefetching}
      />
    );
  }
  const items = reviews.data.body.results;
  if (items.length === 0) {
    return (
      <div className="flex items-center gap-3 rounded-lg border border-dashed border-border-strong px-4 py-5 text-sm text-fg-muted">
        <History aria-hidden className="h-5 w-5 shrink-0 text-fg-subtle" />
        <p>
          <span className="font-medium text-fg">No review decisions yet.</span> Approvals and requested changes show up here.
        </p>
      </div>
    );
  }
  return (
    <ol aria-label="Approval history" className="space-y-3">
      {items.map((r) => (
        <HistoryItem key={r.id} review={r} />
      ))}
    </ol>
  );
}

/** An owner's approval without the review the client's mode asks for says so. */
export function decisionText(r: Pick<TContentReview, 'decision' | 'override' | 'step'>): string {
  if (!r.override) return REVIEW_DECISION_LABELS[r.decision];
  return r.step === 'client' ? 'Approved without the client (owner override)' : 'Approved without review (owner override)';
}

function HistoryItem({ review: r }: { review: TContentReview }) {
  const approved = r.decision === 'approved';
  const Icon = approved ? Check : X;
  return (
    <li data-testid={`review-${r.id}`} className="flex gap-3">
      <span
        aria-hidden
        className={cn(
          'mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full',
          approved ? 'bg-success-50 text-success-600' : 'bg-danger-50 text-danger-600',
        )}
      >
        <Icon className="h-4 w-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm text-fg">
          <span className="font-medium">{REVIEW_STEP_LABELS[r.step]}:</span>{' '}
          <span className={r.override ? 'text-warning-700' : approved ? 'text-success-700' : 'text-danger-700'}>{decisionText(r)}</span>
        </p>
        <p className="text-xs text-fg-muted">
          by {r.reviewer_name ?? 'a former user'} · {REVIEW_VIA_LABELS[r.via]} ·{' '}
          <time dateTime={r.created_at} className="tabular-nums">
            {formatDateTime(r.created_at)}
          </time>
        </p>
        {r.feedback && (
          <blockquote className="mt-1.5 border-l-2 border-border-strong pl-2 text-sm break-words whitespace-pre-wrap text-fg">{r.feedback}</blockquote>
        )}
      </div>
    </li>
  );
}
