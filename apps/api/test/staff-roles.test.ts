/**
 * Staff roles: owners reach everything; a manager only the clients assigned to them (every list, search, count,
 * export, figure, conversation, notification and socket push, scoped in SQL); read-only staff read everything and
 * change nothing but their own account. Staff join by invite (a one-time sign-in link by e-mail); owners change
 * roles and remove people, and the agency always keeps an owner. The route-by-route refusals are in
 * authz-matrix.test.ts; this file checks what each role sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient, TServerEvent as ServerEvent, TStaffMember, TUser } from '@agency/contract';
import { createClientViaApi, createInvoiceViaApi, signUp, uniqueEmail, type Session } from './support/factories';
import { connectWs, startLiveServer, type LiveServer, type WsClient } from './support/live-server';
import { createTestContext, type TestContext } from './support/test-app';
import { mailedInvite } from './support/invites';

const DAY = 86_400_000;
let clock = new Date('2026-11-24T09:00:00Z');
let ctx: TestContext;
let live: LiveServer;
let owner: Session;
let manager: Session;
let readOnly: Session;
/** Clients: `mine` is assigned to the manager, `theirs` to nobody. */
let mine: Session;
let theirs: Session;
const sockets: WsClient[] = [];
const api = () => ctx.request();

const setRole = (who: number, staffRole: string, by: Session = owner) => api().patch(`/api/admin/staff/${who}/`).set(by.auth).send({ staff_role: staffRole });
const assign = (clientId: number, managerId: number | null, by: Session = owner) =>
  api().patch(`/api/clients/${clientId}/`).set(by.auth).send({ account_manager_id: managerId });

async function staffMember(name: string, staffRole: 'manager' | 'read_only'): Promise<Session> {
  const session = await signUp(ctx, { role: 'admin', name });
  expect((await setRole(session.user.id, staffRole)).status).toBe(200);
  return session;
}

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://portal.example.test' }, { now: () => clock });
  live = await startLiveServer(ctx.deps, { app: ctx.app });
  owner = await signUp(ctx, { role: 'admin', name: 'Olive Owner' });
  manager = await staffMember('Max Manager', 'manager');
  readOnly = await staffMember('Rhea Reader', 'read_only');
  mine = await signUp(ctx, { name: 'Mina Mine', company: 'Mine Co' });
  theirs = await signUp(ctx, { name: 'Theo Theirs', company: 'Theirs Co' });
  expect((await assign(mine.user.client_id!, manager.user.id)).status).toBe(200);
  for (const client of [mine, theirs]) {
    await createInvoiceViaApi(ctx, owner, client.user.client_id!, { amount: 500 });
    await api()
      .post('/api/tasks/')
      .set(owner.auth)
      .send({ title: `Plan for ${client.user.name}`, description: 'Kick-off', client: client.user.client_id, assigned_to: 'Olive Owner', due_date: '2030-01-10T09:00:00Z' });
    await api().post('/api/content/').set(client.auth).send({ content: `Post of ${client.user.name}`, scheduled_date: '2030-02-01T09:00:00Z' });
    await api().post('/api/messages/send-to-admin/').set(client.auth).send({ content: `Hello from ${client.user.name}` });
  }
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await live?.close();
  await ctx?.close();
});

describe('roles', () => {
  it('every admin before roles, and whoever registers as an admin, is an owner; me says the role', async () => {
    const me = await api().get('/api/auth/me/').set(owner.auth);
    expect((me.body as TUser).staff_role).toBe('owner');
    expect(((await api().get('/api/auth/me/').set(manager.auth)).body as TUser).staff_role).toBe('manager');
    expect(((await api().get('/api/auth/me/').set(mine.auth)).body as TUser).staff_role).toBeNull();
  });

  it('lists the staff with role, pending invite and how many clients each manages', async () => {
    const res = await api().get('/api/admin/staff/').set(manager.auth);
    expect(res.status).toBe(200);
    const max = (res.body.results as TStaffMember[]).find((s) => s.id === manager.user.id);
    expect(max).toMatchObject({ name: 'Max Manager', staff_role: 'manager', invite_pending: false, managed_clients: 1 });
  });

  it('keeps the last owner: an owner cannot change its own role, and the only owner cannot be demoted or removed', async () => {
    const self = await setRole(owner.user.id, 'manager');
    expect(self.status).toBe(400);
    expect(self.body.errors.staff_role).toEqual(['You cannot change your own role.']);
    const second = await staffMember('Sol Second', 'manager');
    expect((await setRole(second.user.id, 'owner')).status).toBe(200);
    // Now two owners: the second may demote the first, but then not itself be demoted by anyone (it is the last).
    expect((await setRole(owner.user.id, 'read_only', second)).status).toBe(200);
    const back = await setRole(owner.user.id, 'owner', second);
    expect(back.status).toBe(200);
    expect((await api().delete(`/api/admin/staff/${second.user.id}/`).set(owner.auth)).status).toBe(204);
    const last = await api().delete(`/api/admin/staff/${owner.user.id}/`).set(owner.auth);
    expect(last.status).toBe(400);
    const gone = await api().get('/api/auth/me/').set(second.auth);
    expect(gone.status).toBe(401);
  });
});

describe('a manager sees only the clients assigned to them', () => {
  const idsOf = (body: { results: { client?: number; id?: number }[] }, key: 'client' | 'id' = 'client') => body.results.map((r) => r[key]);

  it('clients, their summary and a client of someone else (404)', async () => {
    const list = await api().get('/api/clients/').set(manager.auth);
    expect(idsOf(list.body, 'id')).toEqual([mine.user.client_id]);
    const searched = await api().get('/api/clients/').query({ search: 'Theirs' }).set(manager.auth);
    expect(searched.body.count).toBe(0);
    expect((await api().get('/api/clients/summary/').set(manager.auth)).body.total).toBe(1);
    expect((await api().get(`/api/clients/${theirs.user.client_id}/`).set(manager.auth)).status).toBe(404);
    const edit = await api().patch(`/api/clients/${theirs.user.client_id}/`).set(manager.auth).send({ company: 'Taken over' });
    expect(edit.status).toBe(404);
  });

  it('tasks, content, invoices and their counts, also filtered by the other client', async () => {
    const other = theirs.user.client_id!;
    for (const path of ['/api/tasks/', '/api/content/', '/api/invoices/']) {
      const res = await api().get(path).set(manager.auth);
      expect(new Set(idsOf(res.body)), path).toEqual(new Set([mine.user.client_id]));
      const filtered = await api().get(path).query({ client: other }).set(manager.auth);
      expect(filtered.body.count, `${path}?client=theirs`).toBe(0);
    }
    expect((await api().get('/api/tasks/stats/').set(manager.auth)).body.total).toBe(1);
    expect((await api().get('/api/content/stats/').set(manager.auth)).body.total).toBe(1);
    const summary = await api().get('/api/invoices/summary/').set(manager.auth);
    expect(summary.body.pending_count + summary.body.overdue_count + summary.body.paid_count).toBe(1);
    const all = await api().get('/api/invoices/summary/').set(owner.auth);
    expect(all.body.pending_count + all.body.overdue_count + all.body.paid_count).toBe(2);
  });

  it('a task assigned to the manager for a client they do not manage is theirs to see and work on; its client stays out of reach', async () => {
    const other = theirs.user.client_id!;
    const created = await api()
      .post('/api/tasks/')
      .set(owner.auth)
      .send({ title: 'Shoot the launch reel', description: 'For Theirs Co', client: other, assigned_to: 'Max Manager', assigned_to_user: manager.user.id, due_date: '2031-05-01T10:00:00.000Z' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const listed = await api().get('/api/tasks/').query({ page_size: 100 }).set(manager.auth);
    expect(listed.body.results.map((t: { id: number }) => t.id)).toContain(created.body.id);
    const searched = await api().get('/api/tasks/').query({ search: 'launch reel' }).set(manager.auth);
    expect(searched.body.results.map((t: { id: number }) => t.id)).toEqual([created.body.id]);
    // Handed over later (as an owner reassigns a task), it is theirs as well.
    const later = await api()
      .post('/api/tasks/')
      .set(owner.auth)
      .send({ title: 'Caption the carousel', description: 'For Theirs Co', client: other, assigned_to: 'Olive Owner', due_date: '2031-05-01T10:00:00.000Z' });
    await api().patch(`/api/tasks/${later.body.id}/`).set(owner.auth).send({ assigned_to: 'Max Manager', assigned_to_user: manager.user.id }).expect(200);
    expect((await api().get('/api/tasks/stats/').set(manager.auth)).body.total).toBe(3);
    await api().delete(`/api/tasks/${later.body.id}/`).set(owner.auth).expect(204);
    expect((await api().get('/api/tasks/').query({ assigned_to_user: manager.user.id }).set(manager.auth)).body.count).toBeGreaterThanOrEqual(1);
    expect((await api().get(`/api/tasks/${created.body.id}/`).set(manager.auth)).status).toBe(200);
    const moved = await api().patch(`/api/tasks/${created.body.id}/`).set(manager.auth).send({ status: 'in-progress' });
    expect(moved.status).toBe(200);
    expect(moved.body.status).toBe('in-progress');
    // The client itself is still another manager's business.
    expect((await api().get(`/api/clients/${other}/`).set(manager.auth)).status).toBe(404);
    // Another manager's task for that client stays out of sight.
    const notMine = await api()
      .post('/api/tasks/')
      .set(owner.auth)
      .send({ title: 'Not for Max', description: 'Theirs', client: other, assigned_to: 'Olive Owner', due_date: '2031-05-01T10:00:00.000Z' });
    expect((await api().get(`/api/tasks/${notMine.body.id}/`).set(manager.auth)).status).toBe(404);
    await api().delete(`/api/tasks/${created.body.id}/`).set(owner.auth).expect(204);
    await api().delete(`/api/tasks/${notMine.body.id}/`).set(owner.auth).expect(204);
  });

  it('conversations and threads', async () => {
    const conversations = await api().get('/api/messages/admin-conversations/').set(manager.auth);
    expect(conversations.body.conversations.map((c: { clientId: number }) => c.clientId)).toEqual([mine.user.client_id]);
    const thread = await api().get(`/api/messages/conversation/${theirs.user.id}/`).set(manager.auth);
    expect(thread.status).toBe(404);
    const messages = await api().get('/api/messages/').set(manager.auth);
    expect(new Set(idsOf(messages.body))).toEqual(new Set([mine.user.client_id]));
    const write = await api().post('/api/messages/send-to-client/').set(manager.auth).send({ client_id: theirs.user.client_id, content: 'Hi' });
    expect(write.status).toBe(400);
  });

  it('the overview figures and the exports', async () => {
    const stats = await api().get('/api/dashboard/stats/').set(manager.auth);
    expect(stats.body.pending_tasks).toBe(1);
    const overview = await api().get('/api/analytics/overview/').set(manager.auth);
    expect(overview.body.agency_growth.total_clients).toBe(1);
    const csv = await api().get('/api/performance/export/').query({ format: 'csv' }).set(manager.auth);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Mine Co');
    expect(csv.text).not.toContain('Theirs Co');
    const invoicesCsv = await api().get('/api/invoices/export/').set(manager.auth);
    expect(invoicesCsv.text).toContain('Mina Mine');
    expect(invoicesCsv.text).not.toContain('Theo Theirs');
    const report = await api().get(`/api/analytics/client/${theirs.user.client_id}/`).set(manager.auth);
    expect(report.status).toBe(404);
  });

  it('notifications: the client of someone else never reaches the manager; the own client does', async () => {
    await api().post('/api/messages/send-to-admin/').set(theirs.auth).send({ content: 'Only for the owner' });
    await api().post('/api/messages/send-to-admin/').set(mine.auth).send({ content: 'For my manager' });
    const list = await api().get('/api/notifications/').set(manager.auth);
    const texts = list.body.results.map((n: { message: string }) => n.message).join('\n');
    expect(texts).toContain('For my manager');
    expect(texts).not.toContain('Only for the owner');
    const owners = await api().get('/api/notifications/').set(owner.auth);
    expect(owners.body.results.map((n: { message: string }) => n.message).join('\n')).toContain('Only for the owner');
  });

  it("socket pushes: the manager hears their client's thread, not another's; the owner hears both", async () => {
    const ticket = async (s: Session) => (await api().post('/api/auth/ws-ticket/').set(s.auth)).body.ticket as string;
    const managerSocket = await connectWs(`${live.wsUrl}?ticket=${await ticket(manager)}`);
    const ownerSocket = await connectWs(`${live.wsUrl}?ticket=${await ticket(owner)}`);
    sockets.push(managerSocket, ownerSocket);
    await api().post('/api/messages/send-to-admin/').set(theirs.auth).send({ content: 'Pushed to the owner only' });
    await api().post('/api/messages/send-to-admin/').set(mine.auth).send({ content: 'Pushed to both' });
    const fromClient = (clientId: number) => (e: ServerEvent): e is Extract<ServerEvent, { type: 'message.created' }> =>
      e.type === 'message.created' && e.clientId === clientId;
    await managerSocket.waitFor(fromClient(mine.user.client_id!));
    await ownerSocket.waitFor(fromClient(mine.user.client_id!));
    await ownerSocket.waitFor(fromClient(theirs.user.client_id!));
    expect(managerSocket.events.some(fromClient(theirs.user.client_id!))).toBe(false);
  });

  it("a manager's new client is theirs; a manager cannot hand a client to someone else", async () => {
    const created = await createClientViaApi(ctx, manager, { name: 'Nora New' });
    expect(created).toMatchObject({ account_manager_id: manager.user.id, account_manager: 'Max Manager' });
    const handOver = await assign(created.id, owner.user.id, manager);
    expect(handOver.status).toBe(403);
    expect(handOver.body.errors.account_manager_id).toEqual(['Only an owner can reassign a client.']);
    const unassign = await assign(created.id, null, manager);
    expect(unassign.status).toBe(403);
  });

  it('an assignment counts at once, and the agency-wide routes stay closed to managers', async () => {
    const before = await api().get(`/api/clients/${theirs.user.client_id}/`).set(manager.auth);
    expect(before.status).toBe(404);
    expect((await assign(theirs.user.client_id!, manager.user.id)).status).toBe(200);
    const after = await api().get(`/api/clients/${theirs.user.client_id}/`).set(manager.auth);
    expect((after.body as TClient).account_manager_id).toBe(manager.user.id);
    expect((await assign(theirs.user.client_id!, null)).status).toBe(200);
    expect((await api().get(`/api/clients/${theirs.user.client_id}/`).set(manager.auth)).status).toBe(404);
    for (const path of ['/api/leads/', '/api/api-keys/', '/api/webhooks/', '/api/promo-codes/', '/api/admin/billing-settings/']) {
      const res = await api().get(path).set(manager.auth);
      expect(res.status, path).toBe(403);
    }
  });

  it("an API key a manager made acts as that manager", async () => {
    // Keys are made by owners; a manager who was an owner keeps keys made then, within the manager's reach now.
    const former = await signUp(ctx, { role: 'admin', name: 'Fay Former' });
    const key = await api().post('/api/api-keys/').set(former.auth).send({ name: 'Sync', scopes: { clients: 'read' }, expires_in_days: 30 });
    expect(key.status).toBe(201);
    expect((await setRole(former.user.id, 'manager')).status).toBe(200);
    const asKey = await api().get('/api/clients/').set({ Authorization: `Bearer ${key.body.key as string}` });
    expect(asKey.status).toBe(200);
    expect(asKey.body.count).toBe(0);
  });
});

describe('read-only staff', () => {
  it('reads everything and changes nothing but its own account', async () => {
    const clients = await api().get('/api/clients/').set(readOnly.auth);
    expect(clients.body.count).toBeGreaterThanOrEqual(2);
    expect((await api().get('/api/leads/').set(readOnly.auth)).status).toBe(200);
    const create = await api().post('/api/tasks/').set(readOnly.auth).send({ title: 'Nope', description: 'x', client: mine.user.client_id, assigned_to: 'x', due_date: '2030-01-01T09:00:00Z' });
    expect(create.status).toBe(403);
    expect(create.body.detail).toBe('Your account is read-only: you can see everything but not change it.');
    expect((await api().patch(`/api/clients/${mine.user.client_id}/`).set(readOnly.auth).send({ company: 'x' })).status).toBe(403);
    expect((await api().post('/api/notifications/mark_all_read/').set(readOnly.auth)).status).toBe(200);
    const profile = await api().patch('/api/auth/me/').set(readOnly.auth).send({ first_name: 'Rhea', last_name: 'Reads' });
    expect(profile.status).toBe(200);
  });
});

describe('invites', () => {
  const linkMailedTo = async (email: string) => (await mailedInvite(ctx, email)).token;
  const invite = (email: string, staffRole = 'manager') =>
    api().post('/api/admin/staff/').set(owner.auth).send({ email, first_name: 'Ivy', last_name: 'Invitee', staff_role: staffRole });

  it('Invite to portal: a client the agency added gets a login at its e-mail and the invite; it signs in to its own portal; again resends, after that refuses', async () => {
    const added = await createClientViaApi(ctx, owner, { name: 'Penny Portal', company: 'Portal Co' });
    expect(added.user_id).toBeNull();
    const invited = await api().post(`/api/clients/${added.id}/invite/`).set(owner.auth);
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body).toMatchObject({ id: added.id, user_id: expect.any(Number), user_email: added.email, portal_invite_pending: true });
    const first = await linkMailedTo(added.email);
    const resent = await api().post(`/api/clients/${added.id}/invite/`).set(owner.auth);
    expect(resent.status).toBe(200);
    const second = await linkMailedTo(added.email);
    expect(second).not.toBe(first);

    const accepted = await api().post('/api/auth/invites/accept/').send({ token: second, password: 'A-long-passphrase' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.user).toMatchObject({ email: added.email, role: 'client', client_id: added.id });
    const own = await api().get('/api/dashboard/client-stats/').set({ Authorization: `Token ${accepted.body.token as string}` });
    expect(own.status).toBe(200);
    const done = await api().post(`/api/clients/${added.id}/invite/`).set(owner.auth);
    expect(done.status).toBe(409);
    expect(done.body.detail).toBe(`Penny Portal already signs in to the portal (${added.email}).`);
  });

  it('an owner invites; the link opens, sets the password once, signs in; the old password-less account could not', async () => {
    const email = uniqueEmail('ivy');
    const res = await invite(email);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, staff_role: 'manager', invite_pending: true });
    const cannot = await api().post('/api/auth/login/').send({ email, password: 'anything-at-all' });
    expect(cannot.status).toBe(400);
    const token = await linkMailedTo(email);
    const view = await api().post('/api/auth/invites/open/').send({ token });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ email, name: 'Ivy Invitee', role_label: 'Manager' });
    const short = await api().post('/api/auth/invites/accept/').send({ token, password: 'short' });
    expect(short.status).toBe(400);
    const accepted = await api().post('/api/auth/invites/accept/').send({ token, password: 'A-long-passphrase' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ email, role: 'admin', staff_role: 'manager' });
    expect((await api().get('/api/auth/me/').set({ Authorization: `Token ${accepted.body.token as string}` })).status).toBe(200);
    const again = await api().post('/api/auth/invites/accept/').send({ token, password: 'Another-passphrase' });
    expect(again.status).toBe(409);
    const signIn = await api().post('/api/auth/login/').send({ email, password: 'A-long-passphrase' });
    expect(signIn.status).toBe(200);
    const list = await api().get('/api/admin/staff/').set(owner.auth);
    expect((list.body.results as TStaffMember[]).find((s) => s.email === email)?.invite_pending).toBe(false);
  });

  it('refuses a tampered, a replaced and an expired link with the reason; a taken e-mail; a manager inviting', async () => {
    const email = uniqueEmail('rex');
    expect((await invite(email)).status).toBe(201);
    const first = await linkMailedTo(email);
    const tampered = await api().post('/api/auth/invites/open/').send({ token: `${first.slice(0, -2)}xx` });
    expect(tampered.status).toBe(404);
    expect(tampered.body.detail).toBe('This invite link is not valid.');
    const member = ((await api().get('/api/admin/staff/').set(owner.auth)).body.results as TStaffMember[]).find((s) => s.email === email)!;
    expect((await api().post(`/api/admin/staff/${member.id}/resend-invite/`).set(owner.auth)).status).toBe(200);
    const second = await linkMailedTo(email);
    expect(second).not.toBe(first);
    const replaced = await api().post('/api/auth/invites/open/').send({ token: first });
    expect(replaced.body.detail).toMatch(/newer invite/);
    clock = new Date(clock.getTime() + 8 * DAY);
    const expired = await api().post('/api/auth/invites/accept/').send({ token: second, password: 'A-long-passphrase' });
    expect(expired.status).toBe(404);
    expect(expired.body.detail).toBe('This invite link has expired. Ask the agency to send a new one.');
    const taken = await invite(email);
    expect(taken.status).toBe(400);
    expect(taken.body.errors.email).toEqual(['A user with this email already exists.']);
    const byManager = await api().post('/api/admin/staff/').set(manager.auth).send({ email: uniqueEmail('x'), first_name: 'X', staff_role: 'owner' });
    expect(byManager.status).toBe(403);
  });

  it('removing someone leaves their clients unassigned', async () => {
    const leaving = await staffMember('Lee Leaving', 'manager');
    const client = await createClientViaApi(ctx, owner, { name: 'Left Behind' });
    expect((await assign(client.id, leaving.user.id)).status).toBe(200);
    expect((await api().delete(`/api/admin/staff/${leaving.user.id}/`).set(owner.auth)).status).toBe(204);
    const after = await api().get(`/api/clients/${client.id}/`).set(owner.auth);
    expect(after.body).toMatchObject({ account_manager: null, account_manager_id: null });
    expect((await api().get('/api/auth/me/').set(leaving.auth)).status).toBe(401);
  });
});
