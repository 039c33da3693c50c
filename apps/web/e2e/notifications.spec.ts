import type { Page } from '@playwright/test';
import type { TNotification } from '@agency/contract';
import { expect, test, type AgencyApi, type TPageOf } from './fixtures';

type TNotificationList = TPageOf<TNotification> & { unread_count: number };

async function unreadCount(api: AgencyApi): Promise<number> {
  return (await api.get<TNotificationList>('/api/notifications/?page_size=1')).unread_count;
}

const badge = (page: Page) => page.getByTestId('notification-badge');
const bell = (page: Page) => page.getByTestId('notification-bell');
const badgeText = (n: number) => (n > 9 ? '9+' : String(n));

test.describe('notifications', () => {
  test('admin: the bell counts the unread notifications, lists them, and Mark all as read clears the badge', async ({
    adminPage: page,
    api,
    clientLogin,
    uid,
    exclusive,
  }) => {
    // Every admin is notified of every client message and lead: no other test may cause one while this one counts.
    await exclusive('admin-notifications');
    // Our client writes to the agency twice: every admin, ours included, gets a "New message" notification.
    const clientApi = api.as(clientLogin);
    for (const n of [1, 2]) await clientApi.post('/api/messages/send-to-admin/', { content: `Question ${n} ${uid}` });
    const unread = await unreadCount(api);
    // At least ours (more if another test's client wrote after our admin signed up, before we took the lock).
    expect(unread).toBeGreaterThanOrEqual(2);

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
    await expect.poll(() => unreadCount(api)).toBe(0);

    // Clicking a message's notification opens its conversation.
    await menu.getByRole('menuitem', { name: /New message/ }).first().click();
    await expect(page).toHaveURL(new RegExp(`/dashboard\\?c=${clientLogin.clientId}#messages$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  });

  test('client: a notification created by an admin raises the count, shows a toast, and opens its section', async ({
    clientPage: page,
    clientLogin,
    api,
  }) => {
    test.setTimeout(90_000);
    const clientApi = api.as(clientLogin);
    // A fresh client login has no notifications yet.
    expect(await unreadCount(clientApi)).toBe(0);

    // The bell's first read of the list is what it knows at sign-in (the backlog); a notification made
    // before that answer arrives would count as backlog, so the invoice waits for it.
    const firstRead = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/notifications/' && r.request().method() === 'GET' && r.ok(),
    );
    await page.goto('/dashboard#overview');
    await firstRead;
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(badge(page)).toHaveCount(0);
    // The backlog at sign-in never becomes toasts.
    await expect(page.getByTestId('notification-toast')).toHaveCount(0);

    // The admin issues an invoice to the client: the server notifies the client.
    await api.createInvoice(clientLogin.clientId, { description: 'E2E notification check' });
    expect(await unreadCount(clientApi)).toBe(1);

    // Pushed by the socket at once, or picked up by the 30 s fallback poll while it is down.
    const toast = page.getByTestId('notification-toast');
    await expect(toast).toHaveCount(1, { timeout: 40_000 });
    await expect(toast).toContainText('New invoice');
    await expect(toast).toContainText('Just now');
    await expect(badge(page)).toHaveText('1');

    // The toast hides by itself after 5 seconds.
    await expect(toast).toHaveCount(0, { timeout: 8_000 });

    // Clicking the item marks it read and jumps to its link (#billing for invoices).
    await bell(page).click();
    await page.getByRole('menu', { name: 'Notifications' }).getByRole('menuitem', { name: /New invoice/ }).first().click();
    await expect(page).toHaveURL(/\/dashboard#billing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect.poll(() => unreadCount(clientApi)).toBe(0);
    await expect(badge(page)).toHaveCount(0);
  });

  test('#notifications lists everything, filters unread, removes one and clears all after confirming', async ({
    clientPage: page,
    clientLogin,
    api,
  }) => {
    // Three invoices give the client three notifications; one is read.
    for (let i = 0; i < 3; i++) await api.createInvoice(clientLogin.clientId);
    const clientApi = api.as(clientLogin);
    const { results } = await clientApi.get<TNotificationList>('/api/notifications/');
    expect(results).toHaveLength(3);
    await clientApi.post(`/api/notifications/${results[0]!.id}/mark_read/`, undefined, 200);
    const total = 3;
    const unread = 2;
    expect(await unreadCount(clientApi)).toBe(unread);

    await page.goto('/dashboard#overview');
    await bell(page).click();
    await page.getByRole('menuitem', { name: 'View all notifications' }).click();
    await expect(page).toHaveURL(/\/dashboard#notifications$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Notifications' })).toBeVisible();

    const rows = page.getByTestId('notification-row');
    await expect(rows).toHaveCount(total);
    await expect(page.getByText('New invoice', { exact: true }).first()).toBeVisible();

    // Unread filter is sent to the API and kept in the URL.
    await page.getByRole('tab', { name: /^Unread/ }).click();
    await expect(page).toHaveURL(/filter=unread.*#notifications$/);
    await expect(rows).toHaveCount(unread);
    await page.reload();
    await expect(page.getByRole('tab', { name: /^Unread/ })).toHaveAttribute('aria-selected', 'true');
    await expect(rows).toHaveCount(unread);
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

  test('an unknown hash still falls back to overview', async ({ adminPage: page }) => {
    await page.goto('/dashboard#nope');
    await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
  });
});
