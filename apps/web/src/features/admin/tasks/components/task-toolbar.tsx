import { TASK_PRIORITIES, TASK_STATUSES } from '@agency/contract';
import { KanbanSquare, List, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ClientPicker } from '@/components/client-picker';
import { Input, NativeSelect } from '@/components/ui';
import { cn } from '@/lib/cn';
import { PRIORITY_LABELS, STATUS_LABELS } from '../lib/task-utils';
import type { TTaskParams } from '../lib/use-task-params';

export interface TaskToolbarProps {
  params: TTaskParams;
  update: (patch: Partial<Record<keyof TTaskParams, string | number>>) => void;
}

export function TaskToolbar({ params, update }: TaskToolbarProps) {
  const [search, setSearch] = useState(params.search);

  // Debounce typing into the URL (which is what the lists query with).
  useEffect(() => {
    if (search.trim() === params.search) return;
    const t = setTimeout(() => update({ search: search.trim() }), 300);
    return () => clearTimeout(t);
  }, [search, params.search, update]);

  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="relative min-w-0 flex-[2_1_18rem]">
        <label htmlFor="task-search" className="sr-only">
          Search tasks
        </label>
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-fg-subtle" />
        <Input
          id="task-search"
          type="search"
          placeholder="Search title, description, client or assignee"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="pl-9"
        />
      </div>
      <div className="grid min-w-0 flex-[3_1_24rem] grid-cols-2 gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor="task-status-filter" className="sr-only">
            Status
          </label>
          <NativeSelect id="task-status-filter" value={params.status} onChange={(e) => update({ status: e.target.value })}>
            <option value="">All statuses</option>
            {TASK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <label htmlFor="task-priority-filter" className="sr-only">
            Priority
          </label>
          <NativeSelect id="task-priority-filter" value={params.priority} onChange={(e) => update({ priority: e.target.value })}>
            <option value="">All priorities</option>
            {TASK_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {PRIORITY_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor="task-client-filter" className="sr-only">
            Client
          </label>
          <ClientPicker
            id="task-client-filter"
            allowAll
            value={params.client ? Number(params.client) : null}
            onChange={(id) => update({ client: id === null ? '' : String(id) })}
          />
        </div>
      </div>
      <div role="group" aria-label="View" className="inline-flex shrink-0 rounded-md border border-border-strong bg-surface p-0.5">
        {(
          [
            { id: 'kanban', label: 'Kanban', Icon: KanbanSquare },
            { id: 'list', label: 'List', Icon: List },
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
