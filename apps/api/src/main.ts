import { createServer } from 'node:http';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrateDatabase, openConfiguredDatabase } from './db/client';
import { seedDemoData } from './db/seed/demo';
import { listDemoLogins } from './modules/auth/auth.service';
import { demoSocialTokens } from './modules/social/social.service';
import { createDeps } from './deps';
import { startEventRuntime } from './events/runtime';
import { removeStaleIncoming } from './integrations/storage';
import { createLogger } from './logger';
import { attachRealtime } from './realtime';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openConfiguredDatabase(config);
  logger.info({ database: database.kind }, 'database opened');
  await migrateDatabase(database);

  const deps = createDeps({ config, database, logger });
  if (config.DEMO_DATA === 'on') {
    const started = Date.now();
    const result = await seedDemoData(database.db, { socialTokens: (platform, handle) => demoSocialTokens(deps, platform, handle) });
    if (result.seeded) logger.info({ ms: Date.now() - started }, 'demo data seeded');
  }
  const storage = await deps.storage.check();
  if (storage.ok) logger.info({ storage: deps.storage.kind }, 'file storage ready');
  else logger.error({ storage: deps.storage.kind, reason: storage.reason }, 'file storage is not reachable: uploads and downloads answer 503 until it is');
  // Uploads that were arriving when a process stopped (an hour is far longer than any upload takes).
  const staleUploads = await removeStaleIncoming(config, 60 * 60_000);
  if (staleUploads > 0) logger.info({ files: staleUploads }, 'removed unfinished uploads');
  // Jobs (mail delivery, pruning) run on every instance; each job and each scheduled slot runs on one of them.
  await deps.jobs.start(deps, { work: true });
  // Events committed by any instance reach this one (and ones left behind by a dead instance are dispatched).
  const events = await startEventRuntime(deps);
  const app = createApp(deps);
  const server = createServer(app);
  // The WebSocket at /api/ws shares the HTTP server and pushes what the event runtime hears.
  const realtime = await attachRealtime(server, deps);
  const demoLogins = await listDemoLogins(deps);
  server.listen(config.PORT, () => {
    const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    logger.info(`Agency portal listening on ${url} (API reference: ${url}/api/docs/)`);
    if (demoLogins.length > 0) {
      // Printed plainly so a newcomer sees how to sign in (a production start names the accounts only).
      console.log(`\nDemo logins (${url}/auth):`);
      for (const login of demoLogins) console.log(`  ${login.role.padEnd(6)} ${login.email}${login.password ? `  /  ${login.password}` : ''}`);
      console.log('');
    }
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    // Sockets first (they would keep the HTTP server open), then the server, the event runtime and jobs, the database.
    realtime
      .close()
      .catch((err: unknown) => logger.error({ err }, 'realtime close failed'))
      .finally(() => {
        server.close(() => {
          Promise.allSettled([events.close(), deps.jobs.stop()])
            .then(() => database.close())
            .finally(() => process.exit(0));
        });
      });
    setTimeout(() => process.exit(0), 8000).unref();
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
