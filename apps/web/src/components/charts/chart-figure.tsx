import { Suspense, useId, type ReactNode } from 'react';
import { Card, Skeleton } from '@/components/ui';
import { cn } from '@/lib/cn';

export interface ChartFigureProps {
  /** The visible title; also names the chart and its table for assistive technology. */
  title: string;
  description?: ReactNode;
  /** The chart itself (lazily loaded recharts code). */
  chart: ReactNode;
  /** The same data as a table (the text alternative). */
  table: ReactNode;
  /** Shown instead of the chart and table when there is nothing to draw. */
  empty?: ReactNode;
  /** Something to the right of the title (e.g. a period select). */
  action?: ReactNode;
  height: number;
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * A chart as DESIGN.md wants it: a visible title, the drawing (an image to assistive technology, named after the
 * title), and the data as a table under a "Show data" disclosure. A skeleton of the chart's height holds its place
 * while the chart code loads.
 */
export function ChartFigure({ title, description, chart, table, empty, action, height, headingLevel = 3, className }: ChartFigureProps) {
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card className={cn('p-5', className)}>
      <figure aria-labelledby={`${id}-title`} className="m-0 min-w-0">
        <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <Heading id={`${id}-title`} className="text-base font-semibold text-fg">
              {title}
            </Heading>
            {description && <p className="mt-0.5 text-sm text-fg-muted">{description}</p>}
          </div>
          {action}
        </div>
        {empty ?? (
          <>
            <div role="img" aria-label={`${title} chart. The figures are in the data table below.`} className="min-w-0">
              <Suspense fallback={<Skeleton className="w-full" style={{ height }} />}>{chart}</Suspense>
            </div>
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer text-brand-700 hover:underline">
                Show data<span className="sr-only"> of {title}</span> as a table
              </summary>
              <div className="mt-2 overflow-x-auto">{table}</div>
            </details>
          </>
        )}
      </figure>
    </Card>
  );
}

/** A compact table for a chart's data (first column the category). */
export function ChartDataTable({ caption, head, rows }: { caption: string; head: readonly string[]; rows: readonly (readonly ReactNode[])[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-border text-xs text-fg-muted">
        <tr>
          {head.map((h, i) => (
            <th key={h} scope="col" className={cn('px-2 py-1.5 font-medium', i > 0 && 'text-right')}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {rows.map((cells, r) => (
          <tr key={r}>
            {cells.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="px-2 py-1.5 font-normal text-fg">
                  {cell}
                </th>
              ) : (
                <td key={i} className="px-2 py-1.5 text-right tabular-nums text-fg">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
