import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { call, crashTestStore, registerOn, startApiProcess, type ApiProcess } from '../support/api-process';

/**
 * Pay Now with a saved card under kill -9: the real API (a child process) takes many saved-card payments at once,
 * each sent twice (a double click, without an Idempotency-Key, so only the charge's own claim in saved_card_charges
 * stands between the clicks and a second charge); it is killed in the middle and restarted on the same data, and every
 * payment whose answer was lost is asked again. No invoice is charged twice, every invoice the provider charged is
 * paid, and every invoice whose payment was answered or retried is paid.
 * PGlite in a temporary DATA_DIR, or Postgres (a scratch database) when DATABASE_URL is set.
 */

const ADMIN_CODE = 'saved-card-crash-admin-code';
const ENGINE = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const INVOICES = 24;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe(`saved-card payments under kill -9 (${ENGINE})`, () => {
  it('charges each invoice once, and every charge pays its invoice', { timeout: 240_000 }, async () => {
    const store = await crashTestStore('saved-card-crash');
    cleanups.push(store.cleanup);
    const env: Record<string, string> = { ...store.env, ADMIN_SIGNUP_CODE: ADMIN_CODE };
    const openVerifier = store.openVerifier;

    let api: ApiProcess = await startApiProcess(env);
    cleanups.push(() => void api.child.kill('SIGKILL'));
    const register = (role: 'admin' | 'client', name: string) => registerOn(api.url, ADMIN_CODE, role, name);
    const admin = await register('admin', 'Admin');
    const client = await register('client', 'Payer');
    // The client saves a card.
    const setup = await call(api.url, 'POST', '/api/billing/create-setup-intent/', { token: client.token });
    const setupId = (setup.body as { setup_intent_id: string }).setup_intent_id;
    const saved = await call(api.url, 'POST', '/api/billing/confirm-setup/', {
      token: client.token,
      body: { setup_intent_id: setupId, card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect((saved.body as { status: string }).status).toBe('succeeded');
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const invoiceIds: number[] = [];
    for (let i = 0; i < INVOICES; i++) {
      const res = await call(api.url, 'POST', '/api/invoices/', { token: admin.token, body: { client: client.user.client_id, amount: 10 + i, due_date: due, description: `crash-card-${i}` } });
      expect(res.status).toBe(201);
      invoiceIds.push((res.body as { id: number }).id);
    }

    // Every invoice paid by a double click, all at once; the process is killed while they run.
    type Click = { invoiceId: number; state: 'inflight' | 'answered'; status?: number; body?: unknown };
    const clicks: Click[] = invoiceIds.flatMap((invoiceId) => [
      { invoiceId, state: 'inflight' as const },
      { invoiceId, state: 'inflight' as const },
    ]);
    const running = clicks.map(async (click) => {
      try {
        const res = await call(api.url, 'POST', `/api/invoices/${click.invoiceId}/pay_with_card/`, { token: client.token, body: {} });
        Object.assign(click, { state: 'answered', status: res.status, body: res.body });
      } catch {
        click.state = 'inflight';
      }
    });
    // Kill once some answers came back (the rest are mid-flight).
    const started = Date.now();
    while (clicks.filter((c) => c.state === 'answered').length < 4 && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 10));
    expect(await api.kill9()).toBe('SIGKILL');
    await Promise.all(running);
    const answered = clicks.filter((c) => c.state === 'answered');
    for (const c of answered) expect([200, 409], JSON.stringify(c.body)).toContain(c.status);

    // Restart; the invoices whose payment got no answer are paid again (another click, no key).
    api = await startApiProcess(env);
    const unanswered = [...new Set(clicks.filter((c) => c.state === 'inflight').map((c) => c.invoiceId))];
    for (const invoiceId of unanswered) {
      const res = await call(api.url, 'POST', `/api/invoices/${invoiceId}/pay_with_card/`, { token: client.token, body: {} });
      expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
      if (res.status === 200) expect((res.body as { status: string }).status).toBe('succeeded');
    }
    expect(await api.stop()).not.toBe('SIGKILL');

    const database = await openVerifier();
    try {
      const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
      const charged = await rows(sql`
        select (data->'metadata'->>'invoice_id')::int as invoice_id, count(*)::int as n
        from sandbox_payment_objects
        where kind = 'payment_intent' and data->>'status' = 'succeeded' and data->'metadata'->>'invoice_id' is not null
        group by 1`);
      const twice = charged.filter((r) => Number(r.n) > 1).map((r) => `invoice ${String(r.invoice_id)} ×${String(r.n)}`);
      expect(twice).toEqual([]);
      const status = new Map((await rows(sql`select id, status from invoices where description like 'crash-card-%'`)).map((r) => [Number(r.id), String(r.status)]));
      // Every charge paid its invoice, and every invoice (answered, or retried after the restart) was paid.
      const unpaidCharged = charged.filter((r) => status.get(Number(r.invoice_id)) !== 'paid').map((r) => String(r.invoice_id));
      expect(unpaidCharged).toEqual([]);
      expect([...status.values()].filter((s) => s !== 'paid')).toEqual([]);
      expect(charged.length).toBe(INVOICES);
      console.info(`[saved-card crash ${ENGINE}] ${answered.length} of ${clicks.length} clicks answered before the kill; ${unanswered.length} invoices paid again after the restart; each charged once`);
    } finally {
      await database.close();
    }
  });
});
