import type { TPaginationQuery } from '@agency/contract';

/** What a service answers for a list: one page of results and the total; the router adds next/previous links. */
export interface Page<T> {
  count: number;
  results: T[];
}

/** LIMIT/OFFSET of a page. */
export function pageWindow(query: TPaginationQuery): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
