import type { TContentListQuery } from '@agency/contract';
import { keepPreviousData } from '@tanstack/react-query';
import type { TContentPlatform, TContentStatus } from '@/components/content/content-utils';
import { contentKeys } from '@/entities/content/content-keys';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { monthRange } from '@/lib/calendar';
import { tsr } from '@/lib/tsr';

export const CONTENT_PAGE_SIZE = 12;
export const CALENDAR_PAGE_SIZE = 200;

export interface TContentFilters {
  search?: string | undefined;
  status?: string | undefined;
  platform?: string | undefined;
  client?: string | undefined;
}

function filterQuery(f: TContentFilters): TContentListQuery {
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
  const query: TContentListQuery = { ...filterQuery(filters), page, page_size: CONTENT_PAGE_SIZE, ordering: '-created_at' };
  return tsr.content.listContent.useQuery({
    queryKey: contentKeys.list(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}

/** Everything scheduled in the visible month (with the same filters). */
export function useContentCalendar(filters: TContentFilters, month: Date) {
  const query: TContentListQuery = { ...filterQuery(filters), ...monthRange(month), page_size: CALENDAR_PAGE_SIZE, ordering: 'scheduled_date' };
  return tsr.content.listContent.useQuery({
    queryKey: contentKeys.calendar(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}

/** Refreshes what a content change moves: content lists and stats, dashboards, analytics. */
export function useInvalidateContent() {
  return useInvalidateAffected('content');
}
