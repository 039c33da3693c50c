import type { TContentListQuery } from '@agency/contract';
import { CONTENT_PAGE_SIZE, contentFilterQuery, type TContentFilters } from '@/entities/content/lib/content-query';

/** The client's list: its own items with the screen's filters, upcoming posts first (soonest first), then the past. */
export function clientContentListQuery(filters: TContentFilters, page: number): TContentListQuery {
  return { ...contentFilterQuery(filters), page, page_size: CONTENT_PAGE_SIZE, ordering: 'upcoming' };
}
