import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/tsr';
import { monthRange } from '@/lib/calendar';
import type { TContentPlatform, TContentStatus } from '@/components/content/content-utils';

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

export const CONTENT_PAGE_SIZE = 12;
export const CALENDAR_PAGE_SIZE = 200;

export interface TContentFilters {
  search?: string | undefined;
  status?: string | undefined;
  platform?: string | undefined;
  client?: string | undefined;
}

function filterQuery(f: TContentFilters) {
  return {
    ...(f.search ? { search: f.search } : {}),
    ...(f.status ? { status: f.status as TContentStatus } : {}),
    ...(f.platform ? { platform: f.platform as TContentPlatform } : {}),
    ...(f.client ? { client: Number(f.client) } : {}),
  };
}

export function useContentStats() {
  return tsr.content.getContentStats.useQuery({ queryKey: contentKeys.stats() });
}

export function useContentList(filters: TContentFilters, page: number) {
  const query = { ...filterQuery(filters), page, page_size: CONTENT_PAGE_SIZE, ordering: '-created_at' };
  return tsr.content.listContent.useQuery({
    queryKey: contentKeys.list(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}

/** Everything scheduled in the visible month (with the same filters). */
export function useContentCalendar(filters: TContentFilters, month: Date) {
  const query = { ...filterQuery(filters), ...monthRange(month), page_size: CALENDAR_PAGE_SIZE, ordering: 'scheduled_date' };
  return tsr.content.listContent.useQuery({
    queryKey: contentKeys.calendar(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}

export function useInvalidateContent() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: contentKeys.all }),
      qc.invalidateQueries({ queryKey: contentKeys.dashboard }),
    ]);
}
