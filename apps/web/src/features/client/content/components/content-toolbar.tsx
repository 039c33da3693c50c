import { CONTENT_PLATFORMS, CONTENT_STATUSES } from '@agency/contract';
import { CalendarDays, LayoutGrid, List } from 'lucide-react';
import { CONTENT_STATUS_LABELS, PLATFORM_LABELS } from '@/components/content/content-utils';
import { FilterSelect, ViewToggle } from '@/components/ui';
import type { TClientContentParams, TClientContentView } from '../lib/use-client-content-params';

const VIEWS = [
  { id: 'grid', label: 'Grid', Icon: LayoutGrid },
  { id: 'list', label: 'List', Icon: List },
  { id: 'calendar', label: 'Calendar', Icon: CalendarDays },
] as const;

/** Filters by platform and status (sent to the API) and the view mode (client-and-public 2.5). */
export function ClientContentToolbar({
  params,
  update,
}: {
  params: TClientContentParams;
  update: (patch: Partial<Record<keyof TClientContentParams, string | number>>) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid min-w-0 flex-[1_1_22rem] grid-cols-2 gap-3">
        <FilterSelect
          id="client-content-platform"
          label="Platform"
          allLabel="All platforms"
          options={CONTENT_PLATFORMS}
          optionLabel={(p) => PLATFORM_LABELS[p]}
          value={params.platform}
          onChange={(platform) => update({ platform })}
        />
        <FilterSelect
          id="client-content-status"
          label="Status"
          allLabel="All statuses"
          options={CONTENT_STATUSES}
          optionLabel={(s) => CONTENT_STATUS_LABELS[s]}
          value={params.status}
          onChange={(status) => update({ status })}
        />
      </div>
      <ViewToggle<TClientContentView> options={VIEWS} value={params.view} onChange={(view) => update({ view })} />
    </div>
  );
}
