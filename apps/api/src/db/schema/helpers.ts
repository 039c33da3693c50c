import { sql, type SQL } from 'drizzle-orm';
import { index, numeric, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** `timestamp with time zone`, read and written as a JS Date. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Money: numeric(12,2), read as a string (sum it in SQL, format in the API). */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/** A fraction 0..1 with four decimals (engagement rates). */
export const fraction = (name: string) => numeric(name, { precision: 6, scale: 4 });

/** `created_at` / `updated_at` pair, both NOT NULL DEFAULT now(). */
export const timestamps = () => ({
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

const literal = (v: string) => `'${v.replace(/'/g, "''")}'`;

/** `col in ('a', 'b', ...)` for a CHECK constraint built from an enum list. */
export function inList(col: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${col} in (${sql.raw(values.map(literal).join(', '))})`;
}

/**
 * A trigram GIN index (pg_trgm, created in migration 0010): what makes `col LIKE '%text%'` an index lookup
 * instead of a scan of the whole table. Written through (fastupdate off): with GIN's pending list every search
 * would also read, one by one, the rows added since the last vacuum.
 */
export function trigramIndex(name: string, col: AnyPgColumn | SQL) {
  return index(name).using('gin', sql`${col} gin_trgm_ops`).with({ fastupdate: false });
}

/**
 * `search_text`: the lowercased text a list's search looks in (the named columns, one per line), kept by Postgres
 * as a stored generated column. A search is then one `LIKE lower(pattern)` per row, with one trigram index, where
 * an ILIKE per column would fold the case of every column of every row it reads (about five times slower when a
 * broad search has to read thousands of rows to count its matches).
 */
export function searchText(...columnNames: string[]) {
  const joined = columnNames.map((name) => `coalesce("${name}", '')`).join(` || E'\\n' || `);
  return text('search_text')
    .notNull()
    .generatedAlwaysAs(sql.raw(`lower(${joined})`));
}
