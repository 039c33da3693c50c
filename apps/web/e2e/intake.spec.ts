import type { TIntakeForm } from '@agency/contract';
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test, type TPageOf } from './fixtures';
import { placePaidOrder, TINY_PNG } from './orders';

/**
 * Intake after checkout: a paid order asks its client for the intake form (the account to grow, goals, audience,
 * competitors, brand assets); the delivery waits for it. The client fills it in from the overview; staff see the
 * answers on the order, or start without the form.
 */

const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('intake after checkout', () => {
  test('the client fills in the form from the overview (with a brand asset); the admin sees the answers and the line is In Progress', async ({
    api,
    clientLogin,
    clientPage: client,
    adminPage: admin,
    uid,
  }, testInfo) => {
    const target = `@intake${uid}`;
    const order = await placePaidOrder(api, clientLogin, target);
    expect(order.intake?.status).toBe('waiting');
    expect(order.lines[0]?.status).toBe('pending');

    // On a phone: the card names the order, and the form fits the width.
    await client.setViewportSize({ width: 375, height: 800 });
    await client.goto('/dashboard#overview');
    const card = client.getByRole('region', { name: 'Tell us what we need to start' });
    await expect(card).toContainText(`Order #${order.id}`);
    expect(await noOverflow(client)).toBeLessThanOrEqual(0);
    await card.getByRole('button', { name: `Fill in the form for Order #${order.id}` }).click();

    const dialog = client.getByRole('dialog', { name: 'Intake form' });
    await expect(dialog).toContainText(`For Order #${order.id}.`);
    // Prefilled with the order's account.
    await expect(dialog.getByLabel('Account to grow')).toHaveValue(target);

    // The contract's messages under the empty fields.
    await dialog.getByRole('button', { name: 'Send form' }).click();
    await expect(dialog.getByText('Tell us your goals')).toBeVisible();
    await expect(dialog.getByText('Tell us who your audience is')).toBeVisible();
    await expectNoSeriousAxeViolations(client, testInfo, 'intake form with field errors');

    await dialog.getByLabel('Goals').fill('Grow local followers before the spring opening.');
    await dialog.getByLabel('Audience').fill('Coffee lovers aged 22-40 in Portland.');
    await dialog.getByRole('button', { name: 'Add competitor' }).click();
    await dialog.getByRole('textbox', { name: 'Competitor 1', exact: true }).fill('@stumptown');
    await dialog.getByRole('button', { name: 'Add competitor' }).click();
    await dialog.getByRole('textbox', { name: 'Competitor 2', exact: true }).fill('@dropped');
    await dialog.getByRole('button', { name: 'Remove competitor 2' }).click();
    await expect(dialog.getByLabel(/^Competitor \d+$/)).toHaveCount(1);

    await dialog.getByLabel('Brand asset file').setInputFiles({ name: `logo-${uid}.png`, mimeType: 'image/png', buffer: TINY_PNG });
    await expect(dialog.getByRole('button', { name: `Remove logo-${uid}.png` })).toBeVisible();
    expect(await noOverflow(client)).toBeLessThanOrEqual(0);

    await dialog.getByRole('button', { name: 'Send form' }).click();
    await expect(client.getByText('Thanks! The team has what it needs to start.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card).toBeHidden();

    // The admin opens the order: the answers, the asset as a download, and the delivery under way.
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto(`/dashboard?client=${clientLogin.clientId}#orders`);
    const row = admin.getByTestId('order-row').filter({ hasText: target });
    await expect(row).toContainText('In Progress');
    await expect(row).not.toContainText('Waiting for intake');
    await row.getByRole('button', { name: `Order #${order.id}` }).click();
    const details = admin.getByRole('dialog', { name: `Order #${order.id}` });
    const intake = details.getByTestId('order-intake');
    await expect(intake).toContainText('Intake received');
    await expect(intake).toContainText(target);
    await expect(intake).toContainText('Grow local followers before the spring opening.');
    await expect(intake).toContainText('Coffee lovers aged 22-40 in Portland.');
    await expect(intake).toContainText('@stumptown');
    await expect(intake).not.toContainText('@dropped');
    await expect(intake).toContainText(`${clientLogin.name} on`);
    await expect(details.getByTestId('order-line').locator('span.rounded-full', { hasText: 'In Progress' })).toBeVisible();

    const download = admin.waitForEvent('download');
    await intake.getByRole('button', { name: new RegExp(`Download logo-${uid}\\.png`) }).click();
    expect((await download).suggestedFilename()).toBe(`logo-${uid}.png`);
  });

  test("the admin starts another paid order without the form; the client's card for it disappears", async ({
    api,
    clientLogin,
    clientPage: client,
    adminPage: admin,
    uid,
    exclusive,
  }) => {
    // The success toast is asserted: no other test's client messages may crowd it out of the admin's toasts.
    await exclusive('admin-notifications');
    const target = `@skip${uid}`;
    const order = await placePaidOrder(api, clientLogin, target);
    expect(order.intake?.status).toBe('waiting');

    await client.goto('/dashboard#overview');
    const card = client.getByRole('region', { name: 'Tell us what we need to start' });
    await expect(card).toContainText(`Order #${order.id}`);

    // The Intake filter finds the waiting order (and is kept in the URL).
    await admin.goto(`/dashboard?client=${clientLogin.clientId}#orders`);
    await admin.getByLabel('Intake form').selectOption('waiting');
    await expect(admin).toHaveURL(/intake=waiting/);
    const row = admin.getByTestId('order-row').filter({ hasText: target });
    await expect(row).toContainText('Waiting for intake');
    await row.getByRole('button', { name: `Order #${order.id}` }).click();
    const details = admin.getByRole('dialog', { name: `Order #${order.id}` });
    const intake = details.getByTestId('order-intake');
    await expect(intake).toContainText("Waiting for the client's intake form.");
    await intake.getByRole('button', { name: /Start without the form/ }).click();
    const confirm = admin.getByRole('dialog', { name: 'Start without the intake form?' });
    await confirm.getByRole('button', { name: 'Start without the form' }).click();
    await expect(admin.getByText(`Work on Order #${order.id} started without the intake form`)).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(intake).toContainText('Started without intake');
    await expect(details.getByTestId('order-line').locator('span.rounded-full', { hasText: 'In Progress' })).toBeVisible();

    // The client's overview drops the card (pushed over the socket), and the form can no longer be sent.
    await expect(card).toBeHidden();
    const forms = await api.as(clientLogin).get<TPageOf<TIntakeForm>>('/api/intake-forms/?status=waiting');
    expect(forms.results.find((f) => f.order === order.id)).toBeUndefined();
  });
});
