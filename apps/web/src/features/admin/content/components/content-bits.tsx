import type { TContent } from '@agency/contract';
import { format } from 'date-fns';
import { AtSign, Briefcase, Camera, Check, Music2, PlaySquare, ThumbsUp, X, type LucideIcon } from 'lucide-react';
import { Badge, Button } from '@/components/ui';
import { cn } from '@/lib/cn';
import { CONTENT_STATUS_LABELS, CONTENT_STATUS_TONES, PLATFORM_LABELS, type TContentPlatform } from '../lib/content-utils';

export function ContentStatusBadge({ status }: { status: TContent['status'] }) {
  return <Badge tone={CONTENT_STATUS_TONES[status]}>{CONTENT_STATUS_LABELS[status]}</Badge>;
}

const PLATFORM_ICONS: Record<TContentPlatform, LucideIcon> = {
  instagram: Camera,
  tiktok: Music2,
  youtube: PlaySquare,
  facebook: ThumbsUp,
  twitter: AtSign,
  linkedin: Briefcase,
};

/** Platform mark: an icon and the platform's name (never the icon alone). */
export function PlatformMark({ platform, className }: { platform: TContentPlatform; className?: string }) {
  const Icon = PLATFORM_ICONS[platform];
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-xs font-medium text-fg-muted', className)}>
      <span className="inline-flex h-6 w-6 items-center justify-center rounded-md bg-brand-50 text-brand-700">
        <Icon aria-hidden className="h-3.5 w-3.5" />
      </span>
      {PLATFORM_LABELS[platform]}
    </span>
  );
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : format(d, 'MMM d, yyyy h:mm a');
}

/** Approve / Reject for one pending item (card and table row). */
export function ApproveRejectButtons({
  label,
  onApprove,
  onReject,
  busy,
  className,
  compact = false,
}: {
  label: string;
  onApprove: () => void;
  onReject: () => void;
  busy: boolean;
  className?: string;
  /** Icons only (table rows, where width is short); the accessible names stay the same. */
  compact?: boolean;
}) {
  return (
    <div className={className}>
      <Button size="sm" onClick={onApprove} disabled={busy} aria-label={`Approve ${label}`} title="Approve">
        <Check aria-hidden className="h-4 w-4" />
        {!compact && 'Approve'}
      </Button>
      <Button size="sm" variant="secondary" onClick={onReject} disabled={busy} aria-label={`Reject ${label}`} title="Reject">
        <X aria-hidden className="h-4 w-4" />
        {!compact && 'Reject'}
      </Button>
    </div>
  );
}

/** A short name for an item in labels: the first words of its text. */
export function itemLabel(item: TContent): string {
  const text = item.content.trim().replace(/\s+/g, ' ');
  return `${item.client_name}: ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
}
