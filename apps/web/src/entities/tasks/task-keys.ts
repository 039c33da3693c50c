import type { TTaskListQuery, TTaskStatus } from '@agency/contract';

/** Query keys of tasks: the kanban columns, lists (the Tasks screen, the overview's recent tasks) and the stats. */
export const taskKeys = {
  all: ['tasks'] as const,
  stats: () => [...taskKeys.all, 'stats'] as const,
  columns: () => [...taskKeys.all, 'column'] as const,
  /** One kanban column (its third element is the status the column shows). */
  column: (status: TTaskStatus, filters: object) => [...taskKeys.columns(), status, filters] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (query: TTaskListQuery) => [...taskKeys.lists(), query] as const,
};
