import type { Page } from '@playwright/test';
import type { TClient, TContent } from '@agency/contract';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { reviewLinkIn, waitForMail } from './mail';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The item's Details dialog from its card on the content screen (searched by the test's uid). */
async function openDetails(page: Page, item: TContent, name: RegExp | string = 'Content Details') {
  await page.getByTestId(`content-card-${item.id}`).getByRole('button', { name: 'Details', exact: true }).click();
  return page.getByRole('dialog', { name });
}

test.describe('content approval: staff review, then the client', () => {
  test('the admin sets the mode, comments and approves; the client reads the shared comment and approves by magic link', async ({
    adminPage: page,
    clientPage,
    clientLogin,
    api,
    uid,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const client = await api.get<TClient>(`/api/clients/${clientLogin.clientId}/`);
    expect(client.approval_mode).toBe('optional');

    // 1. The approval mode, in the client form.
    await page.goto(`/dashboard?q=${encodeURIComponent(client.name)}#clients`);
    const card = page.getByRole('article', { name: client.name });
    await card.getByRole('button', { name: 'Edit Client' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Client' });
    await expect(edit.getByLabel('Content approval')).toHaveValue('optional');
    await edit.getByLabel('Content approval').selectOption({ label: 'Staff review, then the client' });
    await expect(edit.getByText(/the client approves each post in the portal or by a link/)).toBeVisible();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(`Client ${client.name} updated`)).toBeVisible();
    await card.getByRole('button', { name: 'View Details' }).click();
    await expect(page.getByRole('dialog', { name: 'Client Details' })).toContainText('Content approvalStaff review, then the client');
    await page.keyboard.press('Escape');
    expect((await api.get<TClient>(`/api/clients/${client.id}/`)).approval_mode).toBe('internal_then_client');

    // 2. A post made by staff starts at the staff review in this mode.
    const text = `Spring blend ${uid} is here.\nCome taste it on Friday.`;
    // No status: the client's mode decides (the fixture would ask for pending-approval).
    const item = await api.createContent(client.id, { content: text, status: undefined });
    expect(item).toMatchObject({ status: 'pending-approval', review_step: 'staff' });

    await page.goto(`/dashboard?search=${uid}#content`);
    const itemCard = page.getByTestId(`content-card-${item.id}`);
    await expect(itemCard).toContainText('Waiting for staff review');

    // 3. An internal and a shared comment, in the item's details.
    const details = await openDetails(page, item);
    const internal = `Internal note ${uid}: check the price`;
    const shared = `Shared note ${uid}: ready for you`;
    await expect(details.getByRole('radio', { name: 'Internal' })).toBeChecked();
    await details.getByRole('textbox', { name: 'Comment' }).fill(internal);
    await details.getByRole('button', { name: 'Add internal comment' }).click();
    const comments = details.getByRole('list', { name: 'Comments' });
    await expect(comments.getByRole('listitem').filter({ hasText: internal })).toContainText('Internal — the client does not see this');

    await details.getByText('Shared with the client').click();
    await details.getByRole('button', { name: 'Mention' }).click();
    await details.getByRole('checkbox', { name: new RegExp(`^${clientLogin.name} Client$`) }).check();
    await details.getByRole('textbox', { name: 'Comment' }).fill(shared);
    await details.getByRole('button', { name: 'Send comment' }).click();
    const sharedItem = comments.getByRole('listitem').filter({ hasText: shared });
    await expect(sharedItem).toContainText(`Mentioned: @${clientLogin.name}`);
    await expect(sharedItem).not.toContainText('Internal — the client does not see this');
    await expectNoSeriousAxeViolations(page, testInfo, 'content details with comments');

    // 4. The staff approve: it goes on to the client.
    await details.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByText('Sent to the client for approval')).toBeVisible();
    await expect(itemCard).toContainText('Waiting for the client');
    await expect(itemCard.getByRole('button', { name: /^Send review link again/ })).toBeVisible();

    // 5. The client, signed in, sees the shared comment and not the internal one.
    await clientPage.goto('/dashboard#content');
    const clientCard = clientPage.getByTestId(`client-content-${item.id}`);
    await expect(clientCard).toContainText('Waiting for your approval');
    await expect(clientCard.getByRole('button', { name: /^Approve / })).toBeVisible();
    await clientCard.getByRole('button', { name: /^Details/ }).click();
    const clientDetails = clientPage.getByRole('dialog', { name: 'Content details' });
    await expect(clientDetails.getByRole('list', { name: 'Comments' })).toContainText(shared);
    await expect(clientDetails.getByText(internal)).toHaveCount(0);
    await expect(clientDetails.getByRole('radio')).toHaveCount(0);
    await expectNoSeriousAxeViolations(clientPage, testInfo, 'the client’s content details');
    await clientPage.keyboard.press('Escape');

    // 6. The decision by magic link: from the e-mail, in a fresh signed-out browser at phone width.
    const { text: mailBody } = await waitForMail(clientLogin.email, (t) => reviewLinkIn(t) !== null);
    const link = reviewLinkIn(mailBody)!;
    const phone = await browser.newContext({ baseURL: baseURL!, ...PHONE });
    try {
      const review = await phone.newPage();
      await review.goto(link);
      await expect(review.getByRole('heading', { name: 'Your approval is needed' })).toBeVisible();
      await expect(review.getByRole('article', { name: `Instagram post by ${client.name}` })).toContainText(`Spring blend ${uid} is here.`);
      await expect(review.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      // Nothing of the portal: no sign-in kept, no navigation.
      await expect(review.getByRole('navigation')).toHaveCount(0);
      expect(await review.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoSeriousAxeViolations(review, testInfo, 'review page');
      await review.getByRole('button', { name: 'Approve' }).click();
      await expect(review.getByRole('heading', { name: 'Approved — thank you!' })).toBeVisible();

      // The link is used up: opening it again says what was decided.
      await review.reload();
      await expect(review.getByRole('heading', { name: 'You already approved this post' })).toBeVisible();
    } finally {
      await phone.close();
    }

    // 7. The staff see it approved, and the history names the client's step by magic link.
    await page.reload();
    await expect(itemCard.getByText('Approved', { exact: true })).toBeVisible();
    const after = await openDetails(page, item);
    await after.getByRole('tab', { name: 'History' }).click();
    const history = after.getByRole('list', { name: 'Approval history' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').nth(0)).toContainText('Staff review: Approved');
    await expect(history.getByRole('listitem').nth(0)).toContainText(`by Admin ${uid} · in the app`);
    await expect(history.getByRole('listitem').nth(1)).toContainText('Client review: Approved');
    await expect(history.getByRole('listitem').nth(1)).toContainText(`by ${clientLogin.name} · via magic link`);
  });

  test('a missing or unknown review link says so', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL: baseURL!, ...PHONE });
    const page = await context.newPage();
    await page.goto('/review');
    await expect(page.getByRole('heading', { name: 'This review link is incomplete' })).toBeVisible();
    const unknown = await context.newPage();
    await unknown.goto('/review#token=rvw_notARealTokenButLongEnough123');
    await expect(unknown.getByRole('heading', { name: 'This review link cannot be used' })).toBeVisible();
    await expect(unknown.getByText('This review link is not valid.')).toBeVisible();
    await context.close();
  });
});
