import type { TTaskListQuery } from '@agency/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '@/lib/tsr';
import { taskKeys } from '../task-keys';

/** GET /api/tasks/ with filters, search, ordering and paging (the kanban's columns page it on their own). */
export const taskListQueryOptions = (query: TTaskListQuery) => ({ queryKey: taskKeys.list(query), queryData: { query } });

export function useTaskList(query: TTaskListQuery, { enabled = true, keepPrevious = false }: { enabled?: boolean; keepPrevious?: boolean } = {}) {
  return tsr.tasks.listTasks.useQuery({
    ...taskListQueryOptions(query),
    enabled,
    ...(keepPrevious && { placeholderData: keepPreviousData }),
  });
}
