import { loadConfig } from '../config';
import { migrateDatabase, openConfiguredDatabase } from './client';

/** `pnpm db:migrate`: apply the committed migrations to DATABASE_URL (or the embedded database). */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
await migrateDatabase(database);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
