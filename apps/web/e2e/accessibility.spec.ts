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
 * page"): no serious or critical violation of WCAG 2.1 A/AA or axe's best practices, Label in Name and colour
 * contrast included (e2e/axe.ts). Each role × viewport is one walk that visits every page once, with the menus,
 * drawers and dialogs of its sections opened on the way; each page is a step, and axe's findings are soft, so a
 * failing walk names every screen that failed. The dashboards are checked with rows in every list, seeded once per
 * worker. The sections' loading states are checked in component tests (app/dashboard-a11y.test.tsx).
 */

/** A walk's time grows with its pages: this much per page (or per opened menu or dialog) on a loaded 2-core machine. */
const SECONDS_PER_CHECK = 15;

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
  for (const viewport of ['desktop', 'phone'] as const) {
    test(`every public page on ${viewport}`, async ({ browser }, testInfo) => {
      const pages = PUBLIC_PAGES.filter((p) => viewport === 'desktop' || p.phone);
      test.setTimeout(pages.length * SECONDS_PER_CHECK * 1000);
      // One context for the walk (its cache serves every page after the first), a page of its own per step.
      const context = await browser.newContext();
      try {
        for (const { path, heading, setup, open, label = path } of pages) {
          await test.step(label, async () => {
            const page = await context.newPage();
            try {
              if (viewport === 'phone') await page.setViewportSize(PHONE.viewport!);
              await setup?.(page);
              await page.goto(path);
              await open?.(page);
              await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
              await expectSettled(page);
              await expectNoSeriousAxeViolations(page, testInfo, `${label} (${viewport})`, { soft: true });
            } finally {
              // What one page stored (a cart) does not leak into the next.
              await page.evaluate(() => window.localStorage.clear()).catch(() => undefined);
              await page.close();
            }
          });
        }
      } finally {
        await context.close();
      }
    });
  }
});

/** Section ids are the sidebar labels in lower case (layout/nav.ts), plus #notifications (reached from the bell). */
const SECTIONS: Record<TRole, { id: string; title: string }[]> = {
  admin: [...ADMIN_SECTIONS.map((title) => ({ id: title.toLowerCase(), title })), { id: 'notifications', title: 'Dashboard' }],
  client: [...CLIENT_SECTIONS.map((title) => ({ id: title.toLowerCase(), title })), { id: 'notifications', title: 'Dashboard' }],
};

/**
 * Menus, drawers and dialogs: what a section shows after a click (axe sees only what is rendered): `click` opens it,
 * `shows` is visible once it is open; Escape closes it again.
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

/** A state that stays in the page once opened (the calendar view) is left as it is; the others close with Escape. */
const STAYS_OPEN = new Set(['the content calendar']);

for (const role of ['admin', 'client'] as const) {
  for (const viewport of ['desktop', 'phone'] as const) {
    test(`accessibility: the ${role} dashboard on ${viewport}, every section with its menus and dialogs`, async ({ seeded, exclusive }, testInfo) => {
      const openStates = OPEN_STATES.filter((s) => s.role === role && s.viewport === viewport);
      // Before the lock below: waiting for it is added to this timeout.
      test.setTimeout((SECTIONS[role].length + openStates.length) * SECONDS_PER_CHECK * 1000);
      if (role === 'admin') {
        // An unread message from the client: a row in the admin's Messages and a notification in the bell. It notifies
        // every admin, so it is sent under the lock that keeps it away from the tests counting admin notifications.
        await exclusive('admin-notifications');
        await seeded.clientApi.post('/api/messages/send-to-admin/', { content: `A question about next week, ${seeded.uid}` });
      }
      const sections = SECTIONS[role];
      const page = await (await seeded.context(role, viewport)).newPage();
      try {
        for (const { id, title } of sections) {
          await test.step(`#${id}`, async () => {
            await page.goto(`/dashboard#${id}`);
            await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
            await expectSettled(page);
            await expectNoSeriousAxeViolations(page, testInfo, `${role} #${id} (${viewport})`, { soft: true });
            for (const state of openStates.filter((s) => s.section === id)) {
              await state.click(page).click();
              await expect(state.shows(page)).toBeVisible();
              await expectSettled(page);
              await expectNoSeriousAxeViolations(page, testInfo, `${role} #${id}, ${state.name} (${viewport})`, { soft: true });
              if (STAYS_OPEN.has(state.name)) continue;
              await page.keyboard.press('Escape');
              await expect(state.shows(page)).toBeHidden();
            }
          });
        }
      } finally {
        await page.close();
      }
    });
  }
}
