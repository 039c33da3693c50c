import { expectNoSeriousAxeViolations } from './axe';
import { E2E_PASSWORD, expect, test } from './fixtures';
import { enrolThroughSettings, freshCode } from './two-factor';

test.describe('two-factor authentication', () => {
  test('an authenticator app set up in Settings → Security; the next sign-in asks for its code', async ({ adminPage: page, admin }, testInfo) => {
    test.slow();
    await page.goto('/dashboard?tab=security#settings');
    await expect(page.getByTestId('totp-state')).toHaveText('Off');
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await expectNoSeriousAxeViolations(page, testInfo, 'Settings → Security, setting up two-factor');
    const { secret, usedStep } = await enrolThroughSettings(page, E2E_PASSWORD);
    await expect(page.getByTestId('totp-state')).toHaveText('On');
    await expect(page.getByTestId('recovery-codes-left')).toHaveText('10 recovery codes left');

    // A new browser (this one forgets its session), signing in: the password, then a code.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/auth');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeVisible();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(page).toHaveURL(/\/auth/);
    await expectNoSeriousAxeViolations(page, testInfo, 'sign-in, code step');

    // A wrong code is said under the field.
    const { code: right } = await freshCode(secret, usedStep);
    await code.fill(right === '000000' ? '000001' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('That code is not right, or it was already used.')).toBeVisible();

    await code.fill(right);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  });
});
