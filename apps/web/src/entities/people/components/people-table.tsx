import type { ReactNode, ThHTMLAttributes } from 'react';
import { Card, ResponsiveTable } from '@/components/ui';
import { cn } from '@/lib/cn';
import { PersonActions, type TPerson, type TPersonControls } from './person-actions';

/** A column header of a people table. */
export function PeopleTh({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn('px-3 py-2 text-left font-medium', className)} {...props} />;
}

/** One fact of a person's phone card (its term and its value); `wide` spans the card's two columns. */
export function PersonFact({ label, wide = false, className, children }: { label: string; wide?: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-fg-muted">{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

export interface PeopleTableProps<T extends TPerson> {
  people: readonly T[];
  /** The accessible name of the phone cards' list ("Team members"). */
  cardsLabel?: string;
  /** The rows' test id ("team-row"). */
  rowTestId?: string;
  /** The phone cards' test id ("team-card"). */
  cardTestId?: string;
  /** The person (a PersonCell) in the table's Name column and at the top of the phone card. */
  renderPerson: (person: T, place: 'row' | 'card') => ReactNode;
  /** Classes of the Name cell (its width). */
  nameCellClassName?: string;
  /** The header cells after Name (PeopleTh). */
  head: ReactNode;
  /** The row's cells after Name, one for each header cell of `head`. */
  renderCells: (person: T) => ReactNode;
  /** The phone card's facts (PersonFact), under the person. */
  renderFacts: (person: T) => ReactNode;
  /** The row's Resend invite / Remove; null shows none. */
  controlsFor: (person: T) => TPersonControls<T> | null;
  /** Classes of the actions in the table's row. */
  rowActionsClassName?: string;
}

/**
 * A list of people: a table from md up (Name, the list's own columns, then the actions), stacked cards below (the
 * person, the list's facts, then the actions).
 */
export function PeopleTable<T extends TPerson>({
  people,
  cardsLabel = 'Team members',
  rowTestId = 'team-row',
  cardTestId = 'team-card',
  renderPerson,
  nameCellClassName,
  head,
  renderCells,
  renderFacts,
  controlsFor,
  rowActionsClassName,
}: PeopleTableProps<T>) {
  return (
    <ResponsiveTable
      items={people}
      getKey={(p) => p.id}
      cardsLabel={cardsLabel}
      actionsColumn
      head={
        <>
          <PeopleTh>Name</PeopleTh>
          {head}
        </>
      }
      renderRow={(p) => {
        const controls = controlsFor(p);
        return (
          <tr key={p.id} data-testid={rowTestId} className="align-middle">
            <td className={cn(nameCellClassName, 'px-3 py-3')}>{renderPerson(p, 'row')}</td>
            {renderCells(p)}
            <td className="px-3 py-2">{controls && <PersonActions person={p} controls={controls} className={rowActionsClassName} />}</td>
          </tr>
        );
      }}
      renderCard={(p) => {
        const controls = controlsFor(p);
        return (
          <Card className="space-y-3 p-4" data-testid={cardTestId}>
            {renderPerson(p, 'card')}
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-xs">{renderFacts(p)}</dl>
            {controls && (
              <div className="-mx-2 -mb-2 border-t border-border pt-2">
                <PersonActions person={p} controls={controls} />
              </div>
            )}
          </Card>
        );
      }}
    />
  );
}
