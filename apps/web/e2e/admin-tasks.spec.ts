import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pickClient } from './pick-client';

async function dragTo(page: Page, handleName: string, targetTestId: string) {
  const handle = page.getByRole('button', { name: handleName });
  const target = page.getByTestId(targetTestId);
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 20 });
  await page.mouse.up();
}

test.describe('admin tasks', () => {
  test('create a task, drag it to In Progress, and change its status with the select', async ({ adminPage: page, api, admin, uid }) => {
    const client = await api.createClient();
    const title = `E2E kanban ${uid}`;
    await page.goto(`/dashboard?search=${encodeURIComponent(title)}#tasks`);
    await expect(page.getByRole('region', { name: 'Task summary' }).getByText('Total Tasks')).toBeVisible();

    await page.getByRole('button', { name: 'New Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Task' });
    // Required fields are checked before anything is sent.
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Due date is required')).toBeVisible();

    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Plan three reels for the spring launch');
    await pickClient(dialog, client.name);
    // Our own admin: assigning notifies the assignee, and other tests count their admin's notifications.
    await dialog.getByLabel('Assigned to').selectOption({ label: admin.name });
    await expect(dialog.getByLabel('Priority')).toHaveValue('medium');
    await expect(dialog.getByLabel('Status')).toHaveValue('pending');
    await dialog.getByLabel('Due date').fill('2031-06-15T10:30');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Task created')).toBeVisible();

    const pending = page.getByTestId('kanban-column-pending');
    const inProgress = page.getByTestId('kanban-column-in-progress');
    await expect(pending.getByRole('heading', { name: title })).toBeVisible();

    await dragTo(page, `Move ${title}`, 'kanban-column-in-progress');
    await expect(inProgress.getByRole('heading', { name: title })).toBeVisible();
    await expect(pending.getByRole('heading', { name: title })).toHaveCount(0);

    await page.reload();
    await expect(inProgress.getByRole('heading', { name: title })).toBeVisible();
    await expect(pending.getByRole('heading', { name: title })).toHaveCount(0);

    // Any status to any other through the select.
    await inProgress.getByLabel(`Status of ${title}`).selectOption('review');
    const review = page.getByTestId('kanban-column-review');
    await expect(review.getByRole('heading', { name: title })).toBeVisible();
    await page.reload();
    await expect(review.getByRole('heading', { name: title })).toBeVisible();
    await expect(review.getByLabel(`Status of ${title}`)).toHaveValue('review');
  });

  test('the keyboard moves a card between columns', async ({ adminPage: page, api, uid }) => {
    const client = await api.createClient();
    const title = `E2E keyboard ${uid}`;
    await api.createTask(client.id, { title });
    await page.goto(`/dashboard?search=${encodeURIComponent(title)}#tasks`);
    const pending = page.getByTestId('kanban-column-pending');
    await expect(pending.getByRole('heading', { name: title })).toBeVisible();

    await page.getByRole('button', { name: `Move ${title}` }).focus();
    await page.keyboard.press('Space');
    // The keyboard sensor moves the card 25 px per arrow press; a column is about 245 px wide at 1280 px.
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    const inProgress = page.getByTestId('kanban-column-in-progress');
    await expect(inProgress.getByRole('heading', { name: title })).toBeVisible();
    await page.reload();
    await expect(inProgress.getByRole('heading', { name: title })).toBeVisible();
  });

  test('bulk-mark two tasks completed', async ({ adminPage: page, api, uid }) => {
    const client = await api.createClient();
    const titles = [`E2E bulk done A ${uid}`, `E2E bulk done B ${uid}`];
    for (const title of titles) await api.createTask(client.id, { title });
    await page.goto(`/dashboard?view=list&search=${uid}#tasks`);
    for (const t of titles) await page.getByRole('checkbox', { name: `Select ${t}` }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar.getByText('2 selected')).toBeVisible();
    await bar.getByRole('button', { name: 'Mark Completed' }).click();
    await expect(page.getByText('2 tasks marked Completed')).toBeVisible();
    for (const t of titles) await expect(page.getByRole('combobox', { name: `Status of ${t}` })).toHaveValue('completed');
    await expect(bar).toBeHidden();
  });

  test('bulk delete asks "Delete 2 tasks?" and really deletes', async ({ adminPage: page, api, uid }) => {
    const client = await api.createClient();
    const titles = [`E2E bulk delete A ${uid}`, `E2E bulk delete B ${uid}`];
    for (const title of titles) await api.createTask(client.id, { title });
    await page.goto(`/dashboard?view=list&search=${uid}#tasks`);
    for (const t of titles) await page.getByRole('checkbox', { name: `Select ${t}` }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete tasks' });
    await expect(confirm.getByText('Delete 2 tasks?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('2 tasks deleted')).toBeVisible();
    await expect(page.getByText('No tasks match these filters')).toBeVisible();
    await page.reload();
    await expect(page.getByText('No tasks match these filters')).toBeVisible();
  });

  test('deleting one task confirms with the spec text', async ({ adminPage: page, api, uid }) => {
    const client = await api.createClient();
    const title = `E2E single delete ${uid}`;
    await api.createTask(client.id, { title });
    await page.goto(`/dashboard?view=list&search=${encodeURIComponent(title)}#tasks`);
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await expect(page.getByText('Are you sure you want to delete this task?')).toBeVisible();
    await page.getByRole('dialog', { name: 'Delete task' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No tasks match these filters')).toBeVisible();
  });
});
