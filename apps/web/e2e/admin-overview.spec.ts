import type { TContent, TDashboardStats, TTask } from '@agency/contract';
import { expect, latestJson, test, type AgencyApi, type TPageOf } from './fixtures';
import { pickClient } from './pick-client';

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n);

/**
 * The overview lists the newest few rows of everything, and these tests create rows in bursts (the first seeds five
 * of each kind): run this file's tests one after another so they cannot push each other's rows out of those lists.
 * They still run beside other files, which add rows a few at a time.
 */
test.describe.configure({ mode: 'default' });

/** The task with this exact title, through the search. */
async function taskNamed(api: AgencyApi, title: string): Promise<TTask> {
  const page = await api.get<TPageOf<TTask>>(`/api/tasks/?search=${encodeURIComponent(title)}`);
  const task = page.results.find((t) => t.title === title);
  expect(task, `task ${title}`).toBeDefined();
  return task!;
}

test.describe('admin overview', () => {
  test('shows the greeting, the four cards with the real numbers and every section', async ({ adminPage: page, api }) => {
    // Enough rows of this test for every list to be full (5 tasks, 5 clients, 3 pending content items, 5 invoices).
    const clients = [];
    for (let i = 0; i < 5; i++) clients.push(await api.createClient());
    const client = clients[0]!.id;
    for (let i = 0; i < 5; i++) await api.createTask(client);
    for (let i = 0; i < 3; i++) await api.createContent(client);
    for (let i = 0; i < 5; i++) await api.createInvoice(client);

    const stats = latestJson<TDashboardStats>(page, '/api/dashboard/stats/');
    await page.goto('/dashboard#overview');
    await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();

    // The cards count everything and other tests change that at any time: compare with the server's latest answer.
    const card = (label: string) => page.locator('div.rounded-xl', { has: page.getByText(label, { exact: true }) }).first();
    await expect(async () => {
      const s = stats();
      expect(s, 'the page loaded the stats').toBeDefined();
      await expect(card('Monthly Revenue')).toContainText(usd(s!.total_revenue), { timeout: 1_000 });
      await expect(card('Active Clients')).toContainText(String(s!.active_clients), { timeout: 1_000 });
      await expect(card('Pending Tasks')).toContainText(String(s!.pending_tasks), { timeout: 1_000 });
      await expect(card('Overdue Payments')).toContainText(String(s!.overdue_payments), { timeout: 1_000 });
    }).toPass();
    await expect(card('Monthly Revenue')).toContainText('collected this month');
    await expect(card('Active Clients')).toContainText('this week');

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

  test('Mark Paid records the payment (method, reference), then offers its PDF', async ({ adminPage: page, api, uid }) => {
    const client = await api.createClient();
    const pending = await api.createInvoice(client.id);
    await page.goto('/dashboard#overview');
    await page.getByRole('button', { name: `Mark Paid ${pending.invoice_number}` }).click();
    const record = page.getByRole('dialog', { name: `Record Payment · ${pending.invoice_number}` });
    await expect(record.getByLabel('Amount (USD)')).toHaveValue('250');
    await record.getByLabel('Method').selectOption('Bank transfer');
    await record.getByLabel('Reference').fill(`OVR ${uid}`);
    await record.getByRole('button', { name: 'Record Payment' }).click();
    await expect(page.getByText(`Payment of $250.00 recorded: invoice ${pending.invoice_number} is paid`)).toBeVisible();
    const download = page.getByRole('button', { name: `Download ${pending.invoice_number}` });
    await expect(download).toBeVisible();
    const after = await api.get<{ status: string }>(`/api/invoices/${pending.id}/`);
    expect(after.status).toBe('paid');
    const payments = await api.get<{ results: { method: string; reference: string }[] }>(`/api/invoices/${pending.id}/payments/`);
    expect(payments.results).toEqual([expect.objectContaining({ method: 'bank_transfer', reference: `OVR ${uid}` })]);

    const file = page.waitForEvent('download');
    await download.click();
    expect((await file).suggestedFilename()).toMatch(/\.pdf$/);
  });

  test('approves a content item pending approval', async ({ adminPage: page, api }) => {
    const client = await api.createClient();
    // The queue lists the soonest scheduled first: this one goes out within the hour.
    const content = await api.createContent(client.id, { scheduled_date: new Date(Date.now() + 3_600_000).toISOString() });
    await page.goto('/dashboard#overview');
    const item = page.getByRole('list', { name: 'Content pending approval' }).getByRole('listitem').filter({ hasText: client.name });
    await expect(item).toHaveCount(1);
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(`Content for ${client.name} approved`)).toBeVisible();
    const after = await api.get<TContent>(`/api/content/${content.id}/`);
    expect(after.status).toBe('approved');
    expect(after.approved_by_name).toBeTruthy();
  });

  test('New Task creates a task that shows first in Recent Tasks; the inline select changes its status', async ({ adminPage: page, api, admin, uid }) => {
    const client = await api.createClient();
    await page.goto('/dashboard#overview');
    await page.getByRole('button', { name: 'New Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Task' });
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Client is required')).toBeVisible();

    const title = `E2E task ${uid}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Written by the overview e2e spec');
    await pickClient(dialog, client.name);
    // Our own admin: assigning notifies the assignee, and other tests count their admin's notifications.
    await dialog.getByLabel('Assigned to').selectOption({ label: admin.name });
    await expect(dialog.getByLabel('Priority')).toHaveValue('medium');
    await dialog.getByLabel('Due date').fill('2031-05-01T10:30');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(page.getByText(`Task "${title}" created`)).toBeVisible();
    await expect(dialog).toBeHidden();

    const list = page.getByRole('list', { name: 'Recent tasks' });
    const select = list.getByRole('combobox', { name: `Status of ${title}` });
    await expect(select).toBeVisible();
    // Newest first: ours leads, unless another worker created a task after it (then only such tasks stand above it).
    const shown = (await list.getByRole('combobox').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''))).map((label) =>
      label.replace(/^Status of /, ''),
    );
    const ours = await taskNamed(api, title);
    for (const above of shown.slice(0, shown.indexOf(title))) {
      expect((await taskNamed(api, above)).created_at >= ours.created_at, `${above} is newer than ${title}`).toBe(true);
    }

    await select.selectOption('review');
    await expect(page.getByText('Task moved to Review')).toBeVisible();
  });

  test('New Invoice creates an invoice with a server-issued number', async ({ adminPage: page, api }) => {
    const client = await api.createClient();
    await page.goto('/dashboard#overview');
    await page.getByRole('button', { name: 'New Invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Invoice' });
    await pickClient(dialog, client.name);
    await dialog.getByLabel('Amount (USD)').fill('1234.56');
    await dialog.getByLabel('Due date').fill('2031-06-30');
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    const toast = page.getByText(/Invoice \S+ created for \$1,234\.56/);
    await expect(toast).toBeVisible();
    const number = /Invoice (\S+) created/.exec((await toast.textContent()) ?? '')![1]!;
    // <prefix><year>-<n>, the prefix from Settings → Agency.
    const prefix = ((await (await page.request.get('/api/agency/')).json()) as { invoice_prefix: string }).invoice_prefix;
    expect(number).toMatch(new RegExp(`^${prefix}\\d{4}-\\d{4,}$`));
    const row = page.getByRole('table').getByRole('row').filter({ hasText: number });
    await expect(row).toContainText('$1,234.56');
    await expect(row).toContainText(client.name);
  });

  test('Add New Client quick action opens the Add modal on the Clients screen', async ({ adminPage: page }) => {
    await page.goto('/dashboard#overview');
    await page.getByRole('button', { name: /Add New Client/ }).click();
    await expect(page).toHaveURL(/#clients$/);
    await expect(page.getByRole('dialog', { name: 'Add New Client' })).toBeVisible();
  });

  test('a failed load shows Error Loading Dashboard with Try Again', async ({ adminPage: page }) => {
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
