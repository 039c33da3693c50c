import { createServer } from 'node:http';
import path from 'node:path';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { DEMO_LOGINS, seedDemoData } from './db/seed/demo';
import type { AppDeps } from './deps';
import { DomainEvents } from './events';
import { createLogger } from './logger';
import { hasDemoUsers } from './db/demo-logins';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.DATABASE_URL ? undefined : path.resolve(config.DATA_DIR, 'pglite'),
  });
  logger.info({ database: database.kind }, 'database opened');
  await migrateDatabase(database);

  if (config.DEMO_DATA === 'on') {
    const started = Date.now();
    const result = await seedDemoData(database.db);
    if (result.seeded) logger.info({ ms: Date.now() - started }, 'demo data seeded');
  }
  const deps: AppDeps = { config, database, db: database.db, logger, events: new DomainEvents() };
  const app = createApp(deps, {
    demoLogins: async () => (config.DEMO_DATA === 'on' && (await hasDemoUsers(database.db)) ? [...DEMO_LOGINS] : []),
  });
  const server = createServer(app);
  server.listen(config.PORT, () => {
    const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    logger.info(`Agency portal listening on ${url} (API reference: ${url}/api/docs/)`);
    if (config.DEMO_DATA === 'on') {
      // Printed plainly so a newcomer sees how to sign in.
      console.log(`\nDemo logins (${url}/auth):`);
      for (const login of DEMO_LOGINS) console.log(`  ${login.role.padEnd(6)} ${login.email}  /  ${login.password}`);
      console.log('');
    }
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    server.close(() => {
      database.close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
