import type { TContent } from '@agency/contract';
import { CalendarClock, TrendingUp } from 'lucide-react';
import { Button, Card, SelectCheckbox } from '@/components/ui';
import { PostMedia, postMediaOf } from '@/entities/content/components/post-media';
import { reviewStepOf, WaitingNote } from '@/entities/content/components/review-status';
import { cn } from '@/lib/cn';
import { formatDateTime, formatPercent } from '@/lib/format';
import { ApproveRejectButtons, ContentStatusBadge, PlatformMark, SendLinkButton, itemLabel } from './content-bits';

export interface ContentItemActions {
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onOpen: () => void;
  onApprove: () => void;
  onReject: () => void;
  /** A fresh magic review link to the client (items waiting for the client). */
  onSendLink: () => void;
  sendingLink: boolean;
  busy: boolean;
}

/** A card of the grid (and the phone list): text, client, platform, schedule, engagement, approve / reject. */
export function ContentCard({ item, actions }: { item: TContent; actions: ContentItemActions }) {
  const label = itemLabel(item);
  const media = postMediaOf(item);
  return (
    <Card
      data-testid={`content-card-${item.id}`}
      className={cn('flex flex-col p-4', actions.selected && 'border-brand-600 ring-1 ring-brand-600')}
    >
      <div className="flex items-start gap-2">
        <SelectCheckbox checked={actions.selected} onChange={actions.onSelect} label={`Select ${label}`} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-fg">{item.client_name}</p>
          <PlatformMark platform={item.platform} className="mt-1" />
        </div>
        <ContentStatusBadge status={item.status} />
      </div>
      {media && (
        <div className="mt-3 overflow-hidden rounded-md border border-border">
          <PostMedia media={media} alt="" lazy className="h-36" />
        </div>
      )}
      {/* Named by the text it shows (WCAG 2.5.3 Label in Name); the card's Details button opens the same dialog. */}
      <button
        type="button"
        onClick={actions.onOpen}
        className="mt-3 line-clamp-4 self-start rounded text-left text-sm break-words text-fg hover:text-brand-700"
      >
        {item.content}
      </button>
      <ItemWaitingNote item={item} actions={actions} className="mt-3" />
      {/* Cards of a row are equally tall: the space goes here, so the text stays at the top. */}
      <div className="flex-1" />
      <dl className="mt-3 grid grid-cols-2 gap-2 text-xs text-fg-muted">
        <div className="flex items-center gap-1">
          <dt>
            <CalendarClock aria-hidden className="h-3.5 w-3.5" />
            <span className="sr-only">Scheduled</span>
          </dt>
          <dd className="tabular-nums">{formatDateTime(item.scheduled_date)}</dd>
        </div>
        <div className="flex items-center justify-end gap-1">
          <dt>
            <TrendingUp aria-hidden className="h-3.5 w-3.5" />
            <span className="sr-only">Engagement rate</span>
          </dt>
          <dd className="font-medium text-fg tabular-nums">{formatPercent(item.engagement_rate)}</dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2 border-t border-border pt-3">
        <Button variant="ghost" size="sm" onClick={actions.onOpen}>
          Details
        </Button>
        {item.status === 'pending-approval' && (
          <ApproveRejectButtons
            label={label}
            item={item}
            onApprove={actions.onApprove}
            onReject={actions.onReject}
            busy={actions.busy}
            className="ml-auto flex gap-2"
          />
        )}
      </div>
    </Card>
  );
}

/** Whose review a pending item waits for and since when; "Send review link again" when it waits for the client. */
export function ItemWaitingNote({ item, actions, className }: { item: TContent; actions: ContentItemActions; className?: string }) {
  return (
    <WaitingNote item={item} viewer="staff" className={className}>
      {reviewStepOf(item) === 'client' && <SendLinkButton label={itemLabel(item)} onClick={actions.onSendLink} sending={actions.sendingLink} />}
    </WaitingNote>
  );
}
