/**
 * One query-key factory for the admin Content screen. Every content key starts with 'content' so ['content']
 * invalidates them all (the overview's pending content uses that prefix too).
 */
export const contentKeys = {
  all: ['content'] as const,
  stats: () => ['content', 'stats'] as const,
  lists: () => ['content', 'list'] as const,
  list: (query: Record<string, unknown>) => ['content', 'list', query] as const,
  calendar: (query: Record<string, unknown>) => ['content', 'calendar', query] as const,
  dashboard: ['dashboard'] as const,
};
