import { TASK_STATUSES, type TTask } from '@agency/contract';
import { CheckSquare } from 'lucide-react';
import { Button, EmptyState, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { tsr } from '@/lib/tsr';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { useRecentTasks } from '../api/overview.queries';
import { PriorityBadge } from './badges';
import { RowsSkeleton, SectionCard, SectionError } from './section-card';

const statusLabels: Record<TTask['status'], string> = {
  pending: 'Pending',
  'in-progress': 'In Progress',
  review: 'Review',
  completed: 'Completed',
};

function TaskStatusSelect({ task }: { task: TTask }) {
  const invalidateTasks = useInvalidateAffected('tasks');
  const toast = useToast();
  const update = tsr.tasks.updateTask.useMutation({
    onSuccess: async (_res, vars) => {
      toast.success(`Task moved to ${statusLabels[(vars.body?.status ?? 'pending') as TTask['status']]}`);
      await invalidateTasks();
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to update task')),
  });
  const { canWrite } = useStaffRole();
  const value = update.isPending && update.variables?.body?.status ? update.variables.body.status : task.status;
  return (
    <select
      aria-label={`Status of ${task.title}`}
      value={value}
      disabled={update.isPending || !canWrite}
      onChange={(e) => update.mutate({ params: { id: task.id }, body: { status: e.target.value as TTask['status'] } })}
      className="h-8 rounded-md border border-border-strong bg-surface px-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-brand-600/40"
    >
      {TASK_STATUSES.map((s) => (
        <option key={s} value={s}>
          {statusLabels[s]}
        </option>
      ))}
    </select>
  );
}

/** `onNewTask` is absent for read-only staff. */
export function RecentTasks({ enabled, onNewTask }: { enabled: boolean; onNewTask?: (() => void) | undefined }) {
  const q = useRecentTasks(enabled);
  const tasks = q.data?.body.results ?? [];
  return (
    <SectionCard title="Recent Tasks" viewAllHash="tasks">
      {q.isPending ? (
        <RowsSkeleton rows={5} />
      ) : q.isError ? (
        <SectionError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : tasks.length === 0 ? (
        <EmptyState
          className="py-8"
          icon={<CheckSquare aria-hidden className="h-6 w-6" />}
          title="No tasks yet"
          description="Create a task to start tracking work for your clients."
          action={onNewTask && <Button onClick={onNewTask}>New Task</Button>}
        />
      ) : (
        <ul className="divide-y divide-border" aria-label="Recent tasks">
          {tasks.map((task) => (
            <li key={task.id} className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-fg">{task.title}</p>
                <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-muted">
                  <span>{task.client_name}</span>
                  <span aria-hidden>·</span>
                  <span>{task.assigned_to}</span>
                  <span aria-hidden>·</span>
                  <span className={task.is_overdue ? 'font-medium text-danger-700' : undefined}>
                    {task.is_overdue ? 'Overdue · ' : 'Due '}
                    {new Date(task.due_date).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}
                  </span>
                  <PriorityBadge priority={task.priority} />
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <TaskStatusSelect task={task} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
