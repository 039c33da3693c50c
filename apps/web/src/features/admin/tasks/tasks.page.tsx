import type { TTask } from '@agency/contract';
import { ClipboardList, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  PageIntro,
  formatTotal,
  Pagination,
  Skeleton,
  SkeletonGroup,
  useToast,
} from '@/components/ui';
import { TaskFormDialog } from '@/entities/tasks/components/task-form-dialog';
import { errorMessage } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { tsr } from '@/lib/tsr';
import { useSelection, type Selection } from '@/lib/use-selection';
import { LIST_PAGE_SIZE, useChangeTaskStatus, useInvalidateTasks, useTasksScreenList, type TTaskFilters } from './api/tasks.queries';
import { BulkBar } from './components/bulk-bar';
import { KanbanBoard } from './components/kanban-board';
import type { TaskCardActions } from './components/task-card';
import { SortSelectMobile, TaskList } from './components/task-list';
import { TaskStats } from './components/task-stats';
import { TaskToolbar } from './components/task-toolbar';
import { STATUS_LABELS } from './lib/task-utils';
import { useTaskParams } from './lib/use-task-params';

const BULK_LABELS = { 'in-progress': STATUS_LABELS['in-progress'], review: STATUS_LABELS.review, completed: STATUS_LABELS.completed };

/** Admin Tasks (admin-and-foundations 2.6). */
export default function AdminTasksPage() {
  const { params, update } = useTaskParams();
  const toast = useToast();
  const invalidate = useInvalidateTasks();
  const statusChange = useChangeTaskStatus();
  const selection = useSelection();
  const { selected, toggle } = selection;
  const [editing, setEditing] = useState<TTask | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<TTask | null>(null);
  const [bulkDeleteOpen, setBulkDeleteOpen] = useState(false);
  const { canWrite } = useStaffRole();

  const filters: TTaskFilters = useMemo(
    () => ({
      search: params.search || undefined,
      priority: params.priority || undefined,
      client: params.client || undefined,
      ordering: params.ordering,
    }),
    [params.search, params.priority, params.client, params.ordering],
  );

  const deleteOne = tsr.tasks.deleteTask.useMutation();
  const bulkUpdate = tsr.tasks.bulkUpdateTasks.useMutation();
  const bulkDelete = tsr.tasks.bulkDeleteTasks.useMutation();

  const actionsFor = (task: TTask): TaskCardActions => ({
    selected: selected.has(task.id),
    onSelect: (checked) => toggle(task.id, checked),
    onStatusChange: (status) => statusChange.changeStatus(task, status),
    onEdit: () => {
      setEditing(task);
      setFormOpen(true);
    },
    onDelete: () => setDeleting(task),
  });

  const markSelected = (status: 'in-progress' | 'review' | 'completed') => {
    const ids = [...selected];
    bulkUpdate.mutate(
      { body: { task_ids: ids, status } },
      {
        onSuccess: ({ body }) => {
          toast.success(`${body.updated} ${body.updated === 1 ? 'task' : 'tasks'} marked ${BULK_LABELS[status]}`);
          selection.clear();
        },
        onError: (err) => toast.error(errorMessage(err, 'Failed to update the tasks')),
        onSettled: () => void invalidate(),
      },
    );
  };

  const confirmBulkDelete = () => {
    bulkDelete.mutate(
      { body: { task_ids: [...selected] } },
      {
        onSuccess: ({ body }) => {
          toast.success(`${body.deleted} ${body.deleted === 1 ? 'task' : 'tasks'} deleted`);
          selection.clear();
          setBulkDeleteOpen(false);
        },
        onError: (err) => toast.error(errorMessage(err, 'Failed to delete the tasks')),
        onSettled: () => void invalidate(),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const task = deleting;
    deleteOne.mutate(
      { params: { id: task.id } },
      {
        onSuccess: () => {
          toast.success('Task deleted');
          setDeleting(null);
          toggle(task.id, false);
        },
        onError: (err) => toast.error(errorMessage(err, 'Failed to delete the task')),
        onSettled: () => void invalidate(),
      },
    );
  };

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };

  return (
    <div className="min-w-0 space-y-6">
      <PageIntro
        description="Plan, assign and track the work for every client."
        action={
          canWrite && (
            <Button onClick={openCreate}>
              <Plus aria-hidden className="h-4 w-4" />
              New Task
            </Button>
          )
        }
      />

      <TaskStats />
      <TaskToolbar params={params} update={update} />
      <BulkBar
        count={canWrite ? selected.size : 0}
        busy={bulkUpdate.isPending || bulkDelete.isPending}
        onMark={markSelected}
        onDelete={() => setBulkDeleteOpen(true)}
        onClear={selection.clear}
      />

      {params.view === 'kanban' ? (
        <KanbanBoard
          filters={filters}
          statusFilter={params.status}
          actionsFor={actionsFor}
          onMove={(task, status) => statusChange.changeStatus(task, status)}
          onViewAllCompleted={() => update({ view: 'list', status: 'completed' })}
        />
      ) : (
        <TaskListView
          filters={filters}
          status={params.status}
          page={params.page}
          onPage={(page) => update({ page })}
          onOrdering={(ordering) => update({ ordering })}
          actionsFor={actionsFor}
          selection={selection}
          onCreate={canWrite ? openCreate : undefined}
          filtered={Boolean(params.search || params.status || params.priority || params.client)}
        />
      )}

      <TaskFormDialog open={formOpen} onOpenChange={setFormOpen} task={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete task"
        message="Are you sure you want to delete this task?"
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        loading={deleteOne.isPending}
      />
      <ConfirmDialog
        open={bulkDeleteOpen}
        onOpenChange={setBulkDeleteOpen}
        title="Delete tasks"
        message={`Delete ${selected.size} tasks?`}
        confirmLabel="Delete"
        onConfirm={confirmBulkDelete}
        loading={bulkDelete.isPending}
      />
    </div>
  );
}

function TaskListView({
  filters,
  status,
  page,
  onPage,
  onOrdering,
  actionsFor,
  selection,
  onCreate,
  filtered,
}: {
  filters: TTaskFilters;
  status: string;
  page: number;
  onPage: (page: number) => void;
  onOrdering: (ordering: string) => void;
  actionsFor: (task: TTask) => TaskCardActions;
  selection: Selection;
  /** Absent for read-only staff. */
  onCreate?: (() => void) | undefined;
  filtered: boolean;
}) {
  const list = useTasksScreenList({ ...filters, status: status || undefined, page });
  const ordering = filters.ordering ?? '-created_at';

  if (list.isPending) {
    return (
      <Card className="p-4">
        <SkeletonGroup label="Loading tasks" className="space-y-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </SkeletonGroup>
      </Card>
    );
  }
  if (list.isError) {
    return (
      <Card>
        <ErrorState message={errorMessage(list.error, 'Failed to load tasks')} onRetry={() => void list.refetch()} retrying={list.isRefetching} />
      </Card>
    );
  }
  const { results, count, count_capped: capped } = list.data.body;
  if (results.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<ClipboardList aria-hidden className="h-6 w-6" />}
          title={filtered ? 'No tasks match these filters' : 'No tasks yet'}
          description={filtered ? 'Try another search or clear the filters.' : 'Create the first task to start planning the work.'}
          action={
            onCreate && (
              <Button onClick={onCreate}>
                <Plus aria-hidden className="h-4 w-4" />
                New Task
              </Button>
            )
          }
        />
      </Card>
    );
  }
  const ids = results.map((t) => t.id);
  const allSelected = selection.allSelected(ids);
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-fg-muted tabular-nums">
          {formatTotal(count, capped)} {count === 1 && !capped ? 'task' : 'tasks'}
        </p>
        <SortSelectMobile ordering={ordering} onChange={onOrdering} />
      </div>
      <TaskList
        tasks={results}
        ordering={ordering}
        onOrderingChange={onOrdering}
        actionsFor={actionsFor}
        allSelected={allSelected}
        onSelectAll={(checked) => selection.setMany(ids, checked)}
      />
      <Pagination page={page} count={count} capped={capped} pageSize={LIST_PAGE_SIZE} onPageChange={onPage} />
    </div>
  );
}
