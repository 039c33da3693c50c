import type { TTask } from '@agency/contract';
import { useDraggable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { CalendarClock, GripVertical, User } from 'lucide-react';
import { SelectCheckbox } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import type { TTaskStatus } from '../lib/task-utils';
import { EditDeleteButtons, OverdueBadge, PriorityBadge, StatusSelect } from './task-bits';

export interface TaskCardActions {
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onStatusChange: (status: TTaskStatus) => void;
  onEdit: () => void;
  onDelete: () => void;
}

export function TaskCardBody({
  task,
  actions,
  handle,
}: {
  task: TTask;
  actions?: TaskCardActions;
  handle?: React.ReactNode;
}) {
  return (
    <div className="space-y-2">
      <div className="flex items-start gap-2">
        {actions && <SelectCheckbox checked={actions.selected} onChange={actions.onSelect} label={`Select ${task.title}`} />}
        <h3 className="min-w-0 flex-1 text-sm leading-5 font-medium break-words text-fg">{task.title}</h3>
        {handle}
      </div>
      <p className="line-clamp-2 text-xs text-fg-muted">{task.description}</p>
      <div className="flex flex-wrap gap-1">
        <PriorityBadge priority={task.priority} />
        {task.is_overdue && <OverdueBadge />}
      </div>
      <dl className="space-y-1 text-xs text-fg-muted">
        <div className="truncate">
          <dt className="sr-only">Client</dt>
          <dd className="truncate font-medium text-fg">{task.client_name}</dd>
        </div>
        <div className="flex items-center gap-1">
          <dt>
            <User aria-hidden className="h-3 w-3" />
            <span className="sr-only">Assigned to</span>
          </dt>
          <dd className="truncate">{task.assigned_to}</dd>
        </div>
        <div className={cn('flex items-center gap-1', task.is_overdue && 'text-danger-700')}>
          <dt>
            <CalendarClock aria-hidden className="h-3 w-3" />
            <span className="sr-only">Due</span>
          </dt>
          <dd className="tabular-nums">{formatDateTime(task.due_date)}</dd>
        </div>
      </dl>
      {actions && (
        <div className="flex items-center gap-1 pt-1">
          <div className="min-w-0 flex-1">
            <StatusSelect task={task} onChange={actions.onStatusChange} />
          </div>
          <EditDeleteButtons title={task.title} onEdit={actions.onEdit} onDelete={actions.onDelete} className="shrink-0" />
        </div>
      )}
    </div>
  );
}

/** A kanban card; drag it by its grip (mouse, touch, or keyboard: Space, arrows, Space). */
export function TaskCard({ task, actions }: { task: TTask; actions: TaskCardActions }) {
  // Read-only staff cannot move a task: no grip, and the card does not drag.
  const { canWrite } = useStaffRole();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: task.id,
    data: { task },
    disabled: !canWrite,
  });
  return (
    <li
      ref={setNodeRef}
      data-testid={`task-card-${task.id}`}
      style={{ transform: CSS.Translate.toString(transform) }}
      className={cn(
        'rounded-lg border bg-surface p-3 shadow-card',
        actions.selected ? 'border-brand-600 ring-1 ring-brand-600' : 'border-border',
        isDragging && 'opacity-40',
      )}
    >
      <TaskCardBody
        task={task}
        actions={actions}
        handle={
          canWrite && (
            <button
              type="button"
              ref={setActivatorNodeRef}
              {...attributes}
              {...listeners}
              aria-label={`Move ${task.title}`}
              className="-mt-1 -mr-1 shrink-0 cursor-grab touch-none rounded p-1 text-fg-subtle hover:bg-subtle hover:text-fg active:cursor-grabbing"
            >
              <GripVertical aria-hidden className="h-4 w-4" />
            </button>
          )
        }
      />
    </li>
  );
}
