import type { TOrder } from '@agency/contract';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, gotoHydrated, NO_REUSE, test, waitForHydration, type TClientSession, type TPageOf } from './fixtures';

/**
 * The storefront as a guest becomes a buyer: cart (kept across reloads), promo code, sign-in on the way to checkout,
 * the account to grow per line, the card payment on the sandbox provider, and the confirmation the server decides.
 */

async function typeCard(scope: Locator, number: string) {
  await scope.getByLabel('Card number').fill(number);
  await scope.getByLabel('Expiration date').fill('12 / 34');
  await scope.getByLabel('Security code (CVC)').fill('123');
}

/** Signs in on /auth?redirect=/checkout with a client made through the API, and lands back on /checkout. */
async function signInToCheckout(page: Page, client: TClientSession) {
  await expect(page).toHaveURL(/\/auth\?redirect=\/checkout$/);
  await page.getByLabel('Email').fill(client.email);
  await page.getByLabel('Password').fill(client.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

const cardPayment = (page: Page) => page.getByRole('form', { name: 'Card payment' });

async function orderIdOnPage(page: Page): Promise<number> {
  const heading = page.getByRole('heading', { name: /^Order #\d+$/ });
  await expect(heading).toBeVisible();
  return Number((await heading.textContent())!.replace(/\D/g, ''));
}

test.describe('storefront: cart, checkout and confirmation', () => {
  test('two packages with WELCOME20, signed in on the way, paid with 4242: success, empty cart, the order on the server', async ({ page, clientLogin, request }, testInfo) => {
    await gotoHydrated(page, '/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Cart is Empty' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Add to Cart/ })).toHaveCount(3);
    await page.getByRole('button', { name: /Add to Cart Growth/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');

    // A second package from the TikTok service page.
    await page.getByRole('link', { name: 'TikTok', exact: true }).first().click();
    await page.getByRole('button', { name: /^Add to Cart: Starter/ }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await page.goto('/cart');
    // The cart survives a reload.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await expect(page.getByTestId('summary-total')).toHaveText('$84.70'); // (65 + 12) + 10%

    await page.getByLabel('Promo code').fill('WELCOME20');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('summary-discount')).toHaveText('-$15.40');
    await expect(page.getByTestId('summary-total')).toHaveText('$67.76'); // (77 - 15.40) + 10%

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await signInToCheckout(page, clientLogin);

    // Back with the cart and the code intact.
    await expect(page.getByTestId('checkout-line')).toHaveCount(2);
    await expect(page.getByTestId('summary-total')).toHaveText('$67.76');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Enter the account to grow').first()).toBeVisible();
    await expectNoSeriousAxeViolations(page, testInfo, 'checkout with field errors');
    await page.getByLabel('Instagram account for Growth').fill('@e2e.brand');
    await page.getByLabel('TikTok account for Starter').fill('https://www.tiktok.com/@e2e.brand');
    await page.getByRole('button', { name: 'Place order' }).click();

    const orderId = await orderIdOnPage(page);
    await expect(cardPayment(page)).toBeVisible();
    await expectNoSeriousAxeViolations(page, testInfo, 'checkout card payment');
    await typeCard(cardPayment(page), '4242 4242 4242 4242');
    await cardPayment(page).getByRole('button', { name: 'Pay $67.76' }).click();

    await expect(page).toHaveURL(new RegExp(`/order-confirmation\\?order=${orderId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, testInfo, 'order confirmation');
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Cart is Empty' })).toBeVisible();

    // The client sees the paid order through the API, priced by the server.
    const res = await request.get('/api/orders/', { headers: { Authorization: `Token ${clientLogin.token}`, ...NO_REUSE } });
    expect(res.status()).toBe(200);
    const orders = (await res.json()) as TPageOf<TOrder>;
    const order = orders.results.find((o) => o.id === orderId);
    expect(order).toMatchObject({ status: 'succeeded', promo_code: 'WELCOME20', subtotal: 77, discount: 15.4, total: 67.76 });
    expect(order?.lines.map((l) => [l.package_id, l.target])).toEqual(
      expect.arrayContaining([
        ['ig-growth', '@e2e.brand'],
        ['tt-starter', 'https://www.tiktok.com/@e2e.brand'],
      ]),
    );
  });

  test('a declined card keeps the order unpaid: the confirmation says Payment Failed, and a typed ?status=succeeded changes nothing', async ({ page, clientLogin }) => {
    await gotoHydrated(page, '/cart');
    await page.getByRole('button', { name: /Add to Cart Starter/ }).click();
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await signInToCheckout(page, clientLogin);

    await page.getByLabel('Instagram account for Starter').fill('@declined.e2e');
    await page.getByRole('button', { name: 'Place order' }).click();
    const orderId = await orderIdOnPage(page);
    await typeCard(cardPayment(page), '4000 0000 0000 0002');
    await cardPayment(page).getByRole('button', { name: 'Pay $16.50' }).click();
    await expect(page.getByText('Your card was declined.')).toBeVisible();

    await page.goto(`/order-confirmation?order=${orderId}&status=succeeded`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeVisible();
    await expect(page.getByTestId('payment-error')).toContainText(/declined/i);
    await expect(page.getByText('Payment Successful!')).toHaveCount(0);
    // Nothing was bought: the cart is still there.
    await expect(page.getByTestId('cart-count')).toHaveText('1');
  });
});
