import { TASK_PRIORITIES, TASK_STATUSES } from '@agency/contract';
import { KanbanSquare, List } from 'lucide-react';
import { DebouncedSearchInput, FilterSelect, ViewToggle } from '@/components/ui';
import { ClientFilter } from '@/entities/clients/components/client-filter';
import { PRIORITY_LABELS, STATUS_LABELS } from '../lib/task-utils';
import type { TTaskParams, TTaskView } from '../lib/use-task-params';

const VIEWS = [
  { id: 'kanban', label: 'Kanban', Icon: KanbanSquare },
  { id: 'list', label: 'List', Icon: List },
] as const;

export interface TaskToolbarProps {
  params: TTaskParams;
  update: (patch: Partial<Record<keyof TTaskParams, string | number>>) => void;
}

export function TaskToolbar({ params, update }: TaskToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      {/* Typing is debounced into the URL (which is what the lists query with). */}
      <DebouncedSearchInput
        id="task-search"
        label="Search tasks"
        placeholder="Search title, description, client or assignee"
        value={params.search}
        onCommit={(search) => update({ search })}
        className="flex-[2_1_18rem]"
      />
      <div className="grid min-w-0 flex-[3_1_24rem] grid-cols-2 gap-3 sm:grid-cols-3">
        <FilterSelect
          id="task-status-filter"
          label="Status"
          allLabel="All statuses"
          options={TASK_STATUSES}
          optionLabel={(s) => STATUS_LABELS[s]}
          value={params.status}
          onChange={(status) => update({ status })}
        />
        <FilterSelect
          id="task-priority-filter"
          label="Priority"
          allLabel="All priorities"
          options={TASK_PRIORITIES}
          optionLabel={(p) => PRIORITY_LABELS[p]}
          value={params.priority}
          onChange={(priority) => update({ priority })}
        />
        <ClientFilter id="task-client-filter" value={params.client} onChange={(client) => update({ client })} />
      </div>
      <ViewToggle<TTaskView> options={VIEWS} value={params.view} onChange={(view) => update({ view })} />
    </div>
  );
}
