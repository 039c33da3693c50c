import { CONTENT_PLATFORMS, CONTENT_STATUSES } from '@agency/contract';
import { CalendarDays, LayoutGrid, List } from 'lucide-react';
import { FilterSelect, ViewToggle } from '@/components/ui';
import { CONTENT_STATUS_LABELS, PLATFORM_LABELS } from '../lib/content-utils';

/** The three ways content is shown (agency and client screens alike). */
export type TContentViewMode = 'grid' | 'list' | 'calendar';

const VIEWS = [
  { id: 'grid', label: 'Grid', Icon: LayoutGrid },
  { id: 'list', label: 'List', Icon: List },
  { id: 'calendar', label: 'Calendar', Icon: CalendarDays },
] as const;

/** Grid, List or Calendar. */
export function ContentViewToggle({ value, onChange }: { value: TContentViewMode; onChange: (view: TContentViewMode) => void }) {
  return <ViewToggle<TContentViewMode> options={VIEWS} value={value} onChange={onChange} />;
}

/** The status filter ('All statuses' or one), sent to the API. */
export function ContentStatusFilter({ id, value, onChange }: { id: string; value: string; onChange: (status: string) => void }) {
  return (
    <FilterSelect
      id={id}
      label="Status"
      allLabel="All statuses"
      options={CONTENT_STATUSES}
      optionLabel={(s) => CONTENT_STATUS_LABELS[s]}
      value={value}
      onChange={onChange}
    />
  );
}

/** The platform filter ('All platforms' or one), sent to the API. */
export function ContentPlatformFilter({ id, value, onChange }: { id: string; value: string; onChange: (platform: string) => void }) {
  return (
    <FilterSelect
      id={id}
      label="Platform"
      allLabel="All platforms"
      options={CONTENT_PLATFORMS}
      optionLabel={(p) => PLATFORM_LABELS[p]}
      value={value}
      onChange={onChange}
    />
  );
}
