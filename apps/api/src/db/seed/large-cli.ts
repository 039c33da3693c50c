import { loadConfig } from '../../config';
import { migrateDatabase, openConfiguredDatabase } from '../client';
import { seedDemoData } from './demo';
import { LARGE_PROFILES, seedLarge, type LargeProfile } from './large';

/**
 * `pnpm db:seed:large [--profile full|small]`: loads a large agency (by default 10,000 clients; 100,000 tasks,
 * content items and invoices; 1,000 social accounts with 365 daily snapshots each; 10,000 orders) on top of the
 * demo data. Run it on a scratch database.
 */
const profileArg = process.argv.indexOf('--profile');
const profile = (profileArg > 0 ? process.argv[profileArg + 1] : 'full') as LargeProfile;
const sizes = LARGE_PROFILES[profile];
if (!sizes) {
  console.error(`Unknown profile '${profile}': use ${Object.keys(LARGE_PROFILES).join(' or ')}.`);
  process.exit(1);
}

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await migrateDatabase(database);
await seedDemoData(database.db);
const started = Date.now();
await seedLarge(database.db, sizes);
console.log(`Loaded ${JSON.stringify(sizes)} in ${Math.round((Date.now() - started) / 1000)} s (${database.kind}).`);
await database.close();
