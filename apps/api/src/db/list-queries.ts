import { count, or, sql, type SQL } from 'drizzle-orm';
import { COUNT_CAP, SEARCH_COUNT_CAP } from '@agency/contract';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { clients } from './schema';
import type { CappedCount } from '../core/paging';
import type { Db } from './types';

/**
 * How far a list's total is counted (the contract's COUNT_CAP, SEARCH_COUNT_CAP for a search). Beyond it the answer
 * says "at least this many" (count_capped), so the count of a page never scans a whole large table: it stops after
 * cap + 1 matching rows, whatever the table's size.
 */

/** How far a list is counted: SEARCH_COUNT_CAP when it is searched, else COUNT_CAP. */
export function countCap(searched: boolean): number {
  return searched ? SEARCH_COUNT_CAP : COUNT_CAP;
}

/**
 * The total of a list, counted up to `cap` (countCap). `matching` selects the list's rows (any columns; `select 1`
 * is cheapest) with its filters, without order or paging.
 */
export async function cappedCount(db: Db, matching: PgSelect, cap = COUNT_CAP): Promise<CappedCount> {
  return toCappedCount(await cappedCountQuery(db, matching, cap), cap);
}

/** The query of cappedCount, to prepare (its rows go through toCappedCount). */
export function cappedCountQuery(db: Db, matching: PgSelect, cap = COUNT_CAP) {
  return db.select({ n: count() }).from(matching.limit(cap + 1).as('matching'));
}

export function toCappedCount(rows: { n: number }[], cap = COUNT_CAP): CappedCount {
  const n = Number(rows[0]?.n ?? 0);
  return n > cap ? { count: cap, capped: true } : { count: n, capped: false };
}

/**
 * A list's search, case-insensitive: the table's `search_text` (schema/helpers searchText, already lowercased)
 * contains the LIKE pattern.
 */
export function searchMatches(searchTextColumn: AnyPgColumn, pattern: string): SQL {
  return sql`${searchTextColumn} like lower(${pattern})`;
}

/**
 * `clientIdColumn` belongs to a client whose name matches the LIKE pattern (case-insensitive), written so the
 * condition stays on the list's own table: `client_id = any(array(select id from clients where lower(name) like …))`,
 * the client lookup done once per statement (trigram index on lower(name)) instead of a join filtered row by row.
 */
export function clientNameMatches(clientIdColumn: AnyPgColumn, pattern: string): SQL {
  return sql`${clientIdColumn} = any(array(select ${clients.id} from ${clients} where lower(${clients.name}) like lower(${pattern})))`;
}

/** The search of a list whose rows belong to clients: the row's own `search_text`, or its client's name. */
export function rowOrClientMatches(searchTextColumn: AnyPgColumn, clientIdColumn: AnyPgColumn, pattern: string): SQL {
  return or(searchMatches(searchTextColumn, pattern), clientNameMatches(clientIdColumn, pattern))!;
}
