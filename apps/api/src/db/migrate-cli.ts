import path from 'node:path';
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase } from './client';

/** `pnpm db:migrate`: apply the committed migrations to DATABASE_URL (or the embedded database). */
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  pgliteDir: config.DATABASE_URL ? undefined : path.resolve(config.DATA_DIR, 'pglite'),
});
await migrateDatabase(database);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
