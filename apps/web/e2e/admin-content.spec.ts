import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_ADMIN, signInThroughApi } from './fixtures';
import { pickClient } from './pick-client';

async function session(request: APIRequestContext) {
  const res = await request.post('/api/auth/login/', { data: DEMO_ADMIN });
  expect(res.status()).toBe(200);
  const headers = { authorization: `Token ${((await res.json()) as { token: string }).token}` };
  const clients = (await (await request.get('/api/clients/?page_size=1&ordering=name', { headers })).json()) as {
    results: { id: number; name: string }[];
  };
  return { headers, client: clients.results[0]! };
}

async function createContent(request: APIRequestContext, texts: string[], status: string, scheduled: Date) {
  const { headers, client } = await session(request);
  for (const content of texts) {
    const res = await request.post('/api/content/', {
      headers,
      data: { client: client.id, platform: 'instagram', content, scheduled_date: scheduled.toISOString(), status },
    });
    expect(res.status()).toBe(201);
  }
  return client;
}

function statValue(page: import('@playwright/test').Page, label: string) {
  return page.getByTestId(`content-stat-${label}`).locator('p.text-2xl');
}

test.describe('admin content', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  });

  test('bulk-approve two pending items and the approved count goes up by two', async ({ page, request }) => {
    const stamp = Date.now();
    const texts = [`E2E approve one ${stamp}`, `E2E approve two ${stamp}`];
    await createContent(request, texts, 'pending-approval', new Date(Date.now() + 5 * 86_400_000));
    await page.goto(`/dashboard?search=${stamp}#content`);
    await expect(page.getByText('2 items', { exact: true })).toBeVisible();
    const before = Number(await statValue(page, 'Approved').textContent());
    const pendingBefore = Number(await statValue(page, 'Pending Approval').textContent());

    // Pending items show their badge and single Approve / Reject buttons; engagement shows as a percentage.
    await expect(page.getByText('Pending Approval', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('0.0%').first()).toBeVisible();

    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar.getByText('2 selected')).toBeVisible();
    await bar.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('2 items approved')).toBeVisible();
    await expect(statValue(page, 'Approved')).toHaveText(String(before + 2));
    await expect(statValue(page, 'Pending Approval')).toHaveText(String(pendingBefore - 2));
    await expect(page.locator('[data-testid^="content-card-"]').getByText('Approved', { exact: true })).toHaveCount(2);
  });

  test('create content with Create & Approve', async ({ page }) => {
    const text = `E2E created ${Date.now()} — spring launch teaser`;
    await page.goto('/dashboard#content');
    await page.getByRole('button', { name: 'Create Content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Content' });
    await expect(dialog.getByLabel('Platform')).toHaveValue('instagram');
    await dialog.getByRole('button', { name: 'Create & Approve' }).click();
    await expect(dialog.getByText('Client is required')).toBeVisible();
    await expect(dialog.getByText('Content is required')).toBeVisible();

    await pickClient(dialog);
    await dialog.getByLabel('Content', { exact: true }).fill(text);
    await expect(dialog.getByText(`${text.length} / 5,000 characters`)).toBeVisible();
    await dialog.getByLabel('Scheduled date').fill('2031-03-04T09:15');
    await dialog.getByRole('button', { name: 'Create & Approve' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Content created and approved')).toBeVisible();

    await page.getByLabel('Search content').fill(text.slice(0, 25));
    const card = page.locator('[data-testid^="content-card-"]').filter({ hasText: text });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Approved', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Details', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Content Details' });
    await expect(details.getByText('Approved by')).toBeVisible();
    await expect(details.getByText(text)).toBeVisible();
  });

  test('the calendar shows an item on its scheduled day', async ({ page, request }) => {
    const stamp = Date.now();
    const now = new Date();
    const day = new Date(now.getFullYear(), now.getMonth(), 15, 12, 0);
    const text = `E2E calendar ${stamp}`;
    const client = await createContent(request, [text], 'approved', day);
    const key = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-15`;

    await page.goto(`/dashboard?view=calendar&search=${stamp}#content`);
    const cell = page.getByTestId(`calendar-day-${key}`);
    await expect(cell.getByRole('button', { name: new RegExp(`Details of ${client.name}`) })).toBeVisible();
    await expect(page.getByTestId(`calendar-day-${key.slice(0, 8)}14`).getByRole('button', { name: /Details of/ })).toHaveCount(0);
    await cell.getByRole('button', { name: new RegExp(`Details of ${client.name}`) }).click();
    await expect(page.getByRole('dialog', { name: 'Content Details' }).getByText(text)).toBeVisible();
    await page.keyboard.press('Escape');

    // Next month has nothing for this search; previous brings it back.
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.getByText('Nothing scheduled this month')).toBeVisible();
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(cell.getByRole('button', { name: new RegExp(`Details of ${client.name}`) })).toBeVisible();
  });
});
