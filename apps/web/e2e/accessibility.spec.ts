import type { BrowserContext, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import {
  ADMIN_SECTIONS,
  AgencyApi,
  CLIENT_SECTIONS,
  dateFromToday,
  expect,
  newUid,
  register,
  signedInContext,
  test as base,
  type TClientSession,
  type TSession,
} from './fixtures';

/**
 * axe on every public page and on every dashboard section of both roles (ARCHITECTURE.md: "an axe check on every
 * page"): no serious or critical violation of WCAG 2.1 A/AA or axe's best practices, Label in Name included
 * (e2e/axe.ts). One test per page and section so a failure names its screen; the dashboards are checked with rows
 * in every list, seeded once per worker, through signed-in browser contexts the worker keeps.
 */

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const VIEWPORTS = { desktop: {}, phone: PHONE } satisfies Record<string, BrowserContextOptions>;
type TViewport = keyof typeof VIEWPORTS;
type TRole = 'admin' | 'client';

/** What one worker seeded (an admin, a client login with rows of every kind) and signed-in contexts on demand. */
interface TSeeded {
  uid: string;
  /** The API as the client login. */
  clientApi: AgencyApi;
  context(role: TRole, viewport: TViewport): Promise<BrowserContext>;
}

/** Rows in every list both roles see: tasks of every status, content of every status, paid/pending/overdue invoices, a conversation. */
async function seedRows(api: AgencyApi, admin: TSession, client: TClientSession): Promise<void> {
  const id = client.clientId;
  await api.createClient();
  // Assigned to our admin: a "New task assigned" notification for the admin's bell and #notifications.
  await api.createTask(id, { assigned_to: admin.name, assigned_to_user: admin.user.id });
  for (const status of ['in-progress', 'review', 'completed'] as const) await api.createTask(id, { status, priority: 'medium' });
  for (const [status, platform] of [
    ['draft', 'instagram'],
    ['pending-approval', 'tiktok'],
    ['approved', 'youtube'],
    ['posted', 'instagram'],
  ] as const) {
    await api.createContent(id, { status, platform });
  }
  await api.markInvoicePaid((await api.createInvoice(id)).id);
  await api.createInvoice(id);
  await api.createInvoice(id, { due_date: dateFromToday(-10) });
  // The admin writes first: the client gets a conversation (and a notification) without every admin being notified.
  await api.post('/api/messages/send-to-client/', { client_id: id, content: `Welcome aboard, ${client.name}! Your first posts are ready for review.` });
}

const test = base.extend<object, { seeded: TSeeded }>({
  seeded: [
    async ({ browser, playwright }, provide, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      const request = await playwright.request.newContext({ baseURL });
      const uid = newUid();
      const admin = await register(request, { role: 'admin', name: `Axe Admin ${uid}`, email: `axe-admin-${uid}@e2e.test`, company: `Agency ${uid}` });
      const clientSession = await register(request, { role: 'client', name: `Axe Client ${uid}`, email: `axe-client-${uid}@e2e.test`, company: `Company ${uid}` });
      const client = { ...clientSession, clientId: clientSession.user.client_id! };
      const api = new AgencyApi(request, admin.token, uid);
      await seedRows(api, admin, client);

      const contexts = new Map<string, BrowserContext>();
      await provide({
        uid,
        clientApi: api.as(client),
        async context(role, viewport) {
          const key = `${role}:${viewport}`;
          let context = contexts.get(key);
          if (!context) {
            context = await signedInContext(browser, baseURL, role === 'admin' ? admin : client, VIEWPORTS[viewport]);
            contexts.set(key, context);
          }
          return context;
        },
      });
      for (const context of contexts.values()) await context.close();
      await request.dispose();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** Every skeleton is marked aria-busy: none left means the screen shows its data (or its empty/error state). */
async function expectSettled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

type TPublicPage = {
  path: string;
  heading: string | RegExp;
  /** Also checked at phone width. The public pages share one layout: the phone set covers each kind of page. */
  phone?: boolean;
  /** Before the page loads. */
  setup?: (page: Page) => Promise<void>;
  /** After it loaded: brings it to the state to check (a form, a menu). */
  open?: (page: Page) => Promise<void>;
  label?: string;
};

const PUBLIC_PAGES: TPublicPage[] = [
  { path: '/', heading: /./, phone: true },
  {
    path: '/',
    label: '/ with the menu open',
    heading: /./,
    phone: true,
    open: async (page) => {
      if ((page.viewportSize()?.width ?? 1280) >= 1024) return; // the menu button is for narrow screens
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    },
  },
  { path: '/pricing', heading: 'Pricing' },
  { path: '/how-it-works', heading: /./ },
  { path: '/contact', heading: /./ },
  { path: '/about', heading: /./ },
  { path: '/services/instagram', heading: /Instagram/, phone: true },
  { path: '/services/tiktok', heading: /TikTok/ },
  { path: '/services/youtube', heading: /YouTube/ },
  { path: '/cart', heading: 'Your Cart is Empty' },
  {
    path: '/cart',
    label: '/cart with an item',
    heading: 'Shopping Cart',
    phone: true,
    setup: async (page) => {
      const line = { id: 'ig-growth', serviceId: 'instagram-growth', name: 'Instagram Growth', platform: 'instagram', features: [], price: 299, quantity: 1 };
      await page.addInitScript((cart) => window.localStorage.setItem('cart', cart), JSON.stringify([line]));
    },
  },
  { path: '/checkout', heading: /./ },
  // Without an order the confirmation has nothing to confirm (a typed ?status= is ignored); paid and failed orders: storefront.spec.ts.
  { path: '/order-confirmation?status=succeeded', heading: 'Order not found' },
  { path: '/blog', heading: /./ },
  { path: '/faq', heading: /./ },
  { path: '/privacy', heading: /./ },
  { path: '/terms', heading: /./ },
  { path: '/refund', heading: /./ },
  { path: '/cookies', heading: /./ },
  { path: '/auth', heading: 'Sign in to your account', phone: true },
  {
    path: '/auth',
    label: '/auth creating an account',
    heading: 'Create your account',
    open: async (page) => {
      await page.getByRole('button', { name: 'Sign up' }).click();
    },
  },
  { path: '/no-such-page', label: 'the not-found page', heading: /./, phone: true },
];

test.describe('accessibility: public pages', () => {
  for (const { path, heading, setup, open, label = path, phone } of PUBLIC_PAGES) {
    for (const viewport of phone ? (['desktop', 'phone'] as const) : (['desktop'] as const)) {
      test(`${label} on ${viewport}`, async ({ page }, testInfo) => {
        if (viewport === 'phone') await page.setViewportSize(PHONE.viewport!);
        await setup?.(page);
        await page.goto(path);
        await open?.(page);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectSettled(page);
        await expectNoSeriousAxeViolations(page, testInfo, `${label} (${viewport})`);
      });
    }
  }
});

/** Section ids are the sidebar labels in lower case (layout/nav.ts), plus #notifications (reached from the bell). */
const SECTIONS: Record<TRole, { id: string; title: string }[]> = {
  admin: [...ADMIN_SECTIONS.map((title) => ({ id: title.toLowerCase(), title })), { id: 'notifications', title: 'Dashboard' }],
  client: [...CLIENT_SECTIONS.map((title) => ({ id: title.toLowerCase(), title })), { id: 'notifications', title: 'Dashboard' }],
};

/** A page of the worker's signed-in context for `role`, on `/dashboard#section` with its data shown; closed after `body`. */
async function withSection(seeded: TSeeded, role: TRole, viewport: TViewport, section: string, body: (page: Page) => Promise<void>) {
  const title = SECTIONS[role].find((s) => s.id === section)?.title ?? 'Dashboard';
  const context = await seeded.context(role, viewport);
  const page = await context.newPage();
  try {
    await page.goto(`/dashboard#${section}`);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expectSettled(page);
    await body(page);
  } finally {
    await page.close();
  }
}

for (const role of ['admin', 'client'] as const) {
  for (const viewport of ['desktop', 'phone'] as const) {
    test.describe(`accessibility: ${role} dashboard on ${viewport}`, () => {
      for (const { id } of SECTIONS[role]) {
        test(`#${id}`, async ({ seeded, exclusive }, testInfo) => {
          if (role === 'admin' && id === 'messages') {
            // An unread message from the client in the admin's list. Every admin is notified of it: the lock keeps
            // it away from the tests that count admin notifications.
            await exclusive('admin-notifications');
            await seeded.clientApi.post('/api/messages/send-to-admin/', { content: `A question about next week, ${seeded.uid}` });
          }
          await withSection(seeded, role, viewport, id, (page) => expectNoSeriousAxeViolations(page, testInfo, `${role} #${id} (${viewport})`));
        });
      }
    });
  }
}

/**
 * Menus, drawers and dialogs: what a section shows after a click (axe sees only what is rendered): `click` opens it,
 * `shows` is visible once it is open.
 */
type TOpenState = { role: TRole; viewport: TViewport; section: string; name: string; click: (page: Page) => Locator; shows: (page: Page) => Locator };

const adminDialog = (section: string, button: string, dialog: string): TOpenState => ({
  role: 'admin',
  viewport: 'desktop',
  section,
  name: `the ${dialog} dialog`,
  click: (page) => page.getByRole('button', { name: button, exact: true }).first(),
  shows: (page) => page.getByRole('dialog', { name: dialog }),
});

const OPEN_STATES: TOpenState[] = [
  {
    role: 'admin',
    viewport: 'desktop',
    section: 'overview',
    name: 'the notification menu',
    click: (page) => page.getByTestId('notification-bell'),
    shows: (page) => page.getByRole('menu').getByTestId('bell-notification').first(),
  },
  {
    role: 'admin',
    viewport: 'phone',
    section: 'overview',
    name: 'the navigation drawer',
    click: (page) => page.getByRole('button', { name: 'Open menu' }),
    shows: (page) => page.getByTestId('sidebar-drawer'),
  },
  adminDialog('clients', 'Add New Client', 'Add New Client'),
  adminDialog('tasks', 'New Task', 'Create Task'),
  adminDialog('content', 'Create Content', 'Create Content'),
  adminDialog('invoices', 'New Invoice', 'Create New Invoice'),
  adminDialog('messages', 'New', 'Start New Conversation'),
  {
    role: 'admin',
    viewport: 'desktop',
    section: 'content',
    name: 'the content calendar',
    click: (page) => page.getByRole('button', { name: 'Calendar' }),
    shows: (page) => page.getByRole('grid'),
  },
  {
    role: 'client',
    viewport: 'desktop',
    section: 'messages',
    name: 'the Your Team dialog',
    click: (page) => page.getByRole('button', { name: 'Team Info' }),
    shows: (page) => page.getByRole('dialog', { name: 'Your Team' }),
  },
];

test.describe('accessibility: menus and dialogs', () => {
  for (const { role, viewport, section, name, click, shows } of OPEN_STATES) {
    test(`${role} #${section}: ${name} on ${viewport}`, async ({ seeded }, testInfo) => {
      await withSection(seeded, role, viewport, section, async (page) => {
        await click(page).click();
        await expect(shows(page)).toBeVisible();
        await expectSettled(page);
        await expectNoSeriousAxeViolations(page, testInfo, `${role} #${section}, ${name} (${viewport})`);
      });
    });
  }
});

/**
 * Loading states: the API holds its answers (all but the session's own requests), so each section shows its skeletons
 * (or, for a section not built yet, its placeholder).
 */
for (const role of ['admin', 'client'] as const) {
  test.describe(`accessibility: ${role} dashboard while loading`, () => {
    for (const { id } of SECTIONS[role]) {
      test(`#${id}`, async ({ seeded }, testInfo) => {
        const page = await (await seeded.context(role, 'desktop')).newPage();
        try {
          await page.route(
            (url) => url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/auth/'),
            () => undefined, // never answered while the page is open
          );
          await page.goto(`/dashboard#${id}`);
          // The section's chunk has loaded (the Suspense skeleton is gone): what shows now is its own loading state.
          await expect(page.getByRole('status').filter({ hasText: 'Loading section' })).toHaveCount(0);
          await expect(page.locator('main')).not.toBeEmpty();
          await expectNoSeriousAxeViolations(page, testInfo, `${role} #${id} while loading`);
        } finally {
          await page.close();
        }
      });
    }
  });
}
