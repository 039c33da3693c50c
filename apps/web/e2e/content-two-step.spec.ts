import type { TClient, TContent } from '@agency/contract';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { pickClient } from './pick-client';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c626001000000ffff03000006000557bfabd40000000049454e44ae426082',
  'hex',
);

test.describe('staff content in the two-step mode (staff review, then the client)', () => {
  test('staff create a post in the two-step mode and the client is asked', async ({ adminPage: page, clientPage, clientLogin, api, uid }, testInfo) => {
    test.slow();
    const client = await api.patch<TClient>(`/api/clients/${clientLogin.clientId}/`, { approval_mode: 'internal_then_client' });
    expect(client.approval_mode).toBe('internal_then_client');
    const text = `Two-step post ${uid}: our winter menu is here`;

    // 1. Staff write the post with its image and save it as a draft: no "approve" on offer, the client is not asked yet.
    await page.goto('/dashboard#content');
    await page.getByRole('button', { name: 'Create Content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Content' });
    await pickClient(dialog, client.name);
    await expect(dialog.getByText('Staff review, then the client')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /^Send to the client for approval/ })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: /^Approve(?! without)/ })).toHaveCount(0);
    await expect(dialog.getByRole('radio', { name: /owner override/ })).toBeVisible();
    await dialog.getByLabel('Content', { exact: true }).fill(text);
    await dialog.getByLabel('Scheduled date').fill('2031-02-03T09:30');
    await dialog.getByLabel('Image or video').setInputFiles({ name: 'winter.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByTestId('media-preview').getByRole('img', { name: 'Preview of winter.png' })).toBeVisible();
    await dialog.getByRole('radio', { name: /^Save as draft/ }).check();
    await expectNoSeriousAxeViolations(page, testInfo, 'create content, two-step client');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Draft saved')).toBeVisible();

    const [item] = (await api.get<{ results: TContent[] }>(`/api/content/?search=${uid}`)).results;
    expect(item).toMatchObject({ status: 'draft', media: { kind: 'image', name: 'winter.png' } });
    await page.goto(`/dashboard?search=${uid}#content`);
    const card = page.getByTestId(`content-card-${item!.id}`);
    await expect(card.getByText('Draft', { exact: true })).toBeVisible();

    // 2. From its details, staff send it to the client: it now waits for the client.
    await card.getByRole('button', { name: 'Details', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Content Details' });
    await details.getByRole('button', { name: 'Send to client' }).click();
    await expect(page.getByText('Sent to the client for approval')).toBeVisible();
    await expect(card).toContainText('Waiting for the client');

    // 3. The client sees it waiting for their approval, with the real image, and approves it.
    await clientPage.goto('/dashboard#content');
    const clientCard = clientPage.getByTestId(`client-content-${item!.id}`);
    await expect(clientCard).toContainText('Waiting for your approval');
    await expect(clientCard).toContainText(text);
    await expect.poll(() => clientCard.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await clientCard.getByRole('button', { name: /^Approve / }).click();
    await expect(clientPage.getByText('Approved — the team will publish it as scheduled')).toBeVisible();
    await expect(clientCard.getByText('Approved', { exact: true })).toBeVisible();

    // 4. Staff see it approved; the history names the staff's sending and the client's approval.
    await page.reload();
    await expect(card.getByText('Approved', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Details', exact: true }).click();
    await details.getByRole('tab', { name: 'History' }).click();
    const history = details.getByRole('list', { name: 'Approval history' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').nth(0)).toContainText('Staff review: Approved');
    await expect(history.getByRole('listitem').nth(0)).toContainText(`by Admin ${uid} · in the app`);
    await expect(history.getByRole('listitem').nth(1)).toContainText('Client review: Approved');
    await expect(history.getByRole('listitem').nth(1)).toContainText(`by ${clientLogin.name} · in the app`);
  });

  test('the owner may approve without the client; the history says it was an override', async ({ adminPage: page, clientLogin, api, uid }) => {
    await api.patch<TClient>(`/api/clients/${clientLogin.clientId}/`, { approval_mode: 'internal_then_client' });
    const item = await api.createContent(clientLogin.clientId, { content: `Override ${uid}`, status: 'approved', override_approval: true });
    expect(item.status).toBe('approved');
    await page.goto(`/dashboard?search=${uid}#content`);
    const card = page.getByTestId(`content-card-${item.id}`);
    await card.getByRole('button', { name: 'Details', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Content Details' });
    await details.getByRole('tab', { name: 'History' }).click();
    const entry = details.getByRole('list', { name: 'Approval history' }).getByRole('listitem');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Client review: Approved without the client (owner override)');
  });
});
