import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { dateFromToday, expect, test } from './fixtures';
import { expectNoSeriousAxeViolations } from './axe';
import { pickClient } from './pick-client';

async function openInvoices(page: Page) {
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
  test('create an invoice, find it, record its payment in full (summary moves) and download its PDF', async ({ adminPage: page, api, uid }) => {
    const client = await api.createClient();
    await openInvoices(page);
    const revenueCard = totalRevenue(page);
    await expect(revenueCard).toContainText('$');
    const revenueBefore = (await revenueCard.locator('p.text-2xl').textContent()) ?? '';

    const description = `E2E invoice ${uid}`;
    await page.getByRole('button', { name: 'New Invoice' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Invoice' });
    // Validation in the form's own words before anything is sent.
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(dialog.getByText('Client is required')).toBeVisible();
    await expect(dialog.getByText('Due date is required')).toBeVisible();

    await pickClient(dialog, client.name);
    await dialog.getByLabel('Amount (USD)').fill('1234.56');
    await dialog.getByLabel('Due date').fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(dialog).toBeHidden();
    // Numbered <prefix><year>-<n> with the prefix from Settings → Agency.
    const prefix = ((await (await page.request.get('/api/agency/')).json()) as { invoice_prefix: string }).invoice_prefix;
    const issued = new RegExp(`^${prefix}${new Date().getUTCFullYear()}-\\d{4,}$`);
    await expect(page.getByRole('status').filter({ hasText: /Invoice \S+ created for \$1,234\.56/ })).toBeVisible();

    await searchFor(page, description);
    const row = page.getByTestId('invoice-row').filter({ hasText: description });
    await expect(page.getByTestId('invoice-row')).toHaveCount(1);
    await expect(row).toContainText('$1,234.56');
    await expect(row).toContainText('Pending');
    const number = ((await row.locator('td').first().textContent()) ?? '').trim();
    expect(number).toMatch(issued);

    // Record Payment (all that is owed, by default): the badge changes, the action disappears, the revenue card moves.
    await row.getByRole('button', { name: `Record a payment on ${number}` }).click();
    const record = page.getByRole('dialog', { name: `Record Payment · ${number}` });
    await expect(record.getByLabel('Amount (USD)')).toHaveValue('1234.56');
    await record.getByLabel('Method').selectOption('Bank transfer');
    await record.getByLabel('Reference').fill(`TRX ${uid}`);
    await record.getByRole('button', { name: 'Record Payment' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Payment of $1,234.56 recorded: invoice ${number} is paid` })).toBeVisible();
    await expect(row).toContainText('Paid');
    await expect(row.getByRole('button', { name: `Record a payment on ${number}` })).toHaveCount(0);
    await expect(revenueCard.locator('p.text-2xl')).not.toHaveText(revenueBefore);

    // PDF download with the auth header: a real PDF file.
    await row.getByRole('button', { name: `More actions for ${number}` }).click();
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Download PDF' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // Details show the payment; no Record Payment on a paid invoice.
    await row.getByRole('button', { name: `View details of ${number}` }).click();
    const details = page.getByRole('dialog', { name: `Invoice ${number}` });
    await expect(details).toContainText(description);
    await expect(details.getByTestId('invoice-payment')).toContainText(`Bank transfer · Ref. TRX ${uid}`);
    await expect(details.getByRole('button', { name: 'Record Payment' })).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Send Reminder' })).toHaveCount(0);
  });

  test('a part payment leaves the rest owing; reversing the payment that settled it reopens the invoice, for the client too', async ({
    adminPage: page,
    api,
    clientLogin,
    clientPage,
  }, testInfo) => {
    const invoice = await api.createInvoice(clientLogin.clientId, { amount: 3000, due_date: dateFromToday(-2) });
    const number = invoice.invoice_number;
    await openInvoices(page);
    await searchFor(page, number);
    const row = page.getByTestId('invoice-row').filter({ hasText: number });
    await expect(row).toContainText('Overdue');

    await row.getByRole('button', { name: `Record a payment on ${number}` }).click();
    const record = page.getByRole('dialog', { name: `Record Payment · ${number}` });
    // A day after today and more than is owed are refused on their fields.
    await record.getByLabel('Amount (USD)').fill('3000.01');
    await record.getByLabel('Payment date').fill(dateFromToday(1));
    await record.getByRole('button', { name: 'Record Payment' }).click();
    await expect(record.getByText('The payment date cannot be in the future')).toBeVisible();
    await record.getByLabel('Payment date').fill(dateFromToday(0));
    await record.getByRole('button', { name: 'Record Payment' }).click();
    await expect(record.getByText(/More than is owed: invoice .* still owes \$3,000\.00/)).toBeVisible();
    await expectNoSeriousAxeViolations(page, testInfo, 'Record Payment with field errors');
    await record.getByLabel('Amount (USD)').fill('1000');
    await record.getByLabel('Method').selectOption('Cash');
    await record.getByRole('button', { name: 'Record Payment' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Payment of $1,000.00 recorded: $2,000.00 still owed on ${number}` })).toBeVisible();
    await expect(row).toContainText('$2,000.00 due');
    await expect(row).toContainText('Overdue');

    // The rest, by cheque: paid.
    await row.getByRole('button', { name: `Record a payment on ${number}` }).click();
    await expect(record.getByLabel('Amount (USD)')).toHaveValue('2000');
    await record.getByLabel('Method').selectOption('Cheque');
    await record.getByLabel('Reference').fill('CHQ 881');
    await record.getByRole('button', { name: 'Record Payment' }).click();
    await expect(row).toContainText('Paid');

    // The cheque bounces: reverse it with the reason; the invoice owes $2,000 again and the history keeps both.
    await row.getByRole('button', { name: `View details of ${number}` }).click();
    const details = page.getByRole('dialog', { name: `Invoice ${number}` });
    const cheque = details.getByTestId('invoice-payment').filter({ hasText: 'CHQ 881' });
    await cheque.getByRole('button', { name: 'Reverse the payment of $2,000.00' }).click();
    const reverse = page.getByRole('dialog', { name: 'Reverse Payment' });
    await reverse.getByRole('button', { name: 'Reverse Payment' }).click();
    await expect(reverse.getByText('Say why the payment is reversed')).toBeVisible();
    await expectNoSeriousAxeViolations(page, testInfo, 'Reverse Payment with its field error');
    await reverse.getByLabel('Reason').fill('The cheque bounced');
    await reverse.getByRole('button', { name: 'Reverse Payment' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Payment reversed: $2,000.00 owed on ${number}` })).toBeVisible();
    await expect(cheque).toContainText('Reversed');
    await expect(cheque).toContainText('The cheque bounced');
    await expect(details.getByText('Balance due').locator('xpath=..')).toContainText('$2,000.00');
    await expectNoSeriousAxeViolations(page, testInfo, 'invoice details with its payment history');
    await page.keyboard.press('Escape');
    await expect(row).toContainText('Overdue');
    await expect(row).toContainText('$2,000.00 due');

    // The client sees the same: owed $2,000, Pay Now for $2,000.
    await clientPage.goto('/dashboard#billing');
    // Without a plan, Billing opens on the plans: go to the overview.
    await clientPage.getByRole('button', { name: 'Billing overview' }).click();
    await clientPage.getByRole('tab', { name: 'Invoices' }).click();
    const clientRow = clientPage.getByTestId(/billing-invoice-(row|card)/).filter({ hasText: number }).first();
    await expect(clientRow).toContainText('$2,000.00 due');
    await clientRow.getByRole('button', { name: /Pay Now/ }).click();
    const pay = clientPage.getByRole('dialog', { name: `Pay invoice ${number}` });
    await expect(pay.getByRole('button', { name: 'Pay $2,000.00' })).toBeVisible();
    await expectNoSeriousAxeViolations(clientPage, testInfo, 'Pay Now of a part-paid invoice');
  });

  test('send a reminder on a pending invoice shows the API message', async ({ adminPage: page, api }) => {
    const client = await api.createClient();
    const invoice = await api.createInvoice(client.id, { amount: 321.5 });
    await openInvoices(page);
    await searchFor(page, invoice.invoice_number);
    const row = page.getByTestId('invoice-row').filter({ hasText: invoice.invoice_number });
    await expect(row).toContainText('$321.50');
    await row.getByRole('button', { name: `More actions for ${invoice.invoice_number}` }).click();
    await page.getByRole('menuitem', { name: 'Send Reminder' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Reminder sent to ${client.name} for invoice ${invoice.invoice_number}` }),
    ).toBeVisible();
  });

  test('print opens a print view of the invoice and calls window.print()', async ({ adminPage: page, api }) => {
    const client = await api.createClient();
    const { invoice_number: number } = await api.createInvoice(client.id);
    await page.addInitScript(() => {
      (window as unknown as { __printed: number }).__printed = 0;
      window.print = () => {
        (window as unknown as { __printed: number }).__printed += 1;
      };
    });
    await openInvoices(page);
    await searchFor(page, number);
    const row = page.getByTestId('invoice-row').filter({ hasText: number });
    await row.getByRole('button', { name: `More actions for ${number}` }).click();
    await page.getByRole('menuitem', { name: 'Print' }).click();
    const preview = page.getByTestId('invoice-print-preview');
    await expect(preview).toContainText(number);
    await expect(preview).toContainText('Total (USD)');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBeGreaterThan(0);
  });

  test('filter by status is sent to the API, kept in the URL and survives reload', async ({ adminPage: page, api, uid }) => {
    const client = await api.createClient();
    const paid = await api.createInvoice(client.id);
    await api.markInvoicePaid(paid.id);
    await api.createInvoice(client.id); // pending, due in two weeks
    const overdue = await api.createInvoice(client.id, { due_date: dateFromToday(-3) }); // pending past due: shown as overdue
    await openInvoices(page);
    await searchFor(page, uid);
    const rows = page.getByTestId('invoice-row');
    await expect(rows).toHaveCount(3);

    await page.getByLabel('Status').selectOption('paid');
    await expect(page).toHaveURL(/status=paid/);
    await expect(page).toHaveURL(/#invoices$/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(paid.invoice_number);
    await expect(rows.filter({ hasNotText: 'Paid' })).toHaveCount(0);
    await expect(rows.filter({ hasText: 'Pending' })).toHaveCount(0);

    await page.getByLabel('Status').selectOption('overdue');
    await expect(page).toHaveURL(/status=overdue/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(overdue.invoice_number);
    await expect(rows.filter({ hasText: 'Paid' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('overdue');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(overdue.invoice_number);

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

  test('filter by client through the searchable picker: in the URL, named after reload, All clients clears it', async ({ adminPage: page, api, uid }) => {
    const chosen = await api.createClient();
    const other = await api.createClient();
    await api.createInvoice(chosen.id);
    await api.createInvoice(other.id);
    await openInvoices(page);
    await searchFor(page, uid);
    const rows = page.getByTestId('invoice-row');
    await expect(rows).toHaveCount(2);

    await pickClient(page.locator('body'), chosen.name);
    await expect(page).toHaveURL(/client=\d+/);
    await expect(rows).toHaveCount(1);
    await expect(rows.filter({ hasNotText: chosen.name })).toHaveCount(0);

    await page.reload();
    const picker = page.getByRole('combobox', { name: 'Client', exact: true });
    await expect(picker).toHaveValue(chosen.name);
    await expect(rows).toHaveCount(1);
    await expect(rows.filter({ hasNotText: chosen.name })).toHaveCount(0);

    await picker.click();
    await page.getByRole('option', { name: 'All clients' }).click();
    await expect(page).not.toHaveURL(/client=/);
    await expect(picker).toHaveValue('');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasNotText: chosen.name }).first()).toContainText(other.name);
  });

  test('export downloads a CSV of the current filters', async ({ adminPage: page, api, uid }) => {
    const client = await api.createClient();
    const paid = await api.createInvoice(client.id);
    await api.markInvoicePaid(paid.id);
    const pending = await api.createInvoice(client.id);
    await openInvoices(page);
    await searchFor(page, uid);
    // Wait for the searched list: a status change in the same instant as the debounced search drops the search
    // (setFilters builds on the filters of the last render, which may not have the new q yet).
    await expect(page.getByTestId('invoice-row')).toHaveCount(2);
    await page.getByLabel('Status').selectOption('paid');
    await expect(page).toHaveURL(/status=paid/);
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2); // the header and our paid invoice
    expect(lines[1]).toContain(paid.invoice_number);
    expect(csv).not.toContain(pending.invoice_number);
    expect(lines.slice(1).some((l) => /pending/i.test(l))).toBe(false);
  });
});
