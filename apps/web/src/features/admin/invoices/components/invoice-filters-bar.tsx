import { Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button, Field, Input, Label, NativeSelect } from '@/components/ui';
import { ClientPicker } from '@/entities/clients/components/client-picker';
import { hasActiveFilters, type TInvoiceFilters, type TStatusFilter } from '../invoice-filters';

const SEARCH_DEBOUNCE_MS = 300;

export interface InvoiceFiltersBarProps {
  filters: TInvoiceFilters;
  onChange: (patch: Partial<TInvoiceFilters>) => void;
}

/** Search (invoice number, client name, description), status, client, created between two dates. */
export function InvoiceFiltersBar({ filters, onChange }: InvoiceFiltersBarProps) {
  const searchId = useId();
  const [search, setSearch] = useState(filters.search);
  // The URL's search changed from outside the box (Clear filters, View all): follow it, unless the
  // user has typed something that is not sent yet.
  const [seenUrlSearch, setSeenUrlSearch] = useState(filters.search);
  if (filters.search !== seenUrlSearch) {
    setSeenUrlSearch(filters.search);
    if (search === seenUrlSearch) setSearch(filters.search);
  }

  // Debounced: the list is asked for once typing pauses.
  useEffect(() => {
    if (search === filters.search) return;
    const t = window.setTimeout(() => onChange({ search }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(t);
  }, [search, filters.search, onChange]);

  return (
    <div className="grid grid-cols-2 gap-3 xl:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))_auto] xl:items-end">
      <div className="col-span-2 space-y-1.5 xl:col-span-1">
        <Label htmlFor={searchId}>Search invoices</Label>
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-fg-subtle" />
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Invoice number, client, description"
            className="pl-9"
          />
        </div>
      </div>
      <Field label="Status">
        <NativeSelect value={filters.status} onChange={(e) => onChange({ status: e.target.value as TStatusFilter })}>
          <option value="all">All statuses</option>
          <option value="paid">Paid</option>
          <option value="pending">Pending</option>
          <option value="overdue">Overdue</option>
          <option value="refunded">Refunded</option>
        </NativeSelect>
      </Field>
      <Field label="Client">
        <ClientPicker
          allowAll
          value={filters.client ? Number(filters.client) : null}
          onChange={(id) => onChange({ client: id === null ? '' : String(id) })}
        />
      </Field>
      <Field label="Created from">
        <Input type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => onChange({ from: e.target.value })} />
      </Field>
      <Field label="Created to">
        <Input type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => onChange({ to: e.target.value })} />
      </Field>
      <Button
        variant="ghost"
        className="col-span-2 xl:col-span-1"
        disabled={!hasActiveFilters(filters) && !search}
        onClick={() => {
          setSearch('');
          onChange({ search: '', status: 'all', client: '', from: '', to: '' });
        }}
      >
        <X aria-hidden className="h-4 w-4" />
        Clear
      </Button>
    </div>
  );
}
