import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ADMIN, signInThroughApi } from './fixtures';
import { pickClient } from './pick-client';

async function apiToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login/', { data: DEMO_ADMIN });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A pending invoice made through the API, due in the future. */
async function createInvoiceViaApi(request: APIRequestContext, amount: number) {
  const token = await apiToken(request);
  const headers = { authorization: `Token ${token}` };
  const clients = await request.get('/api/clients/?page_size=1&ordering=name', { headers });
  const client = ((await clients.json()) as { results: { id: number; name: string }[] }).results[0]!;
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const res = await request.post('/api/invoices/', {
    headers,
    data: { client: client.id, amount, due_date: due, description: `E2E api invoice ${Date.now()}` },
  });
  expect(res.status()).toBe(201);
  const invoice = (await res.json()) as { id: number; invoice_number: string };
  return { ...invoice, clientName: client.name };
}

async function openInvoices(page: Page) {
  await signInThroughApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/dashboard#invoices');
  await expect(page.getByRole('heading', { name: 'Invoices', level: 2, exact: true })).toBeVisible();
  await expect(page.getByTestId('invoice-row').first()).toBeVisible();
}

async function searchFor(page: Page, text: string) {
  await page.getByLabel('Search invoices').fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

function totalRevenue(page: Page) {
  return page.getByRole('region', { name: 'Invoice summary' }).getByText('Total Revenue').locator('xpath=../..');
}

test.describe('admin invoices', () => {
  test('create an invoice, find it, mark it paid (summary moves) and download its PDF', async ({ page }) => {
    await openInvoices(page);
    const revenueCard = totalRevenue(page);
    await expect(revenueCard).toContainText('$');
    const revenueBefore = (await revenueCard.locator('p.text-2xl').textContent()) ?? '';

    const description = `E2E invoice ${Date.now()}`;
    await page.getByRole('button', { name: 'New Invoice' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Invoice' });
    // Validation in the form's own words before anything is sent.
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(dialog.getByText('Client is required')).toBeVisible();
    await expect(dialog.getByText('Due date is required')).toBeVisible();

    await pickClient(dialog);
    await dialog.getByLabel('Amount (USD)').fill('1234.56');
    await dialog.getByLabel('Due date').fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: /Invoice INV-\S+ created for \$1,234\.56/ })).toBeVisible();

    await searchFor(page, description);
    const row = page.getByTestId('invoice-row').filter({ hasText: description });
    await expect(page.getByTestId('invoice-row')).toHaveCount(1);
    await expect(row).toContainText('$1,234.56');
    await expect(row).toContainText('Pending');
    const number = ((await row.locator('td').first().textContent()) ?? '').trim();
    expect(number).toMatch(/^INV-/);

    // Mark as paid: the badge changes, the action disappears, the revenue card moves.
    await row.getByRole('button', { name: `Mark ${number} as paid` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Invoice ${number} marked as paid` })).toBeVisible();
    await expect(row).toContainText('Paid');
    await expect(row.getByRole('button', { name: `Mark ${number} as paid` })).toHaveCount(0);
    await expect(revenueCard.locator('p.text-2xl')).not.toHaveText(revenueBefore);

    // PDF download with the auth header: a real PDF file.
    await row.getByRole('button', { name: `More actions for ${number}` }).click();
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Download PDF' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // Details modal offers no Mark as Paid on a paid invoice.
    await row.getByRole('button', { name: `View details of ${number}` }).click();
    const details = page.getByRole('dialog', { name: `Invoice ${number}` });
    await expect(details).toContainText(description);
    await expect(details.getByRole('button', { name: 'Mark as Paid' })).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Send Reminder' })).toHaveCount(0);
  });

  test('send a reminder on a pending invoice shows the API message', async ({ page }) => {
    const invoice = await createInvoiceViaApi(page.request, 321.5);
    await openInvoices(page);
    await searchFor(page, invoice.invoice_number);
    const row = page.getByTestId('invoice-row').filter({ hasText: invoice.invoice_number });
    await expect(row).toContainText('$321.50');
    await row.getByRole('button', { name: `More actions for ${invoice.invoice_number}` }).click();
    await page.getByRole('menuitem', { name: 'Send Reminder' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Reminder sent to ${invoice.clientName} for invoice ${invoice.invoice_number}` }),
    ).toBeVisible();
  });

  test('print opens a print view of the invoice and calls window.print()', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { __printed: number }).__printed = 0;
      window.print = () => {
        (window as unknown as { __printed: number }).__printed += 1;
      };
    });
    await openInvoices(page);
    const row = page.getByTestId('invoice-row').first();
    const number = ((await row.locator('td').first().textContent()) ?? '').trim();
    await row.getByRole('button', { name: `More actions for ${number}` }).click();
    await page.getByRole('menuitem', { name: 'Print' }).click();
    const preview = page.getByTestId('invoice-print-preview');
    await expect(preview).toContainText(number);
    await expect(preview).toContainText('Total (USD)');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBeGreaterThan(0);
  });

  test('filter by status is sent to the API, kept in the URL and survives reload', async ({ page }) => {
    await openInvoices(page);
    await page.getByLabel('Status').selectOption('paid');
    await expect(page).toHaveURL(/status=paid/);
    await expect(page).toHaveURL(/#invoices$/);
    const rows = page.getByTestId('invoice-row');
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasNotText: 'Paid' })).toHaveCount(0);
    await expect(rows.filter({ hasText: 'Pending' })).toHaveCount(0);

    await page.getByLabel('Status').selectOption('overdue');
    await expect(page).toHaveURL(/status=overdue/);
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasText: 'Paid' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('overdue');
    await expect(rows.filter({ hasText: 'Paid' })).toHaveCount(0);

    // Nothing matches: the spec's empty text.
    await searchFor(page, 'no-such-invoice-zzz');
    await expect(page.getByText('No invoices found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByLabel('Search invoices')).toHaveValue('');
    await expect(page.getByLabel('Status')).toHaveValue('all');
    await expect(rows.first()).toBeVisible();
    await page.waitForTimeout(500); // the debounced box must not bring the old search back
    await expect(page).not.toHaveURL(/q=/);
  });

  test('filter by client through the searchable picker: in the URL, named after reload, All clients clears it', async ({ page }) => {
    await openInvoices(page);
    const rows = page.getByTestId('invoice-row');
    await pickClient(page.locator('body'), 'Emma Carter');
    await expect(page).toHaveURL(/client=\d+/);
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasNotText: 'Emma Carter' })).toHaveCount(0);

    await page.reload();
    const picker = page.getByRole('combobox', { name: 'Client', exact: true });
    await expect(picker).toHaveValue('Emma Carter');
    await expect(rows.filter({ hasNotText: 'Emma Carter' })).toHaveCount(0);

    await picker.click();
    await page.getByRole('option', { name: 'All clients' }).click();
    await expect(page).not.toHaveURL(/client=/);
    await expect(picker).toHaveValue('');
    await expect(rows.filter({ hasNotText: 'Emma Carter' }).first()).toBeVisible();
  });

  test('export downloads a CSV of the current filters', async ({ page }) => {
    await openInvoices(page);
    await page.getByLabel('Status').selectOption('paid');
    await expect(page).toHaveURL(/status=paid/);
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).some((l) => /pending/i.test(l))).toBe(false);
  });
});
