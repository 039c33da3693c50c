import type { Page } from '@playwright/test';
import type { TClientSummary } from '@agency/contract';
import { expect, latestJson, NO_REUSE, test } from './fixtures';

const card = (page: Page, name: string) => page.getByRole('article', { name });

test.describe('admin clients', () => {
  test('summary cards show the server numbers; filters go to the URL and survive reload', async ({ adminPage: page, api }) => {
    const paused = await api.createClient({ status: 'paused' });
    const summary = latestJson<TClientSummary>(page, '/api/clients/summary/');
    await page.goto('/dashboard#clients');
    const stat = (label: string) => page.locator('div.rounded-xl', { has: page.getByText(label, { exact: true }) }).first();
    // The numbers are global and other tests change them: compare with what the server last sent this page.
    await expect(async () => {
      const s = summary();
      expect(s, 'the page loaded the summary').toBeDefined();
      await expect(stat('Total Clients')).toContainText(String(s!.total), { timeout: 1_000 });
      await expect(stat('Active Clients')).toContainText(String(s!.active), { timeout: 1_000 });
      await expect(stat('Monthly Revenue')).toContainText(`$${s!.monthly_revenue.toLocaleString('en-US')}`, { timeout: 1_000 });
      await expect(stat('Overdue Payments')).toContainText(String(s!.overdue), { timeout: 1_000 });
    }).toPass();

    await page.getByLabel('Status', { exact: true }).selectOption('paused');
    await expect(page).toHaveURL(/status=paused/);
    await expect(page.getByTestId('client-card').first()).toContainText('Paused');
    await page.getByLabel('Search clients').fill(paused.name);
    await expect(page.getByTestId('client-card')).toHaveCount(1);
    await expect(card(page, paused.name)).toContainText('Paused');
    await page.getByLabel('Search clients').fill('zzz-no-such-client');
    await expect(page.getByRole('heading', { name: 'No clients match your search criteria' })).toBeVisible();
    await expect(page).toHaveURL(/q=zzz-no-such-client/);
    await page.reload();
    await expect(page.getByLabel('Search clients')).toHaveValue('zzz-no-such-client');
    await expect(page.getByRole('heading', { name: 'No clients match your search criteria' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByTestId('client-card').first()).toBeVisible();
  });

  test('add, find, edit, mark paid, view stats and delete (archive) a client', async ({ adminPage: page, uid }) => {
    await page.goto('/dashboard#clients');
    const name = `E2E Client ${uid}`;
    const email = `e2e-client-${uid}@e2e.test`;

    // Add New Client: defaults from the contract, package fills the fee
    await page.getByRole('button', { name: 'Add New Client' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Client' });
    await expect(dialog.getByLabel('Package')).toHaveValue('starter');
    await expect(dialog.getByLabel('Monthly fee (USD)')).toHaveValue('1500');
    await expect(dialog.getByLabel('Package').locator('option', { hasText: 'Growth — $3,000/mo' })).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    await expect(dialog.getByText('Company is required')).toBeVisible();

    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Company').fill('Playwright Bakery');
    await dialog.getByLabel('Package').selectOption('growth');
    await expect(dialog.getByLabel('Monthly fee (USD)')).toHaveValue('3000');
    await dialog.getByLabel('Instagram').check();
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await expect(page.getByText(`Client ${name} added`)).toBeVisible();
    await expect(dialog).toBeHidden();

    // Find it through the search
    await page.getByLabel('Search clients').fill(`Client ${uid}`);
    await expect(page).toHaveURL(new RegExp(`q=Client(\\+|%20)${uid}`));
    await expect(page.getByTestId('client-card')).toHaveCount(1);
    await expect(card(page, name)).toContainText('Playwright Bakery');
    await expect(card(page, name)).toContainText('$3,000');

    // Edit
    await card(page, name).getByRole('button', { name: 'Edit Client' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Client' });
    await expect(edit.getByLabel('Name')).toHaveValue(name);
    await edit.getByLabel('Company').fill('Playwright Patisserie');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(`Client ${name} updated`)).toBeVisible();
    await expect(card(page, name)).toContainText('Playwright Patisserie');

    // Mark Paid (new clients start with payment pending)
    await card(page, name).getByRole('button', { name: 'Mark Paid' }).click();
    await expect(page.getByText(`${name} marked as paid`)).toBeVisible();
    await expect(card(page, name)).toContainText('Payment paid');
    await expect(card(page, name).getByRole('button', { name: 'Mark Paid' })).toHaveCount(0);

    // Stats: analytics may not be built yet; the client's own figures are shown, never made-up numbers
    await card(page, name).getByRole('button', { name: 'Stats' }).click();
    const stats = page.getByRole('dialog', { name: `Stats — ${name}` });
    await expect(stats.getByText('Monthly fee')).toBeVisible();
    await expect(stats).toContainText('$3,000');
    await stats.getByRole('button', { name: 'Close' }).click();

    // View Details
    await card(page, name).getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Client Details' });
    await expect(details).toContainText(email);
    await expect(details).toContainText('Instagram');
    await details.getByRole('button', { name: 'Close' }).click();

    // Delete (archive) with the spec's confirm text
    await card(page, name).getByRole('button', { name: 'Delete Client' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Client' });
    await expect(confirm).toContainText('Are you sure you want to delete this client?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`Client ${name} deleted`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No clients match your search criteria' })).toBeVisible();
    await expect(card(page, name)).toHaveCount(0);
  });

  test('a contact-form lead is converted into a client', async ({ adminPage: page, uid, request, exclusive }) => {
    // A new lead notifies every admin; the admin notification test must not see it arrive.
    await exclusive('admin-notifications');
    const leadName = `Lead Person ${uid}`;
    const leadEmail = `lead-${uid}@e2e.test`;
    const submit = await request.post('/api/contact/', {
      headers: NO_REUSE,
      data: { name: leadName, email: leadEmail, company: 'Lead Co', subject: 'Need growth', message: 'Please call me back.', inquiryType: 'sales' },
    });
    expect(submit.status()).toBe(201);

    await page.goto('/dashboard#clients');
    await page.getByRole('tab', { name: 'Leads' }).click();
    await expect(page).toHaveURL(/tab=leads/);
    const row = page.getByTestId('lead-row').filter({ hasText: leadName });
    await expect(row).toBeVisible();
    await expect(row).toContainText('New');
    await expect(page.getByTestId('lead-row').first()).toContainText(leadName); // newest first

    await row.getByRole('combobox', { name: `Status of lead ${leadName}` }).selectOption('contacted');
    await expect(page.getByText(`Lead ${leadName} marked contacted`)).toBeVisible();

    await row.getByRole('button', { name: `Convert to client ${leadName}` }).click();
    await page.getByRole('dialog', { name: 'Convert to client' }).getByRole('button', { name: 'Convert' }).click();
    await expect(page.getByText(`${leadName} is now a client`)).toBeVisible();
    await expect(row).toContainText('Converted');
    await expect(row.getByRole('button', { name: /Convert/ })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Clients' }).click();
    await page.getByLabel('Search clients').fill(leadEmail);
    await expect(card(page, leadName)).toBeVisible();
    await expect(card(page, leadName)).toContainText('Lead Co');
  });
});
