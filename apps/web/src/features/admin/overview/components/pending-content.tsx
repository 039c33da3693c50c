import { CONTENT_PLATFORM_LABELS, LIMITS, type TContent } from '@agency/contract';
import { FileCheck } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button, Dialog, EmptyState, Field, Textarea, useToast } from '@/components/ui';
import { approvalOutcome, WaitingNote } from '@/entities/content/components/review-status';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { errorMessage, truncate } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { tsr } from '@/lib/tsr';
import { usePendingContent } from '../api/overview.queries';
import { RowsSkeleton, SectionCard, SectionError } from './section-card';

function RejectDialog({ item, onClose }: { item: TContent | null; onClose: () => void }) {
  const [feedback, setFeedback] = useState('');
  const invalidateContent = useInvalidateAffected('content');
  const toast = useToast();
  const reject = tsr.content.rejectContent.useMutation({
    onSuccess: async () => {
      toast.success('Content rejected and sent back to draft');
      setFeedback('');
      onClose();
      await invalidateContent();
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to reject content')),
  });
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(o) => !o && onClose()}
      title="Reject content"
      description={item ? `The post for ${item.client_name} goes back to draft and the client is notified.` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={reject.isPending}
            onClick={() =>
              item &&
              reject.mutate({ params: { id: item.id }, body: feedback.trim() ? { feedback: feedback.trim() } : {} })
            }
          >
            Reject
          </Button>
        </>
      }
    >
      <Field label="Feedback for the client" optional hint="Tell the client what to change.">
        <Textarea value={feedback} maxLength={2000} onChange={(e) => setFeedback(e.target.value)} />
      </Field>
    </Dialog>
  );
}

function PendingItem({ item, onReject }: { item: TContent; onReject: () => void }) {
  const invalidateContent = useInvalidateAffected('content');
  const toast = useToast();
  const { canWrite } = useStaffRole();
  const approve = tsr.content.approveContent.useMutation({
    onSuccess: async ({ body }) => {
      const outcome = approvalOutcome(item, body);
      toast.success(
        outcome === 'sent-to-client'
          ? `Content for ${item.client_name} sent to the client for approval`
          : outcome === 'approved-for-client'
            ? `Content for ${item.client_name} approved on the client’s behalf`
            : `Content for ${item.client_name} approved`,
      );
      await invalidateContent();
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to approve content')),
  });
  return (
    <li className="space-y-2 px-5 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-medium text-fg">{item.client_name}</p>
        <Badge tone="info">{CONTENT_PLATFORM_LABELS[item.platform]}</Badge>
        <Badge tone="warning">Pending approval</Badge>
        <span className="text-xs text-fg-muted">
          Scheduled {new Date(item.scheduled_date).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}
        </span>
      </div>
      <WaitingNote item={item} viewer="staff" />
      <p className="text-sm break-words whitespace-pre-line text-fg">{truncate(item.content, LIMITS.overviewContentTruncate)}</p>
      {canWrite && (
        <div className="flex gap-2">
          <Button size="sm" loading={approve.isPending} onClick={() => approve.mutate({ params: { id: item.id } })}>
            Approve
          </Button>
          <Button size="sm" variant="secondary" disabled={approve.isPending} onClick={onReject}>
            Reject
          </Button>
        </div>
      )}
    </li>
  );
}

export function PendingContent({ enabled }: { enabled: boolean }) {
  const q = usePendingContent(enabled);
  const [rejecting, setRejecting] = useState<TContent | null>(null);
  const items = q.data?.body.results ?? [];
  return (
    <SectionCard title="Content Pending Approval" viewAllHash="content">
      {q.isPending ? (
        <RowsSkeleton rows={3} />
      ) : q.isError ? (
        <SectionError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : items.length === 0 ? (
        <EmptyState
          className="py-8"
          icon={<FileCheck aria-hidden className="h-6 w-6" />}
          title="Nothing waiting for approval"
          description="Content your clients submit for approval shows up here."
        />
      ) : (
        <ul className="divide-y divide-border" aria-label="Content pending approval">
          {items.map((item) => (
            <PendingItem key={item.id} item={item} onReject={() => setRejecting(item)} />
          ))}
        </ul>
      )}
      <RejectDialog item={rejecting} onClose={() => setRejecting(null)} />
    </SectionCard>
  );
}
