import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** A Drizzle database over our schema: node-postgres and PGlite both fit (so do their transactions' parents). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Schema = typeof schema;
