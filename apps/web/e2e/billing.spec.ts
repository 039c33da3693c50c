import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';

/**
 * Client billing on the built-in sandbox provider (no Stripe keys): the whole flow a client takes, with Stripe's
 * test cards typed into the sandbox's card form.
 */

async function openBilling(page: Page) {
  await page.goto('/dashboard#billing');
}

/** Types a card into the sandbox's card form (any future expiry, any CVC, as Stripe's test mode takes). */
async function typeCard(scope: Locator | Page, number: string) {
  await scope.getByLabel('Card number').fill(number);
  await scope.getByLabel('Expiration date').fill('12 / 34');
  await scope.getByLabel('Security code (CVC)').fill('123');
}

async function choosePlan(page: Page, plan: 'Starter' | 'Pro' | 'Premium') {
  await expect(page.getByRole('heading', { name: 'Choose Your Growth Plan' })).toBeVisible();
  await page.getByRole('button', { name: `Select ${plan}` }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
}

const cardPayment = (page: Page) => page.getByRole('form', { name: 'Card payment' });

test.describe('client billing (sandbox)', () => {
  test('no subscription: choose a plan, a declined card shows Stripe’s message, 4242 subscribes and the overview returns', async ({ clientPage: page }) => {
    await openBilling(page);
    await choosePlan(page, 'Pro');
    const form = cardPayment(page);
    await expect(form.getByLabel('Name on card')).not.toHaveValue('');

    // Incomplete card: the pay button stays disabled and submitting is blocked with the spec's text.
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await expect(form.getByRole('button', { name: 'Pay $250.00' })).toBeDisabled();
    await form.getByLabel('Card number').press('Enter');
    await expect(page.getByText('Please complete your card information.')).toBeVisible();

    await typeCard(form, '4000 0000 0000 0002');
    await form.getByRole('button', { name: 'Pay $250.00' }).click();
    await expect(page.getByText('Your card was declined.')).toBeVisible();

    await typeCard(cardPayment(page), '4242 4242 4242 4242');
    await cardPayment(page).getByRole('button', { name: 'Pay $250.00' }).click();
    await expect(page.getByText(/Welcome to the Pro plan/)).toBeVisible();
    // After 3 s the data reloads and the overview returns.
    await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText('Pro plan', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Active').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Invoices' }).click();
    await expect(page.getByText('Pro plan subscription', { exact: false }).first()).toBeVisible();
  });

  test('a card that needs authentication asks for it; completing it subscribes', async ({ clientPage: page }) => {
    await openBilling(page);
    await choosePlan(page, 'Starter');
    await typeCard(cardPayment(page), '4000 0025 0000 3155');
    await cardPayment(page).getByRole('button', { name: 'Pay $100.00' }).click();
    const auth = page.getByRole('dialog', { name: 'Authenticate this payment' });
    await expect(auth).toBeVisible();
    await auth.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page.getByText(/Welcome to the Starter plan/)).toBeVisible();
  });

  test('saved cards: add one, make it the default, remove the other', async ({ clientPage: page, request, clientLogin }) => {
    await subscribeThroughApi(request, clientLogin.token);
    await openBilling(page);
    await page.getByRole('tab', { name: 'Payment Methods' }).click();
    const saved = page.getByRole('list', { name: 'Saved cards' });
    await expect(saved.getByRole('listitem')).toHaveCount(1);

    await page.getByRole('button', { name: 'Add card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a card' });
    await typeCard(dialog, '5555 5555 5555 4444');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await expect(dialog).toBeHidden();
    await expect(saved.getByRole('listitem')).toHaveCount(2);

    await saved.getByRole('button', { name: /Set default.*4444/ }).click();
    await expect(saved.getByRole('listitem').filter({ hasText: '4444' }).getByText('Default')).toBeVisible();
    await saved.getByRole('button', { name: /Remove.*4242/ }).click();
    await page.getByRole('dialog', { name: 'Remove this card?' }).getByRole('button', { name: 'Remove card' }).click();
    await expect(saved.getByRole('listitem')).toHaveCount(1);
    await expect(saved).toContainText('4444');
  });

  test('change plan shows the proration first; cancel shows the date it ends', async ({ clientPage: page, request, clientLogin }) => {
    await subscribeThroughApi(request, clientLogin.token);
    await openBilling(page);
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await page.getByRole('button', { name: 'Change Plan' }).click();
    await page.getByRole('button', { name: 'Select Premium' }).click();
    const cost = page.getByRole('region', { name: 'Cost of the change' });
    await expect(cost).toContainText('$400');
    await expect(cost).toContainText('Proration');
    await page.getByRole('button', { name: 'Confirm Plan Change' }).click();
    await expect(page.getByText('Premium plan').first()).toBeVisible();

    await page.getByRole('tab', { name: 'Subscription' }).click();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByText(/Ends on/).first()).toBeVisible();
  });

  test('one truth: a plan change’s preview is what the next payment then shows, and after cancelling no screen expects a payment', async ({
    clientPage: page,
    request,
    clientLogin,
    api,
  }) => {
    await subscribeThroughApi(request, clientLogin.token);
    await openBilling(page);
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await page.getByRole('button', { name: 'Change Plan' }).click();
    await page.getByRole('button', { name: 'Select Premium' }).click();
    const nextInvoice = page.getByRole('region', { name: 'Cost of the change' }).getByRole('definition').last();
    const previewed = (await nextInvoice.innerText()).trim();
    expect(previewed).toMatch(/^\$[\d,]+\.\d{2}$/);
    await page.getByRole('button', { name: 'Confirm Plan Change' }).click();
    await expect(page.getByText('Premium plan').first()).toBeVisible();

    // The Billing card and the overview's banner show what the preview said the next invoice would be.
    const nextPayment = page.getByRole('region', { name: 'Billing summary' }).locator('div.rounded-xl', { hasText: 'Next Payment' });
    await expect(nextPayment).toContainText(previewed);
    await page.goto('/dashboard#overview');
    await expect(page.getByRole('region', { name: 'Next Payment Due' })).toContainText(previewed);

    // The client cancels: Billing says nothing more will be charged, the overview shows no payment due, and the
    // agency's record of the client has no next payment.
    await openBilling(page);
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('dialog', { name: 'Cancel your subscription?' }).getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByText(/You will not be charged again/).first()).toBeVisible();
    await expect(nextPayment).toContainText('—');
    await expect(nextPayment).toContainText(/No renewal: ends on/);
    await page.goto('/dashboard#overview');
    // Once the overview's figures have loaded (its stat cards show), there is no payment due.
    await expect(page.getByText('Loading your next payment')).toHaveCount(0);
    await expect(page.getByText('Total Followers').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Next Payment Due' })).toHaveCount(0);
    const record = await api.get<{ next_payment: string | null; plan_name: string | null }>(`/api/clients/${clientLogin.clientId}/`);
    expect(record).toMatchObject({ next_payment: null, plan_name: 'Premium' });
  });

  test('Pay Now from the overview banner pays the invoice; the payment history then shows it paid', async ({ clientPage: page, api, clientLogin }) => {
    const invoice = await api.createInvoice(clientLogin.clientId, { amount: 321 });
    await page.goto('/dashboard#overview');
    const banner = page.getByRole('region', { name: 'Next Payment Due' });
    await expect(banner).toContainText('$321');
    await banner.getByRole('button', { name: /Pay Now/ }).click();
    const dialog = page.getByRole('dialog', { name: `Pay invoice ${invoice.invoice_number}` });
    await typeCard(dialog, '4242 4242 4242 4242');
    await dialog.getByRole('button', { name: 'Pay $321.00' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner).toBeHidden();

    // The payment history says so, and offers the PDF instead of Pay Now.
    const row = page.getByRole('list', { name: 'Recent invoices' }).getByRole('listitem').filter({ hasText: invoice.invoice_number });
    await expect(row.getByText('Paid')).toBeVisible();
    await expect(row.getByRole('button', { name: `Download invoice ${invoice.invoice_number}` })).toBeVisible();
  });

  test('Pay Now with a saved card: the default card pays in one click; a card whose bank asks authenticates, then pays', async ({
    clientPage: page,
    api,
    clientLogin,
    request,
  }, testInfo) => {
    // The plan's first payment saved 4242 as the default card; the card that always asks for 3-D Secure is added.
    await subscribeThroughApi(request, clientLogin.token);
    const headers = { authorization: `Token ${clientLogin.token}`, connection: 'close' };
    const setup = (await (await request.post('/api/billing/create-setup-intent/', { headers })).json()) as { setup_intent_id: string };
    const card = { card_number: '4000002760003184', exp_month: 12, exp_year: 2034, cvc: '123' };
    await request.post('/api/billing/confirm-setup/', { headers, data: { setup_intent_id: setup.setup_intent_id, ...card } });
    await request.post('/api/billing/confirm-setup/', { headers, data: { setup_intent_id: setup.setup_intent_id, authentication: 'complete' } });
    const first = await api.createInvoice(clientLogin.clientId, { amount: 120 });
    const second = await api.createInvoice(clientLogin.clientId, { amount: 80 });

    await openBilling(page);
    await page.getByRole('tab', { name: 'Invoices' }).click();
    const rowOf = (number: string) => page.getByTestId(/billing-invoice-(row|card)/).filter({ hasText: number }).first();
    await rowOf(first.invoice_number).getByRole('button', { name: /Pay Now/ }).click();
    let dialog = page.getByRole('dialog', { name: `Pay invoice ${first.invoice_number}` });
    await expect(dialog.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
    await expectNoSeriousAxeViolations(page, testInfo, 'Pay Now with saved cards');
    await dialog.getByRole('button', { name: 'Pay $120.00 with Visa •••• 4242' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Payment received for invoice ${first.invoice_number}. Thank you!` })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowOf(first.invoice_number)).toContainText('Paid');

    await rowOf(second.invoice_number).getByRole('button', { name: /Pay Now/ }).click();
    dialog = page.getByRole('dialog', { name: `Pay invoice ${second.invoice_number}` });
    await dialog.getByRole('radio', { name: /Visa •••• 3184/ }).check();
    await dialog.getByRole('button', { name: 'Pay $80.00 with Visa •••• 3184' }).click();
    const auth = page.getByRole('dialog', { name: 'Authenticate this payment' });
    await expect(auth).toBeVisible();
    await expectNoSeriousAxeViolations(page, testInfo, "the sandbox's authentication over Pay Now");
    await auth.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Payment received for invoice ${second.invoice_number}. Thank you!` })).toBeVisible();
    await expect(rowOf(second.invoice_number)).toContainText('Paid');
    const paid = (await (await request.get(`/api/invoices/${second.id}/`, { headers })).json()) as { payment_card: string | null; status: string };
    expect(paid).toMatchObject({ status: 'paid', payment_card: 'Visa •••• 3184' });
  });

  test('on a phone every billing tab fits the width', async ({ browser, baseURL, clientLogin, request }) => {
    await subscribeThroughApi(request, clientLogin.token);
    const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 }, isMobile: true });
    await context.addInitScript(
      ([token, user]) => {
        localStorage.setItem('auth_token', token);
        localStorage.setItem('user', user);
      },
      [clientLogin.token, JSON.stringify(clientLogin.user)] as const,
    );
    const page = await context.newPage();
    await openBilling(page);
    for (const tab of ['Overview', 'Invoices', 'Payment Methods', 'Subscription']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForTimeout(300);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, tab).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});

/** Subscribes the client to Pro with 4242 through the API (the same calls the screen makes). */
async function subscribeThroughApi(request: import('@playwright/test').APIRequestContext, token: string) {
  const headers = { authorization: `Token ${token}`, connection: 'close' };
  const started = await request.post('/api/billing/create-subscription/', { headers, data: { price_id: 'price_pro_monthly', plan_name: 'Pro' } });
  expect(started.status()).toBe(201);
  const { payment_intent_id } = (await started.json()) as { payment_intent_id: string };
  const paid = await request.post('/api/billing/confirm-payment/', {
    headers,
    data: { payment_intent_id, card_number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
  });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
}
