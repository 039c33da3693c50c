import type { TTask } from '@agency/contract';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { ResponsiveTable, SelectCheckbox } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatDateTime, formatDay } from '@/lib/format';
import { TaskCardBody, type TaskCardActions } from './task-card';
import { EditDeleteButtons, OverdueBadge, PriorityBadge, StatusSelect } from './task-bits';

const SORTS = [
  { field: 'due_date', label: 'Due date' },
  { field: 'priority', label: 'Priority' },
  { field: 'created_at', label: 'Created' },
] as const;

export interface TaskListProps {
  tasks: TTask[];
  ordering: string;
  onOrderingChange: (ordering: string) => void;
  actionsFor: (task: TTask) => TaskCardActions;
  allSelected: boolean;
  onSelectAll: (checked: boolean) => void;
}

function SortHeader({ field, label, ordering, onChange }: { field: string; label: string; ordering: string; onChange: (o: string) => void }) {
  const active = ordering.replace(/^-/, '') === field;
  const desc = ordering.startsWith('-');
  const Icon = !active ? ArrowUpDown : desc ? ArrowDown : ArrowUp;
  return (
    <th scope="col" aria-sort={active ? (desc ? 'descending' : 'ascending') : 'none'} className="px-3 py-2 text-left">
      <button
        type="button"
        onClick={() => onChange(active && !desc ? `-${field}` : field)}
        className={cn('inline-flex items-center gap-1 rounded font-medium hover:text-fg', active && 'text-fg')}
      >
        {label}
        <Icon aria-hidden className="h-3.5 w-3.5" />
      </button>
    </th>
  );
}

/** Table from md up; stacked cards below. */
export function TaskList({ tasks, ordering, onOrderingChange, actionsFor, allSelected, onSelectAll }: TaskListProps) {
  const byField = Object.fromEntries(SORTS.map((s) => [s.field, s]));
  return (
    <ResponsiveTable
      items={tasks}
      getKey={(t) => t.id}
      cardsLabel="Tasks"
      cardClassName="rounded-lg border border-border bg-surface p-3 shadow-card"
      headClassName="sticky top-0"
      selectAll={{ checked: allSelected, onChange: onSelectAll, label: 'Select all tasks on this page' }}
      actionsColumn
      head={
        <>
          <th scope="col" className="px-3 py-2 text-left font-medium">
            Task
          </th>
          <th scope="col" className="px-3 py-2 text-left font-medium">
            Client
          </th>
          <th scope="col" className="px-3 py-2 text-left font-medium">
            Assignee
          </th>
          <SortHeader {...byField.priority!} ordering={ordering} onChange={onOrderingChange} />
          <th scope="col" className="px-3 py-2 text-left font-medium">
            Status
          </th>
          <SortHeader {...byField.due_date!} ordering={ordering} onChange={onOrderingChange} />
          <SortHeader {...byField.created_at!} ordering={ordering} onChange={onOrderingChange} />
        </>
      }
      renderRow={(t) => {
        const a = actionsFor(t);
        return (
          <tr key={t.id} data-testid={`task-row-${t.id}`} className={cn(a.selected && 'bg-brand-50/60')}>
            <td className="px-3 py-2 align-top">
              <SelectCheckbox checked={a.selected} onChange={a.onSelect} label={`Select ${t.title}`} />
            </td>
            <td className="max-w-72 px-3 py-2 align-top">
              <p className="font-medium text-fg">{t.title}</p>
              <p className="line-clamp-1 text-xs text-fg-muted">{t.description}</p>
            </td>
            <td className="px-3 py-2 align-top">{t.client_name}</td>
            <td className="px-3 py-2 align-top">{t.assigned_to}</td>
            <td className="px-3 py-2 align-top">
              <PriorityBadge priority={t.priority} />
            </td>
            <td className="min-w-36 px-3 py-2 align-top">
              <StatusSelect task={t} onChange={a.onStatusChange} />
            </td>
            <td className="px-3 py-2 align-top">
              <span className={cn('tabular-nums', t.is_overdue && 'text-danger-700')}>{formatDateTime(t.due_date)}</span>
              {t.is_overdue && (
                <div className="mt-1">
                  <OverdueBadge />
                </div>
              )}
            </td>
            <td className="px-3 py-2 align-top whitespace-nowrap text-fg-muted tabular-nums">
              {formatDay(t.created_at)}
            </td>
            <td className="px-3 py-2 text-right align-top whitespace-nowrap">
              <EditDeleteButtons title={t.title} onEdit={a.onEdit} onDelete={a.onDelete} />
            </td>
          </tr>
        );
      }}
      renderCard={(t) => <TaskCardBody task={t} actions={actionsFor(t)} />}
    />
  );
}

export function SortSelectMobile({ ordering, onChange }: { ordering: string; onChange: (o: string) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-fg-muted md:hidden">
      Sort
      <select
        value={ordering}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 rounded-md border border-border-strong bg-surface px-2 text-sm text-fg"
      >
        <option value="-created_at">Newest first</option>
        <option value="created_at">Oldest first</option>
        <option value="due_date">Due date (soonest)</option>
        <option value="-due_date">Due date (latest)</option>
        <option value="-priority">Priority (high first)</option>
        <option value="priority">Priority (low first)</option>
      </select>
    </label>
  );
}
