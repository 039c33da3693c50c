/**
 * Under concurrent load on real Postgres the API gives pg one query at a time per connection: node-postgres warns
 * "Calling client.query() when the client is already executing a query is deprecated" (an error in pg 9) when two
 * async paths share a connection — the LISTEN connection's NOTIFYs (presence broadcasts from many sockets at once),
 * or a transaction's client under Promise.all. Any driver warning during the run fails this test. pg prints the
 * warning once per process, so each overlapping query is also caught where pg decides to warn (a query handed to
 * a client whose queue is not empty): every test sees its own, with the stack of the caller.
 * Postgres only (PGlite has no such connection): skipped without DATABASE_URL.
 */
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoData, DEMO_ADMIN_PASSWORD, DEMO_CLIENT_PASSWORD, DEMO_LOGINS } from '../src/db/seed/demo';
import { connectWs, startLiveServer, type LiveServer, type WsClient } from './support/live-server';
import { createTestContext, type TestContext } from './support/test-app';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('no pg driver warnings under concurrent load (Postgres)', () => {
  let ctx: TestContext;
  let live: LiveServer;
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  // pg's own test (lib/client.js): a query handed over while another is already waiting in the client's queue.
  type QueueingClient = { _queryQueue: unknown[]; pipeline?: boolean };
  const overlapping: string[] = [];
  const originalQuery = pg.Client.prototype.query;

  beforeAll(async () => {
    process.on('warning', onWarning);
    pg.Client.prototype.query = function (this: QueueingClient, ...args: unknown[]) {
      if (this._queryQueue.length > 0 && !this.pipeline) overlapping.push(new Error('overlapping client.query()').stack ?? '');
      return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
    ctx = await createTestContext({ DEMO_DATA: 'on', NODE_ENV: 'development' });
    await seedDemoData(ctx.deps.db);
    live = await startLiveServer(ctx.deps);
  });
  beforeEach(() => {
    warnings.length = 0;
    overlapping.length = 0;
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    pg.Client.prototype.query = originalQuery;
    await live?.close();
    await ctx?.close();
  });

  const driverWarnings = () => [
    ...warnings.filter((w) => /client\.query\(\)|already executing a query/.test(w.message)).map((w) => w.stack ?? w.message),
    ...overlapping,
  ];

  async function login(email: string, password: string): Promise<string> {
    const res = await fetch(`${live.url}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }

  it('200 presence broadcasts at once go out over the LISTEN connection one at a time', async () => {
    await Promise.all(
      Array.from({ length: 200 }, (_, i) => ctx.deps.events.broadcast('presence.changed', { userId: 1 + (i % 7), role: 'client', clientId: null, status: i % 2 ? 'online' : 'offline' })),
    );
    expect(driverWarnings()).toEqual([]);
  });

  it('sockets connecting together, a bulk review and 200 parallel requests give no driver warning', async () => {
    const admin = await login(DEMO_LOGINS[0]!.email, DEMO_ADMIN_PASSWORD);
    const client = await login(DEMO_LOGINS[1]!.email, DEMO_CLIENT_PASSWORD);
    const auth = (token: string) => ({ authorization: `Token ${token}`, 'content-type': 'application/json' });

    // Sockets of both users opening at once: each announces presence through the event runtime.
    const tickets = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await fetch(`${live.url}/api/auth/ws-ticket/`, { method: 'POST', headers: auth(i % 2 ? admin : client) });
        return ((await res.json()) as { ticket: string }).ticket;
      }),
    );
    const sockets: WsClient[] = await Promise.all(tickets.map((t) => connectWs(`${live.wsUrl}?ticket=${t}`)));

    // A bulk review of every pending item (several items in one transaction).
    const pending = (await (await fetch(`${live.url}/api/content/?status=pending-approval&page_size=200`, { headers: auth(admin) })).json()) as {
      results: { id: number }[];
    };
    expect(pending.results.length).toBeGreaterThan(1);

    const clients = (await (await fetch(`${live.url}/api/clients/?page_size=50`, { headers: auth(admin) })).json()) as {
      results: { id: number; email: string }[];
    };
    const clientId = clients.results.find((c) => c.email === DEMO_LOGINS[1]!.email)!.id;

    const requests: Promise<Response>[] = [
      fetch(`${live.url}/api/content/bulk_approve/`, {
        method: 'POST',
        headers: auth(admin),
        body: JSON.stringify({ content_ids: pending.results.map((r) => r.id), action: 'approve' }),
      }),
    ];
    const reads = ['/api/clients/?search=a', '/api/tasks/?ordering=due_date', '/api/invoices/?search=INV', '/api/dashboard/stats/', '/api/messages/admin-conversations/'];
    for (let i = 0; i < 200; i++) {
      if (i % 5 === 0) {
        requests.push(fetch(`${live.url}/api/messages/send-to-client/`, { method: 'POST', headers: auth(admin), body: JSON.stringify({ client_id: clientId, content: `load ${i}` }) }));
      } else if (i % 5 === 1) {
        requests.push(fetch(`${live.url}/api/messages/send-to-admin/`, { method: 'POST', headers: auth(client), body: JSON.stringify({ content: `load ${i}` }) }));
      } else {
        requests.push(fetch(`${live.url}${reads[i % reads.length]}`, { headers: auth(admin) }));
      }
    }
    const statuses = await Promise.all(requests.map(async (p) => (await p).status));
    expect(statuses.filter((s) => s >= 500)).toEqual([]);

    await Promise.all(sockets.map((s) => s.close()));
    expect(driverWarnings()).toEqual([]);
    // 200 requests at once on a busy 2-core CI machine take longer than the default 30 s now and then.
  }, 120_000);
});
