import { INTAKE_STATUSES, INTAKE_STATUS_LABELS, ORDER_ITEM_STATUSES, ORDER_ITEM_STATUS_LABELS, ORDER_STATUSES } from '@agency/contract';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, DebouncedSearchInput, FilterSelect } from '@/components/ui';
import { ClientFilter } from '@/entities/clients/components/client-filter';
import { PAYMENT_STATUS_LABELS } from '@/entities/orders/components/delivery';
import { CLEARED_FILTERS, hasActiveOrderFilters, type TOrderFilters } from '../order-filters';

export interface OrderFiltersBarProps {
  filters: TOrderFilters;
  onChange: (patch: Partial<TOrderFilters>) => void;
}

/**
 * Each filter is at least 13rem wide, room for its longest choice ("Started without intake"): the row wraps onto more
 * rows instead of cutting them short (at 390 px they stack, one a row).
 */
const FILTER = 'min-w-52 flex-1';

/** Search (order number, client, handle), payment status, delivery status, intake form, client, overdue only. */
export function OrderFiltersBar({ filters, onChange }: OrderFiltersBarProps) {
  const id = useId();
  // Clear empties the search box too (it keeps its own text while typing).
  const [resets, setResets] = useState(0);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <DebouncedSearchInput
        key={resets}
        id={`${id}-search`}
        label="Search orders"
        placeholder="Order number, client, handle"
        value={filters.search}
        onCommit={(search) => onChange({ search })}
        className="basis-full"
      />
      <FilterSelect
        className={FILTER}
        id={`${id}-status`}
        label="Payment status"
        allLabel="Any payment"
        options={ORDER_STATUSES}
        optionLabel={(s) => PAYMENT_STATUS_LABELS[s]}
        value={filters.status}
        onChange={(v) => onChange({ status: v as TOrderFilters['status'] })}
      />
      <FilterSelect
        className={FILTER}
        id={`${id}-delivery`}
        label="Delivery status"
        allLabel="Any delivery"
        options={ORDER_ITEM_STATUSES}
        optionLabel={(s) => ORDER_ITEM_STATUS_LABELS[s]}
        value={filters.delivery}
        onChange={(v) => onChange({ delivery: v as TOrderFilters['delivery'] })}
      />
      <FilterSelect
        className={FILTER}
        id={`${id}-intake`}
        label="Intake form"
        allLabel="Any intake"
        options={INTAKE_STATUSES}
        optionLabel={(s) => INTAKE_STATUS_LABELS[s]}
        value={filters.intake}
        onChange={(v) => onChange({ intake: v as TOrderFilters['intake'] })}
      />
      <ClientFilter className={FILTER} id={`${id}-client`} value={filters.client} onChange={(client) => onChange({ client })} />
      <label className="flex h-10 items-center gap-2 text-sm font-medium whitespace-nowrap text-fg">
        <input
          type="checkbox"
          checked={filters.overdue}
          onChange={(e) => onChange({ overdue: e.target.checked })}
          className="h-4 w-4 rounded border-border-strong accent-brand-600"
        />
        Overdue only
      </label>
      <Button variant="ghost" disabled={!hasActiveOrderFilters(filters)} onClick={() => {
          setResets((n) => n + 1);
          onChange(CLEARED_FILTERS);
        }}>
        <X aria-hidden className="h-4 w-4" />
        Clear
      </Button>
    </div>
  );
}
