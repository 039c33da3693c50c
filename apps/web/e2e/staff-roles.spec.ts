import type { Page } from '@playwright/test';
import type { TStaffMember } from '@agency/contract';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, login, register, signedInContext, test } from './fixtures';
import { inviteLinkIn, waitForMail } from './mail';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The password the invited manager chooses on the /welcome page. */
const MANAGER_PASSWORD = 'Teal-orchard-compass-5';

const clientCard = (page: Page, name: string) => page.getByRole('article', { name });

async function openSettingsTab(page: Page, tab: string) {
  await page.goto('/dashboard#settings');
  await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
}

test.describe('staff roles', () => {
  test('a manager who sees only their clients', async ({ adminPage: page, admin, api, uid, browser, baseURL, request }, testInfo) => {
    test.slow();
    // Two clients of this test, each with a task, a post and an invoice; the manager will be given only the first.
    const mine = await api.createClient({ name: api.name('Assigned client') });
    const other = await api.createClient({ name: api.name('Other client') });
    const [myTask, otherTask] = [await api.createTask(mine.id), await api.createTask(other.id)];
    const [myPost, otherPost] = [await api.createContent(mine.id), await api.createContent(other.id)];
    const [myInvoice, otherInvoice] = [await api.createInvoice(mine.id), await api.createInvoice(other.id)];

    // 1. The owner invites a manager in Settings → Team.
    const email = `manager-${uid}@e2e.test`;
    const managerName = `Mia Manager ${uid}`;
    await openSettingsTab(page, 'Team');
    await expect(page).toHaveURL(/tab=team/);
    await page.getByRole('button', { name: 'Invite staff member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite staff member' });
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    await expect(dialog.getByText('First name is required')).toBeVisible();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('First name').fill('Mia');
    await dialog.getByLabel('Last name').fill(`Manager ${uid}`);
    await expect(dialog.getByLabel('Role')).toHaveValue('manager');
    await dialog.getByLabel('Role').selectOption({ label: 'Read-only' });
    await expect(dialog.getByText('Read-only — sees everything, changes nothing.')).toBeVisible();
    await dialog.getByLabel('Role').selectOption({ label: 'Manager' });
    await expect(dialog.getByText('Manager — only the clients assigned to them.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Invite sent to ${email}` })).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByTestId('team-row').filter({ hasText: email });
    await expect(row).toContainText(managerName);
    await expect(row).toContainText('Invite pending');
    await expect(row.getByRole('combobox', { name: `Role of ${managerName}` })).toHaveValue('manager');
    await expect(row.getByRole('button', { name: `Resend invite to ${managerName}` })).toBeVisible();
    await expect(row.getByRole('button', { name: `Remove ${managerName}` })).toBeVisible();
    // The owner's own row has no controls.
    const ownRow = page.getByTestId('team-row').filter({ hasText: admin.email });
    await expect(ownRow).toContainText('You');
    await expect(ownRow.getByRole('combobox')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, testInfo, 'Settings → Team as the owner');

    // 2. The invite e-mail's one-time link, opened signed out at phone width.
    const { text: mailBody } = await waitForMail(email, (t) => inviteLinkIn(t) !== null);
    const link = inviteLinkIn(mailBody)!;
    const agency = /invited you to join (.+?) as a manager\./.exec(mailBody.replace(/\s+/g, ' '))?.[1];
    expect(agency, `the e-mail names the agency and the role:\n${mailBody}`).toBeTruthy();

    const phone = await browser.newContext({ baseURL: baseURL!, ...PHONE });
    try {
      const welcome = await phone.newPage();
      await welcome.goto(link);
      await expect(welcome.getByRole('heading', { name: `Join ${agency}` })).toBeVisible();
      await expect(welcome.getByText(`you are invited to the team as Manager`)).toBeVisible();
      const facts = welcome.locator('dl');
      await expect(facts).toContainText(`Name${managerName}`);
      await expect(facts).toContainText(`Email${email}`);
      await expect(facts).toContainText('RoleManager');
      // The token leaves the address bar; nothing of the portal is shown; no sideways scrolling on a phone.
      await expect(welcome).toHaveURL(/\/welcome$/);
      await expect(welcome.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      expect(await welcome.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoSeriousAxeViolations(welcome, testInfo, 'the welcome page');

      await welcome.getByLabel('Password', { exact: true }).fill(MANAGER_PASSWORD);
      await welcome.getByLabel('Confirm password', { exact: true }).fill(`${MANAGER_PASSWORD}x`);
      await welcome.getByRole('button', { name: 'Accept invite & sign in' }).click();
      await expect(welcome.getByText('Passwords do not match')).toBeVisible();
      await welcome.getByLabel('Confirm password', { exact: true }).fill(MANAGER_PASSWORD);
      await welcome.getByRole('button', { name: 'Accept invite & sign in' }).click();
      await expect(welcome).toHaveURL(/\/dashboard/);
      await expect(welcome.getByRole('status').filter({ hasText: `Welcome to ${agency}` })).toBeVisible();
      await expect(welcome.getByRole('banner')).toContainText('Mia');

      // The link works once.
      const again = await browser.newContext({ baseURL: baseURL!, ...PHONE });
      try {
        const used = await again.newPage();
        await used.goto(link);
        await expect(used.getByRole('heading', { name: 'This invite link cannot be used' })).toBeVisible();
      } finally {
        await again.close();
      }
    } finally {
      await phone.close();
    }

    // The owner's team list: no longer pending.
    await page.reload();
    await expect(row).toContainText(managerName);
    await expect(row).not.toContainText('Invite pending');
    await expect(row.getByRole('button', { name: `Resend invite to ${managerName}` })).toHaveCount(0);

    // 3. The owner assigns one of the two clients to the new manager in the client form.
    await page.goto(`/dashboard?q=${uid}#clients`);
    await expect(page.getByTestId('client-card')).toHaveCount(2);
    await clientCard(page, mine.name).getByRole('button', { name: 'Edit Client' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Client' });
    await expect(edit.getByLabel('Account manager')).toHaveValue('');
    await edit.getByLabel('Account manager').selectOption({ label: managerName });
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(`Client ${mine.name} updated`)).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(clientCard(page, mine.name)).toContainText(`Manager${managerName}`);
    await expect(clientCard(page, other.name)).toContainText('ManagerUnassigned');
    const staff = await api.get<{ results: TStaffMember[] }>('/api/admin/staff/');
    expect(staff.results.find((m) => m.email === email)).toMatchObject({ staff_role: 'manager', invite_pending: false, managed_clients: 1 });

    // 4. The manager (signed in with the password just chosen), on a desktop: only the assigned client's rows.
    const session = await login(request, email, MANAGER_PASSWORD);
    expect(session.user.staff_role).toBe('manager');
    const context = await signedInContext(browser, baseURL, session);
    try {
      const manager = await context.newPage();

      await manager.goto(`/dashboard?q=${uid}#clients`);
      await expect(clientCard(manager, mine.name)).toBeVisible();
      await expect(manager.getByTestId('client-card')).toHaveCount(1);
      await expect(clientCard(manager, other.name)).toHaveCount(0);
      // The manager edits their client but cannot reassign it.
      await clientCard(manager, mine.name).getByRole('button', { name: 'Edit Client' }).click();
      const managerEdit = manager.getByRole('dialog', { name: 'Edit Client' });
      await expect(managerEdit.getByLabel('Account manager')).toBeDisabled();
      await expect(managerEdit.getByText('Only an owner can reassign a client.')).toBeVisible();
      await managerEdit.getByRole('button', { name: 'Cancel' }).click();
      await expect(managerEdit).toBeHidden();

      await manager.goto(`/dashboard?view=list&search=${uid}#tasks`);
      await expect(manager.getByTestId(`task-row-${myTask.id}`)).toBeVisible();
      await expect(manager.locator('[data-testid^="task-row-"]')).toHaveCount(1);
      await expect(manager.getByTestId(`task-row-${otherTask.id}`)).toHaveCount(0);
      // A task the owner assigns to the manager for a client the manager does not manage is the manager's to see and
      // work on; that client stays out of the manager's reach.
      await api.patch(`/api/tasks/${otherTask.id}/`, { assigned_to: managerName, assigned_to_user: session.user.id });
      await manager.reload();
      await expect(manager.getByTestId(`task-row-${otherTask.id}`)).toBeVisible();
      await expect(manager.locator('[data-testid^="task-row-"]')).toHaveCount(2);
      await manager.goto(`/dashboard?q=${uid}#clients`);
      await expect(clientCard(manager, other.name)).toHaveCount(0);

      await manager.goto(`/dashboard?search=${uid}#content`);
      await expect(manager.getByTestId(`content-card-${myPost.id}`)).toBeVisible();
      await expect(manager.locator('[data-testid^="content-card-"]')).toHaveCount(1);
      await expect(manager.getByTestId(`content-card-${otherPost.id}`)).toHaveCount(0);

      await manager.goto(`/dashboard?q=${uid}#invoices`);
      const invoiceRows = manager.getByTestId('invoice-row');
      await expect(invoiceRows).toHaveCount(1);
      await expect(invoiceRows.locator('td').first()).toHaveText(myInvoice.invoice_number);
      await expect(invoiceRows).toContainText(myInvoice.description!);
      await expect(invoiceRows.filter({ hasText: otherInvoice.description! })).toHaveCount(0);

      // Settings: none of the agency-wide tabs; the team is listed without controls.
      await openSettingsTab(manager, 'Team');
      await expect(manager.getByRole('tab')).toHaveText(['Profile', 'Team', 'Notifications', 'Security', 'Danger Zone']);
      await expect(manager.getByRole('tab', { name: 'API & webhooks' })).toHaveCount(0);
      await expect(manager.getByRole('tab', { name: 'Billing & Payments' })).toHaveCount(0);
      await expect(manager.getByText('Only an owner can invite people, change roles or remove someone.')).toBeVisible();
      const managerRow = manager.getByTestId('team-row').filter({ hasText: email });
      await expect(managerRow).toContainText('You');
      await expect(managerRow).toContainText('Manager');
      await expect(manager.getByTestId('team-row').filter({ hasText: admin.email })).toContainText('Owner');
      await expect(manager.getByRole('button', { name: 'Invite staff member' })).toHaveCount(0);
      await expect(manager.getByRole('combobox', { name: /^Role of / })).toHaveCount(0);
      await expect(manager.getByRole('button', { name: /^(Remove|Resend invite)/ })).toHaveCount(0);
      await expectNoSeriousAxeViolations(manager, testInfo, 'Settings → Team as a manager');

      // An agency-wide tab asked for by URL opens Profile instead.
      await manager.goto('/dashboard?tab=api-keys#settings');
      await expect(manager.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    } finally {
      await context.close();
    }
  });

  test('staff made read-only see a banner and no writing controls, at once in the open page', async ({ adminPage: page, api, uid, browser, baseURL, request }) => {
    const client = await api.createClient();
    // A second admin of this test (an owner when registered), made read-only by the test's owner while signed in.
    const viewer = await register(request, { role: 'admin', name: `Viewer ${uid}`, email: `viewer-${uid}@e2e.test`, company: `Agency ${uid}` });
    const context = await signedInContext(browser, baseURL, viewer);
    try {
      const viewerPage = await context.newPage();
      // The server says 'ready' once the socket is registered: from then on it hears the role change.
      const socketReady = viewerPage
        .waitForEvent('websocket')
        .then((ws) => ws.waitForEvent('framereceived', { predicate: (frame) => String(frame.payload).includes('"ready"') }));
      await viewerPage.goto(`/dashboard?q=${uid}#clients`);
      const card = clientCard(viewerPage, client.name);
      await expect(card).toBeVisible();
      await expect(viewerPage.getByRole('button', { name: 'Add New Client' })).toBeVisible();
      await socketReady;

      const changed = await api.patch<TStaffMember>(`/api/admin/staff/${viewer.user.id}/`, { staff_role: 'read_only' });
      expect(changed.staff_role).toBe('read_only');
      // No reload: the server closes the viewer's socket, the page reads the session again.
      await expect(viewerPage.getByRole('note').filter({ hasText: 'Read-only access — you can see everything but not change it.' })).toBeVisible();
      await expect(viewerPage.getByRole('button', { name: 'Add New Client' })).toHaveCount(0);
      await expect(card.getByRole('button', { name: 'View Details' })).toBeVisible();
      await expect(card.getByRole('button', { name: /^(Edit Client|Mark Paid|Delete Client)$/ })).toHaveCount(0);

      // And so it stays after a reload or a new sign-in.
      await viewerPage.reload();
      await expect(viewerPage.getByRole('note').filter({ hasText: 'Read-only access' })).toBeVisible();
      expect((await login(request, viewer.email, viewer.password)).user.staff_role).toBe('read_only');
    } finally {
      await context.close();
    }

    // The owner sees the new role in Settings → Team.
    await openSettingsTab(page, 'Team');
    await expect(page.getByTestId('team-row').filter({ hasText: viewer.email }).getByRole('combobox', { name: `Role of Viewer ${uid}` })).toHaveValue('read_only');
  });
});
