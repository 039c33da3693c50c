import { Camera, Music2, PlaySquare, ThumbsUp, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { CHART_COLORS } from './chart-types';

/** The networks the analytics screens name (facebook only in the agency's platform distribution). */
export type TAnalyticsPlatform = 'instagram' | 'youtube' | 'tiktok' | 'facebook';

export const PLATFORM_NAMES: Record<TAnalyticsPlatform, string> = {
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  facebook: 'Facebook',
};

const ICONS: Record<TAnalyticsPlatform, LucideIcon> = { instagram: Camera, youtube: PlaySquare, tiktok: Music2, facebook: ThumbsUp };

/** One token colour per platform, the same in every chart. */
export const PLATFORM_COLORS: Record<TAnalyticsPlatform, string> = {
  instagram: CHART_COLORS.brand,
  youtube: CHART_COLORS.danger,
  tiktok: CHART_COLORS.info,
  facebook: CHART_COLORS.success,
};

export function isAnalyticsPlatform(p: string): p is TAnalyticsPlatform {
  return p in PLATFORM_NAMES;
}

export function platformName(p: string): string {
  return isAnalyticsPlatform(p) ? PLATFORM_NAMES[p] : p.charAt(0).toUpperCase() + p.slice(1);
}

/** The platform's mark (decorative: say the platform's name next to it). */
export function PlatformIcon({ platform, className }: { platform: string; className?: string }) {
  const Icon = isAnalyticsPlatform(platform) ? ICONS[platform] : Camera;
  return (
    <span className={cn('inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700', className)}>
      <Icon aria-hidden className="h-4 w-4" />
    </span>
  );
}
