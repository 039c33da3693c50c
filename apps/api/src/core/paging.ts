import type { TPaginationQuery } from '@agency/contract';

/** What a service answers for a list: one page of results and the total; the router adds next/previous links. */
export interface Page<T> {
  count: number;
  /** More rows match than were counted (db/list-queries COUNT_CAP): `count` is a lower bound. */
  countCapped?: boolean;
  results: T[];
}

/** A list's total as counted: exact, or capped (a lower bound). */
export interface CappedCount {
  count: number;
  capped: boolean;
}

/** One page of a list from its counted total and its rows. */
export function pageOf<T>(total: CappedCount, results: T[]): Page<T> {
  return total.capped ? { count: total.count, countCapped: true, results } : { count: total.count, results };
}

/** LIMIT/OFFSET of a page. */
export function pageWindow(query: TPaginationQuery): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
