import { pino } from 'pino';
import supertest from 'supertest';
import { createApp, type AppOptions } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import { inject } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../../src/db/client';
import type { Clock } from '../../src/core/clock';
import { createDeps, type AppDeps } from '../../src/deps';
import type { PaymentProvider } from '../../src/integrations/payments/provider';
import type { SocialProviders } from '../../src/integrations/social/select';
import { openFromTemplate, type DatabaseTemplate } from './database-template';
import { scratchDatabase } from './scratch-db';

export const TEST_ADMIN_CODE = 'test-invite-code-123';

export interface TestContext {
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  request: () => supertest.Agent;
  close: () => Promise<void>;
}

/** The run's migrated template, when the file runs under vitest with the tier's globalSetup. */
function runTemplate(): DatabaseTemplate | undefined {
  try {
    return inject('databaseTemplate');
  } catch {
    return undefined; // outside vitest (the fuzz CLI)
  }
}

/**
 * A fresh database per test file: a new database on the real Postgres server when DATABASE_URL is set (CI),
 * otherwise an in-memory PGlite; a copy of the run's migrated template when there is one.
 */
export async function openTestDatabase(prefix = 'test'): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const template = runTemplate();
  if (template) return openFromTemplate(template, url, prefix);
  if (!url) {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return { database, drop: () => database.close().catch(() => undefined) };
  }
  const scratch = await scratchDatabase(url, prefix);
  const database = await openDatabase({ databaseUrl: scratch.url });
  await migrateDatabase(database);
  return {
    database,
    url: scratch.url,
    drop: async () => {
      await database.close().catch(() => undefined);
      await scratch.drop();
    },
  };
}

export interface TestContextOptions extends AppOptions {
  /** Run the jobs (mail delivery) in this process; by default jobs are only queued. */
  runJobs?: boolean;
  /** The clock of services and of the sandbox payment provider (renewals are tested by moving it). */
  now?: Clock;
  /** A payment provider of the test's own (Stripe against a local stand-in), made from the database. */
  payments?: (database: Database) => PaymentProvider;
  /** Social providers of the test's own (a fake that fails), per network. */
  social?: Partial<SocialProviders>;
}

/** The dependencies a test instance runs with: fast job polling and retries, no schedules. */
export async function createTestDeps(
  config: AppConfig,
  database: Database,
  runJobs: boolean,
  extra: Pick<TestContextOptions, 'now' | 'payments' | 'social'> = {},
): Promise<AppDeps> {
  const deps = createDeps({
    config,
    database,
    logger: pino({ level: 'silent' }),
    // Retries come at the next poll (no backoff to wait out): the delays are production settings, not behaviour under test.
    jobs: { pollingIntervalSeconds: 0.5, schedule: false, retryLimit: 2, retryDelaySeconds: 0 },
    ...(extra.now ? { now: extra.now } : {}),
    ...(extra.payments ? { payments: extra.payments(database) } : {}),
    ...(extra.social ? { social: extra.social } : {}),
  });
  await deps.jobs.start(deps, { work: runJobs });
  return deps;
}

/** The configuration test instances run with (fast bcrypt, no demo data, silent logs), plus the given settings. */
export function testConfig(overrides: Partial<Record<keyof AppConfig, string>> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    BCRYPT_ROUNDS: '4',
    ADMIN_SIGNUP_CODE: TEST_ADMIN_CODE,
    DEMO_DATA: 'off',
    LOG_LEVEL: 'silent',
    // Test files upload far more than a person would in a minute; files.test.ts checks the limit itself.
    UPLOAD_RATE_PER_MINUTE: '100000',
    ...overrides,
  });
}

export async function createTestContext(
  overrides: Partial<Record<keyof AppConfig, string>> = {},
  options: TestContextOptions = {},
): Promise<TestContext> {
  const config = testConfig(overrides);
  const { database, drop } = await openTestDatabase();
  const deps = await createTestDeps(config, database, options.runJobs ?? false, options);
  const app = createApp(deps, { loginLimits: { windowMs: 60_000, perIp: 1000, perEmail: 1000 }, checkResponses: true, ...options });
  return {
    deps,
    app,
    request: () => supertest.agent(app),
    close: async () => {
      await deps.jobs.stop();
      await drop();
    },
  };
}
