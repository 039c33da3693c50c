import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import type { Db } from './types';

/** apps/api/drizzle, from src/db/client.ts (tsx, tests) or from the compiled dist/main.js (`pnpm start`). */
export const MIGRATIONS_FOLDER = findMigrationsFolder(path.dirname(fileURLToPath(import.meta.url)));

function findMigrationsFolder(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta/_journal.json'))) return candidate;
    if (path.dirname(dir) === dir) return path.resolve(from, '../../drizzle');
  }
}

const MIGRATION_LOCK_KEY = 724_311_001;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** true when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The underlying driver, for LISTEN/NOTIFY. */
  raw: { kind: 'postgres'; pool: import('pg').Pool } | { kind: 'pglite'; client: import('@electric-sql/pglite').PGlite };
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; undefined = in memory. */
  pgliteDir?: string | undefined;
  /** An in-memory embedded database starts as a copy of this dump (a migrated template) instead of running initdb. */
  pgliteDump?: Blob | undefined;
}

/**
 * The planner's cost of a random page read (Postgres' default, 4, is for spinning disks). The product's working set
 * is cached or on SSD; at 4 the planner reads a whole clients table rather than its trigram index to find the few
 * clients a search names, a cost that grows with the table.
 */
const RANDOM_PAGE_COST = 1.1;
/** The embedded database's buffer pool (see openDatabase). */
const PGLITE_SHARED_BUFFERS = '32MB';
/** Set on every connection: pg's `options` startup parameter, PGlite's start parameters. */
const PLANNER_SETTINGS = ['-c', `random_page_cost=${RANDOM_PAGE_COST}`];

/** DATABASE_URL set → node-postgres pool; otherwise embedded PGlite (on disk, or in memory for tests). */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // A database that does not answer fails a request after 5 s (503 to the caller) instead of holding it forever.
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 5000, options: PLANNER_SETTINGS.join(' ') });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    // Nor one that is checked out (a transaction between two statements): pg-pool listens for errors only on idle
    // clients, and an unheard 'error' event ends the process. Its queries fail anyway (a 503 to the caller) and the
    // pool discards the dead client when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db = drizzle(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      raw: { kind: 'postgres', pool },
      ping: () => ping(db),
      close: async () => {
        await untilIdle(pool);
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  // pg_trgm backs the trigram search indexes (migration 0010), as on Postgres.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = new PGlite({
    ...(opts.pgliteDir ? { dataDir: opts.pgliteDir } : {}),
    ...(opts.pgliteDump ? { loadDataDir: opts.pgliteDump } : {}),
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      // PGlite's default of 128 MB is set up (zeroed) at every open: 0.5 s of a restart. An embedded database is a
      // small one, and what does not fit is still in the operating system's file cache.
      ...['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      ...PLANNER_SETTINGS,
    ],
  });
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    raw: { kind: 'pglite', client },
    ping: () => ping(db),
    close: () => client.close(),
  };
}

/**
 * At shutdown the HTTP server has stopped taking requests, but ones already in their handlers (their caller may
 * even have gone) still have statements to run: the pool is ended once no connection has been busy for a moment,
 * or after 5 s.
 */
async function untilIdle(pool: import('pg').Pool, quietMs = 30, maxMs = 5000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (pool.totalCount - pool.idleCount > 0 || pool.waitingCount > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
    ]);
    return true;
  } catch {
    return false;
  }
}

/**
 * The database the configuration names: DATABASE_URL, else PGlite under DATA_DIR/pglite. An empty PGlite folder is
 * first filled from the build's migrated template when there is a current one (no initdb at start: pglite-template.ts).
 */
export async function openConfiguredDatabase(config: { DATABASE_URL?: string | undefined; DATA_DIR: string }): Promise<Database> {
  const pgliteDir = config.DATABASE_URL ? undefined : path.resolve(config.DATA_DIR, 'pglite');
  if (pgliteDir) {
    const { seedDataDirFromTemplate } = await import('./pglite-template');
    seedDataDirFromTemplate(pgliteDir);
  }
  return openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir });
}

/** Applies the committed drizzle-kit migrations (same folder for both engines). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.raw.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // Several instances may start together: one migrates at a time under an advisory lock on one connection.
    const client = await database.raw.pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}
