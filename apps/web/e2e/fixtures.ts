import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type APIResponse, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import type { TClient, TClientForm, TContent, TCreateContent, TInvoice, TInvoiceForm, TTask, TTaskForm, TUser } from '@agency/contract';
import { E2E_ADMIN_SIGNUP_CODE, lockDirOf } from './env';

/**
 * Playwright fixtures: every test registers its own admin (and client logins, clients, tasks, content, invoices)
 * through the real API, with names that carry the test's `uid`, so tests never share rows and can run in parallel.
 * Lists are global for admins: scope what you count by searching or filtering for `uid` (or the created name).
 */

/** The seeded demo accounts. Only specs about the demo data itself may use them, and only to read (never to change them). */
export const DEMO_ADMIN = { email: 'admin@demo.agency', password: 'DemoAdmin123' } as const;

export const ADMIN_SECTIONS = ['Overview', 'Clients', 'Tasks', 'Content', 'Performance', 'Messages', 'Invoices', 'Orders', 'Settings'];
export const CLIENT_SECTIONS = ['Overview', 'Content', 'Performance', 'Messages', 'Billing', 'Team', 'Settings'];

/** The password of every account the fixtures register. */
export const E2E_PASSWORD = 'Quiet-harbor-lantern-7';

const DAY_MS = 86_400_000;

/** A login made by a fixture: the API's session plus what was typed to create it. */
export interface TSession {
  token: string;
  user: TUser;
  email: string;
  password: string;
  name: string;
}

/** A client login; its client record (made by the sign-up) is `user.client_id`. */
export interface TClientSession extends TSession {
  clientId: number;
}

/** A page of a list endpoint. */
export interface TPageOf<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Unique in the run: 10 lower-case letters and digits (time, then random). */
export function newUid(): string {
  return `${Date.now().toString(36).slice(-6)}${randomBytes(3).toString('hex').slice(0, 4)}`;
}

/** A unique e-mail per call so sign-ups never collide. */
export function uniqueEmail(prefix = 'client'): string {
  return `${prefix}-${newUid()}@e2e.test`;
}

/** `YYYY-MM-DD`, `days` from today (negative: in the past). */
export function dateFromToday(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A closed connection per call. Playwright's request context keeps idle sockets for reuse longer than the
 * server's 5 s keep-alive, and a request sent on a socket the server is closing fails with ECONNRESET.
 */
export const NO_REUSE = { connection: 'close' } as const;

async function expectStatus(res: APIResponse, status: number, what: string): Promise<void> {
  if (res.status() !== status) expect(res.status(), `${what}: ${await res.text()}`).toBe(status);
}

/** Registers an account through POST /api/auth/register/ (admins with the e2e invite code). */
export async function register(
  request: APIRequestContext,
  input: { role: 'admin' | 'client'; name: string; email: string; company: string },
): Promise<TSession> {
  const data = { ...input, password: E2E_PASSWORD, ...(input.role === 'admin' ? { admin_code: E2E_ADMIN_SIGNUP_CODE } : {}) };
  const res = await request.post('/api/auth/register/', { data, headers: NO_REUSE });
  await expectStatus(res, 201, `register ${input.role} ${input.email}`);
  const session = (await res.json()) as { token: string; user: TUser };
  return { ...session, email: input.email, password: E2E_PASSWORD, name: input.name };
}

/** Signs in through the API (POST /api/auth/login/). */
export async function login(request: APIRequestContext, email: string, password: string): Promise<{ token: string; user: TUser }> {
  const res = await request.post('/api/auth/login/', { data: { email, password }, headers: NO_REUSE });
  await expectStatus(res, 200, `login ${email}`);
  return (await res.json()) as { token: string; user: TUser };
}

/** The API as one signed-in user, plus builders for the rows a test needs (named after the test's uid). */
export class AgencyApi {
  private seq = 0;

  constructor(
    private readonly request: APIRequestContext,
    readonly token: string,
    readonly uid: string,
  ) {}

  /** The same API as another user (e.g. a client login of this test). */
  as(session: { token: string }): AgencyApi {
    return new AgencyApi(this.request, session.token, this.uid);
  }

  /** `${label} ${n} ${uid}`: unique in the run, and no name of this test is the prefix of another. */
  name(label: string): string {
    this.seq += 1;
    return `${label} ${this.seq} ${this.uid}`;
  }

  private headers() {
    return { authorization: `Token ${this.token}`, ...NO_REUSE };
  }

  async get<T>(url: string): Promise<T> {
    const res = await this.request.get(url, { headers: this.headers() });
    await expectStatus(res, 200, `GET ${url}`);
    return (await res.json()) as T;
  }

  async post<T>(url: string, data?: unknown, status = 201): Promise<T> {
    const res = await this.request.post(url, { headers: this.headers(), data });
    await expectStatus(res, status, `POST ${url}`);
    return (await res.json()) as T;
  }

  async patch<T>(url: string, data: unknown): Promise<T> {
    const res = await this.request.patch(url, { headers: this.headers(), data });
    await expectStatus(res, 200, `PATCH ${url}`);
    return (await res.json()) as T;
  }

  /** A client (POST /api/clients/): active, starter, $1,500 unless `input` says otherwise. */
  createClient(input: Partial<TClientForm> = {}): Promise<TClient> {
    const name = input.name ?? this.name('Client');
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const body: TClientForm = { name, email: `${slug}@e2e.test`, company: `${name} Co`, monthly_fee: 1500, ...input };
    return this.post<TClient>('/api/clients/', body);
  }

  /** A task of `client` (POST /api/tasks/): pending, high priority, due 2031-01-10, assigned to "E2E Runner" (no user, so nobody is notified). */
  createTask(client: number, input: Partial<TTaskForm> = {}): Promise<TTask> {
    const body: TTaskForm = {
      title: this.name('Task'),
      description: 'Made by the e2e suite',
      client,
      assigned_to: 'E2E Runner',
      priority: 'high',
      status: 'pending',
      due_date: '2031-01-10T10:00:00.000Z',
      ...input,
    };
    return this.post<TTask>('/api/tasks/', body);
  }

  /** A content item of `client` (POST /api/content/): Instagram, pending approval, scheduled in five days. */
  createContent(client: number, input: Partial<TCreateContent> = {}): Promise<TContent> {
    const body: TCreateContent = {
      client,
      platform: 'instagram',
      content: this.name('Post'),
      scheduled_date: new Date(Date.now() + 5 * DAY_MS).toISOString(),
      status: 'pending-approval',
      ...input,
    };
    return this.post<TContent>('/api/content/', body);
  }

  /** A pending invoice of `client` (POST /api/invoices/): $250, due in 14 days, described with the uid. */
  createInvoice(client: number, input: Partial<TInvoiceForm> = {}): Promise<TInvoice> {
    const body: TInvoiceForm = { client, amount: 250, due_date: dateFromToday(14), description: this.name('Invoice'), ...input };
    return this.post<TInvoice>('/api/invoices/', body);
  }

  markInvoicePaid(id: number): Promise<TInvoice> {
    return this.post<TInvoice>(`/api/invoices/${id}/mark_paid/`, undefined, 200);
  }
}

/**
 * A browser context signed in as `session`: its localStorage holds `auth_token` and `user` the way the app stores
 * them after signing in, before the first page loads (so a test goes straight to the screen it tests).
 */
export async function signedInContext(
  browser: Browser,
  baseURL: string | undefined,
  session: { token: string; user: TUser },
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  expect(baseURL, 'use.baseURL is set in playwright.config.ts').toBeTruthy();
  const localStorage = [
    { name: 'auth_token', value: session.token },
    { name: 'user', value: JSON.stringify(session.user) },
  ];
  return browser.newContext({ baseURL, ...options, storageState: { cookies: [], origins: [{ origin: new URL(baseURL!).origin, localStorage }] } });
}

/**
 * Follows the JSON bodies of the page's successful GET responses for `pathname` and returns a getter for the latest one.
 * For screens that show global numbers: other tests change them at any time, so a test compares the screen with what
 * the server last sent it rather than with a separate request.
 */
export function latestJson<T>(page: Page, pathname: string): () => T | undefined {
  let received = 0;
  let stored = 0;
  let latest: T | undefined;
  page.on('response', (res) => {
    if (res.request().method() !== 'GET' || !res.ok() || new URL(res.url()).pathname !== pathname) return;
    const seq = ++received;
    res.json().then(
      (body: unknown) => {
        if (seq > stored) {
          stored = seq;
          latest = body as T;
        }
      },
      () => undefined, // the page navigated away before the body was read
    );
  });
  return () => latest;
}

export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

export async function expectSidebar(page: Page, labels: string[]): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link')).toHaveText(labels);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits for the named lock of this run (a file created exclusively); returns how long it waited. */
async function acquireLock(name: string): Promise<{ file: string; waitedMs: number }> {
  const dir = lockDirOf(process.env.E2E_DATA_DIR ?? path.join(process.cwd(), 'test-results', 'e2e'));
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}.lock`);
  const started = Date.now();
  for (;;) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return { file, waitedMs: Date.now() - started };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    // A worker that died while holding the lock cannot release it: take it over.
    const holder = Number(await readFile(file, 'utf8').catch(() => '0'));
    if (holder > 0 && holder !== process.pid && !isAlive(holder)) await rm(file, { force: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface TFixtures {
  /** Unique per test; part of every name the fixtures make. Search or filter by it to see only this test's rows. */
  uid: string;
  /** A fresh admin of this test (registered with the e2e invite code). */
  admin: TSession;
  /** The API as `admin`, with builders for clients, tasks, content and invoices. */
  api: AgencyApi;
  /** A fresh client login of this test; the sign-up made its client record (`clientId`, named `clientLogin.name`). */
  clientLogin: TClientSession;
  /** A page of its own browser context, signed in as `admin` (nothing loaded yet). */
  adminPage: Page;
  /** A page of another browser context, signed in as `clientLogin` (nothing loaded yet). */
  clientPage: Page;
  /**
   * Runs the rest of the test alone among the tests that take the same lock (all workers), until the test ends.
   * For effects no search can scope: every admin is notified of every client message and contact lead.
   */
  exclusive: (lock: 'admin-notifications') => Promise<void>;
}

export const test = base.extend<TFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern; none here.
  uid: async ({}, provide) => {
    await provide(newUid());
  },

  admin: async ({ request, uid }, provide) => {
    await provide(await register(request, { role: 'admin', name: `Admin ${uid}`, email: `admin-${uid}@e2e.test`, company: `Agency ${uid}` }));
  },

  api: async ({ request, admin, uid }, provide) => {
    await provide(new AgencyApi(request, admin.token, uid));
  },

  clientLogin: async ({ request, uid }, provide) => {
    const session = await register(request, { role: 'client', name: `Client ${uid}`, email: `client-${uid}@e2e.test`, company: `Company ${uid}` });
    expect(session.user.client_id, 'a client sign-up makes its client record').not.toBeNull();
    await provide({ ...session, clientId: session.user.client_id! });
  },

  adminPage: async ({ browser, baseURL, admin }, provide) => {
    const context = await signedInContext(browser, baseURL, admin);
    await provide(await context.newPage());
    await context.close();
  },

  clientPage: async ({ browser, baseURL, clientLogin }, provide) => {
    const context = await signedInContext(browser, baseURL, clientLogin);
    await provide(await context.newPage());
    await context.close();
  },

  // eslint-disable-next-line no-empty-pattern -- as above: no other fixture needed.
  exclusive: async ({}, provide, testInfo) => {
    const held: string[] = [];
    await provide(async (lock) => {
      const { file, waitedMs } = await acquireLock(lock);
      held.push(file);
      // Waiting for another test is not this test's time.
      testInfo.setTimeout(testInfo.timeout + waitedMs);
    });
    for (const file of held) await rm(file, { force: true });
  },
});

export { expect };

/**
 * Opens a prerendered public page and waits until it is hydrated: until then its buttons have no handlers and a
 * click is lost. The header's menu button (enabled only once hydrated) tells.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** After a reload or a full navigation to a prerendered public page: see `gotoHydrated`. */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('button[aria-controls="mobile-menu"]')).toBeEnabled();
}
