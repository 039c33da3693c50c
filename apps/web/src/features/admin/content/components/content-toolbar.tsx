import { CONTENT_PLATFORMS, CONTENT_STATUSES } from '@agency/contract';
import { CalendarDays, LayoutGrid, List } from 'lucide-react';
import { ClientFilter } from '@/components/client-filter';
import { DebouncedSearchInput, FilterSelect, ViewToggle } from '@/components/ui';
import { CONTENT_STATUS_LABELS, PLATFORM_LABELS } from '@/components/content/content-utils';
import type { TContentParams, TContentView } from '../lib/use-content-params';

const VIEWS = [
  { id: 'grid', label: 'Grid', Icon: LayoutGrid },
  { id: 'list', label: 'List', Icon: List },
  { id: 'calendar', label: 'Calendar', Icon: CalendarDays },
] as const;

export function ContentToolbar({
  params,
  update,
}: {
  params: TContentParams;
  update: (patch: Partial<Record<keyof TContentParams, string | number>>) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <DebouncedSearchInput
        id="content-search"
        label="Search content"
        placeholder="Search content or client"
        value={params.search}
        onCommit={(search) => update({ search })}
        className="flex-[2_1_14rem]"
      />
      <div className="grid min-w-0 flex-[3_1_30rem] grid-cols-2 gap-3 sm:grid-cols-3">
        <ClientFilter id="content-client-filter" value={params.client} onChange={(client) => update({ client })} />
        <FilterSelect
          id="content-status-filter"
          label="Status"
          allLabel="All statuses"
          options={CONTENT_STATUSES}
          optionLabel={(s) => CONTENT_STATUS_LABELS[s]}
          value={params.status}
          onChange={(status) => update({ status })}
        />
        <FilterSelect
          id="content-platform-filter"
          label="Platform"
          allLabel="All platforms"
          options={CONTENT_PLATFORMS}
          optionLabel={(p) => PLATFORM_LABELS[p]}
          value={params.platform}
          onChange={(platform) => update({ platform })}
        />
      </div>
      <ViewToggle<TContentView> options={VIEWS} value={params.view} onChange={(view) => update({ view })} />
    </div>
  );
}
