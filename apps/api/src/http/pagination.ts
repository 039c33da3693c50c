import type { TPaginationQuery } from '@agency/contract';

/** LIMIT/OFFSET of a page. */
export function pageWindow(query: TPaginationQuery): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

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

/** The `{ count, next, previous, results }` answer of every list route. */
export function paginatedResponse<T>(req: RequestUrl, query: TPaginationQuery, count: number, results: T[]) {
  const lastPage = Math.max(1, Math.ceil(count / query.page_size));
  return {
    count,
    next: query.page < lastPage ? pageUrl(req, query.page + 1) : null,
    previous: query.page > 1 ? pageUrl(req, Math.min(query.page - 1, lastPage)) : null,
    results,
  };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
