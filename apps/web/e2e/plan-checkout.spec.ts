import type { TSubscription } from '@agency/contract';
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { E2E_PASSWORD, expect, gotoHydrated, login, newUid, NO_REUSE, test } from './fixtures';

/**
 * A plan chosen on the public site is the plan bought (issue 27, "Lost plan choice" and "Service pages and /pricing"):
 * Get Started keeps the plan through sign-up or sign-in, into checkout with it chosen at the price the page showed,
 * and the sandbox card buys it at that price.
 */

const cardPayment = (page: Page) => page.getByRole('form', { name: 'Card payment' });

async function payWith4242(page: Page, amount: string) {
  const form = cardPayment(page);
  await form.getByLabel('Card number').fill('4242424242424242');
  await form.getByLabel('Expiration date').fill('12 / 34');
  await form.getByLabel('Security code (CVC)').fill('123');
  await form.getByRole('button', { name: `Pay ${amount}` }).click();
}

async function subscriptionOf(page: Page, email: string): Promise<TSubscription | null> {
  const { token } = await login(page.request, email, E2E_PASSWORD);
  const res = await page.request.get('/api/billing/subscription/', { headers: { authorization: `Token ${token}`, ...NO_REUSE } });
  expect(res.status()).toBe(200);
  return (await res.json()) as TSubscription | null;
}

test.describe('buying the plan picked on the site', () => {
  test('a visitor picks Viral Growth on the TikTok page, signs up, lands in checkout with it at $79/month and buys it', async ({ page }, testInfo) => {
    await gotoHydrated(page, '/services/tiktok');
    const plans = page.locator('#pricing');
    // The TikTok page sells TikTok's plans, not Instagram's.
    await expect(plans.getByRole('heading', { name: 'Viral Growth' })).toBeVisible();
    await expect(plans.getByText('Instagram plus Facebook plus TikTok')).toHaveCount(0);
    await expect(plans.getByText('$79', { exact: true })).toBeVisible();
    await plans.getByRole('link', { name: 'Get Started with Viral Growth' }).click();

    // Sign-up first, with the choice named; the address keeps only the plan and the period.
    await expect(page).toHaveURL(/\/auth\?mode=signup&redirect=/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByTestId('chosen-plan')).toHaveText('Viral Growth plan, $79/month: you go on to checkout next.');
    const email = `visitor-${newUid()}@e2e.test`;
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(E2E_PASSWORD);
    await form.getByLabel('Name').fill('Vera Visitor');
    await form.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/checkout\?plan=viral-growth&billing=monthly$/);
    const summary = page.getByRole('region', { name: 'Viral Growth plan' });
    await expect(summary).toBeVisible();
    await expect(summary).toContainText('TikTok growth plan');
    await expect(page.getByTestId('plan-price')).toHaveText('$79/month');
    await expectNoSeriousAxeViolations(page, testInfo);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payWith4242(page, '$79.00');

    await expect(page.getByRole('heading', { name: 'Your Viral Growth plan is active' })).toBeVisible();
    expect(await subscriptionOf(page, email)).toMatchObject({
      plan: 'viral-growth',
      platform: 'tiktok',
      price: 79,
      billing_cycle: 'monthly',
      status: 'active',
    });
    await page.getByRole('link', { name: 'Go to Billing' }).click();
    await expect(page.getByRole('region', { name: 'Billing summary' })).toContainText('Viral Growth');
  });

  test('an existing client takes Pro annually from the Instagram page through sign-in, at $2,499/year', async ({ page, clientLogin }) => {
    await gotoHydrated(page, '/services/instagram');
    await page.locator('#pricing').getByRole('link', { name: 'Pay Pro annually: $2,499/year' }).click();
    await expect(page.getByTestId('chosen-plan')).toHaveText('Pro plan, $2,499/year: you go on to checkout next.');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(clientLogin.email);
    await page.getByLabel('Password').fill(clientLogin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL(/\/checkout\?plan=pro&billing=annual$/);
    await expect(page.getByTestId('plan-price')).toHaveText('$2,499/year');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payWith4242(page, '$2,499.00');
    await expect(page.getByRole('heading', { name: 'Your Pro plan is active' })).toBeVisible();
    expect(await subscriptionOf(page, clientLogin.email)).toMatchObject({ plan: 'pro', price: 2499, billing_cycle: 'annual' });

    // Picking a plan again now leads to the plan they have, not to a second subscription.
    await page.goto('/checkout?plan=viral-pro&billing=monthly');
    await expect(page.getByRole('heading', { name: 'You already have the Pro plan' })).toBeVisible();
  });

  test('/pricing: Get Started on an annual YouTube plan keeps the period', async ({ page }) => {
    await gotoHydrated(page, '/pricing');
    await page.getByRole('button', { name: 'Annual' }).click();
    await page.getByRole('tab', { name: 'YouTube' }).click();
    await page.getByRole('tabpanel').getByRole('link', { name: 'Get Started with Creator Growth' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=signup&redirect=%2Fcheckout%3Fplan%3Dcreator-growth%26billing%3Dannual$/);
    await expect(page.getByTestId('chosen-plan')).toHaveText('Creator Growth plan, $999/year: you go on to checkout next.');
  });
});
