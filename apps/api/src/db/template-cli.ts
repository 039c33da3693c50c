/**
 * `node dist/pglite-template.js [--if-stale]`: builds apps/api/dist/pglite-template, a migrated embedded database
 * that a first start copies instead of running initdb (pglite-template.ts). Run by `scripts/start.mjs` after it
 * (re)builds the API; `--if-stale` does nothing when the template matches this PGlite and these migrations.
 */
import { rmSync, renameSync } from 'node:fs';
import { pino } from 'pino';
import { loadConfig } from '../config';
import { createDeps } from '../deps';
import { migrateDatabase, openDatabase } from './client';
import { markTemplate, pgliteTemplateDir, templateIsCurrent } from './pglite-template';

const target = pgliteTemplateDir();
if (process.argv.includes('--if-stale') && templateIsCurrent(target)) process.exit(0);

const started = Date.now();
const staging = `${target}.building-${process.pid}`;
rmSync(staging, { recursive: true, force: true });
const database = await openDatabase({ pgliteDir: staging });
await migrateDatabase(database);
// The job queue's own schema and queues too (pg-boss creates them at its first start: most of a second on PGlite).
const deps = createDeps({
  config: loadConfig({ NODE_ENV: 'development', DATA_DIR: staging, LOG_LEVEL: 'silent' }),
  database,
  logger: pino({ level: 'silent' }),
});
await deps.jobs.start(deps, { work: false });
await deps.jobs.stop();
// A clean shutdown (checkpoint): the copy opens without recovery.
await database.close();
markTemplate(staging);
rmSync(target, { recursive: true, force: true });
renameSync(staging, target);
console.log(`Embedded database template built (${Date.now() - started} ms)`);
