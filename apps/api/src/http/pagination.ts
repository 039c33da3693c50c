import type { TPaginationQuery } from '@agency/contract';
import type { Page } from '../core/paging';

/** Only the URL of the request matters here (ts-rest's typed request fits too). */
interface RequestUrl {
  originalUrl: string;
}

function pageUrl(req: RequestUrl, page: number): string {
  const url = new URL(req.originalUrl, 'http://placeholder');
  url.searchParams.set('page', String(page));
  // Relative to the origin, so it works behind any proxy.
  return `${url.pathname}${url.search}`;
}

/** The `{ count, next, previous, results }` answer of every list route, from a service's page. */
export function paginatedResponse<P extends Page<unknown>>(
  req: RequestUrl,
  query: TPaginationQuery,
  page: P,
): Omit<P, 'count' | 'countCapped'> & { count: number; count_capped?: true; next: string | null; previous: string | null } {
  const { count, countCapped, ...rest } = page;
  const lastPage = Math.max(1, Math.ceil(count / query.page_size));
  // Past a capped count the last page is unknown: there is a next page while this one is full.
  const hasNext = countCapped ? page.results.length === query.page_size : query.page < lastPage;
  return {
    ...rest,
    count,
    ...(countCapped ? { count_capped: true } : {}),
    next: hasNext ? pageUrl(req, query.page + 1) : null,
    previous: query.page > 1 ? pageUrl(req, countCapped ? query.page - 1 : Math.min(query.page - 1, lastPage)) : null,
  };
}
