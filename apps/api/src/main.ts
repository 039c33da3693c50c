import { createServer } from 'node:http';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrateDatabase, openConfiguredDatabase } from './db/client';
import { DEMO_LOGINS, seedDemoData } from './db/seed/demo';
import type { AppDeps } from './deps';
import { DomainEvents } from './events';
import { createLogger } from './logger';
import { hasDemoUsers } from './db/demo-logins';
import { attachRealtime } from './realtime';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openConfiguredDatabase(config);
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
  // The WebSocket at /api/ws shares the HTTP server; events fan out to the other instances through LISTEN/NOTIFY.
  const realtime = await attachRealtime(server, deps);
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
    // Sockets first (they would keep the HTTP server open), then the server, then the database.
    realtime
      .close()
      .catch((err: unknown) => logger.error({ err }, 'realtime close failed'))
      .finally(() => {
        server.close(() => {
          database.close().finally(() => process.exit(0));
        });
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
