import { loadConfig } from '../../config';
import { createDeps } from '../../deps';
import { createLogger } from '../../logger';
import { demoSocialTokens } from '../../modules/social';
import { migrateDatabase, openConfiguredDatabase } from '../client';
import { seedDemoData } from './demo';

/** `pnpm db:seed`: migrate, then load the demo agency into an empty database (does nothing otherwise). */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
await migrateDatabase(database);
const deps = createDeps({ config, database, logger: createLogger(config) });
const result = await seedDemoData(database.db, { socialTokens: (platform, handle) => demoSocialTokens(deps, platform, handle) });
await database.close();
console.log(result.seeded ? 'Demo data seeded.' : 'The database already has users: nothing seeded.');
for (const login of result.logins) console.log(`  ${login.role.padEnd(6)} ${login.email}  /  ${login.password}`);
