import type { TContent, TReviewStep } from '@agency/contract';
import { Building2, Clock, UserCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatDateTime, formatElapsed } from '@/lib/format';

/** Who looks at an item: the agency's staff or the client (the words differ, the facts do not). */
export type TContentViewer = 'staff' | 'client';

/** Whose review a pending-approval item waits for (an item without a step waits for the staff), else null. */
export function reviewStepOf(item: Pick<TContent, 'status' | 'review_step'>): TReviewStep | null {
  if (item.status !== 'pending-approval') return null;
  return item.review_step ?? 'staff';
}

const WAITING_LABELS: Record<TContentViewer, Record<TReviewStep, string>> = {
  staff: { staff: 'Waiting for staff review', client: 'Waiting for the client' },
  client: { staff: 'With the agency for review', client: 'Waiting for your approval' },
};

/** "Waiting for the client", "With the agency for review", … or null when the item waits for nobody. */
export function waitingLabel(item: Pick<TContent, 'status' | 'review_step'>, viewer: TContentViewer): string | null {
  const step = reviewStepOf(item);
  return step ? WAITING_LABELS[viewer][step] : null;
}

/**
 * What a staff approval did, from the item before and the API's answer: moved on to the client's review (a client
 * of "staff review, then the client"), approved on the client's behalf (it waited for the client), or approved.
 */
export function approvalOutcome(
  before: Pick<TContent, 'status' | 'review_step'>,
  after: Pick<TContent, 'status' | 'review_step'>,
): 'sent-to-client' | 'approved-for-client' | 'approved' {
  if (after.status === 'pending-approval' && after.review_step === 'client') return 'sent-to-client';
  return reviewStepOf(before) === 'client' ? 'approved-for-client' : 'approved';
}

/** The names of the review steps in the history and the overview. */
export const REVIEW_STEP_LABELS: Record<TReviewStep, string> = { staff: 'Staff review', client: 'Client review' };

/**
 * Whose review a pending item waits for, and for how long ("Waiting for the client · 2 days"; the exact time in
 * the tooltip). Nothing for items that wait for nobody. `children` sit at the end of the line (an action).
 */
export function WaitingNote({
  item,
  viewer,
  now,
  size = 'xs',
  className,
  children,
}: {
  item: Pick<TContent, 'status' | 'review_step' | 'waiting_since'>;
  viewer: TContentViewer;
  now?: Date;
  size?: 'xs' | 'sm';
  className?: string;
  children?: ReactNode;
}) {
  const step = reviewStepOf(item);
  if (!step) return null;
  const Icon = step === 'client' ? UserCheck : viewer === 'client' ? Building2 : Clock;
  const since = item.waiting_since;
  const age = since ? formatElapsed(since, now) : '';
  return (
    <div
      data-testid="waiting-note"
      className={cn('flex flex-wrap items-center gap-x-2 gap-y-1', size === 'sm' ? 'text-sm' : 'text-xs', step === 'client' ? 'text-info-700' : 'text-warning-700', className)}
    >
      <p className="flex min-w-0 items-start gap-1.5">
        <Icon aria-hidden className="mt-0.5 h-3.5 w-3.5 shrink-0" />
        <span>
          <span className="font-medium">{WAITING_LABELS[viewer][step]}</span>
          {age && (
            <span className="tabular-nums" title={`Since ${formatDateTime(since)}`}>
              <span aria-hidden> · </span>
              <span className="sr-only">, for </span>
              {age}
            </span>
          )}
        </span>
      </p>
      {children}
    </div>
  );
}
