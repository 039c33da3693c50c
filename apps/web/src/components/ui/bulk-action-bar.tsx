import type { ReactNode } from 'react';

/** The sticky bar shown while rows are selected: "N selected" and the bulk actions (children). */
export function BulkActionBar({ count, children }: { count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="sticky top-2 z-20 flex flex-wrap items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 shadow-card"
    >
      <p className="mr-auto text-sm font-medium text-brand-700 tabular-nums">{count} selected</p>
      {children}
    </div>
  );
}
