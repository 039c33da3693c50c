import { CONTENT_PLATFORM_LABELS, type CONTENT_PLATFORMS } from '@agency/contract';
import { AtSign, Briefcase, ThumbsUp, type LucideIcon } from 'lucide-react';
import type { SVGProps } from 'react';
import { cn } from '@/lib/cn';

export type TPlatform = (typeof CONTENT_PLATFORMS)[number];

type GlyphProps = SVGProps<SVGSVGElement>;

/** Instagram's mark: a rounded square, the lens and the flash. */
function InstagramGlyph(props: GlyphProps) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
    </svg>
  );
}

/** YouTube's mark: the rounded screen and the play triangle. */
function YouTubeGlyph(props: GlyphProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" {...props}>
      <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8ZM10 15V9l5.2 3L10 15Z" />
    </svg>
  );
}

/** TikTok's mark: the note. */
function TikTokGlyph(props: GlyphProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" {...props}>
      <path d="M16.6 3c.3 2.3 1.7 3.9 4 4.1v3a7.3 7.3 0 0 1-4-1.3v6.1A6 6 0 1 1 10.6 9v3.1a2.9 2.9 0 1 0 2.9 2.8V3h3.1Z" />
    </svg>
  );
}

function lucideGlyph(Icon: LucideIcon) {
  return function Glyph(props: GlyphProps) {
    return <Icon {...(props as object)} />;
  };
}

const GLYPHS: Record<TPlatform, (props: GlyphProps) => JSX.Element> = {
  instagram: InstagramGlyph,
  youtube: YouTubeGlyph,
  tiktok: TikTokGlyph,
  facebook: lucideGlyph(ThumbsUp),
  twitter: lucideGlyph(AtSign),
  linkedin: lucideGlyph(Briefcase),
};

export const platformLabel = (platform: TPlatform): string => CONTENT_PLATFORM_LABELS[platform];

/** The network's mark on its coloured tile; decorative (the name is always written beside it). */
export function PlatformIcon({ platform, size = 'md', className }: { platform: TPlatform; size?: 'sm' | 'md' | 'lg'; className?: string }) {
  const Glyph = GLYPHS[platform];
  const box = size === 'sm' ? 'h-6 w-6 rounded-md' : size === 'lg' ? 'h-12 w-12 rounded-xl' : 'h-9 w-9 rounded-lg';
  const glyph = size === 'sm' ? 'h-3.5 w-3.5' : size === 'lg' ? 'h-7 w-7' : 'h-5 w-5';
  return (
    <span aria-hidden className={cn('inline-flex shrink-0 items-center justify-center', box, 'bg-brand-50 text-brand-700', className)}>
      <Glyph className={glyph} />
    </span>
  );
}
