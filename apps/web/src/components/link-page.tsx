import { AlertTriangle, Link2Off } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton, SkeletonGroup } from '@/components/ui';
import { cn } from '@/lib/cn';

/**
 * A page opened by a private link (a review link, an invite): one narrow column on the canvas, nothing of the portal
 * around it (no sign-in, no navigation).
 */
export function LinkPageFrame({ children }: { children: ReactNode }) {
  return (
    <main className="min-h-screen bg-canvas px-4 py-6 sm:py-12">
      <div className="mx-auto w-full max-w-xl space-y-6">{children}</div>
    </main>
  );
}

/** A link that cannot be used, or a page that could not load: what happened and what to do. */
export function LinkProblem({
  icon = 'broken',
  title,
  message,
  children,
}: {
  icon?: 'broken' | 'error';
  title: string;
  message: ReactNode;
  children?: ReactNode;
}) {
  const Icon = icon === 'broken' ? Link2Off : AlertTriangle;
  return (
    <section className="rounded-xl border border-border bg-surface px-6 py-10 text-center shadow-card">
      <div className={cn('mx-auto mb-4 w-fit rounded-full p-3', icon === 'broken' ? 'bg-subtle text-fg-muted' : 'bg-danger-50 text-danger-600')}>
        <Icon aria-hidden className="h-6 w-6" />
      </div>
      <h1 className="text-xl font-semibold text-fg">{title}</h1>
      <div role={icon === 'error' ? 'alert' : undefined} className="mx-auto mt-2 max-w-md text-sm text-fg-muted">
        {message}
      </div>
      {children && <div className="mt-6 flex flex-col items-center justify-center gap-2 sm:flex-row">{children}</div>}
    </section>
  );
}

/** While a link page loads: the heading's lines, then one block per panel to come (their height classes). */
export function LinkPageSkeleton({ label, panels }: { label: string; panels: readonly string[] }) {
  return (
    <SkeletonGroup label={label} className="space-y-6">
      <div className="space-y-2">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-full" />
      </div>
      {panels.map((height, i) => (
        <Skeleton key={i} className={cn(height, 'rounded-xl')} />
      ))}
    </SkeletonGroup>
  );
}
