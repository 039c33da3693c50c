import type { Page } from '@playwright/test';
import type { TContentStats } from '@agency/contract';
import { expect, latestJson, test } from './fixtures';
import { pickClient } from './pick-client';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c626001000000ffff03000006000557bfabd40000000049454e44ae426082',
  'hex',
);

function statValue(page: Page, label: string) {
  return page.getByTestId(`content-stat-${label}`).locator('p.text-2xl');
}

/** The stat cards show the numbers of the server's latest answer to this page; returns them. */
async function expectStatsShown(page: Page, stats: () => TContentStats | undefined, atLeast?: (s: TContentStats) => void) {
  let shown: TContentStats | undefined;
  await expect(async () => {
    const s = stats();
    expect(s, 'the page loaded the content stats').toBeDefined();
    atLeast?.(s!);
    await expect(statValue(page, 'Approved')).toHaveText(String(s!.approved), { timeout: 1_000 });
    await expect(statValue(page, 'Pending Approval')).toHaveText(String(s!.pending), { timeout: 1_000 });
    shown = s;
  }).toPass();
  return shown!;
}

test.describe('admin content', () => {
  test('bulk-approve two pending items and the approved count goes up by two', async ({ adminPage: page, api, uid }) => {
    const client = await api.createClient();
    for (const n of ['one', 'two']) await api.createContent(client.id, { content: `E2E approve ${n} ${uid}` });
    const stats = latestJson<TContentStats>(page, '/api/content/stats/');
    await page.goto(`/dashboard?search=${uid}#content`);
    await expect(page.getByText('2 items', { exact: true })).toBeVisible();
    // The cards count all content and other tests add and approve some at the same time: the screen must show the
    // server's numbers, and the server's approved count must have risen by at least our two.
    const before = await expectStatsShown(page, stats);

    // Pending items show their badge and single Approve / Reject buttons; not published yet, they have no engagement.
    await expect(page.getByText('Pending Approval', { exact: true }).first()).toBeVisible();
    const cards = page.locator('[data-testid^="content-card-"]');
    await expect(cards.first()).toContainText('Engagement rate—');
    await expect(cards.getByText('0.0%')).toHaveCount(0);

    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar.getByText('2 selected')).toBeVisible();
    await bar.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('2 items approved')).toBeVisible();
    await expectStatsShown(page, stats, (s) => expect(s.approved).toBeGreaterThanOrEqual(before.approved + 2));
    await expect(page.locator('[data-testid^="content-card-"]').getByText('Approved', { exact: true })).toHaveCount(2);
    await expect(page.locator('[data-testid^="content-card-"]').getByText('Pending Approval', { exact: true })).toHaveCount(0);
  });

  test('create content: the client’s mode offers Approve or a draft; a past date is refused under the field', async ({ adminPage: page, api, uid }) => {
    const client = await api.createClient();
    const text = `E2E created ${uid} — spring launch teaser`;
    await page.goto('/dashboard#content');
    await page.getByRole('button', { name: 'Create Content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Content' });
    await expect(dialog.getByLabel('Platform')).toHaveValue('instagram');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog.getByText('Client is required')).toBeVisible();
    await expect(dialog.getByText('Content is required')).toBeVisible();

    await pickClient(dialog, client.name);
    // A new client's mode approves the team's posts when made: Approve (the default) or a draft.
    await expect(dialog.getByText('Staff review what the client sends')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /^Approve/ })).toBeChecked();
    await expect(dialog.getByRole('radio')).toHaveCount(2);
    await dialog.getByLabel('Content', { exact: true }).fill(text);
    await expect(dialog.getByText(`${text.length} / 5,000 characters`)).toBeVisible();
    await dialog.getByLabel('Scheduled date').fill('2020-03-04T09:15');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog.getByText('Choose a date and time in the future')).toBeVisible();
    await dialog.getByLabel('Scheduled date').fill('2031-03-04T09:15');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Content approved')).toBeVisible();

    await page.getByLabel('Search content').fill(text.slice(0, 25));
    const card = page.locator('[data-testid^="content-card-"]').filter({ hasText: text });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Approved', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Details', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Content Details' });
    await expect(details.getByText('Approved by')).toBeVisible();
    await expect(details.getByText(text)).toBeVisible();
  });

  test('staff edit a post (caption, date, image) and delete it after confirming; the image shows on the card', async ({ adminPage: page, api, uid }) => {
    const client = await api.createClient();
    const item = await api.createContent(client.id, { content: `E2E edit ${uid}`, status: 'draft' });
    await page.goto(`/dashboard?search=${uid}#content`);
    const card = page.getByTestId(`content-card-${item.id}`);
    await card.getByRole('button', { name: 'Details', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Content Details' });
    await details.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Content' });
    await edit.getByLabel('Content', { exact: true }).fill(`E2E edited ${uid}`);
    await edit.getByLabel('Scheduled date').fill('2031-04-01T10:00');
    await edit.getByLabel('Image or video').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await expect(edit.getByTestId('media-preview').getByRole('img', { name: 'Preview of dot.png' })).toBeVisible();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Changes saved')).toBeVisible();
    await expect(card).toContainText(`E2E edited ${uid}`);
    // The card shows the uploaded image itself (loaded by its signed address), not a placeholder.
    const image = card.locator('img');
    await expect(image).toHaveAttribute('src', /^\/api\/content-media\/\d+\/\?expires=/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    await card.getByRole('button', { name: 'Details', exact: true }).click();
    await details.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete content' });
    await expect(confirm).toContainText('Are you sure you want to delete this post?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Content deleted')).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test('the calendar shows an item on its scheduled day, and on the greyed days of the neighbouring month', async ({ adminPage: page, api, uid }) => {
    // A month ahead (dates in the past are refused) whose last week runs into the next month.
    const now = new Date();
    let month = new Date(now.getFullYear(), now.getMonth() + 1, 1);
    while (new Date(month.getFullYear(), month.getMonth() + 1, 0).getDay() === 6) month = new Date(month.getFullYear(), month.getMonth() + 1, 1);
    const day = new Date(month.getFullYear(), month.getMonth(), 15, 12, 0);
    const spill = new Date(month.getFullYear(), month.getMonth() + 1, 1, 12, 0);
    const text = `E2E calendar ${uid}`;
    const client = await api.createClient();
    await api.createContent(client.id, { content: text, status: 'approved', scheduled_date: day.toISOString() });
    await api.createContent(client.id, { content: `${text} spill`, status: 'approved', scheduled_date: spill.toISOString() });
    const keyOf = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const key = keyOf(day);

    await page.goto(`/dashboard?view=calendar&month=${key.slice(0, 7)}&search=${uid}#content`);
    // The first of the next month sits greyed in this month's last week, with its post.
    await expect(page.getByTestId(`calendar-day-${keyOf(spill)}`).getByRole('button', { name: new RegExp(client.name) })).toBeVisible();
    const cell = page.getByTestId(`calendar-day-${key}`);
    // A chip is named by what it shows (time and client) and then the platform and status.
    const chip = cell.getByRole('button', { name: new RegExp(`^\\d{1,2}:\\d{2}[ap]m ${client.name}, Instagram, Approved$`) });
    await expect(chip).toBeVisible();
    await expect(page.getByTestId(`calendar-day-${key.slice(0, 8)}14`).getByRole('button', { name: new RegExp(client.name) })).toHaveCount(0);
    await chip.click();
    await expect(page.getByRole('dialog', { name: 'Content Details' }).getByText(text)).toBeVisible();
    await page.keyboard.press('Escape');

    // The month after has only the spilled post, on its first; previous brings the 15th back.
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.getByTestId(`calendar-day-${keyOf(spill)}`).getByRole('button', { name: new RegExp(client.name) })).toBeVisible();
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.getByText('Nothing scheduled this month')).toBeVisible();
    await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(chip).toBeVisible();
  });
});
