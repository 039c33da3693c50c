import type { Page } from '@playwright/test';
import { NO_REUSE, expect, signedInContext, test } from './fixtures';

interface TContentItem {
  id: number;
  content: string;
  status: string;
  scheduled_date: string;
}

/** Drags with the mouse through dnd-kit's pointer sensor (it needs a few moves past its 5 px threshold). */
async function drag(page: Page, fromTestId: string, toTestId: string) {
  await page.getByTestId(fromTestId).scrollIntoViewIfNeeded();
  const from = (await page.getByTestId(fromTestId).boundingBox())!;
  const to = (await page.getByTestId(toTestId).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.up();
}

test.describe('client portal: overview and content calendar (client-and-public 2.4, 2.5)', () => {
  test('a client creates a draft, edits it and submits it for approval', async ({ clientPage: page, uid }) => {
    const text = `Spring launch teaser ${uid}`;
    const edited = `Spring launch teaser, edited ${uid}`;
    await page.goto('/dashboard#content');
    await expect(page.getByRole('heading', { name: 'No content yet' })).toBeVisible();

    await page.getByRole('button', { name: 'Create Content' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Content' });
    // The form's own rules, in the contract's words.
    await dialog.getByRole('button', { name: 'Save as Draft' }).click();
    await expect(dialog.getByText('Content is required')).toBeVisible();
    await dialog.getByLabel('Platform').selectOption('tiktok');
    await dialog.getByRole('textbox', { name: 'Content' }).fill(text);
    await expect(dialog.getByText(`${text.length} / 5,000 characters`)).toBeVisible();
    await dialog.getByLabel('Scheduled date').fill('2031-05-14T09:30');
    await dialog.getByRole('button', { name: 'Save as Draft' }).click();
    await expect(dialog).toBeHidden();

    const card = page.getByTestId(/^client-content-\d+$/).filter({ hasText: text });
    await expect(card).toContainText('Draft');
    await expect(card).toContainText('TikTok');
    await expect(card).toContainText('May 14, 2031 9:30 AM');
    await expect(page.getByTestId('content-stat-Drafts')).toContainText('1');

    await card.getByRole('button', { name: /^Edit / }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Draft' });
    await expect(edit.getByRole('textbox', { name: 'Content' })).toHaveValue(text);
    await edit.getByRole('textbox', { name: 'Content' }).fill(edited);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();

    const editedCard = page.getByTestId(/^client-content-\d+$/).filter({ hasText: edited });
    await expect(editedCard).toContainText('Draft');
    await editedCard.getByRole('button', { name: /^Submit / }).click();
    await expect(editedCard).toContainText('Pending Approval');
    await expect(editedCard.getByRole('button', { name: /^Submit / })).toHaveCount(0);
    await expect(page.getByTestId('content-stat-Pending')).toContainText('1');
    await expect(page.getByTestId('content-stat-Drafts')).toContainText('0');

    // The status filter goes to the API: drafts only → nothing left.
    await page.getByLabel('Status').selectOption('draft');
    await expect(page).toHaveURL(/status=draft/);
    await expect(page.getByRole('heading', { name: 'No content matches these filters' })).toBeVisible();
  });

  test('an item the team sends back shows its feedback and can be edited and submitted again', async ({ clientPage: page, clientLogin, api, uid }) => {
    const client = api.as(clientLogin);
    const item = await client.post<TContentItem>('/api/content/', {
      platform: 'youtube',
      content: `Channel trailer script ${uid}`,
      scheduled_date: '2031-07-01T15:00:00.000Z',
      status: 'pending-approval',
    });
    await api.post(`/api/content/${item.id}/reject/`, { feedback: `Please add the launch date ${uid}` }, 200);

    await page.goto('/dashboard?view=list#content');
    const row = page.getByTestId(`client-content-row-${item.id}`);
    await expect(row).toContainText('Draft');
    await expect(row).toContainText(`Changes requested: Please add the launch date ${uid}`);
    await row.getByRole('button', { name: /^Edit / }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Draft' });
    await expect(edit).toContainText(`Feedback from the team: Please add the launch date ${uid}`);
    await edit.getByRole('textbox', { name: 'Content' }).fill(`Channel trailer script, launching July 1 ${uid}`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await row.getByRole('button', { name: /^Submit / }).click();
    await expect(row).toContainText('Pending Approval');
  });

  test('dragging a draft to another day reschedules it at the same time; Move to date does it from the keyboard', async ({
    browser,
    baseURL,
    clientLogin,
    request,
    uid,
  }) => {
    const headers = { authorization: `Token ${clientLogin.token}`, ...NO_REUSE };
    const create = await request.post('/api/content/', {
      headers,
      data: { platform: 'instagram', content: `Calendar draft ${uid}`, scheduled_date: '2031-03-10T10:30:00.000Z', status: 'draft' },
    });
    expect(create.status()).toBe(201);
    const item = (await create.json()) as TContentItem;
    const current = async () => {
      const res = await request.get(`/api/content/${item.id}/`, { headers });
      return (await res.json()) as TContentItem;
    };

    const context = await signedInContext(browser, baseURL, clientLogin, { timezoneId: 'UTC', viewport: { width: 1280, height: 1200 } });
    const page = await context.newPage();
    await page.goto('/dashboard?view=calendar&month=2031-03#content');
    await expect(page.getByRole('heading', { name: 'March 2031' })).toBeVisible();
    const chip = page.getByTestId(`calendar-chip-${item.id}`);
    await expect(page.getByTestId('calendar-day-2031-03-10').getByTestId(`calendar-chip-${item.id}`)).toBeVisible();
    await expect(chip).toHaveAccessibleName(`10:30am Calendar draft ${uid}, Instagram, Draft`);

    await drag(page, `calendar-chip-${item.id}`, 'calendar-day-2031-03-12');
    await expect(page.getByTestId('calendar-day-2031-03-12').getByTestId(`calendar-chip-${item.id}`)).toBeVisible();
    await expect.poll(async () => (await current()).scheduled_date).toBe('2031-03-12T10:30:00.000Z');

    // Keyboard: open the day, Move to date, type the day, Enter.
    await page.getByRole('button', { name: 'Show Wednesday, March 12: 1 item' }).focus();
    await page.keyboard.press('Enter');
    const agenda = page.getByRole('region', { name: 'Scheduled items' });
    await agenda.getByRole('button', { name: `Move to date: Calendar draft ${uid}` }).focus();
    await page.keyboard.press('Enter');
    const move = page.getByRole('dialog', { name: 'Move to date' });
    await expect(move).toContainText('keeps its time, 10:30 AM');
    await move.getByLabel('New date').fill('2031-03-20');
    await page.keyboard.press('Enter');
    await expect(move).toBeHidden();
    await expect(page.getByTestId('calendar-day-2031-03-20').getByTestId(`calendar-chip-${item.id}`)).toBeVisible();
    await expect.poll(async () => (await current()).scheduled_date).toBe('2031-03-20T10:30:00.000Z');
    await context.close();
  });

  test('the overview shows the client’s content and messages; New Post and Send Message to Team work', async ({ clientPage: page, clientLogin, uid }) => {
    const first = clientLogin.name.split(' ')[0]!;
    const longText = `${'A long caption that keeps going '.repeat(5)}${uid}`;
    const message = `Could we move Friday's post? ${uid}`;
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: `Welcome back, ${first}` })).toBeVisible();
    for (const label of ['Total Followers', 'Engagement Rate', 'Monthly Reach', 'Posts This Month']) {
      await expect(page.getByTestId(`client-stat-${label}`)).toBeVisible();
    }

    await page.getByRole('button', { name: 'New Post' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create New Content' });
    await create.getByRole('textbox', { name: 'Content' }).fill(longText);
    await create.getByLabel('Scheduled date').fill('2031-06-01T12:00');
    await create.getByRole('button', { name: 'Save as Draft' }).click();
    await expect(create).toBeHidden();
    const recent = page.getByRole('list', { name: 'Recent content' });
    // Cut at 100 characters.
    await expect(recent).toContainText(`${longText.slice(0, 100).trimEnd()}…`);
    await expect(recent).not.toContainText(uid);
    await expect(recent).toContainText('Draft');

    await page.getByRole('button', { name: 'Contact Team' }).click();
    const send = page.getByRole('dialog', { name: 'Send Message to Team' });
    await expect(send.getByRole('button', { name: 'Send Message' })).toBeDisabled();
    await send.getByRole('textbox', { name: 'Message' }).fill(message);
    await send.getByRole('button', { name: 'Send Message' }).click();
    await expect(send).toBeHidden();
    await expect(page.getByRole('list', { name: 'Recent messages' })).toContainText(message);

    await page.getByRole('link', { name: /Content Calendar/ }).click();
    await expect(page).toHaveURL(/view=calendar.*#content$/);
    await expect(page.getByRole('grid', { name: /Content scheduled in/ })).toBeVisible();
  });

  test('live: the client submits a draft, the staff see it and approve it, the client sees it approved without reloading', async ({
    clientPage: page,
    adminPage: admin,
    clientLogin,
    api,
    uid,
  }) => {
    const text = `Live approval ${uid}`;
    const item = await api.as(clientLogin).post<TContentItem>('/api/content/', {
      platform: 'instagram',
      content: text,
      scheduled_date: '2031-06-02T10:00:00.000Z',
      status: 'draft',
    });
    await page.goto('/dashboard#content');
    const card = page.getByTestId(`client-content-${item.id}`);
    await expect(card).toContainText('Draft');
    await admin.goto('/dashboard#content');
    await admin.getByLabel('Search content').fill(text);
    const adminCard = admin.getByTestId(`content-card-${item.id}`);
    await expect(adminCard).toContainText('Draft');

    await card.getByRole('button', { name: /^Submit / }).click();
    await expect(card).toContainText('Pending Approval');
    // The staff's screen follows by push: the card turns pending and the bell says so.
    await expect(adminCard).toContainText('Pending Approval');
    // In the bell's list, not only its toast: an owner is told of every client's news, and another test's notice
    // can take the toast's place (seen in CI).
    await admin.getByTestId('notification-bell').click();
    await expect(admin.getByRole('menu').getByTestId('bell-notification').filter({ hasText: 'Content awaiting approval' }).first()).toBeVisible();
    await admin.keyboard.press('Escape');

    await adminCard.getByRole('button', { name: /^Approve / }).click();
    await expect(adminCard).toContainText('Approved');
    await expect(card).toContainText('Approved');
    await expect(card.getByRole('button', { name: /^Submit / })).toHaveCount(0);
  });
});
