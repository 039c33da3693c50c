import { E2E_PASSWORD, expect, register, test } from './fixtures';
import { enrolThroughSettings, totpCode } from './two-factor';

/*
 * Runs in its own Playwright project after every other spec (playwright.config.ts): requiring two-factor of all
 * staff holds every staff account of the run, those of the other specs too.
 */
test.describe('an owner requiring two-factor authentication of all staff', () => {
  test('a staff member without it is taken to enrolment at the next sign-in, and reaches the dashboard once enrolled', async ({
    adminPage: page,
    admin,
    request,
    browser,
    baseURL,
    uid,
  }) => {
    test.slow();
    const staff = await register(request, { role: 'admin', name: `Sam Staff ${uid}`, email: `staff-${uid}@e2e.test`, company: `Agency ${uid}` });
    try {
      // The owner sets up their own app first (the switch refuses otherwise), then requires it of everyone.
      await page.goto('/dashboard?tab=security#settings');
      await page.getByRole('button', { name: 'Set up authenticator app' }).click();
      await enrolThroughSettings(page, E2E_PASSWORD);
      const policy = page.getByRole('switch', { name: 'Require two-factor authentication for all staff' });
      await expect(policy).not.toBeChecked();
      await policy.click();
      await expect(page.getByRole('status').filter({ hasText: 'Two-factor authentication is now required for all staff' })).toBeVisible();
      await expect(policy).toBeChecked();

      // The staff member signs in: the enrolment screen, nothing else.
      const context = await browser.newContext({ baseURL: baseURL! });
      const staffPage = await context.newPage();
      await staffPage.goto('/auth');
      await staffPage.getByLabel('Email').fill(staff.email);
      await staffPage.getByLabel('Password').fill(E2E_PASSWORD);
      await staffPage.getByRole('button', { name: 'Sign In' }).click();
      await expect(staffPage.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeVisible();
      await expect(staffPage.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
      // Another section by its address: still the enrolment screen.
      await staffPage.goto('/dashboard#clients');
      await expect(staffPage.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeVisible();

      await staffPage.getByLabel('Current password', { exact: true }).fill(E2E_PASSWORD);
      await staffPage.getByRole('button', { name: 'Continue' }).click();
      const secret = (await staffPage.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
      await staffPage.getByLabel('Code from the app').fill(totpCode(secret));
      await staffPage.getByRole('button', { name: 'Turn on' }).click();
      await expect(staffPage.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
      await staffPage.getByLabel('I have saved my recovery codes').check();
      await staffPage.getByRole('button', { name: 'Done' }).click();
      await expect(staffPage.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
      await context.close();
    } finally {
      // Other runs of the suite on this server are not held: off again.
      await request.patch('/api/admin/security-policy/', {
        data: { require_staff_two_factor: false },
        headers: { authorization: `Token ${admin.token}`, connection: 'close' },
      });
    }
  });
});
