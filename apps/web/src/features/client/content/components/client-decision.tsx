import type { TContent } from '@agency/contract';
import { Check, MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { Button, Dialog, useToast } from '@/components/ui';
import { RequestChangesForm } from '@/entities/content/components/request-changes-form';
import { reviewStepOf, WaitingNote } from '@/entities/content/components/review-status';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/format';
import { tsr } from '@/lib/tsr';
import { shortLabel } from '../lib/short-label';

/**
 * The client's decision on an item waiting for it (POST /api/content/:id/client-review/): Approve at once, or
 * Request changes with the feedback (required here), which sends it back to the team as a draft.
 */
export function ClientDecision({ item, className }: { item: TContent; className?: string }) {
  const toast = useToast();
  const invalidate = useInvalidateAffected('content');
  const [asking, setAsking] = useState(false);
  // The callbacks sit on the mutation, not on mutate(): the push of the decision can refresh the list before the
  // response arrives, and this box unmounts with the decided item; mutate()'s own callbacks would then never run.
  const review = tsr.content.reviewContentAsClient.useMutation({
    onSuccess: (_res, { body }) => {
      toast.success(body.decision === 'approve' ? 'Approved — the team will publish it as scheduled' : 'Changes requested; the team has been notified');
      setAsking(false);
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to send your decision')),
    onSettled: () => void invalidate(),
  });
  const label = shortLabel(item);
  const pending = review.isPending ? review.variables?.body.decision : undefined;

  const decide = (decision: 'approve' | 'reject', feedback?: string) =>
    review.mutate({ params: { id: item.id }, body: { decision, ...(feedback ? { feedback } : {}) } });

  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <Button size="sm" onClick={() => decide('approve')} loading={pending === 'approve'} disabled={review.isPending}>
        {pending !== 'approve' && <Check aria-hidden className="h-4 w-4" />}
        Approve<span className="sr-only"> {label}</span>
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setAsking(true)} disabled={review.isPending}>
        <MessageSquareText aria-hidden className="h-4 w-4" />
        Request changes<span className="sr-only"> to {label}</span>
      </Button>
      <Dialog open={asking} onOpenChange={setAsking} title="Request changes" description={`“${label}” goes back to the team with your feedback.`}>
        {asking && <RequestChangesForm onSubmit={(feedback) => decide('reject', feedback)} onCancel={() => setAsking(false)} loading={review.isPending} />}
      </Dialog>
    </div>
  );
}

/**
 * Where a pending item stands for the client: with the agency ("With the agency for review"), or waiting for the
 * client, with Approve / Request changes. Nothing for other items.
 */
export function ClientReviewBox({ item, className }: { item: TContent; className?: string }) {
  const step = reviewStepOf(item);
  if (!step) return null;
  if (step === 'staff') return <WaitingNote item={item} viewer="client" className={className} />;
  return (
    <div data-testid="client-review" className={cn('space-y-2 rounded-md border border-info-600/30 bg-info-50 p-2.5', className)}>
      <WaitingNote item={item} viewer="client" />
      <ClientDecision item={item} />
    </div>
  );
}
