import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { users, wsTickets } from '../src/db/schema';
import { DELETE_ACCOUNT_PHRASE, WS_CLOSE_SESSION_ENDED, type TServerEvent as ServerEvent } from '@agency/contract';
import { LISTEN_APPLICATION_NAME } from '../src/events/bridge';
import { SESSION_CACHE_TTL_MS } from '../src/modules/auth/session-cache';
import { recordEvent } from './support/events';
import { createInvoiceViaApi, signUp, type Session } from './support/factories';
import { connectWs, refusedUpgrade, secondInstanceDeps, startLiveServer, type LiveServer, type WsClient } from './support/live-server';
import { createTestContext, type TestContext } from './support/test-app';

const PUBLIC_URL = 'https://portal.example.test';

/** A message.created event as the messages service records it (no one to notify: only the push is under test). */
const messageCreated = (e: { messageId: number; clientId: number; senderId: number | null; receiverId: number | null }) => ({
  ...e,
  senderName: 'Test',
  preview: '',
  priority: false,
  recipientIds: [],
});

type EventOf<K extends ServerEvent['type']> = Extract<ServerEvent, { type: K }>;
const is =
  <K extends ServerEvent['type']>(type: K, where: (e: EventOf<K>) => boolean = () => true) =>
  (e: ServerEvent): e is EventOf<K> =>
    e.type === type && where(e as EventOf<K>);

const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

let ctx: TestContext;
let live: LiveServer;
let admin: Session;
let clientA: Session;
let clientB: Session;
const sockets: WsClient[] = [];

async function ticketFor(session: Session): Promise<string> {
  const res = await ctx.request().post('/api/auth/ws-ticket/').set(session.auth);
  expect(res.status).toBe(201);
  return res.body.ticket as string;
}

async function open(session: Session, server: LiveServer = live, opts: { origin?: string } = {}): Promise<WsClient> {
  const client = await connectWs(`${server.wsUrl}?ticket=${await ticketFor(session)}`, opts);
  sockets.push(client);
  return client;
}

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL });
  live = await startLiveServer(ctx.deps, { app: ctx.app });
  admin = await signUp(ctx, { role: 'admin', name: 'Sam Staff' });
  clientA = await signUp(ctx, { role: 'client', company: 'Alpha' });
  clientB = await signUp(ctx, { role: 'client', company: 'Beta' });
});

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await live?.close();
  await ctx?.close();
});

describe('POST /api/auth/ws-ticket/', () => {
  it('issues a 30-second ticket of which only the SHA-256 is stored', async () => {
    const res = await ctx.request().post('/api/auth/ws-ticket/').set(clientA.auth);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expires_in: 30 });
    const hash = createHash('sha256').update(res.body.ticket).digest('hex');
    const rows = await ctx.deps.db.select().from(wsTickets).where(eq(wsTickets.userId, clientA.user.id));
    expect(rows.map((r) => r.ticketHash)).toContain(hash);
    expect(rows.some((r) => r.ticketHash === res.body.ticket)).toBe(false);
    const row = rows.find((r) => r.ticketHash === hash)!;
    const ttl = row.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(25_000);
    expect(ttl).toBeLessThanOrEqual(30_000);
  });

  it('needs a signed-in caller', async () => {
    const res = await ctx.request().post('/api/auth/ws-ticket/');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('not_authenticated');
  });
});

describe('upgrade to /api/ws', () => {
  it('refuses an upgrade without a ticket (401)', async () => {
    expect(await refusedUpgrade(live.wsUrl)).toEqual({
      status: 401,
      body: { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' },
    });
  });

  it('refuses an unknown or malformed ticket (401)', async () => {
    const unknown = await refusedUpgrade(`${live.wsUrl}?ticket=${'x'.repeat(43)}`);
    expect(unknown).toEqual({ status: 401, body: { detail: 'Invalid or expired ticket.', code: 'authentication_failed' } });
    expect((await refusedUpgrade(`${live.wsUrl}?ticket=short`)).status).toBe(401);
    // The long-lived API token is not a ticket.
    expect((await refusedUpgrade(`${live.wsUrl}?ticket=${clientA.token}`)).status).toBe(401);
  });

  it('accepts a ticket once only', async () => {
    const ticket = await ticketFor(clientA);
    const first = await connectWs(`${live.wsUrl}?ticket=${ticket}`);
    sockets.push(first);
    expect(first.events[0]).toEqual({ type: 'ready', userId: clientA.user.id });
    expect((await refusedUpgrade(`${live.wsUrl}?ticket=${ticket}`)).status).toBe(401);
    await first.close();
  });

  it('refuses an expired ticket', async () => {
    const ticket = await ticketFor(clientA);
    const realNow = ctx.deps.now;
    ctx.deps.now = () => new Date(Date.now() + 31_000);
    try {
      expect(await refusedUpgrade(`${live.wsUrl}?ticket=${ticket}`)).toEqual({
        status: 401,
        body: { detail: 'Invalid or expired ticket.', code: 'authentication_failed' },
      });
    } finally {
      ctx.deps.now = realNow;
    }
    // It is gone: not usable once the clock is right again.
    expect((await refusedUpgrade(`${live.wsUrl}?ticket=${ticket}`)).status).toBe(401);
  });

  it("refuses a foreign Origin (403) and accepts PUBLIC_URL's and the server's own", async () => {
    const ticket = await ticketFor(clientA);
    expect(await refusedUpgrade(`${live.wsUrl}?ticket=${ticket}`, { origin: 'https://evil.example' })).toEqual({
      status: 403,
      body: { detail: 'Origin not allowed.', code: 'permission_denied' },
    });
    expect((await refusedUpgrade(`${live.wsUrl}?ticket=${ticket}`, { origin: 'null' })).status).toBe(403);
    const fromPublicUrl = await open(clientA, live, { origin: PUBLIC_URL });
    const sameOrigin = await open(clientA, live, { origin: live.url });
    expect(fromPublicUrl.ws.readyState).toBe(WebSocket.OPEN);
    expect(sameOrigin.ws.readyState).toBe(WebSocket.OPEN);
    await Promise.all([fromPublicUrl.close(), sameOrigin.close()]);
  });

  it('drops upgrades on any other path', async () => {
    const ticket = await ticketFor(clientA);
    const err = await new Promise<Error>((resolve) => {
      const ws = new WebSocket(`${live.url.replace('http', 'ws')}/api/other?ticket=${ticket}`);
      ws.once('error', resolve);
      ws.once('open', () => resolve(new Error('opened')));
    });
    expect(err.message).toMatch(/socket hang up|ECONNRESET/);
  });

  it('closes the socket with 1009 when a frame exceeds 16 KiB', async () => {
    const socket = await open(clientA);
    socket.ws.send('x'.repeat(16 * 1024 + 1));
    expect(await socket.closed).toBe(1009);
  });

  it('answers an application ping', async () => {
    const socket = await open(clientA);
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    await socket.waitFor(is('pong'));
    await socket.close();
  });

  it('terminates a socket that stops answering heartbeats', async () => {
    const fast = await startLiveServer(ctx.deps, { app: ctx.app, heartbeatMs: 50 });
    try {
      const ws = new WebSocket(`${fast.wsUrl}?ticket=${await ticketFor(clientB)}`, { autoPong: false });
      const code = await new Promise<number>((resolve) => ws.on('close', resolve));
      expect(code).toBe(1006); // terminated, no close frame
      await vi.waitFor(() => expect(fast.realtime.connections()).toBe(0));
    } finally {
      await fast.close();
    }
  });
});

describe('events reach the right users only', () => {
  it('a notification for client A reaches A (every tab) and not B', async () => {
    const [a1, a2, b, staff] = await Promise.all([open(clientA), open(clientA), open(clientB), open(admin)]);
    const invoice = await createInvoiceViaApi(ctx, admin, clientA.user.client_id!, { amount: 420 });
    const got = await a1.waitFor(is('notification.created'));
    expect(got.notification).toMatchObject({ id: expect.any(Number), title: expect.any(String), read: false });
    expect(JSON.stringify(got.notification)).toContain(invoice.invoice_number);
    await a2.waitFor(is('notification.created', (e) => e.notification.id === got.notification.id));
    await settle();
    expect(a1.events.filter(is('notification.created'))).toHaveLength(1);
    expect(b.events.filter(is('notification.created'))).toEqual([]);
    expect(staff.events.filter(is('notification.created'))).toEqual([]);
    await Promise.all([a1.close(), a2.close(), b.close(), staff.close()]);
  });

  it("message.created for client A's thread reaches A and the staff, not B, without the content", async () => {
    const [a, b, staff] = await Promise.all([open(clientA), open(clientB), open(admin)]);
    await recordEvent(ctx.deps, 'message.created', messageCreated({ messageId: 901, clientId: clientA.user.client_id!, senderId: admin.user.id, receiverId: clientA.user.id }));
    const expected = { type: 'message.created', messageId: 901, clientId: clientA.user.client_id };
    expect(await a.waitFor(is('message.created'))).toEqual(expected);
    expect(await staff.waitFor(is('message.created'))).toEqual(expected);
    await settle();
    expect(b.events.filter(is('message.created'))).toEqual([]);
    await Promise.all([a.close(), b.close(), staff.close()]);
  });

  it('read receipts reach the thread (client and staff), not another tenant', async () => {
    const [a, b, staff] = await Promise.all([open(clientA), open(clientB), open(admin)]);
    await recordEvent(ctx.deps, 'message.read', { messageIds: [901, 902], clientId: clientA.user.client_id!, readerId: clientA.user.id });
    const expected = { type: 'message.read', messageIds: [901, 902], clientId: clientA.user.client_id };
    expect(await staff.waitFor(is('message.read'))).toEqual(expected);
    expect(await a.waitFor(is('message.read'))).toEqual(expected);
    await settle();
    expect(b.events.filter(is('message.read'))).toEqual([]);
    await Promise.all([a.close(), b.close(), staff.close()]);
  });

  it('through the messages API: a sent message and its read tick reach the thread live', async () => {
    const [a, b, staff] = await Promise.all([open(clientA), open(clientB), open(admin)]);
    const sent = await ctx.request()
      .post('/api/messages/send-to-client/')
      .set(admin.auth)
      .send({ client_id: clientA.user.client_id, content: 'Your report is ready' });
    expect(sent.status).toBe(201);
    const created = { type: 'message.created', messageId: sent.body.id, clientId: clientA.user.client_id };
    expect(await a.waitFor(is('message.created', (e) => e.messageId === sent.body.id))).toEqual(created);
    expect(await staff.waitFor(is('message.created', (e) => e.messageId === sent.body.id))).toEqual(created);
    // The client's bell gets the notification too; the text of the message travels only in it, to A.
    await a.waitFor(is('notification.created', (e) => e.notification.message.includes('Your report is ready')));

    const read = await ctx.request().post(`/api/messages/${sent.body.id}/mark_read/`).set(clientA.auth);
    expect(read.status).toBe(200);
    expect(await staff.waitFor(is('message.read'))).toEqual({
      type: 'message.read',
      messageIds: [sent.body.id],
      clientId: clientA.user.client_id,
    });
    await settle();
    expect(b.events.filter((e) => e.type !== 'ready' && e.type !== 'presence.changed')).toEqual([]);
    expect(JSON.stringify(staff.events)).not.toContain('Your report is ready');
    await Promise.all([a.close(), b.close(), staff.close()]);
  });

  it("a client's submission reaches the staff live with a notification, and the approval reaches the client; B hears nothing", async () => {
    const [a, b, staff] = await Promise.all([open(clientA), open(clientB), open(admin)]);
    const draft = await ctx.request()
      .post('/api/content/')
      .set(clientA.auth)
      .send({ platform: 'instagram', content: 'Launch teaser', scheduled_date: '2031-05-04T10:00:00Z', status: 'draft' });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect((await ctx.request().post(`/api/content/${draft.body.id}/submit/`).set(clientA.auth)).status).toBe(200);
    const changed = { type: 'content.changed', clientId: clientA.user.client_id, contentIds: [draft.body.id] };
    expect(await staff.waitFor(is('content.changed'))).toEqual(changed);
    const note = await staff.waitFor(is('notification.created', (e) => e.notification.title === 'Content awaiting approval'));
    expect(note.notification.message).toBe(`${clientA.user.name} submitted an Instagram post scheduled for May 4, 2031.`);
    expect(note.notification.link).toBe('#content');

    expect((await ctx.request().post(`/api/content/${draft.body.id}/approve/`).set(admin.auth)).status).toBe(200);
    await a.waitFor(is('content.changed', (e) => a.events.filter(is('content.changed')).length >= 2 && e.contentIds[0] === draft.body.id));
    await a.waitFor(is('notification.created', (e) => e.notification.title === 'Content approved'));
    await settle();
    expect(b.events.filter((e) => e.type === 'content.changed' || e.type === 'notification.created')).toEqual([]);
    await Promise.all([a.close(), b.close(), staff.close()]);
  });

  it("a change to a client's accounts tells that client and the staff to refresh their numbers", async () => {
    const [a, b, staff] = await Promise.all([open(clientA), open(clientB), open(admin)]);
    await recordEvent(ctx.deps, 'social.account_changed', { clientId: clientA.user.client_id!, accountIds: [41], change: 'synced' });
    const expected = { type: 'metrics.updated', clientId: clientA.user.client_id, accountIds: [41] };
    expect(await a.waitFor(is('metrics.updated'))).toEqual(expected);
    expect(await staff.waitFor(is('metrics.updated'))).toEqual(expected);
    await settle();
    expect(b.events.filter(is('metrics.updated'))).toEqual([]);
    await Promise.all([a.close(), b.close(), staff.close()]);
  });

  it('a very large read batch is split into events that each fit a NOTIFY payload', async () => {
    const staff = await open(admin);
    const ids = Array.from({ length: 1200 }, (_, i) => 100_000 + i);
    await recordEvent(ctx.deps, 'message.read', { messageIds: ids, clientId: clientA.user.client_id!, readerId: clientA.user.id });
    await staff.waitFor(is('message.read', (e) => e.messageIds.includes(ids.at(-1)!)));
    expect(staff.events.filter(is('message.read')).flatMap((e) => e.messageIds)).toEqual(ids);
    await staff.close();
  });
});

describe('presence', () => {
  it("a staff member's connect and disconnect are seen by clients; a client's only by staff", async () => {
    const a = await open(clientA);
    const staffSocket = await open(admin);
    expect(await a.waitFor(is('presence.changed', (e) => e.userId === admin.user.id))).toEqual({
      type: 'presence.changed',
      userId: admin.user.id,
      status: 'online',
    });
    // users.last_seen_at was written: the REST view agrees.
    const staffList = await ctx.request().get('/api/admin/staff/').set(admin.auth);
    expect(staffList.body.results.find((m: { id: number }) => m.id === admin.user.id).status).toBe('online');

    const b = await open(clientB);
    await staffSocket.waitFor(is('presence.changed', (e) => e.userId === clientB.user.id && e.status === 'online'));
    await settle();
    expect(a.events.filter(is('presence.changed', (e) => e.userId === clientB.user.id))).toEqual([]);

    // A second tab changes nothing; closing it neither.
    const staffTab2 = await open(admin);
    await staffTab2.close();
    await settle();
    expect(a.events.filter(is('presence.changed', (e) => e.userId === admin.user.id))).toHaveLength(1);

    await staffSocket.close();
    expect(await a.waitFor(is('presence.changed', (e) => e.userId === admin.user.id && e.status === 'away'))).toBeTruthy();
    const [row] = await ctx.deps.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, admin.user.id));
    expect(Date.now() - row!.at!.getTime()).toBeLessThan(10_000);
    await Promise.all([a.close(), b.close()]);
  });
});

describe('two API instances on one database', () => {
  let second: Awaited<ReturnType<typeof secondInstanceDeps>>;
  let live2: LiveServer;

  beforeAll(async () => {
    second = await secondInstanceDeps(ctx.deps);
    live2 = await startLiveServer(second.deps);
  });
  afterAll(async () => {
    await live2?.close();
    await second?.close();
  });

  it('an event raised on instance 1 reaches sockets on instance 2, once per socket, and only the right user', async () => {
    const [aOn1, aOn2, bOn2, staffOn2] = await Promise.all([open(clientA), open(clientA, live2), open(clientB, live2), open(admin, live2)]);
    // Raised by an API call served by instance 1.
    await createInvoiceViaApi(ctx, admin, clientA.user.client_id!, { amount: 99 });
    const viaNotify = await aOn2.waitFor(is('notification.created'), 5000);
    await aOn1.waitFor(is('notification.created', (e) => e.notification.id === viaNotify.notification.id));
    await recordEvent(ctx.deps, 'message.created', messageCreated({ messageId: 77, clientId: clientA.user.client_id!, senderId: admin.user.id, receiverId: clientA.user.id }));
    await staffOn2.waitFor(is('message.created', (e) => e.messageId === 77), 5000);
    await aOn2.waitFor(is('message.created', (e) => e.messageId === 77), 5000);
    await settle(300);
    expect(aOn1.events.filter(is('notification.created'))).toHaveLength(1);
    expect(aOn2.events.filter(is('notification.created'))).toHaveLength(1);
    expect(aOn2.events.filter(is('message.created'))).toHaveLength(1);
    expect(bOn2.events.filter((e) => e.type === 'notification.created' || e.type === 'message.created')).toEqual([]);
    await Promise.all([aOn1.close(), aOn2.close(), bOn2.close(), staffOn2.close()]);
  });

  describe('a revoked token closes its sockets within a second, on every instance', () => {
    /** A fresh user with two sign-ins (two tokens), so revoking one leaves the other. */
    const twoSessions = async (role: 'admin' | 'client') => {
      const first = await signUp(ctx, { role });
      const login = await ctx.request().post('/api/auth/login/').send({ email: first.user.email, password: first.password });
      const other: Session = { ...first, token: login.body.token, auth: { Authorization: `Token ${login.body.token}` } };
      return { first, other };
    };
    /** Milliseconds from `since` until the socket closed with the session-ended code (fails after 1 s). */
    const closedWithin = async (socket: WsClient, since: number) => {
      const code = await Promise.race([socket.closed, settle(1000).then(() => 'still open')]);
      expect(code).toBe(WS_CLOSE_SESSION_ENDED);
      return Date.now() - since;
    };

    it('sign-out: the sockets of that token close on both instances; the same user\'s other sign-in stays connected', async () => {
      const { first, other } = await twoSessions('client');
      const [on1, on2, otherOn2] = await Promise.all([open(first), open(first, live2), open(other, live2)]);
      const outAt = Date.now();
      expect((await ctx.request().post('/api/auth/logout/').set(first.auth)).status).toBe(204);
      await Promise.all([closedWithin(on1, outAt), closedWithin(on2, outAt)]);
      await settle(200);
      expect(otherOn2.ws.readyState).toBe(WebSocket.OPEN);
      await otherOn2.close();
    });

    it('a password change closes every socket of the user, on both instances', async () => {
      const { first, other } = await twoSessions('client');
      const sockets = await Promise.all([open(first), open(other, live2)]);
      const at = Date.now();
      const changed = await ctx
        .request()
        .post('/api/auth/change-password/')
        .set(first.auth)
        .send({ current_password: first.password, new_password: 'Brand-new-passw0rd' });
      expect(changed.status).toBe(200);
      await Promise.all(sockets.map((socket) => closedWithin(socket, at)));
    });

    it('an account deletion closes every socket of the account', async () => {
      const { first, other } = await twoSessions('admin');
      const sockets = await Promise.all([open(first, live2), open(other)]);
      const at = Date.now();
      const deleted = await ctx.request().post('/api/admin/delete-account/').set(first.auth).send({ confirmation: DELETE_ACCOUNT_PHRASE });
      expect(deleted.status).toBe(200);
      await Promise.all(sockets.map((socket) => closedWithin(socket, at)));
    });

    /** Milliseconds until `url` answers 401 to the session's token (fails after 2 s, well inside the cache's TTL). */
    const refusedWithin = async (url: string, session: Session, since: number) => {
      await vi.waitFor(
        async () => expect((await fetch(`${url}/api/auth/me/`, { headers: session.auth })).status).toBe(401),
        { timeout: 2000, interval: 20 },
      );
      return Date.now() - since;
    };

    it('a token the other instance has just served (and cached) is refused there as soon as it is signed out', async () => {
      const { first } = await twoSessions('client');
      expect((await fetch(`${live2.url}/api/auth/me/`, { headers: first.auth })).status).toBe(200);
      const outAt = Date.now();
      expect((await ctx.request().post('/api/auth/logout/').set(first.auth)).status).toBe(204);
      // On the instance that signed it out, at once.
      expect((await ctx.request().get('/api/auth/me/').set(first.auth)).status).toBe(401);
      expect(await refusedWithin(live2.url, first, outAt)).toBeLessThan(SESSION_CACHE_TTL_MS);
    });

    it('a login unlinked from its client loses the client on both instances at once, and its sockets reconnect', async () => {
      const portal = await signUp(ctx, { role: 'client', company: 'Relinked' });
      const clientId = portal.user.client_id!;
      const me = (url: string) => fetch(`${url}/api/auth/me/`, { headers: portal.auth }).then((r) => r.json() as Promise<{ client_id: number | null }>);
      expect((await me(live2.url)).client_id).toBe(clientId);
      const socket = await open(portal, live2);
      const at = Date.now();
      const unlinked = await ctx.request().patch(`/api/clients/${clientId}/`).set(admin.auth).send({ user_id: null });
      expect(unlinked.status).toBe(200);
      await closedWithin(socket, at);
      expect((await me(live.url)).client_id).toBeNull();
      await vi.waitFor(async () => expect((await me(live2.url)).client_id).toBeNull(), { timeout: 1000, interval: 20 });
      // The token itself stays valid: the browser's reconnect is served, now without the client.
      expect((await ctx.request().get(`/api/clients/${clientId}/`).set(portal.auth)).status).toBe(403);
    });

    it('a ticket asked for before the sign-out no longer opens a socket', async () => {
      const { first } = await twoSessions('client');
      const ticket = await ticketFor(first);
      expect((await ctx.request().post('/api/auth/logout/').set(first.auth)).status).toBe(204);
      expect(await refusedUpgrade(`${live2.wsUrl}?ticket=${ticket}`)).toMatchObject({ status: 401 });
    });
  });

  it('an event raised on instance 2 reaches instance 1', async () => {
    const aOn1 = await open(clientA);
    await recordEvent(second.deps, 'message.read', { messageIds: [5], clientId: clientA.user.client_id!, readerId: admin.user.id });
    expect(await aOn1.waitFor(is('message.read'), 5000)).toEqual({ type: 'message.read', messageIds: [5], clientId: clientA.user.client_id });
    await aOn1.close();
  });

  it.runIf(process.env.DATABASE_URL)('the LISTEN connection comes back after Postgres drops it (Postgres only: PGlite has none)', async () => {
    const [aOn1, aOn2] = await Promise.all([open(clientA), open(clientA, live2)]);
    await ctx.deps.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`,
    );
    let n = 0;
    // Both instances lost their LISTEN connection: each reconnects on its own (with a random backoff).
    await vi.waitFor(
      async () => {
        n += 1;
        await recordEvent(ctx.deps, 'message.created', messageCreated({ messageId: 5000 + n, clientId: clientA.user.client_id!, senderId: null, receiverId: null }));
        for (const socket of [aOn1, aOn2]) expect(socket.events.filter(is('message.created', (e) => e.messageId > 5000)).length).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 200 },
    );
    await Promise.all([aOn1.close(), aOn2.close()]);
  });

  it('a user still connected to the other instance is announced online again when one instance loses them', async () => {
    const a = await open(clientA);
    const staffOn1 = await open(admin);
    const staffOn2 = await open(admin, live2);
    await staffOn1.close();
    // Instance 1 says "away", instance 2 (which still has a socket) answers "online".
    await a.waitFor(is('presence.changed', (e) => e.userId === admin.user.id && e.status === 'away'));
    const last = async () => {
      await settle(300);
      return a.events.filter(is('presence.changed', (e) => e.userId === admin.user.id)).at(-1);
    };
    expect((await last())?.status).toBe('online');
    await Promise.all([a.close(), staffOn2.close()]);
  });
});
