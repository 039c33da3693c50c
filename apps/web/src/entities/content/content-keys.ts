import type { TContentListQuery } from '@agency/contract';

/** Query keys of content items and what hangs off one (comments, approval history, mentionable people). */
export const contentKeys = {
  all: ['content'] as const,
  stats: () => [...contentKeys.all, 'stats'] as const,
  lists: () => [...contentKeys.all, 'list'] as const,
  list: (query: TContentListQuery) => [...contentKeys.lists(), query] as const,
  /** Everything scheduled in a month (the calendar views). */
  calendar: (query: TContentListQuery) => [...contentKeys.all, 'calendar', query] as const,
  /** What waits on whom (the admin overview). */
  waiting: () => [...contentKeys.all, 'waiting'] as const,
  detail: (id: number) => [...contentKeys.all, 'item', id] as const,
  comments: (id: number) => [...contentKeys.all, 'comments', id] as const,
  reviews: (id: number) => [...contentKeys.all, 'reviews', id] as const,
  mentionable: (id: number) => [...contentKeys.all, 'mentionable', id] as const,
};
