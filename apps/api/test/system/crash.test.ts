import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { call, crashTestStore, registerOn, startApiProcess, type ApiProcess } from '../support/api-process';

/**
 * kill -9 under write load: the real API (a child process) takes concurrent creates of tasks, invoices, messages
 * and paid orders from several clients, each sent with an Idempotency-Key; it is killed mid-load and restarted on
 * the same data. Every write it acknowledged (2xx) must be there, nothing may be half-written (an order without
 * lines, a paid order without its paid invoice, a payment that says succeeded on an unpaid order), and the
 * requests that were in flight, retried with their key, are carried out exactly once.
 * PGlite in a temporary DATA_DIR, or Postgres (a scratch database) when DATABASE_URL is set.
 */

const ADMIN_CODE = 'crash-test-admin-code';
const ENGINE = process.env.DATABASE_URL ? 'postgres' : 'pglite';
/** How long the load runs before the kill once it is going (acknowledged writes keep coming meanwhile). */
const LOAD_MS = 3_000;
/** Short, so a retry after the restart may take over a key whose request died before it changed anything. */
const LEASE_SECONDS = 2;

type Kind = 'task' | 'invoice' | 'message' | 'order' | 'payment';

interface Write {
  kind: Kind;
  /** Unique text carried by the created row (title, description, content, order line target). */
  marker: string;
  key: string;
  method: string;
  path: string;
  body: unknown;
  token: string;
  /** acked: a 2xx came back; inflight: no answer (the process died); failed: a non-2xx answer. */
  state: 'inflight' | 'acked' | 'failed';
  status?: number;
  answer?: unknown;
  /** How the retry after the restart ended. */
  retry?: 'replayed' | 'fresh' | 'lost';
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function send(base: string, write: Write): Promise<void> {
  try {
    const res = await call(base, write.method, write.path, { body: write.body, token: write.token, key: write.key });
    write.status = res.status;
    write.answer = res.body;
    write.state = res.status >= 200 && res.status < 300 ? 'acked' : 'failed';
  } catch {
    write.state = 'inflight';
  }
}

describe(`kill -9 under write load (${ENGINE})`, () => {
  it('keeps every acknowledged write, leaves nothing half-written, and a retried create is not duplicated', { timeout: 240_000 }, async () => {
    const store = await crashTestStore('crash');
    cleanups.push(store.cleanup);
    const env: Record<string, string> = { ...store.env, ADMIN_SIGNUP_CODE: ADMIN_CODE, IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS) };
    const openVerifier = store.openVerifier;

    let api: ApiProcess = await startApiProcess(env);
    cleanups.push(() => void api.child.kill('SIGKILL'));

    // Accounts: an admin and three clients.
    const register = (role: 'admin' | 'client', name: string) => registerOn(api.url, ADMIN_CODE, role, name);
    const admin = await register('admin', 'Admin');
    const clients = [await register('client', 'ClientOne'), await register('client', 'ClientTwo'), await register('client', 'ClientThree')];

    const writes: Write[] = [];
    let stop = false;
    let n = 0;
    const next = (kind: Kind, token: string, method: string, urlPath: string, body: (marker: string) => unknown): Write => {
      n += 1;
      const marker = `crash-${kind}-${n}-${randomUUID().slice(0, 6)}`;
      const write: Write = { kind, marker, key: randomUUID(), method, path: urlPath, body: body(marker), token, state: 'inflight' };
      writes.push(write);
      return write;
    };
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

    // Staff: tasks and invoices for the clients, one after another.
    const staffWorker = async () => {
      for (let i = 0; !stop; i++) {
        const client = clients[i % clients.length]!;
        const write =
          i % 2 === 0
            ? next('task', admin.token, 'POST', '/api/tasks/', (m) => ({ title: m, description: 'Crash test', client: client.user.client_id, assigned_to: 'Sam', due_date: `${due}T12:00:00Z` }))
            : next('invoice', admin.token, 'POST', '/api/invoices/', (m) => ({ client: client.user.client_id, amount: 120.5, due_date: due, description: m }));
        await send(api.url, write);
      }
    };
    // A client: messages to the agency, and orders paid with the sandbox's test card.
    const clientWorker = async (client: (typeof clients)[number]) => {
      for (let i = 0; !stop; i++) {
        if (i % 2 === 0) {
          await send(api.url, next('message', client.token, 'POST', '/api/messages/send-to-admin/', (m) => ({ content: m })));
          continue;
        }
        const order = next('order', client.token, 'POST', '/api/orders/', (m) => ({ lines: [{ package_id: 'ig-growth', quantity: 1, target: m }] }));
        await send(api.url, order);
        if (order.state !== 'acked' || stop) continue;
        const orderId = (order.answer as { id: number }).id;
        const intent = await call(api.url, 'POST', '/api/billing/create-payment-intent/', { body: { order_id: orderId }, token: client.token }).catch(() => null);
        if (!intent || intent.status !== 200 || stop) continue;
        const intentId = (intent.body as { payment_intent_id: string }).payment_intent_id;
        const pay = next('payment', client.token, 'POST', '/api/billing/confirm-payment/', () => ({
          payment_intent_id: intentId,
          card_number: '4242424242424242',
          exp_month: 12,
          exp_year: 2030,
          cvc: '123',
        }));
        pay.marker = order.marker;
        await send(api.url, pay);
      }
    };

    const workers = [staffWorker(), staffWorker(), ...clients.map((c) => clientWorker(c))];
    // Let the load run, then kill the process in the middle of it.
    const loadStarted = Date.now();
    while (Date.now() - loadStarted < LOAD_MS || writes.filter((w) => w.state === 'acked').length < 20) {
      await new Promise((r) => setTimeout(r, 100));
      if (Date.now() - loadStarted > 60_000) break;
    }
    stop = true;
    const signal = await api.kill9();
    expect(signal).toBe('SIGKILL');
    await Promise.all(workers);

    const acked = writes.filter((w) => w.state === 'acked');
    const inflight = writes.filter((w) => w.state === 'inflight');
    const failed = writes.filter((w) => w.state === 'failed');
    expect(failed.map((w) => `${w.kind} ${w.status} ${JSON.stringify(w.answer)}`)).toEqual([]);
    expect(acked.length).toBeGreaterThanOrEqual(20);

    // Restart on the same data; retry what was in flight with the same key and body.
    api = await startApiProcess(env);
    for (const write of inflight) {
      for (let attempt = 0; ; attempt++) {
        const res = await call(api.url, write.method, write.path, { body: write.body, token: write.token, key: write.key });
        const code = (res.body as { code?: string } | null)?.code;
        if (res.status === 409 && code === 'idempotency_key_in_use' && attempt < 20) {
          // The dead request's lease: wait it out (Retry-After), then the retry takes the key over or learns it was done.
          await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
          continue;
        }
        if (res.status === 409 && code === 'idempotency_answer_lost') {
          write.retry = 'lost';
        } else {
          expect(res.status, `${write.kind} retry: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(200);
          expect(res.status, `${write.kind} retry: ${JSON.stringify(res.body)}`).toBeLessThan(300);
          write.retry = res.headers.get('idempotent-replayed') === 'true' ? 'replayed' : 'fresh';
          write.answer = res.body;
        }
        break;
      }
      // A retry of an already acknowledged write with its key replays (the client lost nothing but the reply).
    }
    const sample = acked.find((w) => w.kind === 'task')!;
    const replay = await call(api.url, sample.method, sample.path, { body: sample.body, token: sample.token, key: sample.key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(sample.answer);
    // The restarted process takes new writes.
    const after = next('task', admin.token, 'POST', '/api/tasks/', (m) => ({ title: m, description: 'Crash test', client: clients[0]!.user.client_id, assigned_to: 'Sam', due_date: `${due}T12:00:00Z` }));
    await send(api.url, after);
    expect(after.state).toBe('acked');

    expect(await api.stop()).not.toBe('SIGKILL');

    // What is in the database, read directly.
    const database = await openVerifier();
    try {
      const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
      const countsBy = async (query: ReturnType<typeof sql>) => new Map((await rows(query)).map((r) => [String(r.marker), Number(r.n)]));
      const tasks = await countsBy(sql`select title as marker, count(*) as n from tasks where title like 'crash-%' group by title`);
      const invoiceRows = await countsBy(sql`select description as marker, count(*) as n from invoices where description like 'crash-%' group by description`);
      const messageRows = await countsBy(sql`select content as marker, count(*) as n from messages where content like 'crash-%' group by content`);
      const orderRows = await countsBy(
        sql`select l.target as marker, count(distinct o.id) as n from orders o join order_lines l on l.order_id = o.id where l.target like 'crash-%' group by l.target`,
      );
      const table: Record<Exclude<Kind, 'payment'>, Map<string, number>> = { task: tasks, invoice: invoiceRows, message: messageRows, order: orderRows };

      // Every acknowledged create is there, once; every in-flight one retried with its key is there once too.
      const missing: string[] = [];
      const duplicated: string[] = [];
      for (const write of writes) {
        if (write.kind === 'payment') continue;
        const count = table[write.kind].get(write.marker) ?? 0;
        if (write.state === 'acked' || write.retry) {
          if (count === 0) missing.push(`${write.kind} ${write.marker} (${write.state}${write.retry ? `, retry ${write.retry}` : ''})`);
          if (count > 1) duplicated.push(`${write.kind} ${write.marker} ×${count}`);
        }
      }
      expect(missing).toEqual([]);
      expect(duplicated).toEqual([]);

      // Every acknowledged payment paid its order, with a paid invoice.
      for (const pay of writes.filter((w) => w.kind === 'payment' && (w.state === 'acked' || w.retry === 'replayed' || w.retry === 'fresh'))) {
        if ((pay.answer as { status?: string }).status !== 'succeeded') continue;
        const [order] = await rows(
          sql`select o.status, i.status as invoice_status from orders o join order_lines l on l.order_id = o.id left join invoices i on i.id = o.invoice_id where l.target = ${pay.marker}`,
        );
        expect(order, pay.marker).toMatchObject({ status: 'succeeded', invoice_status: 'paid' });
      }

      // Nothing half-written anywhere.
      const [half] = await rows(sql`
        select
          (select count(*) from orders o where not exists (select 1 from order_lines l where l.order_id = o.id))::int as orders_without_lines,
          (select count(*) from orders where status = 'succeeded' and (invoice_id is null or paid_at is null))::int as paid_orders_without_invoice,
          (select count(*) from orders o join invoices i on i.id = o.invoice_id where o.status = 'succeeded' and i.status <> 'paid')::int as paid_orders_with_unpaid_invoice,
          (select count(*) from invoices where invoice_number = '' or amount <= 0)::int as invoices_without_number,
          (select count(*) from payments where invoice_id is null and order_id is null and subscription_id is null)::int as payments_for_nothing,
          (select count(*) from payments p join orders o on o.id = p.order_id where p.status = 'succeeded' and o.status <> 'succeeded')::int as succeeded_payments_on_unpaid_orders
      `);
      expect(half).toEqual({
        orders_without_lines: 0,
        paid_orders_without_invoice: 0,
        paid_orders_with_unpaid_invoice: 0,
        invoices_without_number: 0,
        payments_for_nothing: 0,
        succeeded_payments_on_unpaid_orders: 0,
      });
      console.info(
        `[crash ${ENGINE}] acknowledged ${acked.length} writes (${['task', 'invoice', 'message', 'order', 'payment']
          .map((k) => `${acked.filter((w) => w.kind === k).length} ${k}`)
          .join(', ')}); in flight at the kill: ${inflight.length} (retried: ${inflight.filter((w) => w.retry === 'fresh').length} ran, ${inflight.filter((w) => w.retry === 'replayed').length} replayed, ${inflight.filter((w) => w.retry === 'lost').length} done with the answer lost)`,
      );
    } finally {
      await database.close();
    }
  });
});
