import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pickClient } from './pick-client';

/** Pushed updates must show at once; polling (5 s admin, 30 s client) would be far slower. Some slack for a busy CI machine. */
const PUSH_MS = 2_000;

/** A 1×1 PNG. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function openMessages(page: Page): Promise<Page> {
  await page.goto('/dashboard#messages');
  return page;
}

const bubble = (page: Page, text: string): Locator => page.getByTestId('message').filter({ hasText: text });
const composer = (page: Page) => page.getByRole('textbox', { name: /^Message/ });

test.describe('Messages: admin and client chat', () => {
  test('client and admin exchange messages with read ticks and attachments; blank text cannot be sent', async ({
    adminPage,
    clientPage,
    clientLogin,
    uid,
    exclusive,
  }) => {
    test.setTimeout(120_000);
    // A client's message notifies every admin; the admin notification test must not see these arrive.
    await exclusive('admin-notifications');
    const clientName = clientLogin.name;
    const fromClient = `Hello team, question ${uid}`;
    const fromAdmin = `Hi ${clientName}, answer ${uid}`;

    const client = await openMessages(clientPage);
    await expect(client.getByRole('region', { name: 'Your team', exact: true })).toBeVisible();
    await expect(client.getByText('Press Enter to send, Shift+Enter for new line')).toBeVisible();

    // Whitespace-only cannot be sent: the button stays disabled and Enter does nothing.
    const clientBox = composer(client);
    await clientBox.fill('   ');
    await expect(client.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await clientBox.press('Enter');
    await expect(clientBox).toHaveValue('   ');

    // Shift+Enter inserts a new line instead of sending.
    await clientBox.fill('');
    await clientBox.pressSequentially('Hello team,');
    await clientBox.press('Shift+Enter');
    await expect(clientBox).toHaveValue('Hello team,\n');
    await clientBox.fill(fromClient);
    await clientBox.press('Enter');
    await expect(bubble(client, fromClient)).toBeVisible();
    await expect(clientBox).toHaveValue('');
    await expect(bubble(client, fromClient).getByTestId('sent-tick')).toBeVisible();

    // The admin sees it in the conversation list and in the thread.
    const admin = await openMessages(adminPage);
    const conversation = admin.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(clientName) });
    await expect(conversation).toContainText(fromClient);
    await expect(admin.getByText('Select a conversation')).toBeVisible();
    await conversation.click();
    await expect(admin.getByRole('heading', { name: clientName })).toBeVisible();
    await expect(bubble(admin, fromClient)).toBeVisible();

    // Viewing marks it read: the client gets the read tick without reloading.
    // (The client polls only every 30 s when its socket is down, so seconds here prove the WebSocket push.)
    await expect(bubble(client, fromClient).getByTestId('read-tick')).toBeVisible({ timeout: PUSH_MS });

    // Whitespace-only cannot be sent from the admin side either.
    const adminBox = composer(admin);
    await adminBox.fill('  \n ');
    await expect(admin.getByRole('button', { name: 'Send message' })).toBeDisabled();

    // The admin replies with Enter; the client sees it, and its viewing gives the admin the read tick.
    await adminBox.fill(fromAdmin);
    await adminBox.press('Enter');
    await expect(bubble(admin, fromAdmin)).toBeVisible();
    await expect(bubble(admin, fromAdmin)).toHaveAttribute('data-mine', 'true');
    await expect(bubble(client, fromAdmin)).toBeVisible({ timeout: PUSH_MS });
    await expect(bubble(client, fromAdmin)).not.toHaveAttribute('data-mine', 'true');
    await expect(bubble(admin, fromAdmin).getByTestId('read-tick')).toBeVisible({ timeout: PUSH_MS });

    // The client attaches a TXT file; the admin downloads it.
    const txtName = `notes-${uid}.txt`;
    const txtBody = `Campaign notes ${uid}\n`;
    await client.getByLabel('Attach a file').setInputFiles({ name: txtName, mimeType: 'text/plain', buffer: Buffer.from(txtBody) });
    await expect(client.getByRole('button', { name: `Remove ${txtName}` })).toBeVisible();
    await clientBox.fill(`File attached ${uid}`);
    await client.getByRole('button', { name: 'Send message' }).click();
    await expect(bubble(client, `File attached ${uid}`).getByRole('button', { name: `Download ${txtName}` })).toBeVisible();

    const chip = bubble(admin, `File attached ${uid}`).getByRole('button', { name: `Download ${txtName}` });
    await expect(chip).toBeVisible({ timeout: PUSH_MS });
    const [txtDownload] = await Promise.all([admin.waitForEvent('download'), chip.click()]);
    expect(txtDownload.suggestedFilename()).toBe(txtName);
    expect(await readFile((await txtDownload.path())!, 'utf8')).toBe(txtBody);

    // The admin sends a PNG alone (no text); the client downloads it.
    const pngName = `chart-${uid}.png`;
    await admin.getByLabel('Attach a file').setInputFiles({ name: pngName, mimeType: 'image/png', buffer: PNG_1X1 });
    await expect(admin.getByRole('button', { name: 'Send message' })).toBeEnabled();
    await admin.getByRole('button', { name: 'Send message' }).click();
    // Sent (the upload is not the push's time); then the client has it within the push time.
    await expect(admin.getByRole('button', { name: `Download ${pngName}` })).toBeVisible();
    const pngChip = client.getByRole('button', { name: `Download ${pngName}` });
    await expect(pngChip).toBeVisible({ timeout: PUSH_MS });
    const [pngDownload] = await Promise.all([client.waitForEvent('download'), pngChip.click()]);
    expect(pngDownload.suggestedFilename()).toBe(pngName);
    expect((await readFile((await pngDownload.path())!)).equals(PNG_1X1)).toBe(true);
  });

  test('admin starts a conversation from the modal; a client must be chosen', async ({ adminPage, clientLogin }) => {
    const admin = await openMessages(adminPage);
    await admin.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Start New Conversation' });
    await dialog.getByRole('button', { name: 'Start Conversation' }).click();
    await expect(dialog.getByText('Please select a client')).toBeVisible();
    await pickClient(dialog, clientLogin.name);
    await dialog.getByRole('button', { name: 'Start Conversation' }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByRole('heading', { name: clientLogin.name })).toBeVisible();
    await expect(admin).toHaveURL(/[?&]c=\d+/);
  });

  test('client Quick Help and Team Info', async ({ clientPage, clientLogin, api, exclusive }) => {
    // Schedule Review messages every admin; the admin notification test must not see it arrive.
    await exclusive('admin-notifications');
    // Download below gets the latest paid invoice: the client has one.
    const paid = await api.createInvoice(clientLogin.clientId);
    await api.markInvoicePaid(paid.id);
    const client = await openMessages(clientPage);
    await client.getByRole('button', { name: 'Team Info' }).click();
    const dialog = client.getByRole('dialog', { name: 'Your Team' });
    await expect(dialog.getByText(/2-4 hours during business hours \(9 AM-6 PM EST\)/)).toBeVisible();
    await expect(dialog.getByTestId('team-member').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Schedule Review sends the prepared request after a confirmation.
    await client.getByRole('button', { name: /Schedule Review/ }).click();
    await client.getByRole('button', { name: 'Send Request' }).click();
    await expect(bubble(client, "I'd like to schedule a review of my account")).toBeVisible();

    // Download gets the latest paid invoice as a PDF.
    const download = client.getByRole('button', { name: /^Download Latest invoice/ });
    await expect(download).toBeEnabled();
    const [pdf] = await Promise.all([client.waitForEvent('download'), download.click()]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);

    await client.getByRole('link', { name: /View Calendar/ }).click();
    await expect(client).toHaveURL(/#content$/);
  });
});
