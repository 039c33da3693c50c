import type { TOrder } from '@agency/contract';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { SelectCheckbox } from '@/components/ui';
import { IntakeStatusBadge } from '@/entities/intake/components/intake-bits';
import { DeliveryStatusBadge, ExpectedDate, PaymentStatusBadge } from '@/entities/orders/components/delivery';
import { cn } from '@/lib/cn';
import { formatDay, formatUsdCents } from '@/lib/format';
import type { Selection } from '@/lib/use-selection';
import type { TOrderFilters, TOrderSortField } from '../order-filters';
import { deliveryStatuses, expectedDelivery, isPaid, linesSummary, orderNumber } from '../order-summary';

interface OrdersTableProps {
  orders: readonly TOrder[];
  filters: Pick<TOrderFilters, 'sort' | 'dir'>;
  onSort: (field: TOrderSortField) => void;
  onOpen: (order: TOrder) => void;
  selection: Selection;
}

function SortHeader({ field, label, filters, onSort, className }: { field: TOrderSortField; label: string; filters: Pick<TOrderFilters, 'sort' | 'dir'>; onSort: (f: TOrderSortField) => void; className?: string }) {
  const active = filters.sort === field;
  const Icon = !active ? ArrowUpDown : filters.dir === 'desc' ? ArrowDown : ArrowUp;
  return (
    <th scope="col" aria-sort={active ? (filters.dir === 'desc' ? 'descending' : 'ascending') : 'none'} className={cn('px-2 py-3 font-medium', className)}>
      <button type="button" onClick={() => onSort(field)} className={cn('inline-flex items-center gap-1 rounded-sm uppercase hover:text-fg', active && 'text-fg')}>
        {label}
        <Icon aria-hidden className="h-3.5 w-3.5" />
      </button>
    </th>
  );
}

function Lines({ order }: { order: TOrder }) {
  const { first, more } = linesSummary(order);
  return (
    <>
      <p className="truncate text-fg">{first}</p>
      {more > 0 && <p className="text-xs text-fg-muted">+{more} more</p>}
    </>
  );
}

function Deliveries({ order }: { order: TOrder }) {
  if (!isPaid(order)) return <span className="text-xs text-fg-subtle">Awaiting payment</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {deliveryStatuses(order).map((s) => (
        <DeliveryStatusBadge key={s} status={s} />
      ))}
      {/* The delivery waits for the client's form: staff see why nothing moves. */}
      {order.intake?.status === 'waiting' && <IntakeStatusBadge status="waiting" />}
    </span>
  );
}

function OrderLink({ order, onOpen }: { order: TOrder; onOpen: (o: TOrder) => void }) {
  return (
    <button type="button" onClick={() => onOpen(order)} className="rounded-sm font-semibold text-brand-700 hover:underline">
      <span className="sr-only">Order </span>
      {orderNumber(order)}
    </button>
  );
}

/** Table from lg; stacked cards below (phones). Paid orders can be selected for a bulk delivery status. */
export function OrdersTable({ orders, filters, onSort, onOpen, selection }: OrdersTableProps) {
  const selectable = orders.filter(isPaid).map((o) => o.id);
  return (
    <>
      <div className="hidden overflow-x-auto lg:block">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 z-10 bg-subtle text-xs text-fg-muted uppercase">
            <tr>
              <th scope="col" className="w-10 px-2 py-3">
                <SelectCheckbox
                  checked={selectable.length > 0 && selection.allSelected(selectable)}
                  onChange={(c) => selection.setMany(selectable, c)}
                  label="Select all paid orders on this page"
                />
              </th>
              <th scope="col" className="px-2 py-3 font-medium">Order</th>
              <th scope="col" className="px-2 py-3 font-medium">Client</th>
              <th scope="col" className="px-2 py-3 font-medium">Lines</th>
              <SortHeader field="total" label="Total" filters={filters} onSort={onSort} className="text-right" />
              <th scope="col" className="px-2 py-3 font-medium">Payment</th>
              <th scope="col" className="px-2 py-3 font-medium">Delivery</th>
              <th scope="col" className="px-2 py-3 font-medium">Expected</th>
              <SortHeader field="created_at" label="Created" filters={filters} onSort={onSort} />
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {orders.map((o) => {
              const expected = expectedDelivery(o);
              return (
                <tr key={o.id} data-testid="order-row" onClick={() => onOpen(o)} className="cursor-pointer hover:bg-subtle/60">
                  <td className="px-2 py-3" onClick={(e) => e.stopPropagation()}>
                    {isPaid(o) && (
                      <SelectCheckbox checked={selection.selected.has(o.id)} onChange={(c) => selection.toggle(o.id, c)} label={`Select order ${orderNumber(o)}`} />
                    )}
                  </td>
                  <td className="px-2 py-3 whitespace-nowrap" onClick={(e) => e.stopPropagation()}>
                    <OrderLink order={o} onOpen={onOpen} />
                  </td>
                  <td className="max-w-36 truncate px-2 py-3 font-medium text-fg">{o.client_name ?? '—'}</td>
                  <td className="max-w-56 px-2 py-3">
                    <Lines order={o} />
                  </td>
                  <td className="px-2 py-3 text-right font-medium whitespace-nowrap text-fg tabular-nums">{formatUsdCents(o.total)}</td>
                  <td className="px-2 py-3">
                    <PaymentStatusBadge status={o.status} />
                  </td>
                  <td className="px-2 py-3">
                    <Deliveries order={o} />
                  </td>
                  <td className="px-2 py-3 whitespace-nowrap">
                    <ExpectedDate at={expected.at} overdue={expected.overdue} />
                  </td>
                  <td className="px-2 py-3 whitespace-nowrap text-fg-muted tabular-nums">{formatDay(o.created_at)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <ul className="divide-y divide-border lg:hidden" aria-label="Orders">
        {orders.map((o) => {
          const expected = expectedDelivery(o);
          return (
            <li key={o.id} data-testid="order-card" className="space-y-2 px-4 py-4">
              <div className="flex items-start justify-between gap-3">
                <div className="flex min-w-0 items-start gap-3">
                  {isPaid(o) && (
                    <span className="pt-1">
                      <SelectCheckbox checked={selection.selected.has(o.id)} onChange={(c) => selection.toggle(o.id, c)} label={`Select order ${orderNumber(o)}`} />
                    </span>
                  )}
                  <div className="min-w-0">
                    <OrderLink order={o} onOpen={onOpen} />
                    <p className="truncate text-sm font-medium text-fg">{o.client_name ?? '—'}</p>
                  </div>
                </div>
                <div className="shrink-0 space-y-1 text-right">
                  <p className="font-semibold text-fg tabular-nums">{formatUsdCents(o.total)}</p>
                  <PaymentStatusBadge status={o.status} />
                </div>
              </div>
              <div className="min-w-0 text-sm">
                <Lines order={o} />
              </div>
              <Deliveries order={o} />
              <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
                <div className="flex gap-1">
                  <dt>Expected</dt>
                  <dd>
                    <ExpectedDate at={expected.at} overdue={expected.overdue} />
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt>Created</dt>
                  <dd className="tabular-nums">{formatDay(o.created_at)}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </>
  );
}
