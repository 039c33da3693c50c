import { createServer } from 'node:http';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrateDatabase, openConfiguredDatabase } from './db/client';
import { seedDemoData } from './db/seed/demo';
import { listDemoLogins } from './modules/auth';
import { demoSocialTokens } from './modules/social';
import { createDeps } from './deps';
import { startEventRuntime, type EventRuntime } from './events/runtime';
import { removeStaleIncoming } from './integrations/storage';
import { createLogger } from './logger';
import { attachRealtime } from './realtime';

/** How long after listen the job queue and event runtime start (unless a write asks for them first). */
const BACKGROUND_START_DELAY_MS = 1000;

/** Milliseconds of each start-up step, logged once listening (where a slow start spends its time). */
const startTimings: Record<string, number> = {};
let stepStarted = 0; // the process start (performance.timeOrigin): "load" is the time to read the code
function step(name: string): void {
  const now = performance.now();
  startTimings[name] = Math.round(now - stepStarted);
  stepStarted = now;
}

async function main() {
  step('load');
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openConfiguredDatabase(config);
  logger.info({ database: database.kind }, 'database opened');
  step('open');
  await migrateDatabase(database);
  step('migrate');

  const deps = createDeps({ config, database, logger });
  if (config.DEMO_DATA === 'on') {
    const started = Date.now();
    const result = await seedDemoData(database.db, { socialTokens: (platform, handle) => demoSocialTokens(deps, platform, handle) });
    if (result.seeded) logger.info({ ms: Date.now() - started }, 'demo data seeded');
  }
  step('seed');
  // Said in the log, without holding up the start (a bucket may take a while to answer).
  void deps.storage.check().then((storage) => {
    if (storage.ok) logger.info({ storage: deps.storage.kind }, 'file storage ready');
    else logger.error({ storage: deps.storage.kind, reason: storage.reason }, 'file storage is not reachable: uploads and downloads answer 503 until it is');
  });
  // Uploads that were arriving when a process stopped (an hour is far longer than any upload takes).
  const staleUploads = await removeStaleIncoming(config, 60 * 60_000);
  if (staleUploads > 0) logger.info({ files: staleUploads }, 'removed unfinished uploads');
  // Jobs (mail delivery, pruning) run on every instance; each job and each scheduled slot runs on one of them.
  // Starting the queue (pg-boss's schema check, its queues) and the event runtime is not needed for a first page:
  // it begins a moment after listen (on the embedded database its statements run on this thread and would hold up
  // the first requests), or at once when a request that may change data arrives; such requests wait for it
  // (createApp's `ready`). Events may enqueue jobs, so they start after the queue.
  let backgroundStarted = 0;
  let background: Promise<EventRuntime> | undefined;
  const startBackground = (): Promise<EventRuntime> =>
    (background ??= (async () => {
      backgroundStarted = performance.now();
      await deps.jobs.start(deps, { work: true });
      // Events committed by any instance reach this one (and ones left behind by a dead instance are dispatched).
      return startEventRuntime(deps);
    })());
  const app = createApp(deps, { ready: startBackground });
  const server = createServer(app);
  // An idle keep-alive connection is closed by the client, not under it: a server that closes first races a request
  // sent on it at that moment (the client sees ECONNRESET). Above the usual 60 s of load balancers and proxies too.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // The WebSocket at /api/ws shares the HTTP server and pushes what the event runtime hears.
  const realtime = await attachRealtime(server, deps);
  const demoLogins = await listDemoLogins(deps);
  step('app');
  server.listen(config.PORT, () => {
    step('listen');
    logger.info({ ms: startTimings, total_ms: Math.round(performance.now()) }, 'started');
    const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    logger.info(`Agency portal listening on ${url} (API reference: ${url}/api/docs/)`);
    if (demoLogins.length > 0) {
      // Printed plainly so a newcomer sees how to sign in (a production start names the accounts only).
      console.log(`\nDemo logins (${url}/auth):`);
      for (const login of demoLogins) console.log(`  ${login.role.padEnd(6)} ${login.email}${login.password ? `  /  ${login.password}` : ''}`);
      console.log('');
    }
  });

  // A queue or event runtime that cannot start stops the process, as it did before listening (one clear error).
  setTimeout(() => {
    startBackground().then(
      () => logger.info({ ms: Math.round(performance.now() - backgroundStarted) }, 'job queue and event runtime started'),
      (err: unknown) => {
        logger.error({ err }, 'start-up failed (job queue or event runtime)');
        process.exit(1);
      },
    );
  }, BACKGROUND_START_DELAY_MS);

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
          Promise.allSettled([background?.then((events) => events.close()), deps.jobs.stop()])
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
