import type { Page } from '@playwright/test';
import { expect, login, NO_REUSE, test } from './fixtures';

/** Each test signs in as its own fresh admin (the `adminPage` fixture), so changing the profile or password touches no one else. */
async function openSettings(page: Page, tab?: string) {
  await page.goto('/dashboard#settings');
  await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
  if (tab) await page.getByRole('tab', { name: tab }).click();
}

test.describe('admin settings', () => {
  test('update the profile', async ({ adminPage: page, uid }) => {
    await openSettings(page);
    const company = `E2E Agency ${uid}`;
    await expect(page.getByLabel('First name')).toHaveValue(/.+/);
    // The fixture's admin registered with the invite code: an owner.
    await expect(page.getByText('Admin · Owner', { exact: true })).toBeVisible();

    // The contract's own validation message.
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();

    await page.getByLabel('First name').fill('Alexandra');
    await page.getByLabel('Company').fill(company);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Profile updated successfully' })).toBeVisible();
    // The session user follows: the header shows the new company.
    await expect(page.getByRole('banner')).toContainText(company);

    await page.reload();
    await expect(page.getByLabel('Company')).toHaveValue(company);
    await expect(page.getByLabel('First name')).toHaveValue('Alexandra');
  });

  test('a notification preference is saved and survives reload', async ({ adminPage: page }) => {
    await openSettings(page, 'Notifications');
    await expect(page).toHaveURL(/tab=notifications/);
    const weekly = page.getByRole('switch', { name: 'Weekly reports' });
    await expect(weekly).toBeVisible();
    const before = await weekly.getAttribute('aria-checked');
    await weekly.click();
    await expect(page.getByRole('status').filter({ hasText: 'Notification preferences saved' })).toBeVisible();
    const after = before === 'true' ? 'false' : 'true';
    await expect(weekly).toHaveAttribute('aria-checked', after);

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Weekly reports' })).toHaveAttribute('aria-checked', after);
  });

  test('change the password; the session continues and the new password signs in', async ({ adminPage: page, admin, request }) => {
    const newPassword = 'E2eNewPass123';
    await openSettings(page, 'Security');
    await expect(page.getByTestId('password-last-changed')).toContainText('Last changed');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });

    await dialog.getByLabel('Current password', { exact: true }).fill(admin.password);
    await dialog.getByLabel('New password', { exact: true }).fill('short');
    await dialog.getByLabel('Confirm new password', { exact: true }).fill('short');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByText('Password must be at least 8 characters long')).toBeVisible();

    await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
    await dialog.getByLabel('Confirm new password', { exact: true }).fill(`${newPassword}x`);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByText('New passwords do not match')).toBeVisible();

    // Show / hide.
    await dialog.getByRole('button', { name: 'Show new password' }).click();
    await expect(dialog.getByLabel('New password', { exact: true })).toHaveAttribute('type', 'text');

    await dialog.getByLabel('Current password', { exact: true }).fill('WrongPassword1');
    await dialog.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByText('Failed to change password. Please check your current password.')).toBeVisible();

    await dialog.getByLabel('Current password', { exact: true }).fill(admin.password);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Password changed successfully' })).toBeVisible();
    await expect(dialog).toBeHidden();

    // The stored token was replaced: the session goes on after a reload.
    await page.reload();
    await expect(page.getByTestId('password-last-changed')).toContainText(/Last changed less than a minute ago/);
    await expect(page).toHaveURL(/\/dashboard/);

    const oldLogin = await request.post('/api/auth/login/', { data: { email: admin.email, password: admin.password }, headers: NO_REUSE });
    expect(oldLogin.status()).not.toBe(200);
    await login(request, admin.email, newPassword);
  });

  test('delete account stays disabled until the exact phrase is typed', async ({ adminPage: page }) => {
    await openSettings(page, 'Danger Zone');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Admin Account' });
    await expect(dialog.getByText('Please type "DELETE MY ACCOUNT" exactly to confirm')).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Delete My Account' });
    const input = dialog.getByRole('textbox');
    await expect(confirm).toBeDisabled();
    await input.fill('delete my account');
    await expect(confirm).toBeDisabled();
    await input.fill('DELETE MY ACCOUNT ');
    await expect(confirm).toBeDisabled();
    await input.fill('DELETE MY ACCOUNT');
    await expect(confirm).toBeEnabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
