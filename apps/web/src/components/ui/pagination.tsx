import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { Button } from './button';

export interface PaginationProps {
  page: number;
  /** Total number of items. */
  count: number;
  /** The server stopped counting at `count` (its count_capped): there are more, so more pages. */
  capped?: boolean | undefined;
  pageSize: number;
  onPageChange: (page: number) => void;
  className?: string;
}

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, pageSize)));
}

/** Previous / next and "Page X of Y". Renders nothing when everything fits on one page. */
/** A list's total as shown: '1,000+' when the server stopped counting there. */
export function formatTotal(count: number, capped?: boolean): string {
  return `${formatCount(count)}${capped ? '+' : ''}`;
}

export function Pagination({ page, count, capped, pageSize, onPageChange, className }: PaginationProps) {
  const pages = pageCount(count, pageSize);
  if (pages <= 1 && !capped) return null;
  return (
    <nav aria-label="Pagination" className={cn('flex items-center justify-between gap-3', className)}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden className="h-4 w-4" />
        Previous
      </Button>
      <p className="text-sm text-fg-muted tabular-nums" aria-live="polite">
        Page {page} of {formatTotal(pages, capped)}
      </p>
      <Button variant="secondary" size="sm" disabled={!capped && page >= pages} onClick={() => onPageChange(page + 1)}>
        Next
        <ChevronRight aria-hidden className="h-4 w-4" />
      </Button>
    </nav>
  );
}

/** The foot of a paged list: how many items in all ('12 invoices') and the pager. */
export function ListFooter({ noun, ...pagination }: Omit<PaginationProps, 'className'> & { noun: readonly [singular: string, plural: string] }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-4 py-3">
      <p className="text-sm text-fg-muted tabular-nums">
        {formatTotal(pagination.count, pagination.capped)} {pagination.count === 1 && !pagination.capped ? noun[0] : noun[1]}
      </p>
      <Pagination {...pagination} className="min-w-0 flex-1 sm:flex-none" />
    </div>
  );
}
