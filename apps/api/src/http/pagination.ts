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
): P & { next: string | null; previous: string | null } {
  const { count } = page;
  const lastPage = Math.max(1, Math.ceil(count / query.page_size));
  return {
    ...page,
    next: query.page < lastPage ? pageUrl(req, query.page + 1) : null,
    previous: query.page > 1 ? pageUrl(req, Math.min(query.page - 1, lastPage)) : null,
  };
}
