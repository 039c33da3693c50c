import { ADMIN_SECTIONS, CLIENT_SECTIONS, DEMO_ADMIN, expect, expectSidebar, signInThroughForm, test, uniqueEmail } from './fixtures';

test.describe('auth', () => {
  test('a new client signs up and lands on the client dashboard', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password').fill('Growth2025ok');
    await page.getByLabel('Name').fill('Casey Client');
    await page.getByLabel('Account type').selectOption({ label: 'Client - I need social media growth' });
    await page.getByLabel('Company').fill('Casey Co');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expectSidebar(page, CLIENT_SECTIONS);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByText('Casey Client').first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
  });

  // About the demo data itself: the sign-in page lists the demo logins and they work. It only signs in (changes nothing).
  test('the demo admin signs in and sees the admin sidebar', async ({ page }) => {
    await page.goto('/auth');
    // Demo data is on, so the sign-in page lists the demo logins.
    await expect(page.getByText(DEMO_ADMIN.email)).toBeVisible();
    await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expectSidebar(page, ADMIN_SECTIONS);

    await page.getByTestId('sidebar').getByRole('link', { name: 'Tasks' }).click();
    await expect(page).toHaveURL(/\/dashboard#tasks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  });

  test('sign out ends the session and returns to /auth', async ({ page, admin }) => {
    await signInThroughForm(page, admin.email, admin.password);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a wrong password shows the server message and stays on /auth', async ({ page, admin }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a 401 clears the session and sends the browser to /auth', async ({ page }) => {
    await page.goto('/auth');
    await page.evaluate(() => {
      localStorage.setItem('auth_token', 'bogus-token-that-the-server-does-not-know');
      localStorage.setItem('user', JSON.stringify({ id: 1, role: 'admin', name: 'Ghost' }));
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test('sign-up validation messages', async ({ page, admin }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email and password are required').first()).toBeVisible();

    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('at least 8 characters with upper case, lower case and digits')).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Email and password are required').first()).toBeVisible();
    await expect(page.getByText('Name is required for registration')).toBeVisible();

    // The invite code appears only for Agency Admin.
    await expect(page.getByLabel('Agency invite code')).toHaveCount(0);
    await page.getByLabel('Account type').selectOption({ label: 'Agency Admin - I manage client accounts' });
    await expect(page.getByLabel('Agency invite code')).toBeVisible();

    // Registering an e-mail that has an account (this test's admin) is refused with the spec's text.
    await page.getByLabel('Account type').selectOption({ label: 'Client - I need social media growth' });
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('Growth2025ok');
    await page.getByLabel('Name').fill('Someone Else');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toContainText('An account with this email already exists');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a signed-in user visiting /auth goes to /dashboard', async ({ page, admin }) => {
    await signInThroughForm(page, admin.email, admin.password);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
