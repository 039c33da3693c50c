import type { TTaskStatus } from '../lib/task-utils';

/** Filters shared by the kanban columns and the list (everything but status and page). */
export interface TTaskFilters {
  search?: string | undefined;
  priority?: string | undefined;
  client?: string | undefined;
  ordering?: string | undefined;
}

/**
 * One query-key factory for the Tasks screen. Every key starts with 'tasks' so ['tasks'] invalidates them all
 * (other features use that plain prefix too). The team list is components/forms/staff.queries.ts.
 */
export const taskKeys = {
  all: ['tasks'] as const,
  stats: () => ['tasks', 'stats'] as const,
  columns: () => ['tasks', 'column'] as const,
  column: (status: TTaskStatus, filters: TTaskFilters) => ['tasks', 'column', status, filters] as const,
  lists: () => ['tasks', 'list'] as const,
  list: (query: Record<string, unknown>) => ['tasks', 'list', query] as const,
  dashboard: ['dashboard'] as const,
};
