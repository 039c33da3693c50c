import supertest from 'supertest';
import { createApp, type AppOptions } from '../../src/app';
import { inject } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../../src/db/client';
import type { AppConfig } from '../../src/config';
import type { AppDeps } from '../../src/deps';
import { openFromTemplate, type DatabaseTemplate } from './database-template';
import { scratchDatabase } from './scratch-db';
import { createTestDeps, testConfig, type TestDepsOptions } from './test-deps';

export { createTestDeps, TEST_ADMIN_CODE, testConfig } from './test-deps';

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

export interface TestContextOptions extends AppOptions, TestDepsOptions {
  /** Run the jobs (mail delivery) in this process; by default jobs are only queued. */
  runJobs?: boolean;
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
