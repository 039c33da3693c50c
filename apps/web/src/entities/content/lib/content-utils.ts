import { CONTENT_PLATFORM_LABELS, CONTENT_PLATFORMS, CONTENT_STATUSES } from '@agency/contract';
import type { BadgeTone } from '@/components/ui';

export type TContentStatus = (typeof CONTENT_STATUSES)[number];
export type TContentPlatform = (typeof CONTENT_PLATFORMS)[number];

/** Badge colours of admin-and-foundations 4: draft default, pending-approval warning, approved primary, posted success. */
export const CONTENT_STATUS_TONES: Record<TContentStatus, BadgeTone> = {
  draft: 'default',
  'pending-approval': 'warning',
  approved: 'primary',
  posted: 'success',
};

export const CONTENT_STATUS_LABELS: Record<TContentStatus, string> = {
  draft: 'Draft',
  'pending-approval': 'Pending Approval',
  approved: 'Approved',
  posted: 'Posted',
};

/** The contract's labels, under the name this feature uses. */
export const PLATFORM_LABELS = CONTENT_PLATFORM_LABELS;

export function isContentStatus(v: unknown): v is TContentStatus {
  return typeof v === 'string' && (CONTENT_STATUSES as readonly string[]).includes(v);
}
export function isContentPlatform(v: unknown): v is TContentPlatform {
  return typeof v === 'string' && (CONTENT_PLATFORMS as readonly string[]).includes(v);
}

export { localInputToIso } from '@/lib/datetime-local';
