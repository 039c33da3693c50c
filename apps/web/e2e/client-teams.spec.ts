import type { Locator, Page } from '@playwright/test';
import type { TClient, TContent, TInvoice } from '@agency/contract';
import { expectNoSeriousAxeViolations } from './axe';
import { CLIENT_SECTIONS, expect, expectSidebar, login, NO_REUSE, test, type TPageOf } from './fixtures';
import { inviteLinkIn, waitForMail } from './mail';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The password the invited member chooses on the /welcome page. */
const MEMBER_PASSWORD = 'Copper-meadow-violin-8';

/** What the API answers a member outside their permission (403), word for word. */
const BILLING_ONLY_FOR = "This is for people with access to billing. Ask the account's owner if you need it.";
const CONTENT_ONLY_FOR = "This is for people with access to the content. Ask the account's owner if you need it.";
const TEAM_ONLY_FOR = "This is for people with full access to the account. Ask the account's owner if you need it.";

/** On a phone the sidebar is a drawer behind the header's menu button: opens it and returns it. */
async function openMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByTestId('sidebar-drawer');
  await expect(drawer).toBeVisible();
  return drawer;
}

async function closeMenu(page: Page, drawer: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

const menuLinks = (drawer: Locator) => drawer.getByRole('navigation', { name: 'Dashboard' }).getByRole('link');

test.describe('client teams', () => {
  test('the client invites a content-only member, who approves content but sees no billing; then billing only; then removed', async ({
    clientPage: page,
    clientLogin,
    api,
    uid,
    browser,
    baseURL,
    request,
  }, testInfo) => {
    test.slow();
    const client = await api.get<TClient>(`/api/clients/${clientLogin.clientId}/`);

    // What the agency prepares for this client: a post waiting on the client's approval (staff review first, then
    // the client; the staff approve it, so it waits for the client) and an invoice.
    await api.patch<TClient>(`/api/clients/${client.id}/`, { approval_mode: 'internal_then_client' });
    const created = await api.createContent(client.id, { content: `Autumn menu ${uid} is out` });
    expect(created).toMatchObject({ status: 'pending-approval', review_step: 'staff' });
    const post = await api.post<TContent>(`/api/content/${created.id}/approve/`, undefined, 200);
    expect(post).toMatchObject({ status: 'pending-approval', review_step: 'client' });
    const invoice = await api.createInvoice(client.id);

    // 1. The client's own login opens Team: only their own row, marked as the owner login, and the empty state.
    const email = `member-${uid}@e2e.test`;
    const memberName = `Nia Member ${uid}`;
    await page.goto('/dashboard');
    await expectSidebar(page, CLIENT_SECTIONS);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Team' }).click();
    await expect(page).toHaveURL(/\/dashboard#team$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your team', exact: true })).toBeVisible();
    const rows = page.getByTestId('team-row');
    await expect(rows).toHaveCount(1);
    const ownRow = rows.filter({ hasText: clientLogin.email });
    await expect(ownRow).toContainText(clientLogin.name);
    await expect(ownRow).toContainText('You');
    await expect(ownRow).toContainText('Owner login');
    await expect(ownRow).toContainText('Full access');
    await expect(ownRow.getByRole('combobox')).toHaveCount(0);
    await expect(ownRow.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Nobody else on your team yet' })).toBeVisible();
    await expect(page.getByText('Invite the people who approve content or handle invoices for you.')).toBeVisible();

    // The invite dialog: submitted empty, each field says what it needs; then a content-only member.
    await page.getByRole('button', { name: 'Invite a team member' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
    await expect(dialog.getByRole('radio', { name: 'Content only' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill(memberName);
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByRole('radio', { name: 'Billing only' }).check();
    await dialog.getByRole('radio', { name: 'Content only' }).check();
    await expect(dialog.getByRole('radio', { name: 'Content only' })).toHaveAccessibleDescription('Content, approvals and comments; no invoices or payments.');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Invite sent to ${email}` })).toBeVisible();
    await expect(dialog).toBeHidden();

    const memberRow = rows.filter({ hasText: email });
    await expect(memberRow).toContainText(memberName);
    await expect(memberRow).toContainText('Invite pending');
    const permission = memberRow.getByRole('combobox', { name: `Permission of ${memberName}` });
    await expect(permission).toHaveValue('content');
    await expect(memberRow.getByRole('button', { name: `Resend invite to ${memberName}` })).toBeVisible();
    await expect(memberRow.getByRole('button', { name: `Remove ${memberName}` })).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'Nobody else on your team yet' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, testInfo, 'the client’s Team section');

    // 2. The invite e-mail names the client's team, the portal and the permission; its link is opened signed out on a phone.
    const { text: mailBody } = await waitForMail(email, (t) => inviteLinkIn(t) !== null);
    const link = inviteLinkIn(mailBody)!;
    // The team is named after the client's company (its name when it has none).
    const team = client.company || client.name;
    const sentence = new RegExp(`${clientLogin.name} invited you to join the team of ${team} in the (.+?) client portal \\(content only\\)\\.`);
    const agency = sentence.exec(mailBody.replace(/\s+/g, ' '))?.[1];
    expect(agency, `the e-mail names who invites, the team, the portal and the permission:\n${mailBody}`).toBeTruthy();
    const roleLabel = `${team} team member (content only)`;

    const phone = await browser.newContext({ baseURL: baseURL!, ...PHONE });
    try {
      const member = await phone.newPage();
      await member.goto(link);
      await expect(member.getByRole('heading', { name: `Join ${agency}` })).toBeVisible();
      await expect(member.getByText(`Hello ${memberName}, you are invited to the team as ${roleLabel}.`)).toBeVisible();
      const facts = member.locator('dl');
      await expect(facts).toContainText(`Name${memberName}`);
      await expect(facts).toContainText(`Email${email}`);
      await expect(facts).toContainText(`Role${roleLabel}`);
      await expect(member).toHaveURL(/\/welcome$/);
      await expect(member.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoSeriousAxeViolations(member, testInfo, 'the welcome page of a client team member');

      await member.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
      await member.getByLabel('Confirm password', { exact: true }).fill(MEMBER_PASSWORD);
      await member.getByRole('button', { name: 'Accept invite & sign in' }).click();
      await expect(member).toHaveURL(/\/dashboard$/);
      await expect(member.getByRole('status').filter({ hasText: `Welcome to ${agency}` })).toBeVisible();
      await expect(member.getByRole('heading', { name: 'Welcome back, Nia' })).toBeVisible();

      // The client's list: the invite is no longer pending.
      await page.reload();
      await expect(memberRow).toContainText(memberName);
      await expect(memberRow).not.toContainText('Invite pending');
      await expect(memberRow.getByRole('button', { name: `Resend invite to ${memberName}` })).toHaveCount(0);

      // 3. The content-only member, on the phone: Content, but neither Billing nor Team.
      let drawer = await openMenu(member);
      await expect(menuLinks(drawer)).toHaveText(['Overview', 'Content', 'Performance', 'Messages', 'Settings']);
      await expect(drawer).toContainText(memberName);
      await expect(drawer).toContainText('Client · Content only');
      await drawer.getByRole('link', { name: 'Content' }).click();
      await expect(drawer).toBeHidden();
      await expect(member.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();

      // The post waiting on the client: the member approves it.
      const postCard = member.getByTestId(`client-content-${post.id}`);
      await expect(postCard).toContainText(`Autumn menu ${uid} is out`);
      await expect(postCard).toContainText('Waiting for your approval');
      await postCard.getByRole('button', { name: `Approve Autumn menu ${uid} is out` }).click();
      await expect(member.getByRole('status').filter({ hasText: 'Approved — the team will publish it as scheduled' })).toBeVisible();
      await expect(postCard.getByText('Approved', { exact: true })).toBeVisible();
      await expect(postCard.getByRole('button', { name: /^Approve / })).toHaveCount(0);
      expect((await api.get<TContent>(`/api/content/${post.id}/`)).status).toBe('approved');

      // #billing (and #team) typed in the address bar: the overview opens instead, nothing of the invoices shows.
      for (const hash of ['#billing', '#team']) {
        // From another section first, so the overview that shows next is the answer to this hash.
        await member.goto('/dashboard#messages');
        await expect(member.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
        await member.goto(`/dashboard${hash}`);
        await expect(member.getByRole('heading', { name: 'Welcome back, Nia' })).toBeVisible();
        await expect(member.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
        await expect(member).toHaveURL(new RegExp(`/dashboard${hash}$`));
        await expect(member.getByRole('heading', { name: 'Billing & Payments' })).toHaveCount(0);
        await expect(member.getByRole('heading', { name: 'Your team', exact: true })).toHaveCount(0);
        await expect(member.getByText(invoice.invoice_number)).toHaveCount(0);
        await expect(member.getByRole('region', { name: 'Next Payment Due' })).toHaveCount(0);
      }

      // The API, with the member's own token: content yes; invoices and the team, 403 with the reason.
      const session = await login(request, email, MEMBER_PASSWORD);
      expect(session.user).toMatchObject({ role: 'client', client_id: client.id, client_permission: 'content' });
      const asMember = { authorization: `Token ${session.token}`, ...NO_REUSE };
      const contentRes = await request.get('/api/content/', { headers: asMember });
      expect(contentRes.status()).toBe(200);
      expect(((await contentRes.json()) as TPageOf<TContent>).results.map((c) => c.id)).toContain(post.id);
      const invoicesRes = await request.get('/api/invoices/', { headers: asMember });
      expect(invoicesRes.status()).toBe(403);
      expect(await invoicesRes.json()).toMatchObject({ detail: BILLING_ONLY_FOR });
      const teamRes = await request.get('/api/team/members/', { headers: asMember });
      expect(teamRes.status()).toBe(403);
      expect(await teamRes.json()).toMatchObject({ detail: TEAM_ONLY_FOR });

      // 4. Back as the client's own login: the member gets billing only.
      await permission.selectOption({ label: 'Billing only' });
      await expect(page.getByRole('status').filter({ hasText: `${memberName} now has billing only` })).toBeVisible();
      await expect(permission).toHaveValue('billing');
      await expect(permission).toBeEnabled();
      await page.reload();
      await expect(permission).toHaveValue('billing');

      // The member, after a reload: Billing with this client's invoice, no Content.
      await member.reload();
      drawer = await openMenu(member);
      await expect(menuLinks(drawer)).toHaveText(['Overview', 'Performance', 'Messages', 'Billing', 'Settings']);
      await expect(drawer).toContainText('Client · Billing only');
      await drawer.getByRole('link', { name: 'Billing' }).click();
      await expect(drawer).toBeHidden();
      await expect(member.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
      // No plan yet: billing opens on the plans, the overview is a click away.
      await expect(member.getByRole('heading', { name: 'Choose Your Growth Plan' })).toBeVisible();
      await member.getByRole('button', { name: 'Billing overview' }).click();
      await expect(member.getByRole('heading', { name: 'Billing & Payments' })).toBeVisible();
      const transaction = member.getByTestId('recent-transaction').filter({ hasText: invoice.invoice_number });
      await expect(transaction).toContainText(invoice.description!);
      await expect(transaction).toContainText('$250.00');

      await member.goto('/dashboard#content');
      await expect(member.getByRole('heading', { name: 'Welcome back, Nia' })).toBeVisible();
      await expect(member.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
      await expect(member.getByTestId(`client-content-${post.id}`)).toHaveCount(0);
      drawer = await openMenu(member);
      await expect(menuLinks(drawer)).toHaveText(['Overview', 'Performance', 'Messages', 'Billing', 'Settings']);
      await closeMenu(member, drawer);

      // The same token as before: the new permission holds at once.
      const contentNow = await request.get('/api/content/', { headers: asMember });
      expect(contentNow.status()).toBe(403);
      expect(await contentNow.json()).toMatchObject({ detail: CONTENT_ONLY_FOR });
      const invoicesNow = await request.get('/api/invoices/', { headers: asMember });
      expect(invoicesNow.status()).toBe(200);
      expect(((await invoicesNow.json()) as TPageOf<TInvoice>).results.map((i) => i.id)).toEqual([invoice.id]);

      // Removed by the client's own login, after the confirmation.
      await memberRow.getByRole('button', { name: `Remove ${memberName}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Remove team member' });
      await expect(confirm).toContainText(`Remove ${memberName} from your team? They can no longer sign in to your portal. What they wrote stays.`);
      await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: `${memberName} removed from your team` })).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect(memberRow).toHaveCount(0);
      await expect(rows).toHaveCount(1);
      await expect(page.getByRole('heading', { name: 'Nobody else on your team yet' })).toBeVisible();

      // The member is signed out: the next page load goes to the sign-in page, the token answers 401, the password no longer works.
      await member.reload();
      await expect(member).toHaveURL(/\/auth$/);
      await expect(member.getByRole('button', { name: 'Sign In' })).toBeVisible();
      const meRes = await request.get('/api/auth/me/', { headers: asMember });
      expect(meRes.status()).toBe(401);
      const invoicesAfter = await request.get('/api/invoices/', { headers: asMember });
      expect(invoicesAfter.status()).toBe(401);
      const loginAgain = await request.post('/api/auth/login/', { data: { email, password: MEMBER_PASSWORD }, headers: NO_REUSE });
      expect(loginAgain.status()).toBe(400);
      expect(await loginAgain.json()).toMatchObject({ detail: 'Invalid email or password.' });

      // What they did stays: the post they approved is still approved.
      expect((await api.get<TContent>(`/api/content/${post.id}/`)).status).toBe('approved');
    } finally {
      await phone.close();
    }
  });
});
