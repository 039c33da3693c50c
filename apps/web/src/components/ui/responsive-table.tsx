import type { Key, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Card } from './card';
import { SelectCheckbox } from './select-checkbox';

export interface ResponsiveTableProps<T> {
  items: readonly T[];
  getKey: (item: T) => Key;
  /** Header cells (<th>) between the optional select-all cell and the optional actions cell. */
  head: ReactNode;
  /** A keyed <tr> for one item. */
  renderRow: (item: T) => ReactNode;
  /** The stacked card for one item (below md). */
  renderCard: (item: T) => ReactNode;
  /** The accessible name of the stacked-card list. */
  cardsLabel: string;
  cardClassName?: string;
  headClassName?: string;
  /** Adds a leading header cell with a select-all checkbox. */
  selectAll?: { checked: boolean; onChange: (checked: boolean) => void; label: string };
  /** Adds a trailing header cell for per-row actions. */
  actionsColumn?: boolean;
}

/** A table from md up; stacked cards below (no horizontal page scrolling on phones). */
export function ResponsiveTable<T>({
  items,
  getKey,
  head,
  renderRow,
  renderCard,
  cardsLabel,
  cardClassName,
  headClassName,
  selectAll,
  actionsColumn,
}: ResponsiveTableProps<T>) {
  return (
    <>
      <Card className="hidden overflow-hidden md:block">
        {/* Focusable, so a keyboard can scroll a table wider than its card (a narrow column, many columns). */}
        <div tabIndex={0} role="group" aria-label={cardsLabel} className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600/40">
          <table className="w-full text-sm">
            <thead className={cn(headClassName, 'border-b border-border bg-subtle text-xs text-fg-muted')}>
              <tr>
                {selectAll && (
                  <th scope="col" className="w-10 px-3 py-2 text-left">
                    <SelectCheckbox checked={selectAll.checked} onChange={selectAll.onChange} label={selectAll.label} />
                  </th>
                )}
                {head}
                {actionsColumn && (
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">{items.map((item) => renderRow(item))}</tbody>
          </table>
        </div>
      </Card>
      <ul className="space-y-3 md:hidden" aria-label={cardsLabel}>
        {items.map((item) => (
          <li key={getKey(item)} className={cardClassName}>
            {renderCard(item)}
          </li>
        ))}
      </ul>
    </>
  );
}
