import { CONTENT_PLATFORMS, CONTENT_STATUSES } from '@agency/contract';
import { CalendarDays, LayoutGrid, List, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ClientPicker } from '@/components/client-picker';
import { Input, NativeSelect } from '@/components/ui';
import { cn } from '@/lib/cn';
import { CONTENT_STATUS_LABELS, PLATFORM_LABELS } from '../lib/content-utils';
import type { TContentParams } from '../lib/use-content-params';

export function ContentToolbar({
  params,
  update,
}: {
  params: TContentParams;
  update: (patch: Partial<Record<keyof TContentParams, string | number>>) => void;
}) {
  const [search, setSearch] = useState(params.search);
  useEffect(() => {
    if (search.trim() === params.search) return;
    const t = setTimeout(() => update({ search: search.trim() }), 300);
    return () => clearTimeout(t);
  }, [search, params.search, update]);

  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="relative min-w-0 flex-[2_1_14rem]">
        <label htmlFor="content-search" className="sr-only">
          Search content
        </label>
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-fg-subtle" />
        <Input
          id="content-search"
          type="search"
          placeholder="Search content or client"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="pl-9"
        />
      </div>
      <div className="grid min-w-0 flex-[3_1_30rem] grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor="content-client-filter" className="sr-only">
            Client
          </label>
          <ClientPicker
            id="content-client-filter"
            allowAll
            value={params.client ? Number(params.client) : null}
            onChange={(id) => update({ client: id === null ? '' : String(id) })}
          />
        </div>
        <div>
          <label htmlFor="content-status-filter" className="sr-only">
            Status
          </label>
          <NativeSelect id="content-status-filter" value={params.status} onChange={(e) => update({ status: e.target.value })}>
            <option value="">All statuses</option>
            {CONTENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CONTENT_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <label htmlFor="content-platform-filter" className="sr-only">
            Platform
          </label>
          <NativeSelect id="content-platform-filter" value={params.platform} onChange={(e) => update({ platform: e.target.value })}>
            <option value="">All platforms</option>
            {CONTENT_PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {PLATFORM_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div role="group" aria-label="View" className="inline-flex shrink-0 rounded-md border border-border-strong bg-surface p-0.5">
        {(
          [
            { id: 'grid', label: 'Grid', Icon: LayoutGrid },
            { id: 'list', label: 'List', Icon: List },
            { id: 'calendar', label: 'Calendar', Icon: CalendarDays },
          ] as const
        ).map(({ id, label, Icon }) => (
          <button
            key={id}
            type="button"
            aria-pressed={params.view === id}
            onClick={() => update({ view: id })}
            className={cn(
              'inline-flex h-9 items-center gap-1.5 rounded px-3 text-sm font-medium',
              params.view === id ? 'bg-brand-50 text-brand-700' : 'text-fg-muted hover:text-fg',
            )}
          >
            <Icon aria-hidden className="h-4 w-4" />
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}
