import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInAsAdmin } from './fixtures';
import { pickClient } from './pick-client';

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(path, { headers: { authorization: `Token ${token}` } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as T;
}

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n);

test.describe('admin overview', () => {
  test('shows the greeting, the four cards with the real numbers and every section', async ({ page }) => {
    const token = await signInAsAdmin(page);
    const stats = await apiGet<{ total_revenue: number; active_clients: number; pending_tasks: number; overdue_payments: number }>(
      page.request,
      token,
      '/api/dashboard/stats/',
    );
    await page.goto('/dashboard#overview');
    await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();

    const card = (label: string) => page.locator('div.rounded-xl', { has: page.getByText(label, { exact: true }) }).first();
    await expect(card('Monthly Revenue')).toContainText(usd(stats.total_revenue));
    await expect(card('Monthly Revenue')).toContainText('vs last month');
    await expect(card('Active Clients')).toContainText(String(stats.active_clients));
    await expect(card('Active Clients')).toContainText('this week');
    await expect(card('Pending Tasks')).toContainText(String(stats.pending_tasks));
    await expect(card('Overdue Payments')).toContainText(String(stats.overdue_payments));

    for (const title of ['Recent Tasks', 'Client Status', 'Content Pending Approval', 'Recent Invoices', 'Quick Actions']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByRole('list', { name: 'Recent tasks' }).getByRole('listitem')).toHaveCount(5);
    await expect(page.getByRole('list', { name: 'Client status' }).getByRole('listitem')).toHaveCount(5);
    await expect(page.getByRole('list', { name: 'Content pending approval' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(6);

    // Client details modal
    await page.getByRole('list', { name: 'Client status' }).getByRole('button', { name: /^Details of/ }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Monthly fee')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('marks a pending invoice paid, then offers its PDF', async ({ page }) => {
    const token = await signInAsAdmin(page);
    const { results } = await apiGet<{ results: { id: number; invoice_number: string; status: string }[] }>(
      page.request,
      token,
      '/api/invoices/?page_size=5',
    );
    const pending = results.find((i) => i.status === 'pending');
    expect(pending, 'the demo data has a pending invoice among the latest five').toBeTruthy();
    await page.goto('/dashboard#overview');
    await page.getByRole('button', { name: `Mark invoice ${pending!.invoice_number} paid` }).click();
    await expect(page.getByText(`Invoice ${pending!.invoice_number} marked as paid`)).toBeVisible();
    const download = page.getByRole('button', { name: `Download invoice ${pending!.invoice_number}` });
    await expect(download).toBeVisible();
    const after = await apiGet<{ status: string }>(page.request, token, `/api/invoices/${pending!.id}/`);
    expect(after.status).toBe('paid');

    const file = page.waitForEvent('download');
    await download.click();
    expect((await file).suggestedFilename()).toMatch(/\.pdf$/);
  });

  test('approves a content item pending approval', async ({ page }) => {
    const token = await signInAsAdmin(page);
    const { results } = await apiGet<{ results: { id: number; client_name: string }[] }>(
      page.request,
      token,
      '/api/content/?status=pending-approval&page_size=3',
    );
    const first = results[0]!;
    await page.goto('/dashboard#overview');
    const item = page.getByRole('list', { name: 'Content pending approval' }).getByRole('listitem').first();
    await expect(item).toContainText(first.client_name);
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(`Content for ${first.client_name} approved`)).toBeVisible();
    const after = await apiGet<{ status: string; approved_by_name: string | null }>(page.request, token, `/api/content/${first.id}/`);
    expect(after.status).toBe('approved');
    expect(after.approved_by_name).toBeTruthy();
  });

  test('New Task creates a task that shows first in Recent Tasks; the inline select changes its status', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/dashboard#overview');
    await page.getByRole('button', { name: 'New Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Task' });
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Client is required')).toBeVisible();

    const title = `E2E task ${Date.now()}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Written by the overview e2e spec');
    await pickClient(dialog);
    await dialog.getByLabel('Assigned to').selectOption({ index: 1 });
    await expect(dialog.getByLabel('Priority')).toHaveValue('medium');
    await dialog.getByLabel('Due date').fill('2031-05-01T10:30');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(page.getByText(`Task "${title}" created`)).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('list', { name: 'Recent tasks' }).getByRole('listitem').first();
    await expect(row).toContainText(title);
    await row.getByRole('combobox', { name: `Status of ${title}` }).selectOption('review');
    await expect(page.getByText('Task moved to Review')).toBeVisible();
  });

  test('New Invoice creates an invoice with a server-issued number', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/dashboard#overview');
    await page.getByRole('button', { name: 'New Invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Invoice' });
    await pickClient(dialog);
    await dialog.getByLabel('Amount (USD)').fill('1234.56');
    await dialog.getByLabel('Due date').fill('2031-06-30');
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(page.getByText(/Invoice INV-\S+ created for \$1,234\.56/)).toBeVisible();
    await expect(page.getByRole('table')).toContainText('$1,234.56');
  });

  test('Add New Client quick action opens the Add modal on the Clients screen', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/dashboard#overview');
    await page.getByRole('button', { name: /Add New Client/ }).click();
    await expect(page).toHaveURL(/#clients$/);
    await expect(page.getByRole('dialog', { name: 'Add New Client' })).toBeVisible();
  });

  test('a failed load shows Error Loading Dashboard with Try Again', async ({ page }) => {
    await signInAsAdmin(page);
    let fail = true;
    await page.route('**/api/dashboard/stats/', (route) =>
      fail
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'Stats are down', code: 'x' }) })
        : route.continue(),
    );
    await page.goto('/dashboard#overview');
    await expect(page.getByRole('heading', { name: 'Error Loading Dashboard' })).toBeVisible();
    await expect(page.getByText('Stats are down')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText('Monthly Revenue')).toBeVisible();
  });
});
