import { sql, type SQL } from 'drizzle-orm';
import { index, numeric, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

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
 * A trigram GIN index (pg_trgm, created in migration 0010): what makes `col ILIKE '%text%'` an index lookup
 * instead of a scan of the whole table.
 */
export function trigramIndex(name: string, col: AnyPgColumn) {
  return index(name).using('gin', sql`${col} gin_trgm_ops`);
}
