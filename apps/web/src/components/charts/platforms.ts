import { CONTENT_PLATFORM_LABELS } from '@agency/contract';
import { CHART_COLORS } from './chart-types';

/** The networks the analytics screens chart (facebook only in the agency's platform distribution). */
export type TAnalyticsPlatform = 'instagram' | 'youtube' | 'tiktok' | 'facebook';

/** One token colour per platform, the same in every chart. */
export const PLATFORM_COLORS: Record<TAnalyticsPlatform, string> = {
  instagram: CHART_COLORS.brand,
  youtube: CHART_COLORS.danger,
  tiktok: CHART_COLORS.info,
  facebook: CHART_COLORS.success,
};

export function isAnalyticsPlatform(p: string): p is TAnalyticsPlatform {
  return p in PLATFORM_COLORS;
}

/** The platform's name ('YouTube'); an unknown one capitalised. */
export function platformName(p: string): string {
  return (CONTENT_PLATFORM_LABELS as Record<string, string>)[p] ?? p.charAt(0).toUpperCase() + p.slice(1);
}
