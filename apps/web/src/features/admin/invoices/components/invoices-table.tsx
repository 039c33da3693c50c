import type { TInvoice } from '@agency/contract';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { DueDate, InvoiceStatusBadge, PaymentNote } from '@/entities/invoices/components/invoice-status';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format';
import type { TInvoiceFilters, TSortField } from '../invoice-filters';
import type { TInvoiceActions } from '../use-invoice-actions';
import { InvoiceActions, InvoiceRowActions } from './invoice-actions';
import { InvoiceAmount } from '@/entities/invoices/components/invoice-amount';

interface InvoicesTableProps {
  invoices: readonly TInvoice[];
  filters: Pick<TInvoiceFilters, 'sort' | 'dir'>;
  onSort: (field: TSortField) => void;
  actions: TInvoiceActions;
}

function SortHeader({
  field,
  label,
  filters,
  onSort,
  className,
}: {
  field: TSortField;
  label: string;
  filters: Pick<TInvoiceFilters, 'sort' | 'dir'>;
  onSort: (field: TSortField) => void;
  className?: string;
}) {
  const active = filters.sort === field;
  const Icon = !active ? ArrowUpDown : filters.dir === 'desc' ? ArrowDown : ArrowUp;
  return (
    <th
      scope="col"
      aria-sort={active ? (filters.dir === 'desc' ? 'descending' : 'ascending') : 'none'}
      className={cn('px-3 py-3 font-medium', className)}
    >
      <button
        type="button"
        onClick={() => onSort(field)}
        className={cn('inline-flex items-center gap-1 rounded-sm uppercase hover:text-fg', active && 'text-fg')}
      >
        {label}
        <Icon aria-hidden className="h-3.5 w-3.5" />
        <span className="sr-only">{active ? `, sorted ${filters.dir === 'desc' ? 'descending' : 'ascending'}` : ', sort'}</span>
      </button>
    </th>
  );
}

/** Table from 1280 px (room for every column next to the sidebar); stacked cards below. */
export function InvoicesTable({ invoices, filters, onSort, actions }: InvoicesTableProps) {
  return (
    <>
      <div className="hidden overflow-x-auto xl:block">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 z-10 bg-subtle text-xs text-fg-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-3 font-medium">
                Invoice
              </th>
              <th scope="col" className="px-3 py-3 font-medium">
                Client
              </th>
              <SortHeader field="amount" label="Amount" filters={filters} onSort={onSort} className="text-right" />
              <th scope="col" className="px-3 py-3 font-medium">
                Due Date
              </th>
              <SortHeader field="status" label="Status" filters={filters} onSort={onSort} />
              <SortHeader field="created_at" label="Date" filters={filters} onSort={onSort} />
              <th scope="col" className="px-3 py-3 text-right font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {invoices.map((inv) => (
              <tr key={inv.id} data-testid="invoice-row" className="hover:bg-subtle/60">
                <td className="px-3 py-3 font-medium whitespace-nowrap text-fg">{inv.invoice_number}</td>
                <td className="max-w-48 px-3 py-3">
                  <p className="truncate font-medium text-fg">{inv.client_name}</p>
                  {inv.description && <p className="truncate text-xs text-fg-muted">{inv.description}</p>}
                </td>
                <td className="px-3 py-3 text-right font-medium whitespace-nowrap text-fg tabular-nums">
                  <InvoiceAmount invoice={inv} />
                </td>
                <td className="px-3 py-3 whitespace-nowrap">
                  <DueDate invoice={inv} />
                </td>
                <td className="px-3 py-3">
                  <InvoiceStatusBadge status={inv.status} />
                  <PaymentNote invoice={inv} className="mt-1" />
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-fg-muted tabular-nums">{formatDay(inv.created_at.slice(0, 10))}</td>
                <td className="px-2 py-2">
                  <InvoiceRowActions invoice={inv} actions={actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="divide-y divide-border xl:hidden">
        {invoices.map((inv) => (
          <li key={inv.id} data-testid="invoice-card" className="space-y-2 px-4 py-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium text-fg">{inv.invoice_number}</p>
                <p className="truncate text-sm text-fg">{inv.client_name}</p>
                {inv.description && <p className="truncate text-xs text-fg-muted">{inv.description}</p>}
              </div>
              <div className="shrink-0 text-right">
                <p className="font-semibold text-fg tabular-nums"><InvoiceAmount invoice={inv} /></p>
                <InvoiceStatusBadge status={inv.status} />
                <PaymentNote invoice={inv} className="mt-1 items-end" />
              </div>
            </div>
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
              <div className="flex gap-1">
                <dt>Due</dt>
                <dd>
                  <DueDate invoice={inv} />
                </dd>
              </div>
              <div className="flex gap-1">
                <dt>Created</dt>
                <dd className="tabular-nums">{formatDay(inv.created_at.slice(0, 10))}</dd>
              </div>
            </dl>
            <InvoiceActions invoice={inv} actions={actions} compact={false} />
          </li>
        ))}
      </ul>
    </>
  );
}
