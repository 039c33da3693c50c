import type { TContentListQuery } from '@agency/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '@/lib/tsr';
import { contentKeys } from '../content-keys';

/** GET /api/content/ with filters, search, ordering and paging (filtering happens in SQL). */
export const contentListQueryOptions = (query: TContentListQuery) => ({ queryKey: contentKeys.list(query), queryData: { query } });

/** The same list for a month's calendar (a date range, up to a page of 200), under its own key. */
export const contentCalendarQueryOptions = (query: TContentListQuery) => ({ queryKey: contentKeys.calendar(query), queryData: { query } });

interface TListOptions {
  enabled?: boolean;
  /** Keep showing the previous page or month while the next one loads. */
  keepPrevious?: boolean;
}

const listOptions = ({ enabled = true, keepPrevious = false }: TListOptions) => ({
  enabled,
  ...(keepPrevious && { placeholderData: keepPreviousData }),
});

export function useContentList(query: TContentListQuery, options: TListOptions = {}) {
  return tsr.content.listContent.useQuery({ ...contentListQueryOptions(query), ...listOptions(options) });
}

export function useContentCalendar(query: TContentListQuery, options: TListOptions = {}) {
  return tsr.content.listContent.useQuery({ ...contentCalendarQueryOptions(query), ...listOptions(options) });
}
