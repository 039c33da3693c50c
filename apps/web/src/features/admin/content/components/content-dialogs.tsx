import { STAFF_CONTENT_ACTIONS_BY_MODE, type TContent } from '@agency/contract';
import { Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button, Dialog, Field, Textarea } from '@/components/ui';
import { useFreshContent } from '@/entities/content/api/get-content';
import { ContentActivity } from '@/entities/content/components/content-activity';
import { PostMedia, postMediaOf } from '@/entities/content/components/post-media';
import { reviewStepOf, WaitingNote } from '@/entities/content/components/review-status';
import { formatDateTime, formatPercent } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { ContentStatusBadge, PlatformMark, SendLinkButton, itemLabel } from './content-bits';

/** What a draft's details offer as its next step, by the client's mode: the mode's default action of the form. */
export type TDraftStep = 'approve' | 'submit' | 'send_to_client';
const DRAFT_STEP_LABELS: Record<TDraftStep, string> = {
  approve: 'Approve',
  submit: 'Submit for review',
  send_to_client: 'Send to client',
};
export function draftStepOf(item: Pick<TContent, 'approval_mode'>): TDraftStep {
  const first = STAFF_CONTENT_ACTIONS_BY_MODE[item.approval_mode][0];
  return first === 'approve' || first === 'send_to_client' ? first : 'submit';
}

/**
 * Every field of an item with its image or video; Edit and Delete; a draft's next step (submit, send to the client,
 * approve, as the client's mode has it); Approve / Reject while it waits for approval (at the client's step only
 * the owner approves, on the client's behalf); "Send review link again" while it waits for the client; its Comments
 * and History.
 */
export function ContentDetailsDialog({
  item: opened,
  onOpenChange,
  onApprove,
  onReject,
  onSendLink,
  sendingLink,
  onEdit,
  onDelete,
  onDraftStep,
  busy,
}: {
  item: TContent | null;
  onOpenChange: (open: boolean) => void;
  onApprove: (item: TContent) => void;
  onReject: (item: TContent) => void;
  onSendLink: (item: TContent) => void;
  sendingLink: boolean;
  onEdit: (item: TContent) => void;
  onDelete: (item: TContent) => void;
  onDraftStep: (item: TContent, step: TDraftStep) => void;
  busy: boolean;
}) {
  const item = useFreshContent(opened);
  const step = item ? reviewStepOf(item) : null;
  const { canWrite, isOwner } = useStaffRole();
  const media = item ? postMediaOf(item) : null;
  const draftStep = item?.status === 'draft' ? draftStepOf(item) : null;
  return (
    <Dialog
      open={item !== null}
      onOpenChange={onOpenChange}
      title="Content Details"
      className="max-w-2xl"
      footer={
        item && canWrite ? (
          <>
            <Button variant="ghost" className="mr-auto text-danger-700" onClick={() => onDelete(item)} disabled={busy}>
              <Trash2 aria-hidden className="h-4 w-4" />
              Delete
            </Button>
            <Button variant="secondary" onClick={() => onEdit(item)} disabled={busy}>
              <Pencil aria-hidden className="h-4 w-4" />
              Edit
            </Button>
            {item.status === 'pending-approval' && (
              <>
                <Button variant="secondary" onClick={() => onReject(item)} disabled={busy}>
                  Reject
                </Button>
                {(step !== 'client' || isOwner) && (
                  <Button onClick={() => onApprove(item)} loading={busy}>
                    {step === 'client' ? 'Approve for the client' : 'Approve'}
                  </Button>
                )}
              </>
            )}
            {draftStep && (
              <Button onClick={() => onDraftStep(item, draftStep)} loading={busy}>
                {!busy && <Send aria-hidden className="h-4 w-4" />}
                {DRAFT_STEP_LABELS[draftStep]}
              </Button>
            )}
          </>
        ) : (
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        )
      }
    >
      {item && (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-3">
            <PlatformMark platform={item.platform} />
            <ContentStatusBadge status={item.status} />
          </div>
          <WaitingNote item={item} viewer="staff" size="sm">
            {step === 'client' && <SendLinkButton label={itemLabel(item)} onClick={() => onSendLink(item)} sending={sendingLink} />}
          </WaitingNote>
          {step === 'client' && canWrite && (
            <p className="-mt-2 text-xs text-fg-muted">
              {isOwner
                ? 'Approving now approves it on the client’s behalf; the history records it as your override.'
                : 'Only the owner can approve it on the client’s behalf.'}
            </p>
          )}
          <p className="rounded-md border border-border bg-subtle px-3 py-2 text-sm whitespace-pre-wrap text-fg">{item.content}</p>
          {media && (
            <div className="overflow-hidden rounded-md border border-border">
              <PostMedia media={media} fit="contain" className="max-h-72" alt="The post’s image" />
            </div>
          )}
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Detail label="Client" value={item.client_name} />
            <Detail label="Scheduled" value={formatDateTime(item.scheduled_date)} />
            <Detail label="Engagement rate" value={formatPercent(item.engagement_rate)} />
            <Detail label="Created" value={formatDateTime(item.created_at)} />
            <Detail label="Approved by" value={item.approved_by_name ?? '—'} />
            <Detail label="Approved at" value={formatDateTime(item.approved_at)} />
            <Detail
              label="Image URL"
              value={
                item.image_url ? (
                  <a href={item.image_url} target="_blank" rel="noreferrer" className="break-all text-brand-700 underline">
                    {item.image_url}
                  </a>
                ) : (
                  '—'
                )
              }
            />
            <Detail label="Feedback" value={item.feedback ?? '—'} />
          </dl>
          <ContentActivity key={item.id} contentId={item.id} viewer="staff" />
        </div>
      )}
    </Dialog>
  );
}

function Detail({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-fg-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-fg">{value}</dd>
    </div>
  );
}

/** Reject asks for optional feedback (shown to the client). */
export function RejectDialog({
  item,
  onOpenChange,
  onConfirm,
  loading,
}: {
  item: TContent | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (feedback: string) => void;
  loading: boolean;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={onOpenChange} title="Reject Content" description={item ? `${item.client_name} will see your feedback.` : undefined}>
      {item && <RejectForm key={item.id} onCancel={() => onOpenChange(false)} onConfirm={onConfirm} loading={loading} />}
    </Dialog>
  );
}

function RejectForm({ onCancel, onConfirm, loading }: { onCancel: () => void; onConfirm: (feedback: string) => void; loading: boolean }) {
  const [feedback, setFeedback] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm(feedback.trim());
      }}
      className="space-y-4"
    >
      <Field label="Feedback" optional hint={`${feedback.length} / 2,000 characters`}>
        <Textarea rows={4} maxLength={2000} value={feedback} onChange={(e) => setFeedback(e.target.value)} placeholder="What should change?" />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" loading={loading}>
          Reject
        </Button>
      </div>
    </form>
  );
}
