import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/test-app';
import { createClientViaApi, signUp, type Session } from './support/factories';
import type { DomainEventMap } from '../src/events/catalog';

let ctx: TestContext;
let admin: Session;
let admin2: Session;
let clientA: Session;
let clientB: Session;
const events: { name: string; payload: unknown }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUp(ctx, { role: 'admin', name: 'Alex Staff' });
  admin2 = await signUp(ctx, { role: 'admin', name: 'Morgan Manager' });
  clientA = await signUp(ctx, { name: 'Ava Anders', company: 'Anders Florals' });
  clientB = await signUp(ctx, { name: 'Ben Brooks', company: 'Brooks Fitness' });
  for (const name of ['message.created', 'message.read'] as const) {
    ctx.deps.events.on(name, (payload: DomainEventMap[typeof name]) => events.push({ name, payload }));
  }
});
afterAll(async () => {
  await ctx.close();
});

const post = (s: Session, path: string, body: object) => ctx.request().post(`/api/messages/${path}`).set(s.auth).send(body);
const get = (s: Session, path: string) => ctx.request().get(`/api/messages/${path}`).set(s.auth);

describe('sending', () => {
  it('a client writes to the agency: the message lands in its own thread, receiver null, every admin notified', async () => {
    events.length = 0;
    const res = await post(clientA, 'send-to-admin/', { content: '  Hello team  ', priority: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      sender: clientA.user.id,
      receiver: null,
      sender_name: 'Ava Anders',
      sender_role: 'client',
      client: clientA.user.client_id,
      content: 'Hello team',
      read: false,
      priority: true,
      attachment: null,
    });
    expect(new Date(res.body.timestamp).toISOString()).toBe(res.body.timestamp);
    expect(events).toEqual([
      {
        name: 'message.created',
        payload: expect.objectContaining({ messageId: res.body.id, clientId: clientA.user.client_id, senderId: clientA.user.id, receiverId: null }),
      },
    ]);
    for (const a of [admin, admin2]) {
      const notes = await ctx.request().get('/api/notifications/').set(a.auth);
      const note = notes.body.results.find((n: { title: string }) => n.title === 'New priority message');
      expect(note).toMatchObject({ type: 'info', notification_type: 'info', link: `?c=${clientA.user.client_id}#messages` }); // the conversation itself
      expect(note.message).toContain('Ava Anders');
    }
    const own = await ctx.request().get('/api/notifications/').set(clientA.auth);
    expect(own.body.results.filter((n: { title: string }) => n.title.includes('message'))).toEqual([]);
  });

  it('refuses whitespace-only content without an attachment with the spec message', async () => {
    for (const body of [{ content: '   \n ' }, {}, { content: '' }]) {
      const res = await post(clientA, 'send-to-admin/', body);
      expect(res.status).toBe(400);
      expect(res.body.errors.content).toContain('Message cannot be empty');
    }
    const toClient = await post(admin, 'send-to-client/', { client_id: clientA.user.client_id, content: '  ' });
    expect(toClient.status).toBe(400);
    expect(toClient.body.errors.content).toContain('Message cannot be empty');
  });

  it('an admin writes to a client by client_id; only that client is notified', async () => {
    const res = await post(admin, 'send-to-client/', { client_id: clientA.user.client_id, content: 'Hi Ava, drafts are ready.' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      sender: admin.user.id,
      receiver: clientA.user.id,
      sender_role: 'admin',
      sender_name: 'Alex Staff',
      client: clientA.user.client_id,
      priority: false,
    });
    const notesA = await ctx.request().get('/api/notifications/').set(clientA.auth);
    expect(notesA.body.results.some((n: { message: string }) => n.message.includes('drafts are ready'))).toBe(true);
    const notesB = await ctx.request().get('/api/notifications/').set(clientB.auth);
    expect(notesB.body.results.some((n: { message: string }) => n.message.includes('drafts are ready'))).toBe(false);
  });

  it('send-to-client: unknown client 400, archived client 400, client without a login 409', async () => {
    const unknown = await post(admin, 'send-to-client/', { client_id: 999999, content: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe('Client not found.');
    const noLogin = await createClientViaApi(ctx, admin, { name: 'No Login Co' });
    const res = await post(admin, 'send-to-client/', { client_id: noLogin.id, content: 'x' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict');
    const archived = await signUp(ctx, { name: 'Gone Client' });
    expect((await ctx.request().delete(`/api/clients/${archived.user.client_id}/`).set(admin.auth)).status).toBe(204);
    const toArchived = await post(admin, 'send-to-client/', { client_id: archived.user.client_id, content: 'x' });
    expect(toArchived.status).toBe(400);
    expect(toArchived.body.detail).toContain('archived');
    const bad = await post(admin, 'send-to-client/', { client_id: 'abc', content: 'x' });
    expect(bad.status).toBe(400);
  });

  it('POST /messages/: a client may only write to staff, into its own thread', async () => {
    const ok = await post(clientB, '', { receiver: admin2.user.id, content: 'Question for Morgan' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ receiver: admin2.user.id, client: clientB.user.client_id, sender: clientB.user.id });
    const toOtherClient = await post(clientB, '', { receiver: clientA.user.id, content: 'psst' });
    expect(toOtherClient.status).toBe(400);
    expect(toOtherClient.body.errors.receiver).toBeDefined();
    const toNobody = await post(clientB, '', { receiver: 999999, content: 'psst' });
    expect(toNobody.status).toBe(400);
    const missing = await post(clientB, '', { content: 'no receiver' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.receiver).toContain('Choose a recipient');
  });

  it("POST /messages/: an admin writes to a client user → that client's thread; to an admin → 400", async () => {
    const ok = await post(admin, '', { receiver: clientB.user.id, content: 'Answer from Alex' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ receiver: clientB.user.id, client: clientB.user.client_id });
    const toAdmin = await post(admin, '', { receiver: admin2.user.id, content: 'hi' });
    expect(toAdmin.status).toBe(400);
  });

  it('roles: a client cannot use send-to-client, an admin cannot use send-to-admin', async () => {
    expect((await post(clientA, 'send-to-client/', { client_id: clientB.user.client_id, content: 'x' })).status).toBe(403);
    expect((await post(admin, 'send-to-admin/', { content: 'x' })).status).toBe(403);
    expect((await ctx.request().get('/api/messages/').send()).status).toBe(401);
  });
});

describe('reading threads', () => {
  it('a client lists only its own thread, newest first by default, oldest first on request', async () => {
    const a = await get(clientA, '');
    expect(a.status).toBe(200);
    expect(a.body.count).toBeGreaterThanOrEqual(2);
    expect(a.body.results.every((m: { client: number }) => m.client === clientA.user.client_id)).toBe(true);
    const times = a.body.results.map((m: { timestamp: string }) => m.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    const asc = await get(clientA, '?ordering=timestamp');
    expect(asc.body.results.map((m: { id: number }) => m.id)).toEqual(
      [...a.body.results.map((m: { id: number }) => m.id)].reverse(),
    );
    // ?client= of another client is ignored for clients.
    const sneaky = await get(clientA, `?client=${clientB.user.client_id}`);
    expect(sneaky.body.results.every((m: { client: number }) => m.client === clientA.user.client_id)).toBe(true);
    const b = await get(clientB, '');
    expect(b.body.results.every((m: { client: number }) => m.client === clientB.user.client_id)).toBe(true);
    expect(b.body.results.some((m: { content: string }) => m.content.includes('Ava'))).toBe(false);
  });

  it('searches by text and by sender name, in SQL, with pagination links', async () => {
    const byText = await get(clientA, '?search=drafts');
    expect(byText.body.results.map((m: { content: string }) => m.content)).toEqual(['Hi Ava, drafts are ready.']);
    const byName = await get(clientA, '?search=alex%20staff');
    expect(byName.body.count).toBe(1);
    const wildcard = await get(clientA, '?search=%25');
    expect(wildcard.body.count).toBe(0);
    const paged = await get(clientA, '?page_size=1');
    expect(paged.body.results).toHaveLength(1);
    expect(paged.body.next).toContain('page=2');
    expect(paged.body.previous).toBeNull();
    expect((await get(clientA, '?ordering=sender')).status).toBe(400);
  });

  it('an admin sees every thread, or one with ?client=', async () => {
    const all = await get(admin, '');
    const clientsSeen = new Set(all.body.results.map((m: { client: number }) => m.client));
    expect(clientsSeen.has(clientA.user.client_id)).toBe(true);
    expect(clientsSeen.has(clientB.user.client_id)).toBe(true);
    const onlyB = await get(admin, `?client=${clientB.user.client_id}`);
    expect(onlyB.body.count).toBe(2);
  });

  it('GET /messages/conversation/:id/: admin by client user id; a client only its own thread, else 404', async () => {
    const forA = await get(admin, `conversation/${clientA.user.id}/`);
    expect(forA.status).toBe(200);
    expect(forA.body.results.every((m: { client: number }) => m.client === clientA.user.client_id)).toBe(true);
    expect(forA.body.count).toBe(2);
    expect((await get(admin, `conversation/${admin2.user.id}/`)).status).toBe(404);
    expect((await get(admin, 'conversation/999999/')).status).toBe(404);

    const ownViaStaff = await get(clientA, `conversation/${admin.user.id}/`);
    expect(ownViaStaff.status).toBe(200);
    expect(ownViaStaff.body.count).toBe(2);
    expect((await get(clientA, `conversation/${clientA.user.id}/`)).body.count).toBe(2);
    const other = await get(clientA, `conversation/${clientB.user.id}/`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ detail: 'Conversation not found.', code: 'not_found' });
  });
});

describe('mark_read', () => {
  it('the client marks an agency message read; the admin sees the tick; event emitted', async () => {
    const sent = await post(admin, 'send-to-client/', { client_id: clientA.user.client_id, content: 'Please review' });
    events.length = 0;
    const res = await ctx.request().post(`/api/messages/${sent.body.id}/mark_read/`).set(clientA.auth);
    expect(res.status).toBe(200);
    expect(res.body.read).toBe(true);
    expect(events).toEqual([
      { name: 'message.read', payload: { messageIds: [sent.body.id], clientId: clientA.user.client_id, readerId: clientA.user.id } },
    ]);
    // Again: a no-op, no second event.
    const again = await ctx.request().post(`/api/messages/${sent.body.id}/mark_read/`).set(clientA.auth);
    expect(again.status).toBe(200);
    expect(events).toHaveLength(1);
    const adminView = await get(admin, `conversation/${clientA.user.id}/`);
    expect(adminView.body.results.find((m: { id: number }) => m.id === sent.body.id).read).toBe(true);
  });

  it('another tenant cannot mark it (404); the sender side cannot mark its own (400)', async () => {
    const sent = await post(admin, 'send-to-client/', { client_id: clientA.user.client_id, content: 'For Ava only' });
    const byB = await ctx.request().post(`/api/messages/${sent.body.id}/mark_read/`).set(clientB.auth);
    expect(byB.status).toBe(404);
    expect(byB.body.code).toBe('not_found');
    const bySender = await ctx.request().post(`/api/messages/${sent.body.id}/mark_read/`).set(admin.auth);
    expect(bySender.status).toBe(400);
    const byOtherAdmin = await ctx.request().post(`/api/messages/${sent.body.id}/mark_read/`).set(admin2.auth);
    expect(byOtherAdmin.status).toBe(400);
    const own = await post(clientA, 'send-to-admin/', { content: 'mine' });
    expect((await ctx.request().post(`/api/messages/${own.body.id}/mark_read/`).set(clientA.auth)).status).toBe(400);
    expect((await ctx.request().post('/api/messages/999999/mark_read/').set(admin.auth)).status).toBe(404);
    const unread = await get(clientA, `?search=${encodeURIComponent('For Ava only')}`);
    expect(unread.body.results[0].read).toBe(false);
  });
});

describe('conversations', () => {
  it('admin-conversations: only clients with a login, unread counts of client messages, last message, newest first', async () => {
    const fresh = await signUp(ctx, { name: 'Cleo Carter', company: 'Carter Cafe' });
    const noLogin = await createClientViaApi(ctx, admin, { name: 'Offline Brand', company: 'Offline Inc' });
    await post(fresh, 'send-to-admin/', { content: 'first' });
    const last = await post(fresh, 'send-to-admin/', { content: 'second' });

    const res = await get(admin, 'admin-conversations/');
    expect(res.status).toBe(200);
    const list = res.body.conversations as { clientId: number; unreadCount: number; lastMessage: { content: string; timestamp: string } | null }[];
    expect(list.some((c) => c.clientId === noLogin.id)).toBe(false);
    const cleo = list[0]!;
    expect(cleo).toEqual({
      id: fresh.user.client_id,
      clientId: fresh.user.client_id,
      userId: fresh.user.id,
      name: 'Cleo Carter',
      role: 'client',
      company: 'Carter Cafe',
      email: fresh.user.email,
      unreadCount: 2,
      avatar: null,
      lastMessage: { timestamp: last.body.timestamp, content: 'second' },
    });
    // Ava: her messages are unread (the agency has not marked them), agency messages do not count.
    const ava = list.find((c) => c.clientId === clientA.user.client_id)!;
    expect(ava.unreadCount).toBe(2);
    // Newest activity first.
    const stamps = list.filter((c) => c.lastMessage).map((c) => c.lastMessage!.timestamp);
    expect([...stamps].sort().reverse()).toEqual(stamps);

    // Admin marks one of Cleo's messages read.
    await ctx.request().post(`/api/messages/${last.body.id}/mark_read/`).set(admin.auth);
    const after = await get(admin, 'admin-conversations/');
    expect(after.body.conversations.find((c: { clientId: number }) => c.clientId === fresh.user.client_id).unreadCount).toBe(1);
  });

  it('search and the unread/read filter', async () => {
    const search = await get(admin, 'admin-conversations/?search=brooks');
    expect(search.body.conversations.map((c: { clientId: number }) => c.clientId)).toEqual([clientB.user.client_id]);
    const byEmail = await get(admin, `admin-conversations/?search=${encodeURIComponent(clientA.user.email)}`);
    expect(byEmail.body.conversations).toHaveLength(1);

    const unread = await get(admin, 'admin-conversations/?filter=unread');
    expect(unread.body.conversations.every((c: { unreadCount: number }) => c.unreadCount > 0)).toBe(true);
    // Mark everything of B read → B moves to "read".
    const bThread = await get(admin, `conversation/${clientB.user.id}/`);
    for (const m of bThread.body.results.filter((x: { sender_role: string; read: boolean }) => x.sender_role === 'client' && !x.read)) {
      expect((await ctx.request().post(`/api/messages/${m.id}/mark_read/`).set(admin.auth)).status).toBe(200);
    }
    const read = await get(admin, 'admin-conversations/?filter=read');
    const readIds = read.body.conversations.map((c: { clientId: number }) => c.clientId);
    expect(readIds).toContain(clientB.user.client_id);
    expect(read.body.conversations.every((c: { unreadCount: number; lastMessage: unknown }) => c.unreadCount === 0 && c.lastMessage)).toBe(true);
    expect((await get(admin, 'admin-conversations/?filter=bogus')).status).toBe(400);
    expect((await get(clientA, 'admin-conversations/')).status).toBe(403);
  });

  it('GET /messages/conversations/: admin the same list as a plain array; a client its one thread', async () => {
    const forAdmin = await get(admin, 'conversations/');
    expect(Array.isArray(forAdmin.body)).toBe(true);
    const wrapped = await get(admin, 'admin-conversations/');
    expect(forAdmin.body).toEqual(wrapped.body.conversations);

    const forA = await get(clientA, 'conversations/');
    expect(forA.status).toBe(200);
    expect(forA.body).toHaveLength(1);
    const thread = forA.body[0];
    expect(thread).toMatchObject({ id: clientA.user.client_id, clientId: clientA.user.client_id, role: 'admin', userId: admin.user.id });
    // Agency messages to A not yet read by A: 'Hi Ava, drafts are ready.' and 'For Ava only'.
    expect(thread.unreadCount).toBe(2);
    expect(thread.lastMessage.content).toBe('mine');
  });
});

describe('team', () => {
  it('lists the staff with presence and the online count; the account manager first', async () => {
    await ctx.request().patch(`/api/clients/${clientA.user.client_id}/`).set(admin.auth).send({ account_manager: 'Morgan Manager' });
    const res = await get(clientA, 'team/');
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({ id: admin2.user.id, name: 'Morgan Manager', role: 'Account Manager' });
    expect(res.body.results.map((m: { id: number }) => m.id).sort()).toEqual([admin.user.id, admin2.user.id].sort());
    for (const m of res.body.results) expect(['online', 'away', 'offline']).toContain(m.status);
    expect(res.body.online).toBe(res.body.results.filter((m: { status: string }) => m.status === 'online').length);
    expect((await get(admin, 'team/')).status).toBe(403);
  });
});
