import { CONTENT_PLATFORM_LABELS } from '@agency/contract';
import { Bookmark, Heart, MessageCircle, MoreHorizontal, Play, Repeat2, Send, Share2, ThumbsUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { PlatformIcon } from '@/components/platform-icon';
import { MediaPlaceholder, PostMedia, type TPostMediaSource } from '@/entities/content/components/post-media';
import { isContentPlatform, type TContentPlatform } from '@/entities/content/lib/content-utils';
import { cn } from '@/lib/cn';
import { formatLongDateTime, initials } from '@/lib/format';

export interface TPostPreview {
  platform: string;
  /** Shown as the posting account. */
  accountName: string;
  text: string;
  /** The uploaded image or video, or the image at the post's image URL. */
  media: TPostMediaSource | null;
  scheduledDate: string;
}

/**
 * The post as it will appear on its network: the account line with the client's name, the image or video when there is one
 * (or a note that there is none where the network needs one), the text with its line breaks, and when it goes out.
 * The network's chrome (like, share …) is decoration, hidden from assistive technology.
 */
export function PostPreview({ post }: { post: TPostPreview }) {
  const platform: TContentPlatform | null = isContentPlatform(post.platform) ? post.platform : null;
  const label = platform ? CONTENT_PLATFORM_LABELS[platform] : post.platform;
  return (
    <figure className="space-y-2" data-testid="post-preview">
      <figcaption className="flex items-center gap-2 text-sm text-fg-muted">
        {platform && <PlatformIcon platform={platform} size="sm" />}
        <span>
          How it will look on <span className="font-medium text-fg">{label}</span>
        </span>
      </figcaption>
      {platform === 'instagram' ? (
        <InstagramPost post={post} />
      ) : platform === 'tiktok' ? (
        <TikTokPost post={post} />
      ) : platform === 'youtube' ? (
        <YouTubePost post={post} />
      ) : (
        <FeedPost post={post} platform={platform} />
      )}
      <p className="text-sm text-fg-muted">
        Scheduled for <time dateTime={post.scheduledDate} className="font-medium text-fg">{formatLongDateTime(post.scheduledDate, { weekday: true })}</time>
      </p>
    </figure>
  );
}

function AccountAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn('inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700', className)}
    >
      {initials(name) || '?'}
    </span>
  );
}

function PostText({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={cn('text-sm break-words whitespace-pre-wrap', className)}>{children}</p>;
}

/** The post's image or video (PostMedia: a placeholder, never a broken image, when it cannot be loaded). */
function PostImage({ media, className, dark = false }: { media: TPostMediaSource; className?: string; dark?: boolean }) {
  return <PostMedia media={media} className={className} dark={dark} />;
}

function NoImage({ className, dark = false }: { className?: string; dark?: boolean }) {
  return <MediaPlaceholder className={className} dark={dark} />;
}

const chrome = 'h-5 w-5';

function InstagramPost({ post }: { post: TPostPreview }) {
  return (
    <article aria-label={`Instagram post by ${post.accountName}`} className="overflow-hidden rounded-xl border border-border bg-surface shadow-card">
      <header className="flex items-center gap-3 px-3 py-2.5">
        <AccountAvatar name={post.accountName} className="ring-2 ring-brand-200 ring-offset-2" />
        <p className="min-w-0 flex-1 truncate text-sm font-semibold text-fg">{post.accountName}</p>
        <MoreHorizontal aria-hidden className="h-5 w-5 text-fg-muted" />
      </header>
      {post.media ? <PostImage media={post.media} className="aspect-square" /> : <NoImage className="aspect-square" />}
      <div aria-hidden className="flex items-center gap-4 px-3 pt-3 text-fg">
        <Heart className={chrome} />
        <MessageCircle className={chrome} />
        <Send className={chrome} />
        <Bookmark className={cn(chrome, 'ml-auto')} />
      </div>
      <PostText className="px-3 pt-2 pb-3 text-fg">
        <span className="mr-1.5 font-semibold">{post.accountName}</span>
        {post.text}
      </PostText>
    </article>
  );
}

function TikTokPost({ post }: { post: TPostPreview }) {
  return (
    <article aria-label={`TikTok post by ${post.accountName}`} className="overflow-hidden rounded-xl bg-inverse p-3 text-white shadow-card">
      <div className="relative mx-auto aspect-[9/16] w-full max-w-[15rem] overflow-hidden rounded-lg">
        {post.media ? <PostImage media={post.media} className="h-full" dark /> : <NoImage className="h-full" dark />}
        {post.media?.kind === 'image' && (
          <Play aria-hidden className="absolute top-1/2 left-1/2 h-10 w-10 -translate-x-1/2 -translate-y-1/2 fill-white/80 text-white/80" />
        )}
        <div aria-hidden className="absolute right-2 bottom-3 flex flex-col items-center gap-3">
          <Heart className={cn(chrome, 'fill-white')} />
          <MessageCircle className={cn(chrome, 'fill-white')} />
          <Share2 className={chrome} />
        </div>
      </div>
      <div className="mx-auto mt-3 max-w-md">
        <p className="text-sm font-semibold">@{post.accountName}</p>
        <PostText className="mt-1">{post.text}</PostText>
      </div>
    </article>
  );
}

function YouTubePost({ post }: { post: TPostPreview }) {
  const [title = '', ...rest] = post.text.split('\n');
  const description = rest.join('\n').trim();
  return (
    <article aria-label={`YouTube video by ${post.accountName}`} className="overflow-hidden rounded-xl border border-border bg-surface shadow-card">
      <div className="relative">
        {post.media ? <PostImage media={post.media} className="aspect-video" /> : <NoImage className="aspect-video" />}
        {post.media?.kind !== 'video' && (
        <span aria-hidden className="absolute right-2 bottom-2 rounded bg-inverse/80 px-1.5 py-0.5 text-xs font-medium text-white">
          <Play className="inline h-3 w-3 fill-white" />
        </span>
        )}
      </div>
      <div className="flex gap-3 p-3">
        <AccountAvatar name={post.accountName} />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold break-words text-fg">{title}</p>
          <p className="mt-0.5 text-xs text-fg-muted">{post.accountName}</p>
          {description && <PostText className="mt-2 rounded-md bg-subtle p-2 text-fg">{description}</PostText>}
        </div>
      </div>
    </article>
  );
}

/** Facebook, LinkedIn and X/Twitter: text first, the image under it, the reactions row. */
function FeedPost({ post, platform }: { post: TPostPreview; platform: TContentPlatform | null }) {
  const label = platform ? CONTENT_PLATFORM_LABELS[platform] : post.platform;
  const twitter = platform === 'twitter';
  return (
    <article aria-label={`${label} post by ${post.accountName}`} className="overflow-hidden rounded-xl border border-border bg-surface shadow-card">
      <header className="flex items-center gap-3 px-4 pt-3">
        <AccountAvatar name={post.accountName} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-fg">{post.accountName}</p>
          <p className="text-xs text-fg-muted">{twitter ? `@${post.accountName.toLowerCase().replace(/\s+/g, '')}` : 'Public'}</p>
        </div>
        <MoreHorizontal aria-hidden className="h-5 w-5 text-fg-muted" />
      </header>
      <PostText className="px-4 pt-3 pb-3 text-fg">{post.text}</PostText>
      {post.media && <PostImage media={post.media} className={cn('max-h-96', twitter && 'mx-4 mb-3 w-[calc(100%-2rem)] rounded-xl border border-border')} />}
      <div aria-hidden className="flex items-center justify-around border-t border-border px-4 py-2 text-xs font-medium text-fg-muted">
        {twitter ? (
          <>
            <MessageCircle className="h-4 w-4" />
            <Repeat2 className="h-4 w-4" />
            <Heart className="h-4 w-4" />
            <Share2 className="h-4 w-4" />
          </>
        ) : (
          <>
            <span className="inline-flex items-center gap-1.5">
              <ThumbsUp className="h-4 w-4" /> Like
            </span>
            <span className="inline-flex items-center gap-1.5">
              <MessageCircle className="h-4 w-4" /> Comment
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Share2 className="h-4 w-4" /> Share
            </span>
          </>
        )}
      </div>
    </article>
  );
}
