import type { TPromo, TPromoCode } from '@agency/contract';
import { expect, signedInContext, test } from './fixtures';
import { placePaidOrder, submitIntakeThroughApi } from './orders';

const SHOTS = process.env.ORDERS_SHOTS_DIR;

test('admin sees a paid order, completes its line; the client sees it completed in Billing → Orders', async ({ api, adminPage: page, clientLogin, browser, baseURL, uid }) => {
  const target = `@brand${uid}`;
  const order = await placePaidOrder(api, clientLogin, target);
  expect(order.status).toBe('succeeded');
  // Paid, the order asks for the intake form; its line waits for it.
  expect(order.intake?.status).toBe('waiting');
  expect(order.lines.map((l) => l.status)).toEqual(['pending']);

  await page.setViewportSize({ width: 1280, height: 900 });
  // Scoped by the client filter (admins see every order).
  await page.goto(`/dashboard?client=${clientLogin.clientId}#orders`);
  await expect(page.getByRole('heading', { name: 'Orders', level: 2 })).toBeVisible();
  const row = page.getByTestId('order-row').filter({ hasText: target });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('Waiting for intake');

  // The client sends the form: the delivery starts.
  await submitIntakeThroughApi(api, clientLogin, order);
  await page.getByRole('button', { name: 'Refresh orders' }).click();
  await expect(row).toContainText('In Progress');
  await expect(row).not.toContainText('Waiting for intake');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-orders-1280.png`, fullPage: true });

  await row.getByRole('button', { name: `Order #${order.id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${order.id}` });
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-order-dialog-1280.png` });
  await dialog.getByLabel('Status').selectOption('completed');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Delivery updated')).toBeVisible();
  await expect(dialog.getByLabel('Status')).toHaveValue('completed');
  await expect(dialog.getByTestId('order-line').locator('span.rounded-full', { hasText: 'Completed' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row).toContainText('Completed');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('order-card').filter({ hasText: target })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-orders-375.png`, fullPage: true });

  const context = await signedInContext(browser, baseURL, clientLogin, { viewport: { width: 1280, height: 900 } });
  const client = await context.newPage();
  await client.goto('/dashboard?tab=orders#billing');
  const line = client.getByTestId('client-order-line').filter({ hasText: target });
  await expect(line).toContainText('Completed');
  await expect(line.getByRole('progressbar')).toBeVisible();
  if (SHOTS) await client.screenshot({ path: `${SHOTS}/client-orders-1280.png`, fullPage: true });
  await client.setViewportSize({ width: 375, height: 800 });
  await expect(line).toBeVisible();
  const clientOverflow = await client.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(clientOverflow).toBeLessThanOrEqual(0);
  if (SHOTS) await client.screenshot({ path: `${SHOTS}/client-orders-375.png`, fullPage: true });
  await context.close();
});

test('admin creates a percent promo code that then validates through the API', async ({ api, adminPage: page, uid, request }) => {
  const code = `E2E${uid}`.toUpperCase().slice(0, 32);
  await page.goto('/dashboard?tab=promo-codes#orders');
  await page.getByRole('button', { name: 'New promo code' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New promo code' });
  await dialog.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await dialog.getByRole('spinbutton', { name: 'Percent off' }).fill('20');
  await dialog.getByLabel('Usage limit').fill('5');
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByText(`Promo code ${code} created`)).toBeVisible();
  const row = page.getByTestId('promo-row').filter({ hasText: code });
  await expect(row).toContainText('20%');
  await expect(row).toContainText('0 / 5');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-promo-1280.png`, fullPage: true });

  const res = await request.post('/api/promo/validate/', { data: { code, subtotal: 100 }, headers: { connection: 'close' } });
  expect(res.status()).toBe(200);
  const promo = (await res.json()) as TPromo;
  expect(promo).toMatchObject({ code, percent_off: 20, discount: 20, valid: true });

  // Switched off, the code no longer validates.
  await row.getByRole('switch', { name: `${code} active` }).click();
  await expect(page.getByText(`${code} deactivated`)).toBeVisible();
  const codes = await api.get<{ results: TPromoCode[] }>('/api/promo-codes/?page_size=200');
  expect(codes.results.find((p) => p.code === code)?.active).toBe(false);
  const after = await request.post('/api/promo/validate/', { data: { code, subtotal: 100 }, headers: { connection: 'close' } });
  expect(after.status()).not.toBe(200);
});
