import type { TContent, TContentMedia } from '@agency/contract';
import { ImageOff, VideoOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

/** What a post shows: its uploaded image or video, else the image at its image URL; null for none. */
export interface TPostMediaSource {
  kind: TContentMedia['kind'];
  url: string;
}

export function postMediaOf(item: Pick<TContent, 'media' | 'image_url'>): TPostMediaSource | null {
  if (item.media) return { kind: item.media.kind, url: item.media.url };
  return item.image_url ? { kind: 'image', url: item.image_url } : null;
}

/** In place of media that is missing or cannot be loaded: an icon and a short line (never the browser's broken image). */
export function MediaPlaceholder({
  text = 'No image attached',
  kind = 'image',
  dark = false,
  className,
}: {
  text?: string;
  kind?: TPostMediaSource['kind'];
  dark?: boolean;
  className?: string;
}) {
  const Icon = kind === 'video' ? VideoOff : ImageOff;
  return (
    <div
      role="img"
      aria-label={text}
      className={cn(
        'flex min-h-32 flex-col items-center justify-center gap-2 px-3 text-center text-sm',
        dark ? 'bg-fg-muted/30 text-white' : 'bg-subtle text-fg-muted',
        className,
      )}
    >
      <Icon aria-hidden className="h-6 w-6" />
      <span aria-hidden>{text}</span>
    </div>
  );
}

/**
 * A post's image or video, one component for every screen (admin cards and details, the client's portal, the review
 * page, the forms' previews). A video plays with the browser's controls; an image or a video that cannot be loaded
 * shows a neat placeholder in its place.
 */
export function PostMedia({
  media,
  alt = 'The post’s image',
  className,
  fit = 'cover',
  dark = false,
  lazy = false,
}: {
  media: TPostMediaSource;
  alt?: string;
  className?: string;
  fit?: 'cover' | 'contain';
  dark?: boolean;
  lazy?: boolean;
}) {
  // Keyed by the address, so a new image after a failed one is tried again.
  return <LoadedMedia key={`${media.kind}:${media.url}`} media={media} alt={alt} className={className} fit={fit} dark={dark} lazy={lazy} />;
}

function LoadedMedia({
  media,
  alt,
  className,
  fit,
  dark,
  lazy,
}: {
  media: TPostMediaSource;
  alt: string;
  className: string | undefined;
  fit: 'cover' | 'contain';
  dark: boolean;
  lazy: boolean;
}) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    const text = media.kind === 'video' ? 'The video could not be loaded' : 'The image could not be loaded';
    return <MediaPlaceholder kind={media.kind} text={text} dark={dark} className={className} />;
  }
  const look = cn('w-full bg-subtle', fit === 'cover' ? 'object-cover' : 'object-contain', className);
  if (media.kind === 'video') {
    return (
      <video src={media.url} controls playsInline preload="metadata" onError={() => setFailed(true)} className={look} data-testid="post-video">
        <track kind="captions" />
      </video>
    );
  }
  return <img src={media.url} alt={alt} loading={lazy ? 'lazy' : undefined} onError={() => setFailed(true)} className={look} />;
}
