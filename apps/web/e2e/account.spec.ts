import { expectNoSeriousAxeViolations } from './axe';
import { expect, NO_REUSE, signedInContext, signInThroughForm, test, uniqueEmail } from './fixtures';
import { waitForMail } from './mail';

/*
 * One-time account links (issue 28), through the built app and the SMTP stand-in: forgot password from the sign-in
 * form to signing in with the new password; confirming a sign-up's address from the banner's mail; changing the
 * e-mail from Settings → Profile.
 */

/** A link of a page in a message (`/reset-password#token=pwr_…`), as a path with its fragment, or null. */
function linkIn(text: string, page: string): string | null {
  const token = new RegExp(`${page}#token=((?:pwr|evf|emc|emu)_[A-Za-z0-9_-]{43})`).exec(text)?.[1];
  return token ? `${page}#token=${token}` : null;
}

test.describe('account links', () => {
  test('forgot password: the e-mailed link sets a new password, every session ends, and the new password signs in', async ({ page, request, clientLogin }, testInfo) => {
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expectNoSeriousAxeViolations(page, testInfo);
    await page.getByLabel('Email').fill(clientLogin.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText("If an account exists for that address, we've sent a link")).toBeVisible();

    const { text } = await waitForMail(clientLogin.email, (t) => linkIn(t, '/reset-password') !== null);
    expect(text).toContain('1 hour');
    await page.goto(linkIn(text, '/reset-password')!);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    // The token left the address bar (neither the history nor a bookmark keeps it).
    await expect(page).toHaveURL(/\/reset-password$/);
    await expectNoSeriousAxeViolations(page, testInfo);
    await page.getByLabel('New password', { exact: true }).fill('Brand-new-passw0rd');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Brand-new-passw0rd');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { name: 'Your password was changed' })).toBeVisible();

    // The session the sign-up opened ended with the reset.
    const me = await request.get('/api/auth/me/', { headers: { ...NO_REUSE, Authorization: `Token ${clientLogin.token}` } });
    expect(me.status()).toBe(401);
    await waitForMail(clientLogin.email, (t) => t.includes('password was changed') || t.includes('was changed on'));

    await page.getByRole('link', { name: 'Sign in' }).click();
    await signInThroughForm(page, clientLogin.email, 'Brand-new-passw0rd');

    // The link works once.
    await page.goto(linkIn(text, '/reset-password')!);
    await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
    await expect(page.getByText(/This link was already used/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  test('a new sign-up sees the banner until it opens the link mailed to its address', async ({ browser, baseURL, clientLogin }, testInfo) => {
    expect(clientLogin.user.email_verified).toBe(false);
    const context = await signedInContext(browser, baseURL, clientLogin);
    const page = await context.newPage();
    await page.goto('/dashboard');
    const banner = page.getByTestId('email-verification-banner');
    await expect(banner).toContainText(`open the link we sent to ${clientLogin.email}`);

    const { text } = await waitForMail(clientLogin.email, (t) => linkIn(t, '/confirm-email') !== null);
    await page.goto(linkIn(text, '/confirm-email')!);
    await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, testInfo);
    await page.getByRole('button', { name: 'Confirm e-mail address' }).click();
    await expect(page.getByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await context.close();
  });

  test('staff change their e-mail in Settings → Profile: nothing changes until the new address confirms it', async ({ adminPage: page, admin }) => {
    const target = uniqueEmail('moved');
    await page.goto('/dashboard#settings');
    const form = page.getByRole('form', { name: 'Change email' });
    await form.getByLabel('New email').fill(target);
    await form.getByLabel('Current password', { exact: true }).fill(admin.password);
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(page.getByTestId('change-email-sent')).toContainText(`until then your address stays ${admin.email}`);

    const { text } = await waitForMail(target, (t) => linkIn(t, '/confirm-email') !== null);
    await page.goto(linkIn(text, '/confirm-email')!);
    await page.getByRole('button', { name: 'Confirm new address' }).click();
    await expect(page.getByRole('heading', { name: 'Your e-mail address was changed' })).toBeVisible();

    // This browser's session stays; the profile shows the new, confirmed address.
    await page.goto('/dashboard#settings');
    await expect(page.getByText(target).first()).toBeVisible();
    await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
    // The old address is told, with the link that undoes it.
    const told = await waitForMail(admin.email, (t) => linkIn(t, '/undo-email-change') !== null);
    expect(told.text).toContain(target);
  });
});
