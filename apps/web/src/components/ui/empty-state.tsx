import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  /** The title's heading level: 3 inside a titled card or panel (default), 2 when it sits right under the page's h1. */
  headingLevel?: 2 | 3;
}

/** Icon, title, one line, one action. */
export function EmptyState({ icon, title, description, action, className, headingLevel = 3 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={cn('flex flex-col items-center justify-center px-6 py-12 text-center', className)}>
      <div className="mb-4 rounded-full bg-subtle p-3 text-fg-subtle">{icon ?? <Inbox aria-hidden className="h-6 w-6" />}</div>
      <Heading className="text-base font-semibold text-fg">{title}</Heading>
      {description && <p className="mt-1 max-w-md text-sm text-fg-muted">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
