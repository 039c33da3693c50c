import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, signedInContext, test } from './fixtures';

/**
 * Passkeys through Chromium's virtual authenticator (CDP WebAuthn domain): a platform authenticator with resident keys
 * and user verification, as a laptop's Touch ID. WebAuthn needs a domain, so the pages are opened on localhost (the
 * server's passkey site for a loopback PUBLIC_URL).
 */
async function withVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

test.describe('passkeys', () => {
  test('added in Settings → Security, then signing in with it alone, and as the step after the password', async ({ browser, baseURL, admin }, testInfo) => {
    test.slow();
    const local = new URL(baseURL!);
    local.hostname = 'localhost';
    const context = await signedInContext(browser, local.origin, admin);
    const page = await context.newPage();
    await withVirtualAuthenticator(page);

    await page.goto('/dashboard?tab=security#settings');
    await expect(page.getByText('No passkeys yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Current password is incorrect.')).toBeVisible();
    await dialog.getByLabel('Current password').fill(admin.password);
    await dialog.getByLabel('Name').fill('E2E laptop');
    await expectNoSeriousAxeViolations(page, testInfo, 'Settings → Security, adding a passkey');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Passkey added')).toBeVisible();
    await expect(page.getByTestId('passkey-row')).toHaveCount(1);
    await expect(page.getByTestId('passkey-row')).toContainText('E2E laptop');

    // A new visit: no session, no e-mail, no password.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();

    // The password now asks for the second step; the passkey answers it.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/auth');
    await page.getByLabel('Email').fill(admin.user.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard/);

    await page.goto('/dashboard?tab=security#settings');
    await expect(page.getByTestId('passkey-row')).toContainText('Last used');
    await context.close();
  });
});
