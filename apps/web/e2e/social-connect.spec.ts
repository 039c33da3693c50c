import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { NO_REUSE, expect, test } from './fixtures';

interface TAccount {
  id: number;
  username: string;
  platform: string;
  followers_count: number | null;
  is_active: boolean;
}

/** Opens Connect Social Media Account from the overview and picks `platform`; answers the popup. */
async function startConnecting(page: Page, platform: 'Instagram' | 'YouTube' | 'TikTok'): Promise<Page> {
  await page.getByRole('button', { name: 'Connect Account' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Connect Social Media Account' });
  await expect(dialog.getByText('Your login credentials are never shared with us or stored.', { exact: false })).toBeVisible();
  // The sandbox is active here, so TikTok is offered too (Coming Soon only when it is neither configured nor sandboxed).
  await expect(dialog.getByRole('button', { name: 'TikTok', exact: true })).toBeEnabled();
  const popupOpened = page.context().waitForEvent('page');
  await dialog.getByRole('button', { name: platform, exact: true }).click();
  const popup = await popupOpened;
  await expect(popup.getByText(`Sandbox — no real ${platform} account is used`)).toBeVisible();
  return popup;
}

test.describe('connecting a social account (client-and-public 2.4, section 4)', () => {
  test('connect Instagram through the sandbox popup, sync, then disconnect keeping its history', async ({ clientPage: page, clientLogin, uid, request }, testInfo) => {
    test.setTimeout(120_000);
    const handle = `ig_${uid}`;
    const username = `@${handle}`;
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'No social accounts connected' })).toBeVisible();

    const popup = await startConnecting(page, 'Instagram');
    await expect(popup.getByRole('heading', { name: /wants to access your Instagram account/ })).toBeVisible();
    await expectNoSeriousAxeViolations(popup, testInfo, 'sandbox consent page');
    // The handle rule is checked before leaving the consent page.
    await popup.getByLabel('Instagram account handle').fill('Not Valid!');
    await popup.getByRole('button', { name: 'Allow' }).click();
    await expect(popup.getByText('Use 1 to 30 lower-case letters, digits or underscores.')).toBeVisible();
    await popup.getByLabel('Instagram account handle').fill(handle);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Allow' }).click();
    await expect(popup.getByRole('heading', { name: 'Instagram account connected' })).toBeVisible();
    await closed; // the callback page closes itself; the overview notices within a second and reloads

    await expect(page.getByRole('dialog', { name: 'Connect Social Media Account' })).toBeHidden({ timeout: 5_000 });
    const card = page.getByTestId(/^social-account-/).filter({ hasText: username });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Instagram');
    await expect(card).toContainText('Active');
    // The first numbers come with the connection (the sandbox's metrics).
    await expect(card.getByText('Followers').locator('..').locator('dd')).toHaveText(/^\d[\d.]*[KM]?$/);
    await expect(card).toContainText('Last sync: Just now');
    await expect(page.getByRole('heading', { name: 'No social accounts connected' })).toBeHidden();

    // Connected platforms show Connected in the modal.
    await page.getByRole('button', { name: 'Connect Account' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Connect Social Media Account' });
    await expect(dialog.getByRole('button', { name: 'Instagram, Connected' })).toBeDisabled();
    await page.keyboard.press('Escape');

    // Sync now works once; a second one within a minute is refused politely.
    await card.getByRole('button', { name: `Sync now ${username}` }).click();
    await expect(page.getByText('Instagram account synced.')).toBeVisible();
    await card.getByRole('button', { name: `Sync now ${username}` }).click();
    await expect(page.getByText(/synced less than a minute ago\. Please try again in \d+ seconds\./)).toBeVisible();

    // Disconnect asks the spec's question; the card goes, the history stays.
    await card.getByRole('button', { name: `Disconnect ${username}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Disconnect Instagram account' });
    await expect(confirm.getByText(`Disconnect ${username}? Historical data will be preserved.`, { exact: true })).toBeVisible();
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await expect(card).toBeHidden();
    await expect(page.getByRole('heading', { name: 'No social accounts connected' })).toBeVisible();

    const res = await request.get('/api/social-accounts/?include_inactive=true', { headers: { authorization: `Token ${clientLogin.token}`, ...NO_REUSE } });
    expect(res.status()).toBe(200);
    const { accounts } = (await res.json()) as { accounts: TAccount[] };
    const kept = accounts.find((a) => a.username === username);
    expect(kept, 'the disconnected account is still listed with include_inactive').toBeDefined();
    expect(kept!.is_active).toBe(false);
    expect(kept!.followers_count, 'its latest snapshot is kept').not.toBeNull();
  });

  test('Deny on the consent page cancels the connection', async ({ clientPage: page }, testInfo) => {
    await page.goto('/dashboard');
    const popup = await startConnecting(page, 'YouTube');
    await popup.getByRole('button', { name: 'Deny' }).click();
    await expect(popup.getByRole('heading', { name: 'Connection cancelled' })).toBeVisible();
    await expectNoSeriousAxeViolations(popup, testInfo, 'OAuth callback page');
    const closed = popup.waitForEvent('close');
    // The button closes its own window: on a slow machine the click can end with the page already gone.
    await popup
      .getByRole('button', { name: 'Close' })
      .click()
      .catch((err: unknown) => {
        if (!popup.isClosed()) throw err;
      });
    await closed;
    await expect(page.getByRole('heading', { name: 'No accounts connected yet' })).toBeVisible();
  });

  test('the callback page shows the server’s reason when the state is not valid', async ({ clientPage: page }) => {
    await page.goto('/oauth/callback/instagram?code=sandbox-instagram-x.someone&state=v1.forged');
    await expect(page.getByRole('heading', { name: 'Could not connect Instagram' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Invalid OAuth state');
  });
});
