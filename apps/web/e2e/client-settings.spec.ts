import type { TNotificationPreferences } from '@agency/contract';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, NO_REUSE, signedInContext, test } from './fixtures';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test.describe('client settings on a phone', () => {
  test('a client opens Settings from the header, renames itself, sets its notifications and billing details, and sees them on an invoice', async ({
    browser,
    baseURL,
    clientLogin,
    api,
    uid,
    request,
  }, testInfo) => {
    test.slow();
    const context = await signedInContext(browser, baseURL, clientLogin, PHONE);
    const page = await context.newPage();
    await page.goto('/dashboard');

    // The header's name (the photo on a phone) opens Settings.
    await page.getByRole('banner').getByRole('link', { name: `Settings, Client ${uid}` }).click();
    await expect(page).toHaveURL(/\/dashboard#settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    // Everything fits the phone's width.
    const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByRole('switch', { name: 'Messages in the app' })).toBeVisible();
    await fits();
    await expectNoSeriousAxeViolations(page, testInfo, 'client settings at 390 px');

    // The name.
    const profile = page.getByRole('form', { name: 'Profile' });
    await profile.getByLabel('First name').fill('Marisol');
    await profile.getByLabel('Last name').fill(`Vega ${uid}`);
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: `Settings, Marisol Vega ${uid}` })).toBeVisible();

    // Notifications: invoices not by e-mail, messages not in the app (each saved as it moves, with the keyboard too).
    await page.getByRole('switch', { name: 'Invoices and payments by e-mail' }).click();
    await expect(page.getByRole('switch', { name: 'Invoices and payments by e-mail' })).not.toBeChecked();
    const messagesInApp = page.getByRole('switch', { name: 'Messages in the app' });
    await messagesInApp.focus();
    await page.keyboard.press('Space');
    await expect(messagesInApp).not.toBeChecked();
    const headers = { authorization: `Token ${clientLogin.token}`, ...NO_REUSE };
    await expect
      .poll(async () => ((await (await request.get('/api/notifications/preferences/', { headers })).json()) as TNotificationPreferences).app_messages)
      .toBe(false);
    const saved = (await (await request.get('/api/notifications/preferences/', { headers })).json()) as TNotificationPreferences;
    expect(saved).toMatchObject({ email_billing: false, app_messages: false, app_billing: true, email_messages: true });
    // What is always sent is said.
    await expect(page.getByText(/Always sent, whatever you choose/)).toBeVisible();

    // Billing details.
    const billing = page.getByRole('form', { name: 'Billing details' });
    await billing.getByLabel(/Billing address/).fill(`${uid} Harbour Road\nPort Ellen PA42 7DU\nUnited Kingdom`);
    await billing.getByLabel(/Tax ID/).fill('GB 123 4567 89');
    await billing.getByRole('button', { name: 'Save billing details' }).click();
    await expect(page.getByText('Billing details saved')).toBeVisible();
    await fits();

    // An invoice shows them under Bill to.
    const invoice = await api.createInvoice(clientLogin.clientId, { amount: 150 });
    await page.goto('/dashboard#billing');
    // Without a plan, Billing opens on the plans: its overview holds the invoices.
    await page.getByRole('button', { name: 'Billing overview' }).click();
    await page.getByRole('tab', { name: 'Invoices' }).click();
    await page.getByRole('button', { name: `View invoice ${invoice.invoice_number}` }).locator('visible=true').first().click();
    const details = page.getByRole('dialog', { name: `Invoice ${invoice.invoice_number}` });
    await expect(details).toContainText(`${uid} Harbour Road`);
    await expect(details).toContainText('Port Ellen PA42 7DU');
    await expect(details).toContainText('Tax ID: GB 123 4567 89');
    await fits();
    await context.close();
  });
});
