import { expect, test } from './fixtures';

test.describe('routing', () => {
  test('an unknown path answers 404 and shows Page not found with a Go Home link', async ({ page }) => {
    expect((await page.goto('/pricing'))?.status()).toBe(200);
    expect((await page.goto('/no-such-page/at-all'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('guests are sent from /dashboard to /auth', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a guest following a deep link signs in and lands on its section', async ({ page, admin }) => {
    await page.goto('/dashboard#invoices');
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard#invoices$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  });

  test('/dashboard/anything redirects to /dashboard (and on to /auth for guests)', async ({ page }) => {
    await page.goto('/dashboard/clients/12');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('public placeholders have a heading and Go Back / Go Home', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await expect(page.getByText('Social media tips and insights coming soon')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Go Home' })).toBeVisible();

    // Checkout needs a signed-in client: a guest signs in first and comes back (storefront.spec.ts).
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/auth\?redirect=(%2F|\/)checkout$/);
  });

  test('order confirmation asks the server: a typed ?status= never shows a result', async ({ page }) => {
    await page.goto('/order-confirmation');
    await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();

    await page.goto('/order-confirmation?status=succeeded');
    await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
    await expect(page.getByText('Payment Successful!')).toHaveCount(0);

    await page.goto('/order-confirmation?status=failed');
    await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');

    // A guest with an order number signs in first, then comes back to it.
    await page.goto('/order-confirmation?order=12&status=succeeded');
    await expect(page).toHaveURL(/\/auth\?redirect=/);
  });

  test('the header cart badge counts the stored cart', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    await page.evaluate(() => {
      localStorage.setItem(
        'cart',
        JSON.stringify([
          { id: 'ig-starter-1', serviceId: 'ig-followers', name: 'Starter', quantity: 2, price: 15, platform: 'ig', features: [] },
          { id: 'tt-viral-1', serviceId: 'tt-followers', name: 'Viral', quantity: 1, price: 100, platform: 'tt', features: [] },
        ]),
      );
    });
    await page.reload();
    await expect(page.getByTestId('cart-count')).toHaveText('3');
  });
});
