import { LIMITS } from '@agency/contract';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button, Card } from '@/components/ui';
import { cn } from '@/lib/cn';

export interface TTestimonial {
  name: string;
  handle: string;
  /** Shown as the picture; decorative. */
  emoji: string;
  text: string;
  followers: string;
  growth: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const mq = window.matchMedia?.(REDUCED_MOTION);
  mq?.addEventListener('change', onChange);
  return () => mq?.removeEventListener('change', onChange);
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

/**
 * Testimonials, one at a time, advancing every 5 seconds (client-and-public section 9). Stops while hovered or
 * focused, with the Pause button, and never moves by itself when the visitor prefers reduced motion. Previous and
 * Next are buttons; the slide area has a fixed height so nothing below it moves.
 */
export function TestimonialCarousel({ items }: { items: readonly TTestimonial[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = !paused && !hovered && !focused && !reducedMotion && items.length > 1;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % items.length), LIMITS.carouselMs);
    return () => window.clearInterval(timer);
  }, [rotating, items.length]);

  const go = (delta: number) => setIndex((i) => (i + delta + items.length) % items.length);
  const current = items[index]!;

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Client testimonials"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      className="mx-auto max-w-3xl"
    >
      <Card className="h-80 overflow-hidden p-6 sm:h-64 sm:p-8">
        <div
          aria-live={rotating ? 'off' : 'polite'}
          aria-atomic="true"
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${items.length}`}
          className="flex h-full flex-col"
          data-testid="testimonial-slide"
        >
          <blockquote className="flex-1 overflow-hidden text-base text-fg sm:text-lg">“{current.text}”</blockquote>
          <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
            <span aria-hidden className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-2xl">
              {current.emoji}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-fg">{current.name}</p>
              <p className="text-sm text-fg-muted">{current.handle}</p>
            </div>
            <div className="text-right text-sm">
              <p className="font-semibold text-fg tabular-nums">{current.followers} followers</p>
              <p className="font-medium text-success-700 tabular-nums">{current.growth} growth</p>
            </div>
          </div>
        </div>
      </Card>
      <div className="mt-4 flex items-center justify-center gap-2">
        <Button variant="secondary" size="icon" aria-label="Previous testimonial" onClick={() => go(-1)}>
          <ChevronLeft aria-hidden className="h-5 w-5" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={paused ? 'Play testimonials' : 'Pause testimonials'}
          aria-pressed={paused}
          onClick={() => setPaused((p) => !p)}
        >
          {paused ? <Play aria-hidden className="h-5 w-5" /> : <Pause aria-hidden className="h-5 w-5" />}
        </Button>
        <Button variant="secondary" size="icon" aria-label="Next testimonial" onClick={() => go(1)}>
          <ChevronRight aria-hidden className="h-5 w-5" />
        </Button>
      </div>
      <div aria-hidden className="mt-3 flex justify-center gap-1.5">
        {items.map((t, i) => (
          <span key={t.handle} className={cn('h-2 w-2 rounded-full', i === index ? 'bg-brand-600' : 'bg-border-strong')} />
        ))}
      </div>
    </div>
  );
}
