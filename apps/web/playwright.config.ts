import { existsSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN_SIGNUP_CODE, E2E_SMTP_PORT, E2E_WEBHOOK_RECEIVER_PORT } from './e2e/env';

const PORT = process.env.E2E_PORT ?? '4310';
const baseURL = `http://127.0.0.1:${PORT}`;
/**
 * A fresh database per run (embedded PGlite under DATA_DIR, unless DATABASE_URL names a Postgres), in the
 * system temp folder; global-teardown removes it. Workers load this file again, so the folder is fixed once.
 */
process.env.E2E_DATA_DIR ??= path.join(tmpdir(), `agency-e2e-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;

/**
 * The browser: E2E_BROWSER_PATH or CHROMIUM_PATH when set, else Debian's old headless shell (package
 * chromium-headless-shell), else Debian's Chromium. The shell, Playwright's own choice for headless runs, has no browser
 * UI and no separate GPU process: the same specs take about half the CPU of Chromium's new headless mode here.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const browserPath = process.env.E2E_BROWSER_PATH ?? process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * Playwright tells Chromium not to use /dev/shm (it is 64 MB in Docker) and to write shared memory to /tmp instead;
 * where /dev/shm is large, using it saves system time.
 */
function sharedMemoryIsLarge(): boolean {
  try {
    const shm = statfsSync('/dev/shm');
    return shm.bavail * shm.bsize >= 1024 ** 3;
  } catch {
    return false;
  }
}

/**
 * Tests run in parallel, also within a file: each one registers its own admin and seeds its own rows through the API
 * (e2e/fixtures.ts). Two workers (the machine has two cores, and the one app server is shared by them).
 */
export default defineConfig({
  testDir: './e2e',
  // The SMTP stand-in every e-mail of the run goes to (after the web server is up; it stops before the teardown).
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two workers share two cores with the app server (and often with other jobs): allow for a slow machine.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '../../.test-reports/e2e.json' }]],
  projects: [
    { name: 'app', testIgnore: /two-factor-policy\.spec\.ts/ },
    // Requiring two-factor authentication of all staff holds every staff account of the run (those of every other spec
    // too): that spec runs after all the others.
    { name: 'agency-policy', testMatch: /two-factor-policy\.spec\.ts/, dependencies: ['app'] },
  ],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    // A failed test keeps its trace (every action, with the page's DOM before and after it) and a screenshot. The trace's
    // own screencast is off: it makes the compositor render and encode frames all through every test, a quarter of the
    // suite's CPU here (measured), for a filmstrip the DOM snapshots already show.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: browserPath,
      ignoreDefaultArgs: sharedMemoryIsLarge() ? ['--disable-dev-shm-usage'] : [],
      args: [
        // The compositor runs in the browser process instead of a GPU process of its own (less CPU per page here).
        '--in-process-gpu',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node ../../scripts/start.mjs',
    url: `${baseURL}/api/health/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT,
      DATA_DIR: dataDir,
      // On for the specs about the demo logins (auth.spec.ts); every other spec seeds its own rows.
      DEMO_DATA: 'on',
      // Lets the fixtures register a fresh admin per test.
      ADMIN_SIGNUP_CODE: E2E_ADMIN_SIGNUP_CODE,
      // Every test registers accounts; the lowest bcrypt cost keeps that cheap (passwords here are not secrets).
      BCRYPT_ROUNDS: '4',
      // start.mjs runs in production mode, which needs a secret (any 32+ characters will do here).
      APP_SECRET: 'e2e-app-secret-0123456789abcdef0123456789',
      // E2E_LOG_LEVEL=info puts every request, job and e-mail of the app server in the output (to debug a run).
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // The OAuth popup (sandbox consent page and callback) must open on the origin the tests browse, so it shares their
      // sign-in; e-mailed links (the magic review link) point there too.
      PUBLIC_URL: baseURL,
      // Every e-mail goes to the SMTP stand-in of e2e/global-setup.ts, which writes it where specs read it (e2e/mail.ts).
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      // The one private address webhooks may reach: the receiver of webhooks.spec.ts (plain http, this host and port only).
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${E2E_WEBHOOK_RECEIVER_PORT}`,
    },
  },
});
