import type { TContentListQuery } from '@agency/contract';
import { keepPreviousData } from '@tanstack/react-query';
import type { TContentPlatform, TContentStatus } from '@/components/content/content-utils';
import { contentKeys } from '@/entities/content/content-keys';
import { monthRange } from '@/lib/calendar';
import { tsr } from '@/lib/tsr';

export const CLIENT_CONTENT_PAGE_SIZE = 12;
const CALENDAR_PAGE_SIZE = 200;

export interface TClientContentFilters {
  status?: string | undefined;
  platform?: string | undefined;
}

/** The filters as the API's query parameters (filtering happens in SQL). */
function filterQuery(f: TClientContentFilters): TContentListQuery {
  return {
    ...(f.status ? { status: f.status as TContentStatus } : {}),
    ...(f.platform ? { platform: f.platform as TContentPlatform } : {}),
  };
}

export function useClientContentStats() {
  return tsr.content.getContentStats.useQuery({ queryKey: contentKeys.stats() });
}

export function useClientContentList(filters: TClientContentFilters, page: number) {
  const query: TContentListQuery = { ...filterQuery(filters), page, page_size: CLIENT_CONTENT_PAGE_SIZE, ordering: 'scheduled_date' };
  return tsr.content.listContent.useQuery({ queryKey: contentKeys.list(query), queryData: { query }, placeholderData: keepPreviousData });
}

export function useClientContentCalendar(filters: TClientContentFilters, month: Date, enabled: boolean) {
  const query: TContentListQuery = { ...filterQuery(filters), ...monthRange(month), page_size: CALENDAR_PAGE_SIZE, ordering: 'scheduled_date' };
  return tsr.content.listContent.useQuery({
    queryKey: contentKeys.calendar(query),
    queryData: { query },
    placeholderData: keepPreviousData,
    enabled,
  });
}
