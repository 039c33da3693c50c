import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ADMIN, signInThroughApi } from './fixtures';

const DEMO_CLIENT = { email: 'client@demo.agency', password: 'DemoClient123' } as const;

interface TSession {
  token: string;
  user: { id: number; client_id: number | null };
}

async function login(request: APIRequestContext, creds: { email: string; password: string }): Promise<TSession> {
  const res = await request.post('/api/auth/login/', { data: creds });
  expect(res.status()).toBe(200);
  return (await res.json()) as TSession;
}

/** Logs in through the API and stores the session the way the app does. */
function signIn(page: Page, creds: { email: string; password: string }): Promise<TSession> {
  return signInThroughApi<TSession['user']>(page, creds.email, creds.password);
}

async function unreadCount(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/notifications/?page_size=1', { headers: { authorization: `Token ${token}` } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { unread_count: number }).unread_count;
}

const badge = (page: Page) => page.getByTestId('notification-badge');
const bell = (page: Page) => page.getByTestId('notification-bell');
const badgeText = (n: number) => (n > 9 ? '9+' : String(n));

test.describe('notifications', () => {
  test('admin: the bell counts the unread notifications, lists them, and Mark all as read clears the badge', async ({ page }) => {
    const { token } = await signIn(page, DEMO_ADMIN);
    const unread = await unreadCount(page.request, token);
    expect(unread).toBeGreaterThan(0);

    await page.goto('/dashboard#overview');
    await expect(badge(page)).toHaveText(badgeText(unread));
    await expect(bell(page)).toHaveAccessibleName(`Notifications, ${unread} unread`);

    await bell(page).click();
    const menu = page.getByRole('menu', { name: 'Notifications' });
    await expect(menu).toBeVisible();
    await expect(menu.getByTestId('bell-notification').first()).toBeVisible();
    await expect(menu.getByText('New message', { exact: true }).first()).toBeVisible();
    await expect(menu.getByText(/^(Just now|\d+[mhd] ago|[A-Z][a-z]{2} \d+, \d{4})$/).first()).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'View all notifications' })).toBeVisible();

    await menu.getByRole('menuitem', { name: 'Mark all as read' }).click();
    await expect(badge(page)).toHaveCount(0);
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect.poll(() => unreadCount(page.request, token)).toBe(0);

    // Clicking an item jumps by its notification_type: info → #messages.
    await menu.getByRole('menuitem', { name: /New message/ }).first().click();
    await expect(page).toHaveURL(/\/dashboard#messages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  });

  test('client: a notification created by an admin raises the count, shows a toast, and opens its section', async ({ page, playwright }) => {
    test.setTimeout(90_000);
    const client = await signIn(page, DEMO_CLIENT);
    expect(client.user.client_id).not.toBeNull();
    const before = await unreadCount(page.request, client.token);

    await page.goto('/dashboard#overview');
    if (before > 0) await expect(badge(page)).toHaveText(badgeText(before));
    else await expect(bell(page)).toHaveAccessibleName('Notifications');
    // The backlog at sign-in never becomes toasts.
    await expect(page.getByTestId('notification-toast')).toHaveCount(0);

    // An admin issues an invoice to the demo client: the server notifies the client.
    const adminApi = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const admin = await login(adminApi, DEMO_ADMIN);
    const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const created = await adminApi.post('/api/invoices/', {
      headers: { authorization: `Token ${admin.token}` },
      data: { client: client.user.client_id, amount: 250, due_date: due, description: 'E2E notification check' },
    });
    expect(created.status()).toBe(201);
    await adminApi.dispose();
    expect(await unreadCount(page.request, client.token)).toBe(before + 1);

    // Pushed by the socket at once, or picked up by the 30 s fallback poll while it is down.
    const toast = page.getByTestId('notification-toast');
    await expect(toast).toHaveCount(1, { timeout: 40_000 });
    await expect(toast).toContainText('New invoice');
    await expect(toast).toContainText('Just now');
    await expect(badge(page)).toHaveText(badgeText(before + 1));

    // The toast hides by itself after 5 seconds.
    await expect(toast).toHaveCount(0, { timeout: 8_000 });

    // Clicking the item marks it read and jumps to its link (#billing for invoices).
    await bell(page).click();
    await page.getByRole('menu', { name: 'Notifications' }).getByRole('menuitem', { name: /New invoice/ }).first().click();
    await expect(page).toHaveURL(/\/dashboard#billing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect.poll(() => unreadCount(page.request, client.token)).toBe(before);
    if (before > 0) await expect(badge(page)).toHaveText(badgeText(before));
    else await expect(badge(page)).toHaveCount(0);
  });

  test('#notifications lists everything, filters unread, removes one and clears all after confirming', async ({ page }) => {
    const { token } = await signIn(page, DEMO_CLIENT);
    const unread = await unreadCount(page.request, token);

    await page.goto('/dashboard#overview');
    await bell(page).click();
    await page.getByRole('menuitem', { name: 'View all notifications' }).click();
    await expect(page).toHaveURL(/\/dashboard#notifications$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Notifications' })).toBeVisible();

    const rows = page.getByTestId('notification-row');
    await expect(rows.first()).toBeVisible();
    const total = await rows.count();
    expect(total).toBeGreaterThan(0);
    await expect(page.getByText('New invoice', { exact: true }).first()).toBeVisible();

    // Unread filter is sent to the API and kept in the URL.
    await page.getByRole('tab', { name: /^Unread/ }).click();
    await expect(page).toHaveURL(/filter=unread.*#notifications$/);
    if (unread === 0) await expect(page.getByText('No unread notifications')).toBeVisible();
    else await expect(rows).toHaveCount(unread);
    await page.reload();
    await expect(page.getByRole('tab', { name: /^Unread/ })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'All' }).click();
    await expect(rows).toHaveCount(total);

    // Remove one.
    await rows.first().getByRole('button', { name: /^Remove notification/ }).click();
    await expect(page.getByText('Notification removed')).toBeVisible();
    await expect(rows).toHaveCount(total - 1);

    // Clear all asks first.
    await page.getByRole('button', { name: 'Clear all' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to clear all notifications?');
    await dialog.getByRole('button', { name: 'Clear all' }).click();
    await expect(page.getByRole('heading', { name: 'No notifications yet' })).toBeVisible();
    await expect(badge(page)).toHaveCount(0);

    await bell(page).click();
    await expect(page.getByRole('menu', { name: 'Notifications' }).getByText('No notifications yet')).toBeVisible();
  });

  test('an unknown hash still falls back to overview', async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    await page.goto('/dashboard#nope');
    await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
  });
});
