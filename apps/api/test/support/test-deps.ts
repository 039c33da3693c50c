import { pino } from 'pino';
import { loadConfig, type AppConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import type { Clock } from '../../src/core/clock';
import { createDeps, type AppDeps } from '../../src/deps';
import type { PaymentProvider } from '../../src/integrations/payments/provider';
import type { SocialProviders } from '../../src/integrations/social/select';

/*
 * The configuration and dependencies of a test instance. Apart from test-app.ts (which imports vitest) so that the
 * tiers' globalSetup, where vitest cannot be imported, starts a job queue with them too (database-template.ts).
 */

export const TEST_ADMIN_CODE = 'test-invite-code-123';

/** What a test instance may replace in its dependencies. */
export interface TestDepsOptions {
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
  extra: TestDepsOptions = {},
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

