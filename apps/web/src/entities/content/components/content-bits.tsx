import type { TContent } from '@agency/contract';
import { PlatformIcon } from '@/components/platform-icon';
import { Badge } from '@/components/ui';
import { cn } from '@/lib/cn';
import { CONTENT_STATUS_LABELS, CONTENT_STATUS_TONES, PLATFORM_LABELS, type TContentPlatform } from '../lib/content-utils';

export function ContentStatusBadge({ status }: { status: TContent['status'] }) {
  return <Badge tone={CONTENT_STATUS_TONES[status]}>{CONTENT_STATUS_LABELS[status]}</Badge>;
}

/** Platform mark: an icon and the platform's name (never the icon alone). */
export function PlatformMark({ platform, className }: { platform: TContentPlatform; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-xs font-medium text-fg-muted', className)}>
      <PlatformIcon platform={platform} size="sm" />
      {PLATFORM_LABELS[platform]}
    </span>
  );
}
