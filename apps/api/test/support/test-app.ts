import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import supertest from 'supertest';
import { createApp, type AppOptions } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import { migrateDatabase, openDatabase, type Database } from '../../src/db/client';
import type { AppDeps } from '../../src/deps';
import { DomainEvents } from '../../src/events';

export const TEST_ADMIN_CODE = 'test-invite-code-123';

export interface TestContext {
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  request: () => supertest.Agent;
  close: () => Promise<void>;
}

/**
 * A fresh database per test file: a new database on the real Postgres server when DATABASE_URL is set (CI),
 * otherwise an in-memory PGlite.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return { database, drop: () => database.close().catch(() => undefined) };
  }
  const { Client } = await import('pg');
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: testUrl.toString() });
  await migrateDatabase(database);
  return {
    database,
    drop: async () => {
      await database.close().catch(() => undefined);
      const cleanup = new Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

export async function createTestContext(
  overrides: Partial<Record<keyof AppConfig, string>> = {},
  options: AppOptions = {},
): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    BCRYPT_ROUNDS: '4',
    ADMIN_SIGNUP_CODE: TEST_ADMIN_CODE,
    DEMO_DATA: 'off',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
  const { database, drop } = await openTestDatabase();
  const deps: AppDeps = { config, database, db: database.db, logger: pino({ level: 'silent' }), events: new DomainEvents() };
  const app = createApp(deps, { loginLimits: { windowMs: 60_000, perIp: 1000, perEmail: 1000 }, ...options });
  return { deps, app, request: () => supertest.agent(app), close: drop };
}
