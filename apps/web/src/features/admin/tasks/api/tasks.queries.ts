import type { TTask, TTaskListQuery } from '@agency/contract';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useToast } from '@/components/ui';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { useTaskList } from '@/entities/tasks/api/list-tasks';
import { taskKeys } from '@/entities/tasks/task-keys';
import { errorMessage } from '@/lib/format';
import { tsr } from '@/lib/tsr';
import {
  addTaskToColumn,
  removeTaskFromColumn,
  withStatus,
  type TTaskColumnData,
  type TTaskPage,
  type TTaskStatus,
} from '../lib/task-utils';

/** Filters shared by the kanban columns and the list (everything but status and page). */
export interface TTaskFilters {
  search?: string | undefined;
  priority?: string | undefined;
  client?: string | undefined;
  ordering?: string | undefined;
}

export const COLUMN_PAGE_SIZE = 50;
export const COMPLETED_COLUMN_SIZE = 5;
export const LIST_PAGE_SIZE = 20;

function filterQuery(filters: TTaskFilters) {
  return {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.priority ? { priority: filters.priority as 'low' | 'medium' | 'high' } : {}),
    ...(filters.client ? { client: Number(filters.client) } : {}),
  };
}

export function useTaskStats() {
  return tsr.tasks.getTaskStats.useQuery({ queryKey: taskKeys.stats() });
}

/** One kanban column: its own status from the API, 50 at a time with "Load more" (completed: the 5 newest). */
export function useTaskColumn(status: TTaskStatus, filters: TTaskFilters) {
  const completed = status === 'completed';
  const pageSize = completed ? COMPLETED_COLUMN_SIZE : COLUMN_PAGE_SIZE;
  return tsr.tasks.listTasks.useInfiniteQuery({
    queryKey: taskKeys.column(status, filters),
    queryData: ({ pageParam }) => ({
      query: {
        ...filterQuery(filters),
        status,
        page: pageParam as number,
        page_size: pageSize,
        ordering: completed ? '-updated_at' : (filters.ordering ?? '-created_at'),
      },
    }),
    initialPageParam: 1,
    getNextPageParam: (last: TTaskPage, all: TTaskPage[]) => (!completed && last.body.next ? all.length + 1 : undefined),
  });
}

/** The list view's page: the screen's filters and status, 20 a page. */
export function useTasksScreenList(filters: TTaskFilters & { status?: string | undefined; page: number }) {
  const query: TTaskListQuery = {
    ...filterQuery(filters),
    ...(filters.status ? { status: filters.status as TTaskStatus } : {}),
    page: filters.page,
    page_size: LIST_PAGE_SIZE,
    ordering: filters.ordering ?? '-created_at',
  };
  return useTaskList(query, { keepPrevious: true });
}

/** Refetch everything the Tasks screen and the overview show. */
export function useInvalidateTasks() {
  return useInvalidateAffected('tasks');
}

type TSnapshot = [QueryKey, unknown][];

/**
 * Change one task's status (kanban drop or the per-task select): the card moves at once in every cached
 * column and list; on an error everything goes back and a toast says why.
 */
export function useChangeTaskStatus() {
  const qc = useQueryClient();
  const toast = useToast();
  const invalidate = useInvalidateTasks();
  const mutation = tsr.tasks.updateTask.useMutation<{ snapshot: TSnapshot }>({
    onMutate: async ({ params, body }) => {
      const id = Number(params.id);
      const status = body?.status as TTaskStatus;
      await qc.cancelQueries({ queryKey: taskKeys.all });
      const snapshot: TSnapshot = [
        ...qc.getQueriesData({ queryKey: taskKeys.columns() }),
        ...qc.getQueriesData({ queryKey: taskKeys.lists() }),
      ];
      const task = findTask(snapshot, id);
      if (task) {
        const moved = withStatus(task, status);
        for (const [key, data] of qc.getQueriesData<TTaskColumnData>({ queryKey: taskKeys.columns() })) {
          if (!data) continue;
          const columnStatus = key[2] as TTaskStatus;
          const without = removeTaskFromColumn(data, id);
          qc.setQueryData(key, columnStatus === status ? addTaskToColumn(without, moved) : without);
        }
        for (const [key, data] of qc.getQueriesData<TTaskPage>({ queryKey: taskKeys.lists() })) {
          if (!data) continue;
          qc.setQueryData(key, {
            ...data,
            body: { ...data.body, results: data.body.results.map((t) => (t.id === id ? moved : t)) },
          });
        }
      }
      return { snapshot };
    },
    onError: (err, _vars, ctx) => {
      for (const [key, data] of ctx?.snapshot ?? []) qc.setQueryData(key, data);
      toast.error(`Could not change the status: ${errorMessage(err)}`);
    },
    onSettled: () => invalidate(),
  });
  return {
    ...mutation,
    changeStatus: (task: TTask, status: TTaskStatus) => {
      if (task.status === status) return;
      mutation.mutate({ params: { id: task.id }, body: { status } });
    },
  };
}

function findTask(snapshot: TSnapshot, id: number): TTask | undefined {
  for (const [, data] of snapshot) {
    if (!data || typeof data !== 'object') continue;
    const pages = 'pages' in data ? (data as TTaskColumnData).pages : [data as TTaskPage];
    for (const p of pages) {
      const hit = p.body?.results?.find((t) => t.id === id);
      if (hit) return hit;
    }
  }
  return undefined;
}
