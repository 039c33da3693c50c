import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, NO_REUSE, test } from './fixtures';

async function openApiKeys(page: Page) {
  await page.goto('/dashboard#settings');
  await page.getByRole('tab', { name: 'API & webhooks' }).click();
  await expect(page).toHaveURL(/tab=api-keys/);
  await expect(page.getByRole('heading', { name: 'API keys', exact: true })).toBeVisible();
}

test.describe('admin settings: API keys', () => {
  test('create a key with clients: read, use it, see its usage, revoke it', async ({ adminPage: page, uid, request }, testInfo) => {
    const name = `Integration ${uid}`;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openApiKeys(page);
    await expect(page.getByRole('link', { name: /API reference/ })).toHaveAttribute('href', '/api/docs/');
    await expect(page.getByText('Authorization: Bearer <key>').first()).toBeVisible();

    // Create: a name, clients read, 30 days.
    await page.getByRole('button', { name: 'Create API key' }).first().click();
    const form = page.getByRole('dialog', { name: 'Create API key' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Clients').selectOption('read');
    await form.getByLabel('Expires').selectOption('30');
    await form.getByRole('button', { name: 'Create API key' }).click();

    // The whole key, once, with Copy.
    const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
    await expect(shown).toContainText('It will not be shown again');
    const key = (await shown.getByTestId('new-api-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^agk_[A-Za-z0-9_-]{20,}$/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'API key copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    const row = page.getByTestId('api-key-row').filter({ hasText: name });
    await expect(row).toContainText(key.slice(0, 12));
    await expect(row).toContainText('clients: read');
    await expect(row).toContainText('Active');
    await expect(row.getByTestId('api-key-last-used')).toHaveText('Never');
    await expect(page.getByText(key)).toHaveCount(0);

    // The key at work: clients it may read, invoices it may not.
    const bearer = { authorization: `Bearer ${key}`, ...NO_REUSE };
    const clients = await request.get('/api/clients/', { headers: bearer });
    expect(clients.status(), await clients.text()).toBe(200);
    const invoices = await request.get('/api/invoices/', { headers: bearer });
    expect(invoices.status(), await invoices.text()).toBe(403);

    // After a reload the list shows the last use (the audit row is written once the answer is sent).
    await expect(async () => {
      await page.reload();
      await expect(row.getByTestId('api-key-last-used')).toHaveText('Just now', { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });

    await row.getByRole('button', { name: `Usage of ${name}` }).click();
    const usage = page.getByRole('dialog', { name: `Usage of “${name}”` });
    const uses = usage.getByTestId('api-key-use');
    await expect(uses).toHaveCount(2);
    await expect(uses.nth(0)).toContainText('GET');
    await expect(uses.nth(0)).toContainText('/api/invoices/');
    await expect(uses.nth(0)).toContainText('403');
    await expect(uses.nth(1)).toContainText('/api/clients/');
    await expect(uses.nth(1)).toContainText('200');
    await expect(usage).toContainText('2 requests');
    await expectNoSeriousAxeViolations(page, testInfo, 'API keys: usage dialog');
    await page.keyboard.press('Escape');
    await expect(usage).toBeHidden();
    await expectNoSeriousAxeViolations(page, testInfo, 'API keys tab');

    // Revoke, confirmed: gone from the active list, shown as revoked with the toggle, and the key answers 401.
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'API key revoked' })).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByRole('switch', { name: 'Show revoked and expired' }).click();
    await expect(page).toHaveURL(/include_revoked=true/);
    await expect(row).toContainText('Revoked');
    await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);

    const after = await request.get('/api/clients/', { headers: bearer });
    expect(after.status()).toBe(401);
  });
});
