import { randomUUID } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { TServerEvent as ServerEvent } from '@agency/contract';
import { call, freePort, startApiProcess, type ApiProcess } from '../support/api-process';
import { connectWs, type WsClient } from '../support/live-server';
import { scratchDatabase } from '../support/scratch-db';

/**
 * Postgres stopped mid-run: the real API (a child process) reaches its database through a TCP proxy that the test
 * cuts (every connection destroyed, new ones refused) and restores. While it is down, requests answer 503 with
 * Retry-After and the process stays up; once it is back, requests succeed, WebSocket events (LISTEN/NOTIFY) and
 * jobs (pg-boss) flow again, all without a restart.
 */

const ADMIN_CODE = 'outage-test-admin-code';

/** A TCP proxy to Postgres that can be cut (as if the server stopped) and restored on the same port. */
class CuttableProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const [a, b] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(a);
        a.on('error', () => b.destroy());
        a.on('close', () => {
          this.sockets.delete(a);
          b.destroy();
        });
        a.pipe(b);
      }
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /** The database vanishes: open connections are reset, new ones refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  restore(): Promise<void> {
    return this.start();
  }
}

const is =
  <K extends ServerEvent['type']>(type: K, where: (e: Extract<ServerEvent, { type: K }>) => boolean = () => true) =>
  (e: ServerEvent): e is Extract<ServerEvent, { type: K }> =>
    e.type === type && where(e as Extract<ServerEvent, { type: K }>);

async function until<T>(what: string, attempt: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await attempt();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms (${String(last ?? '')})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The API's Idempotency-Key lease here (the default is 60 s). */
const LEASE_SECONDS = 15;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(!process.env.DATABASE_URL)('Postgres outage (skipped without DATABASE_URL: it cuts a real Postgres server)', () => {
  it('answers 503 with Retry-After while the database is gone and recovers by itself when it returns', { timeout: 180_000 }, async () => {
    const scratch = await scratchDatabase(process.env.DATABASE_URL!, 'outage');
    cleanups.push(() => scratch.drop());
    const direct = new URL(scratch.url);
    const proxy = new CuttableProxy(await freePort(), { host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.start();
    cleanups.push(() => proxy.cut());
    const viaProxy = new URL(scratch.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);

    // A claim whose reply was lost as the connection was cut leaves its key locked until the lease ends (nothing
    // knows to free it): a short lease keeps the retries below within their wait.
    const api: ApiProcess = await startApiProcess({
      DATABASE_URL: viaProxy.toString(),
      ADMIN_SIGNUP_CODE: ADMIN_CODE,
      IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS),
    });
    cleanups.push(() => {
      if (api.child.exitCode !== null) console.error(`The API exited (${api.child.exitCode}):\n${api.output()}`);
      api.child.kill('SIGKILL');
    });
    // The test reads what the API wrote straight from Postgres (not through the proxy).
    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    cleanups.push(() => db.end());

    const register = async (role: 'admin' | 'client', name: string) => {
      const res = await call(api.url, 'POST', '/api/auth/register/', {
        body: { email: `${name.toLowerCase()}@example.test`, password: 'Passw0rd!long', name, role, company: `${name} Co`, ...(role === 'admin' ? { admin_code: ADMIN_CODE } : {}) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as { token: string; user: { id: number; client_id: number } };
    };
    const admin = await register('admin', 'Admin');
    const client = await register('client', 'Client');
    const openSocket = async (token: string): Promise<WsClient> => {
      const ticket = await call(api.url, 'POST', '/api/auth/ws-ticket/', { token });
      expect(ticket.status).toBe(201);
      return connectWs(`${api.url.replace('http', 'ws')}/api/ws?ticket=${(ticket.body as { ticket: string }).ticket}`);
    };
    const staffSocket = await openSocket(admin.token);
    cleanups.push(() => staffSocket.close());
    const sendMessage = async (content: string) => {
      const res = await call(api.url, 'POST', '/api/messages/send-to-admin/', { token: client.token, body: { content } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body as { id: number }).id;
    };
    const before = await sendMessage('Before the outage');
    await staffSocket.waitFor(is('message.created', (e) => e.messageId === before), 10_000);

    // Requests keep coming while the database goes away (some are mid-transaction when it does): each answers
    // its success or a 503, never a 500, and none hangs.
    let loading = true;
    const unexpected: string[] = [];
    /** Creates that got a 503: retried with their Idempotency-Key once the database is back. */
    const refused: { content: string; key: string }[] = [];
    const load = async (i: number) => {
      for (let n = 0; loading; n++) {
        try {
          const content = `load ${i}.${n}`;
          const key = randomUUID();
          const res =
            n % 2 === 0
              ? await call(api.url, 'POST', '/api/messages/send-to-admin/', { token: client.token, body: { content }, key })
              : await call(api.url, 'GET', '/api/messages/', { token: admin.token });
          if (![200, 201, 503].includes(res.status)) unexpected.push(`${res.status} ${JSON.stringify(res.body)}`);
          if (n % 2 === 0 && res.status === 503) refused.push({ content, key });
        } catch (err) {
          unexpected.push(`no answer: ${String(err)}`);
          return;
        }
      }
    };
    const loaders = [0, 1, 2, 3].map(load);
    await new Promise((r) => setTimeout(r, 500));

    // The database goes away.
    await proxy.cut();
    const outageStarted = Date.now();
    for (const [method, path, body, token] of [
      ['GET', '/api/tasks/', undefined, admin.token],
      ['GET', '/api/clients/', undefined, admin.token],
      ['POST', '/api/messages/send-to-admin/', { content: 'During the outage' }, client.token],
      ['GET', '/api/health/', undefined, undefined],
    ] as const) {
      const started = Date.now();
      const res = await call(api.url, method, path, { body, ...(token ? { token } : {}) });
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(503);
      if (path !== '/api/health/') {
        expect(res.body).toEqual({ code: 'service_unavailable', detail: 'The service is temporarily unavailable. Please try again in a few seconds.' });
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // Answered, not hung: the pool gives up on a connection after 5 s.
      expect(Date.now() - started).toBeLessThan(8_000);
    }
    loading = false;
    await Promise.all(loaders);
    expect(unexpected, api.output()).toEqual([]);
    // Long enough for pg-boss's workers and the LISTEN connection to fail and retry a few times.
    await new Promise((r) => setTimeout(r, Math.max(0, 6_000 - (Date.now() - outageStarted))));
    expect(api.child.exitCode, api.output()).toBeNull();
    expect(api.child.signalCode).toBeNull();

    // It comes back: requests succeed again, without a restart.
    await proxy.restore();
    await until(
      'GET /api/tasks/ answers 200',
      async () => ((await call(api.url, 'GET', '/api/tasks/', { token: admin.token })).status === 200 ? true : undefined),
      20_000,
    );
    expect(api.child.exitCode, api.output()).toBeNull();
    expect((await call(api.url, 'GET', '/api/health/')).status).toBe(200);

    // The creates refused during the outage, retried with their key: each is carried out once (a 503 was not kept).
    // One whose commit went through as the connection was cut (the reply, not the change, was lost) says so on the
    // retry instead of creating it again.
    expect(refused.length).toBeGreaterThan(0);
    for (const { content, key } of refused) {
      const res = await until(
        `retry of '${content}'`,
        async () => {
          const r = await call(api.url, 'POST', '/api/messages/send-to-admin/', { token: client.token, body: { content }, key });
          return r.status === 409 && (r.body as { code?: string }).code === 'idempotency_key_in_use' ? undefined : r;
        },
        // The key of a create cut off mid-request is freed by a background retry once the database is back (each
        // attempt may wait out the pool's 5 s connection timeout), or by the end of its lease when the claim's own
        // reply was lost: on a loaded machine that takes a while.
        LEASE_SECONDS * 1000 + 30_000,
      );
      const answerLost = res.status === 409 && (res.body as { code?: string }).code === 'idempotency_answer_lost';
      if (!answerLost) expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const { rows: stored } = await db.query<{ content: string }>(`select content from messages where content = any($1)`, [refused.map((r) => r.content)]);
    expect(stored.map((r) => r.content).sort()).toEqual(refused.map((r) => r.content).sort());
    const { rows: copies } = await db.query<{ content: string; n: number }>(
      `select content, count(*)::int as n from messages where content like 'load %' group by content having count(*) > 1`,
    );
    expect(copies).toEqual([]);

    // Realtime: a message sent now reaches the staff's open socket (the LISTEN connection came back).
    await until(
      'a message.created event on the socket',
      async () => {
        const id = await sendMessage(`After the outage ${Date.now()}`);
        return staffSocket.waitFor(is('message.created', (e) => e.messageId === id), 2_000);
      },
      25_000,
    );

    // Jobs: an invoice's e-mail is queued as a pg-boss job, and a worker runs it.
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const invoice = await call(api.url, 'POST', '/api/invoices/', {
      token: admin.token,
      body: { client: client.user.client_id, amount: 99, due_date: due, description: 'After the outage' },
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const { rows: mails } = await db.query<{ id: number }>(`select id from email_outbox where to_address = 'client@example.test' order by id desc limit 1`);
    expect(mails).toHaveLength(1);
    await until(
      'the mail job completed',
      async () => {
        const { rows } = await db.query<{ state: string }>(`select state from pgboss.job where name = 'mail.deliver' and data->>'mailId' = $1`, [
          String(mails[0]!.id),
        ]);
        return rows[0]?.state === 'completed' ? true : undefined;
      },
      20_000,
    );
    expect(api.child.exitCode, api.output()).toBeNull();

    // A server that shuts down (or an administrator) ends every session with 57P01: the same recovery.
    const { rows: ended } = await db.query<{ n: number }>(
      `select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) t`,
    );
    expect(ended[0]!.n).toBeGreaterThan(0);
    await until(
      'GET /api/tasks/ answers 200 after the sessions were terminated',
      async () => ((await call(api.url, 'GET', '/api/tasks/', { token: admin.token })).status === 200 ? true : undefined),
      20_000,
    );
    await until(
      'a message.created event after the sessions were terminated',
      async () => {
        const id = await sendMessage(`After termination ${Date.now()}`);
        return staffSocket.waitFor(is('message.created', (e) => e.messageId === id), 2_000);
      },
      25_000,
    );
    expect(api.child.exitCode, api.output()).toBeNull();
    if (process.env.OUTAGE_LOG) console.info(api.output());
  });
});
