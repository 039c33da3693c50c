import { ADMIN_SECTIONS, expect, signInThroughForm, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.describe('phone width', () => {
  test('the sidebar opens as a drawer with an overlay and closes after navigating', async ({ page, admin }) => {
    await signInThroughForm(page, admin.email, admin.password);

    // No fixed sidebar below 1024 px.
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await expect(page.getByTestId('sidebar-drawer')).toHaveCount(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByTestId('sidebar-drawer');
    await expect(drawer).toBeVisible();
    await expect(page.getByTestId('drawer-overlay')).toBeVisible();
    await expect(drawer.getByRole('navigation', { name: 'Dashboard' }).getByRole('link')).toHaveText(ADMIN_SECTIONS);

    await drawer.getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/#invoices$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();

    // Escape closes it too.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('a section opened from the drawer starts at the top, not at the last section\'s scroll', async ({ page, admin }) => {
    await signInThroughForm(page, admin.email, admin.password);
    const open = async (section: string) => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByTestId('sidebar-drawer').getByRole('link', { name: section }).click();
      await expect(page.getByRole('heading', { level: 1, name: section })).toBeVisible();
    };
    const scrollY = () => page.evaluate(() => window.scrollY);
    const scrollRoom = () => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);

    await open('Invoices');
    await expect(page.getByRole('region', { name: 'Invoice summary' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(scrollY).toBeGreaterThan(200);
    const scrolled = await scrollY();

    await open('Overview');
    await expect(page.getByText('Welcome back', { exact: false })).toBeVisible();
    // Long enough to have kept the old position: only the reset brings it to the top.
    expect(await scrollRoom()).toBeGreaterThanOrEqual(Math.min(scrolled, 200));
    await expect.poll(scrollY).toBe(0);
  });

  test('no horizontal scrolling on the auth screen and the 404', async ({ page }) => {
    for (const path of ['/auth', '/missing-page']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
