import type { TTask } from '@agency/contract';
import { TASK_STATUSES } from '@agency/contract';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useState } from 'react';
import { Badge, Button, ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/format';
import { useTaskColumn, type TTaskFilters } from '../api/tasks.queries';
import { STATUS_LABELS, STATUS_TONES, columnTasks, isTaskStatus, type TTaskStatus } from '../lib/task-utils';
import { TaskCard, TaskCardBody, type TaskCardActions } from './task-card';

export interface KanbanBoardProps {
  filters: TTaskFilters;
  /** When the status filter is set only that column shows. */
  statusFilter: string;
  actionsFor: (task: TTask) => TaskCardActions;
  onMove: (task: TTask, status: TTaskStatus) => void;
  onViewAllCompleted: () => void;
}

function titleOf(data: unknown): string {
  return (data as { task?: TTask } | undefined)?.task?.title ?? 'task';
}
function columnName(id: unknown): string {
  return isTaskStatus(id) ? STATUS_LABELS[id] : String(id);
}

const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${titleOf(active.data.current)}.`,
  onDragOver: ({ active, over }) =>
    over ? `${titleOf(active.data.current)} is over the ${columnName(over.id)} column.` : `${titleOf(active.data.current)} is not over a column.`,
  onDragEnd: ({ active, over }) =>
    over ? `${titleOf(active.data.current)} was moved to ${columnName(over.id)}.` : `${titleOf(active.data.current)} was dropped.`,
  onDragCancel: ({ active }) => `Moving ${titleOf(active.data.current)} was cancelled.`,
};

/** Four columns, each loading its own status; drag a card by its grip to another column to change its status. */
export function KanbanBoard({ filters, statusFilter, actionsFor, onMove, onViewAllCompleted }: KanbanBoardProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );
  const [active, setActive] = useState<TTask | null>(null);

  const onDragStart = (e: DragStartEvent) => setActive((e.active.data.current as { task: TTask }).task);
  const onDragEnd = (e: DragEndEvent) => {
    setActive(null);
    const task = (e.active.data.current as { task: TTask } | undefined)?.task;
    const target = e.over?.id;
    if (task && isTaskStatus(target) && target !== task.status) onMove(task, target);
  };

  const statuses = statusFilter && isTaskStatus(statusFilter) ? [statusFilter] : TASK_STATUSES;

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'To move a task, press Space or Enter, use the arrow keys to reach another column, then press Space or Enter to drop it. Escape cancels.',
        },
      }}
    >
      <div
        className={cn(
          'relative -mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0',
          statuses.length === 4 && 'xl:grid xl:grid-cols-4 xl:overflow-visible',
        )}
      >
        {statuses.map((s) => (
          <KanbanColumn key={s} status={s} filters={filters} actionsFor={actionsFor} onViewAll={onViewAllCompleted} />
        ))}
      </div>
      <DragOverlay dropAnimation={null}>
        {active ? (
          <div className="w-72 rotate-1 rounded-lg border border-brand-600 bg-surface p-3 shadow-overlay">
            <TaskCardBody task={active} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

function KanbanColumn({
  status,
  filters,
  actionsFor,
  onViewAll,
}: {
  status: TTaskStatus;
  filters: TTaskFilters;
  actionsFor: (task: TTask) => TaskCardActions;
  onViewAll: () => void;
}) {
  const query = useTaskColumn(status, filters);
  const { setNodeRef, isOver } = useDroppable({ id: status });
  const tasks = columnTasks(query.data);
  const count = query.data?.pages[0]?.body.count;
  const headingId = `kanban-${status}-heading`;

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid={`kanban-column-${status}`}
      className={cn(
        'flex w-[85vw] max-w-80 shrink-0 snap-start flex-col rounded-xl border bg-subtle/60 p-3 sm:w-72 xl:w-auto xl:max-w-none',
        isOver ? 'border-brand-600 bg-brand-50' : 'border-border',
      )}
    >
      <header className="mb-3 flex items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-fg">
          <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>
          {count !== undefined && <span className="text-xs font-normal text-fg-muted tabular-nums">{count}</span>}
        </h2>
        {status === 'completed' && (
          <Button variant="ghost" size="sm" onClick={onViewAll}>
            View all
          </Button>
        )}
      </header>
      {query.isPending ? (
        <SkeletonGroup label={`Loading ${STATUS_LABELS[status]} className="space-y-2" tasks`}>
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </SkeletonGroup>
      ) : query.isError ? (
        <ErrorState
          className="py-6"
          message={errorMessage(query.error, 'Failed to load tasks')}
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
        />
      ) : tasks.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border-strong px-3 py-8 text-center text-sm text-fg-muted">
          No {STATUS_LABELS[status].toLowerCase()} tasks
        </p>
      ) : (
        <ul className="space-y-2" aria-label={`${STATUS_LABELS[status]} tasks`}>
          {tasks.map((t) => (
            <TaskCard key={t.id} task={t} actions={actionsFor(t)} />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3 w-full"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </section>
  );
}
