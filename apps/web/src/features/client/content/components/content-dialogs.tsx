import { SCHEDULED_IN_PAST, isScheduledInPast, type TContent } from '@agency/contract';
import { useState, type FormEvent } from 'react';
import { Button, Dialog, Field, Input } from '@/components/ui';
import { useFreshContent } from '@/entities/content/api/get-content';
import { ContentActivity } from '@/entities/content/components/content-activity';
import { ContentStatusBadge, PlatformMark } from '@/entities/content/components/content-bits';
import { PostMedia, postMediaOf } from '@/entities/content/components/post-media';
import { dayKey } from '@/lib/calendar';
import { formatDateTime, formatTime } from '@/lib/format';
import { rescheduledTo } from '../lib/reschedule';
import { ClientReviewBox } from './client-decision';
import { DraftActions, FeedbackNote, engagementText, shortLabel, type TClientItemActions } from './content-item';

/**
 * One item in full (a card's Details, a row's text or a calendar chip opens it): text, platform, status, schedule,
 * engagement, feedback; Approve / Request changes while it waits for the client; its comments and history.
 */
export function ClientContentDetails({
  item: opened,
  onOpenChange,
  actions,
}: {
  item: TContent | null;
  onOpenChange: (open: boolean) => void;
  actions: TClientItemActions;
}) {
  const item = useFreshContent(opened);
  const media = item ? postMediaOf(item) : null;
  return (
    <Dialog open={item !== null} onOpenChange={onOpenChange} title="Content details" className="max-w-2xl">
      {item && (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <PlatformMark platform={item.platform} />
            <ContentStatusBadge status={item.status} />
          </div>
          <p className="text-sm break-words whitespace-pre-wrap text-fg">{item.content}</p>
          {media && (
            <div className="overflow-hidden rounded-md border border-border">
              <PostMedia media={media} fit="contain" className="max-h-72" />
            </div>
          )}
          <FeedbackNote item={item} />
          <ClientReviewBox item={item} />
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-xs text-fg-muted">Scheduled</dt>
              <dd className="tabular-nums">{formatDateTime(item.scheduled_date)}</dd>
            </div>
            <div>
              <dt className="text-xs text-fg-muted">Engagement</dt>
              <dd className="tabular-nums">{engagementText(item)}</dd>
            </div>
          </dl>
          <DraftActions item={item} actions={actions} />
          <ContentActivity key={item.id} contentId={item.id} viewer="client" />
        </div>
      )}
    </Dialog>
  );
}

/** The keyboard alternative to dragging on the calendar: choose the new day; the time of day stays. */
export function MoveToDateDialog({
  item,
  onOpenChange,
  onMove,
  loading,
}: {
  item: TContent | null;
  onOpenChange: (open: boolean) => void;
  onMove: (item: TContent, dayKey: string) => void;
  loading: boolean;
}) {
  return (
    <Dialog
      open={item !== null}
      onOpenChange={onOpenChange}
      title="Move to date"
      description={item ? `“${shortLabel(item)}” keeps its time, ${formatTime(item.scheduled_date)}.` : undefined}
    >
      {item && <MoveForm key={item.id} item={item} onCancel={() => onOpenChange(false)} onMove={onMove} loading={loading} />}
    </Dialog>
  );
}

function MoveForm({ item, onCancel, onMove, loading }: { item: TContent; onCancel: () => void; onMove: (item: TContent, dayKey: string) => void; loading: boolean }) {
  const [day, setDay] = useState(() => dayKey(new Date(item.scheduled_date)));
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setError('Choose a date');
    if (isScheduledInPast(rescheduledTo(item.scheduled_date, day))) return setError(SCHEDULED_IN_PAST);
    onMove(item, day);
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field label="New date" error={error}>
        <Input type="date" value={day} min={dayKey(new Date())} onChange={(e) => setDay(e.target.value)} required />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={loading}>
          Move
        </Button>
      </div>
    </form>
  );
}
