import type { ReactNode } from 'react';

/** The line under a section's title: a short description and the section's main action. */
export function PageIntro({ description, action }: { description: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-fg-muted">{description}</p>
      {action}
    </div>
  );
}
