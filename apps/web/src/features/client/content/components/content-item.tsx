import type { TContent } from '@agency/contract';
import { CalendarClock, MessageSquareWarning, MessagesSquare, Pencil, Send, TrendingUp } from 'lucide-react';
import { Button, Card } from '@/components/ui';
import { ContentStatusBadge, PlatformMark } from '@/entities/content/components/content-bits';
import { PostMedia, postMediaOf } from '@/entities/content/components/post-media';
import { formatDateTime, formatPercent } from '@/lib/format';
import { shortLabel } from '../lib/short-label';
import { ClientReviewBox } from './client-decision';

export interface TClientItemActions {
  /** Opens the item's details (with its comments and history). */
  onOpen: (item: TContent) => void;
  onEdit: (item: TContent) => void;
  onSubmit: (item: TContent) => void;
  /** The id being submitted. */
  submitting: number | null;
}

/** Posted items show their engagement (×100, one decimal); others have none yet (the API gives null: "—"). */
export function engagementText(item: TContent): string {
  return formatPercent(item.engagement_rate);
}

export { shortLabel };

/** The agency's feedback on a draft it sent back (reject → draft with feedback). */
export function FeedbackNote({ item }: { item: TContent }) {
  if (item.status !== 'draft' || !item.feedback) return null;
  return (
    <p className="flex gap-2 rounded-md border border-warning-600/30 bg-warning-50 px-3 py-2 text-xs text-warning-700">
      <MessageSquareWarning aria-hidden className="h-4 w-4 shrink-0" />
      <span>
        <span className="font-semibold">Changes requested:</span> {item.feedback}
      </span>
    </p>
  );
}

/** Edit and Submit of a draft (client-and-public 2.5). */
export function DraftActions({ item, actions, size = 'sm' }: { item: TContent; actions: TClientItemActions; size?: 'sm' }) {
  if (item.status !== 'draft') return null;
  const label = shortLabel(item);
  return (
    <div className="flex gap-2">
      <Button size={size} variant="secondary" onClick={() => actions.onEdit(item)}>
        <Pencil aria-hidden className="h-4 w-4" />
        Edit<span className="sr-only"> {label}</span>
      </Button>
      <Button size={size} onClick={() => actions.onSubmit(item)} loading={actions.submitting === item.id} disabled={actions.submitting !== null}>
        {actions.submitting !== item.id && <Send aria-hidden className="h-4 w-4" />}
        Submit<span className="sr-only"> {label}</span>
      </Button>
    </div>
  );
}

/** A grid card (client-and-public 2.5): image, platform, status, content, date and time, engagement when posted. */
export function ClientContentCard({ item, actions }: { item: TContent; actions: TClientItemActions }) {
  const media = postMediaOf(item);
  return (
    <Card data-testid={`client-content-${item.id}`} className="flex flex-col p-4">
      <div className="flex items-start justify-between gap-2">
        <PlatformMark platform={item.platform} />
        <ContentStatusBadge status={item.status} />
      </div>
      {media && (
        <div className="mt-3 overflow-hidden rounded-md border border-border">
          <PostMedia media={media} alt="" lazy className="h-36" />
        </div>
      )}
      <p className="mt-3 line-clamp-5 flex-1 text-sm break-words text-fg">{item.content}</p>
      <div className="mt-3 space-y-2">
        <FeedbackNote item={item} />
        <ClientReviewBox item={item} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-xs text-fg-muted">
        <div className="flex items-center gap-1">
          <dt>
            <CalendarClock aria-hidden className="h-3.5 w-3.5" />
            <span className="sr-only">Scheduled</span>
          </dt>
          <dd className="tabular-nums">{formatDateTime(item.scheduled_date)}</dd>
        </div>
        {item.status === 'posted' && (
          <div className="flex items-center justify-end gap-1">
            <dt>
              <TrendingUp aria-hidden className="h-3.5 w-3.5" />
              <span className="sr-only">Engagement rate</span>
            </dt>
            <dd className="font-medium text-fg tabular-nums">{engagementText(item)}</dd>
          </div>
        )}
      </dl>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3">
        <Button variant="ghost" size="sm" onClick={() => actions.onOpen(item)}>
          <MessagesSquare aria-hidden className="h-4 w-4" />
          Details<span className="sr-only"> of {shortLabel(item)}</span>
        </Button>
        <DraftActions item={item} actions={actions} />
      </div>
    </Card>
  );
}
