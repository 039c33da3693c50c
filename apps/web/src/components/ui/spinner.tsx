import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

const sizes = { sm: 'h-4 w-4', md: 'h-6 w-6', lg: 'h-10 w-10' } as const;

export interface SpinnerProps {
  size?: keyof typeof sizes;
  className?: string;
  /** Accessible text; null when a visible text sits next to it. */
  label?: string | null;
}

export function Spinner({ size = 'md', className, label = 'Loading' }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex">
      <Loader2 aria-hidden className={cn('animate-spin text-brand-600', sizes[size], className)} />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

/** Full-screen spinner with a visible text, e.g. 'Loading...' while the session initialises. */
export function FullScreenSpinner({ text = 'Loading...' }: { text?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-screen flex-col items-center justify-center gap-3 bg-canvas">
      <Loader2 aria-hidden className="h-10 w-10 animate-spin text-brand-600" />
      <p className="text-sm text-fg-muted">{text}</p>
    </div>
  );
}
