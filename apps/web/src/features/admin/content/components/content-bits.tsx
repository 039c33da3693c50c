import type { TContent } from '@agency/contract';
import { format } from 'date-fns';
import { AtSign, Briefcase, Camera, Music2, PlaySquare, ThumbsUp, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui';
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

export function SelectBox({ checked, onChange, label }: { checked: boolean; onChange: (checked: boolean) => void; label: string }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      className="h-4 w-4 shrink-0 cursor-pointer rounded border-border-strong accent-brand-600"
    />
  );
}

/** A short name for an item in labels: the first words of its text. */
export function itemLabel(item: TContent): string {
  const text = item.content.trim().replace(/\s+/g, ' ');
  return `${item.client_name}: ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
}
