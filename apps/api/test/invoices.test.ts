import { and, desc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInvoice } from '@agency/contract';
import { systemActor } from '../src/core/actor';
import { emailOutbox, invoices } from '../src/db/schema';
import { getBillingSettings } from '../src/modules/invoices/billing-settings.service';
import { createTestContext, type TestContext } from './support/test-app';
import { createClientViaApi, createInvoiceViaApi, signUp, type Session } from './support/factories';

let ctx: TestContext;
let admin: Session;
let clientA: Session;
let clientB: Session;
/** The invoice events the service recorded, as they reach a subscriber after commit. */
const events: { invoiceId: number; clientId: number; change: 'created' | 'paid' | 'reminded' }[] = [];

const DAY = 86_400_000;
const dayOffset = (n: number, from = new Date()) => new Date(from.getTime() + n * DAY).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

/** Collects a binary body (PDF) as a Buffer. */
function binary(res: unknown, cb: (err: Error | null, body: Buffer) => void) {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => cb(null, Buffer.concat(chunks)));
}

/** The text drawn on a PDF page (pdfkit writes text as hex strings inside TJ arrays). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const runs: string[] = [];
  for (const m of raw.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    runs.push([...m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
  }
  return runs.join('\n');
}

/** The mails queued to an address, newest first, but for the sign-up's own "confirm your address" mail. */
async function outboxFor(to: string) {
  return ctx.deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), ne(emailOutbox.kind, 'email_verify')))
    .orderBy(desc(emailOutbox.id));
}

/** No route stores the overdue status (a scheduled job would); tests set it directly. */
async function storeOverdue(id: number) {
  await ctx.deps.db.update(invoices).set({ status: 'overdue' }).where(eq(invoices.id, id));
}

async function withClock<T>(at: Date, fn: () => Promise<T>): Promise<T> {
  const clock = ctx.deps.now;
  ctx.deps.now = () => at;
  try {
    return await fn();
  } finally {
    ctx.deps.now = clock;
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUp(ctx, { role: 'admin', name: 'Olive Owner', company: 'Orbit Growth Co' });
  clientA = await signUp(ctx, { name: 'Ada Lovelace', company: 'Analytical Engines' });
  clientB = await signUp(ctx, { name: 'Bob Builder', company: 'Builders Ltd' });
  ctx.deps.events.on('invoice.created', (e) => events.push({ invoiceId: e.invoiceId, clientId: e.clientId, change: 'created' }));
  ctx.deps.events.on('invoice.paid', (e) => events.push({ invoiceId: e.invoiceId, clientId: e.clientId, change: 'paid' }));
  ctx.deps.events.on('invoice.reminder_sent', (e) => events.push({ invoiceId: e.invoiceId, clientId: e.clientId, change: 'reminded' }));
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /invoices/ (create)', () => {
  it('creates a pending invoice with a server-issued number, notifies and e-mails the client', async () => {
    const before = Date.now();
    const res = await ctx
      .request()
      .post('/api/invoices/')
      .set(admin.auth)
      .send({ client: clientA.user.client_id, amount: '1234.5', due_date: dayOffset(10), description: 'March retainer' });
    expect(res.status).toBe(201);
    const inv = res.body as TInvoice;
    expect(inv).toMatchObject({
      client: clientA.user.client_id,
      client_name: 'Ada Lovelace',
      amount: 1234.5,
      due_date: dayOffset(10),
      description: 'March retainer',
      status: 'pending',
      paid_at: null,
      reminder_sent_at: null,
      is_overdue: false,
    });
    expect(inv.invoice_number).toMatch(new RegExp(`^INV-${new Date(before).getUTCFullYear()}-\\d{4,}$`));
    expect(Date.parse(inv.created_at)).toBeGreaterThanOrEqual(before - 1000);

    const notes = await ctx.request().get('/api/notifications/').set(clientA.auth);
    expect(notes.body.results[0]).toMatchObject({
      title: 'New invoice',
      type: 'warning',
      notification_type: 'warning',
      link: '#billing',
      read: false,
    });
    expect(notes.body.results[0].message).toContain(inv.invoice_number);
    expect(notes.body.results[0].message).toContain('$1,234.50');

    const mails = await outboxFor(clientA.user.email);
    expect(mails[0]).toMatchObject({ kind: 'invoice_created', status: 'queued' });
    expect(mails[0]!.subject).toBe(`New invoice ${inv.invoice_number} from Orbit Growth Co`);
    expect(mails[0]!.bodyText).toContain('$1,234.50');

    expect(events).toContainEqual({ invoiceId: inv.id, clientId: clientA.user.client_id, change: 'created' });
  });

  it('writes the due date in the notification and the e-mail as the product shows dates', async () => {
    const c = await signUp(ctx, { name: 'Dana Dated' });
    const inv = await createInvoiceViaApi(ctx, admin, c.user.client_id!, { amount: 250, due_date: '2031-12-31' });
    const notes = await ctx.request().get('/api/notifications/').set(c.auth);
    expect(notes.body.results[0].message).toBe(`Invoice ${inv.invoice_number} for $250.00 is due on Dec 31, 2031.`);
    const [mail] = await outboxFor(c.user.email);
    expect(mail!.bodyText).toContain(`invoice ${inv.invoice_number} for $250.00, due on Dec 31, 2031.`);

    await ctx.request().post(`/api/invoices/${inv.id}/send_reminder/`).set(admin.auth);
    const reminded = await ctx.request().get('/api/notifications/').set(c.auth);
    expect(reminded.body.results[0].message).toBe(`Invoice ${inv.invoice_number} for $250.00 is due on Dec 31, 2031. Please arrange payment.`);
    const [reminder] = await outboxFor(c.user.email);
    expect(reminder!.bodyText).toContain('is due on Dec 31, 2031 and has not been paid yet.');
  });

  it('description is optional and comes back as null', async () => {
    const inv = await createInvoiceViaApi(ctx, admin, clientA.user.client_id!, { description: undefined });
    expect(inv.description).toBeNull();
    const blank = await createInvoiceViaApi(ctx, admin, clientA.user.client_id!, { description: '   ' });
    expect(blank.description).toBeNull();
  });

  it('issues unique numbers for many invoices created at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 15 }, () =>
        ctx.request().post('/api/invoices/').set(admin.auth).send({ client: clientB.user.client_id, amount: 10, due_date: dayOffset(5) }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(15).fill(201));
    const numbers = results.map((r) => r.body.invoice_number as string);
    expect(new Set(numbers).size).toBe(15);
  });

  it('numbers invoices in sequence per year with the agency’s prefix, without gaps, skipping one typed by hand', async () => {
    const issue = (at: string, extra: Record<string, unknown> = {}) =>
      withClock(new Date(at), () => createInvoiceViaApi(ctx, admin, clientB.user.client_id!, { amount: 5, ...extra }));
    const first = await issue('2031-03-01T10:00:00Z');
    const second = await issue('2031-03-01T10:00:00Z');
    expect(first.invoice_number).toBe('INV-2031-0001');
    expect(second.invoice_number).toBe('INV-2031-0002');
    // A failed create (its client is not found) takes no number.
    const refused = await ctx.request().post('/api/invoices/').set(admin.auth).send({ client: 999_999, amount: 5, due_date: dayOffset(3) });
    expect(refused.status).toBe(400);
    // Someone typed the next number by hand: the issued one moves past it.
    await issue('2031-04-01T10:00:00Z', { invoice_number: 'INV-2031-0003' });
    expect((await issue('2031-04-02T10:00:00Z')).invoice_number).toBe('INV-2031-0004');
    // A new year starts again at 1, under the prefix the owner set.
    const profile = (await ctx.request().get('/api/agency/')).body;
    await ctx.request().put('/api/agency/').set(admin.auth).send({ ...profile, invoice_prefix: 'NS-' }).expect(200);
    expect((await issue('2032-01-02T10:00:00Z')).invoice_number).toBe('NS-2032-0001');
    await ctx.request().put('/api/agency/').set(admin.auth).send(profile).expect(200);
  });

  it('ten invoices created at once take ten consecutive numbers', async () => {
    const created = await withClock(new Date('2033-05-01T10:00:00Z'), () =>
      Promise.all(Array.from({ length: 10 }, () => createInvoiceViaApi(ctx, admin, clientB.user.client_id!, { amount: 5 }))),
    );
    expect(created.map((i) => i.invoice_number).sort()).toEqual(Array.from({ length: 10 }, (_, n) => `INV-2033-${String(n + 1).padStart(4, '0')}`));
  });

  it('uses a supplied number, and answers a duplicate with 409', async () => {
    const first = await createInvoiceViaApi(ctx, admin, clientA.user.client_id!, { invoice_number: 'ACME-2025-001' });
    expect(first.invoice_number).toBe('ACME-2025-001');
    const dup = await ctx
      .request()
      .post('/api/invoices/')
      .set(admin.auth)
      .send({ client: clientB.user.client_id, amount: 99, due_date: dayOffset(3), invoice_number: 'ACME-2025-001' });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      detail: 'An invoice with the number ACME-2025-001 already exists.',
      code: 'conflict',
      errors: { invoice_number: ['already exists'] },
    });
  });

  it('an empty invoice_number means "issue one"', async () => {
    const inv = await createInvoiceViaApi(ctx, admin, clientA.user.client_id!, { invoice_number: '' });
    expect(inv.invoice_number).toMatch(/^INV-\d{4}-\d{4,}$/);
  });

  it.each([
    ['a negative amount', { amount: -5 }, 'amount'],
    ['a zero amount', { amount: 0 }, 'amount'],
    ['a non-numeric amount', { amount: 'lots' }, 'amount'],
    ['three decimals', { amount: 10.125 }, 'amount'],
    ['an amount too large', { amount: 1e11 }, 'amount'],
    ['no client', { client: undefined }, 'client'],
    ['an impossible due date', { due_date: '2025-02-30' }, 'due_date'],
    ['a due date in another format', { due_date: '03/01/2025' }, 'due_date'],
    ['no due date', { due_date: undefined }, 'due_date'],
    ['a number with spaces', { invoice_number: 'INV 1' }, 'invoice_number'],
  ])('refuses %s with a 400 naming the field', async (_label, patch, field) => {
    const body = { client: clientA.user.client_id, amount: 100, due_date: dayOffset(7), ...patch };
    const res = await ctx.request().post('/api/invoices/').set(admin.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(res.body.errors[field]).toEqual(expect.any(Array));
  });

  it('accepts two decimals exactly', async () => {
    const inv = await createInvoiceViaApi(ctx, admin, clientA.user.client_id!, { amount: 19.99 });
    expect(inv.amount).toBe(19.99);
  });

  it('refuses an unknown client with a 400', async () => {
    const res = await ctx.request().post('/api/invoices/').set(admin.auth).send({ client: 999999, amount: 10, due_date: dayOffset(1) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'Client not found.', code: 'bad_request', errors: { client: ['Client not found.'] } });
  });

  it('refuses an archived client with a 400', async () => {
    const archived = await createClientViaApi(ctx, admin, { name: 'Gone Gallery' });
    expect((await ctx.request().delete(`/api/clients/${archived.id}/`).set(admin.auth)).status).toBe(204);
    const res = await ctx.request().post('/api/invoices/').set(admin.auth).send({ client: archived.id, amount: 10, due_date: dayOffset(1) });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('This client is archived; invoices cannot be created for it.');
  });

  it('is admin-only', async () => {
    const res = await ctx.request().post('/api/invoices/').set(clientA.auth).send({ client: clientA.user.client_id, amount: 10, due_date: dayOffset(1) });
    expect(res.status).toBe(403);
  });

  it('does not e-mail a client whose login turned invoice e-mails off (the notification still arrives)', async () => {
    const quiet = await signUp(ctx, { name: 'Quinn Quiet' });
    await ctx.request().put('/api/notifications/preferences/').set(quiet.auth).send({ email_invoices: false });
    const inv = await createInvoiceViaApi(ctx, admin, quiet.user.client_id!);
    expect(await outboxFor(quiet.user.email)).toHaveLength(0);
    const notes = await ctx.request().get('/api/notifications/').set(quiet.auth);
    expect(notes.body.results[0].message).toContain(inv.invoice_number);
  });
});

describe('GET /invoices/ (list)', () => {
  let listClient: Session;
  let other: Session;
  let inv: Record<string, TInvoice>;
  beforeAll(async () => {
    listClient = await signUp(ctx, { name: 'Lena List', company: 'List Co' });
    other = await signUp(ctx, { name: 'Otto Other' });
    const cid = listClient.user.client_id!;
    inv = {
      past: await createInvoiceViaApi(ctx, admin, cid, { amount: 300, due_date: dayOffset(-3), description: 'Past due retainer' }),
      future: await createInvoiceViaApi(ctx, admin, cid, { amount: 100, due_date: dayOffset(20), description: 'Ads budget 50% top-up' }),
      paid: await createInvoiceViaApi(ctx, admin, cid, { amount: 200, due_date: dayOffset(-10), description: 'Setup fee' }),
      stored: await createInvoiceViaApi(ctx, admin, cid, { amount: 400, due_date: dayOffset(-30), description: 'Old balance' }),
      dueToday: await createInvoiceViaApi(ctx, admin, cid, { amount: 50, due_date: today(), description: 'Due today' }),
    };
    await ctx.request().post(`/api/invoices/${inv.paid!.id}/mark_paid/`).set(admin.auth);
    await storeOverdue(inv.stored!.id);
    await createInvoiceViaApi(ctx, admin, other.user.client_id!, { amount: 777, description: 'Other tenant secret' });
  });

  const ids = (res: { body: { results: TInvoice[] } }) => res.body.results.map((r) => r.id);

  it('a client sees only its own invoices, newest first by default', async () => {
    const res = await ctx.request().get('/api/invoices/').set(listClient.auth);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(5);
    expect(ids(res)).toEqual([inv.dueToday, inv.stored, inv.paid, inv.future, inv.past].map((i) => i!.id));
    expect(res.body.results.every((r: TInvoice) => r.client === listClient.user.client_id)).toBe(true);
  });

  it('a client cannot widen its scope with the client filter', async () => {
    const res = await ctx.request().get(`/api/invoices/?client=${other.user.client_id}`).set(listClient.auth);
    expect(res.body.count).toBe(5);
    expect(res.body.results.every((r: TInvoice) => r.client === listClient.user.client_id)).toBe(true);
  });

  it('applies the one overdue rule: stored overdue, or pending and due before today (the stored status stays pending)', async () => {
    const res = await ctx.request().get('/api/invoices/').set(listClient.auth);
    const byId = new Map(res.body.results.map((r: TInvoice) => [r.id, r]));
    expect(byId.get(inv.past!.id)).toMatchObject({ status: 'pending', is_overdue: true });
    expect(byId.get(inv.dueToday!.id)).toMatchObject({ status: 'pending', is_overdue: false });
    expect(byId.get(inv.future!.id)).toMatchObject({ status: 'pending', is_overdue: false });
    expect(byId.get(inv.paid!.id)).toMatchObject({ status: 'paid', is_overdue: false });
    expect(byId.get(inv.stored!.id)).toMatchObject({ status: 'overdue', is_overdue: true });
  });

  it('admin: client filter, status filter (overdue and pending by the one rule), overdue flag (the same set as status=overdue)', async () => {
    const cid = listClient.user.client_id;
    const all = await ctx.request().get(`/api/invoices/?client=${cid}`).set(admin.auth);
    expect(all.body.count).toBe(5);
    const pending = await ctx.request().get(`/api/invoices/?client=${cid}&status=pending`).set(admin.auth);
    expect(ids(pending).sort()).toEqual([inv.future, inv.dueToday].map((i) => i!.id).sort());
    const overdue = await ctx.request().get(`/api/invoices/?client=${cid}&status=overdue`).set(admin.auth);
    expect(ids(overdue).sort()).toEqual([inv.past!.id, inv.stored!.id].sort());
    const flagged = await ctx.request().get(`/api/invoices/?client=${cid}&overdue=true`).set(admin.auth);
    expect(ids(flagged).sort()).toEqual([inv.past!.id, inv.stored!.id].sort());
    const notFlagged = await ctx.request().get(`/api/invoices/?client=${cid}&overdue=false`).set(admin.auth);
    expect(ids(notFlagged).sort()).toEqual([inv.future, inv.paid, inv.dueToday].map((i) => i!.id).sort());
  });

  it('searches invoice number, client name and description (case-insensitive, wildcards literal)', async () => {
    const byNumber = await ctx.request().get(`/api/invoices/?search=${inv.future!.invoice_number.toLowerCase()}`).set(admin.auth);
    expect(ids(byNumber)).toEqual([inv.future!.id]);
    const byClient = await ctx.request().get('/api/invoices/?search=lena%20LIST').set(admin.auth);
    expect(byClient.body.count).toBe(5);
    const byDescription = await ctx.request().get('/api/invoices/?search=setup').set(admin.auth);
    expect(ids(byDescription)).toEqual([inv.paid!.id]);
    const percent = await ctx.request().get('/api/invoices/?search=50%25').set(admin.auth);
    expect(ids(percent)).toEqual([inv.future!.id]);
    const clientSearch = await ctx.request().get('/api/invoices/?search=secret').set(listClient.auth);
    expect(clientSearch.body.count).toBe(0);
  });

  it('orders by amount, status and due date, both directions', async () => {
    const cid = listClient.user.client_id;
    const asc = await ctx.request().get(`/api/invoices/?client=${cid}&ordering=amount`).set(admin.auth);
    expect(asc.body.results.map((r: TInvoice) => r.amount)).toEqual([50, 100, 200, 300, 400]);
    const descending = await ctx.request().get(`/api/invoices/?client=${cid}&ordering=-amount`).set(admin.auth);
    expect(descending.body.results.map((r: TInvoice) => r.amount)).toEqual([400, 300, 200, 100, 50]);
    const status = await ctx.request().get(`/api/invoices/?client=${cid}&ordering=status`).set(admin.auth);
    expect(status.body.results.map((r: TInvoice) => r.status)).toEqual(['overdue', 'paid', 'pending', 'pending', 'pending']);
    const due = await ctx.request().get(`/api/invoices/?client=${cid}&ordering=due_date`).set(admin.auth);
    expect(ids(due)).toEqual([inv.stored, inv.paid, inv.past, inv.dueToday, inv.future].map((i) => i!.id));
  });

  it('paginates with count, next and previous', async () => {
    const cid = listClient.user.client_id;
    const p1 = await ctx.request().get(`/api/invoices/?client=${cid}&page_size=2&ordering=amount`).set(admin.auth);
    expect(p1.body.count).toBe(5);
    expect(p1.body.results).toHaveLength(2);
    expect(p1.body.previous).toBeNull();
    expect(p1.body.next).toContain('page=2');
    const p3 = await ctx.request().get(`/api/invoices/?client=${cid}&page_size=2&ordering=amount&page=3`).set(admin.auth);
    expect(p3.body.results.map((r: TInvoice) => r.amount)).toEqual([400]);
    expect(p3.body.next).toBeNull();
    expect(p3.body.previous).toContain('page=2');
  });

  it('filters on the creation date, both ends inclusive', async () => {
    const base = new Date('2030-06-15T12:00:00.000Z');
    const c = await signUp(ctx, { name: 'Dora Dates' });
    const early = await withClock(new Date('2030-06-01T00:00:00.000Z'), () => createInvoiceViaApi(ctx, admin, c.user.client_id!));
    const mid = await withClock(base, () => createInvoiceViaApi(ctx, admin, c.user.client_id!));
    const late = await withClock(new Date('2030-06-30T23:59:59.000Z'), () => createInvoiceViaApi(ctx, admin, c.user.client_id!));
    const q = (s: string) => ctx.request().get(`/api/invoices/?client=${c.user.client_id}&${s}`).set(admin.auth);
    expect(ids(await q('created_from=2030-06-01&created_to=2030-06-30')).sort()).toEqual([early.id, mid.id, late.id].sort());
    expect(ids(await q('created_from=2030-06-02'))).toEqual([late.id, mid.id]);
    expect(ids(await q('created_to=2030-06-15'))).toEqual([mid.id, early.id]);
    expect(ids(await q('created_from=2030-06-15&created_to=2030-06-15'))).toEqual([mid.id]);
  });

  it.each([
    ['status=late', 'status'],
    ['ordering=client', 'ordering'],
    ['created_from=2025-13-01', 'created_from'],
    ['created_to=yesterday', 'created_to'],
    ['created_from=2025-02-30', 'created_from'],
    ['created_from=2025-05-02&created_to=2025-05-01', 'created_to'],
    ['overdue=maybe', 'overdue'],
    ['client=abc', 'client'],
    ['page_size=0', 'page_size'],
  ])('answers a bad query (%s) with a 400', async (qs, field) => {
    const res = await ctx.request().get(`/api/invoices/?${qs}`).set(admin.auth);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(res.body.errors[field]).toEqual(expect.any(Array));
  });
});

describe('GET /invoices/:id/ and tenant isolation', () => {
  it('the owner and admins see it; another client gets 404', async () => {
    const inv = await createInvoiceViaApi(ctx, admin, clientA.user.client_id!);
    expect((await ctx.request().get(`/api/invoices/${inv.id}/`).set(clientA.auth)).body.id).toBe(inv.id);
    expect((await ctx.request().get(`/api/invoices/${inv.id}/`).set(admin.auth)).status).toBe(200);
    const foreign = await ctx.request().get(`/api/invoices/${inv.id}/`).set(clientB.auth);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: 'Invoice not found.', code: 'not_found' });
    expect((await ctx.request().get(`/api/invoices/${inv.id}/pdf/`).set(clientB.auth)).status).toBe(404);
    expect((await ctx.request().get('/api/invoices/999999/').set(admin.auth)).status).toBe(404);
    expect((await ctx.request().get('/api/invoices/abc/').set(admin.auth)).status).toBe(400);
  });

  it('client-only and admin-only routes keep their roles', async () => {
    expect((await ctx.request().get('/api/invoices/recent-payments/').set(clientA.auth)).status).toBe(403);
    expect((await ctx.request().get('/api/invoices/overdue/').set(clientA.auth)).status).toBe(403);
    expect((await ctx.request().get('/api/invoices/').set({})).status).toBe(401);
  });

  it('a client exports its own invoices only; another client\'s never appear', async () => {
    const mine = await createInvoiceViaApi(ctx, admin, clientA.user.client_id!, { description: 'Export of A' });
    const theirs = await createInvoiceViaApi(ctx, admin, clientB.user.client_id!, { description: 'Export of B' });
    const res = await ctx.request().get('/api/invoices/export/').set(clientA.auth);
    expect(res.status).toBe(200);
    expect(res.text).toContain(mine.invoice_number);
    expect(res.text).not.toContain(theirs.invoice_number);
    const filtered = await ctx.request().get('/api/invoices/export/').query({ client: clientB.user.client_id }).set(clientA.auth);
    expect(filtered.text).not.toContain(theirs.invoice_number);
  });
});

describe('summary, recent payments, overdue list', () => {
  it('a client summary counts exactly its own invoices: paid, pending not yet due, overdue by the one rule', async () => {
    const c = await signUp(ctx, { name: 'Sam Summary' });
    const cid = c.user.client_id!;
    const a = await createInvoiceViaApi(ctx, admin, cid, { amount: 100.1 });
    const b = await createInvoiceViaApi(ctx, admin, cid, { amount: 200.2 });
    await createInvoiceViaApi(ctx, admin, cid, { amount: 50.05, due_date: dayOffset(-5) }); // pending past due: overdue
    const d = await createInvoiceViaApi(ctx, admin, cid, { amount: 75 });
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1) - 5 * DAY);
    await ctx.request().post(`/api/invoices/${a.id}/mark_paid/`).set(admin.auth);
    await withClock(lastMonth, () => ctx.request().post(`/api/invoices/${b.id}/mark_paid/`).set(admin.auth));
    await storeOverdue(d.id);

    const res = await ctx.request().get('/api/invoices/summary/').set(c.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total_revenue: 300.3,
      paid_count: 2,
      pending_amount: 0,
      pending_count: 0,
      overdue_amount: 125.05,
      overdue_count: 2,
      collected_this_month: 100.1,
    });
    const none = await signUp(ctx, { name: 'Nora None' });
    expect((await ctx.request().get('/api/invoices/summary/').set(none.auth)).body).toEqual({
      total_revenue: 0,
      paid_count: 0,
      pending_amount: 0,
      pending_count: 0,
      overdue_amount: 0,
      overdue_count: 0,
      collected_this_month: 0,
    });
  });

  it('the admin summary covers every client (checked by the change it sees)', async () => {
    const before = (await ctx.request().get('/api/invoices/summary/').set(admin.auth)).body;
    const x = await createInvoiceViaApi(ctx, admin, clientB.user.client_id!, { amount: 1000 });
    await createInvoiceViaApi(ctx, admin, clientA.user.client_id!, { amount: 10.01 });
    await ctx.request().post(`/api/invoices/${x.id}/mark_paid/`).set(admin.auth);
    const after = (await ctx.request().get('/api/invoices/summary/').set(admin.auth)).body;
    expect(Math.round((after.total_revenue - before.total_revenue) * 100) / 100).toBe(1000);
    expect(after.paid_count - before.paid_count).toBe(1);
    expect(Math.round((after.pending_amount - before.pending_amount) * 100) / 100).toBe(10.01);
    expect(after.pending_count - before.pending_count).toBe(1);
    expect(Math.round((after.collected_this_month - before.collected_this_month) * 100) / 100).toBe(1000);

    const settings = await getBillingSettings(ctx.deps, systemActor('test'));
    expect(settings).toEqual({
      total_revenue_this_month: after.collected_this_month,
      pending_payments: after.pending_amount,
      stripe_account_connected: false,
      payment_provider: 'sandbox',
      stripe_mode: null,
      publishable_key_configured: false,
      webhook_secret_configured: false,
      webhook_url: null,
    });
  });

  it('recent payments: the latest paid first, 5 by default, limit honoured', async () => {
    const c = await signUp(ctx, { name: 'Rita Recent' });
    const made: TInvoice[] = [];
    for (let i = 0; i < 7; i++) made.push(await createInvoiceViaApi(ctx, admin, c.user.client_id!, { amount: i + 1 }));
    // Paid in the far future so they are the latest payments of the whole database.
    for (let i = 0; i < 7; i++) {
      await withClock(new Date(Date.UTC(2040, 0, 1 + i)), () => ctx.request().post(`/api/invoices/${made[i]!.id}/mark_paid/`).set(admin.auth));
    }
    const res = await ctx.request().get('/api/invoices/recent-payments/').set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: TInvoice) => r.id)).toEqual([6, 5, 4, 3, 2].map((i) => made[i]!.id));
    expect(res.body.results[0].paid_at).toBe('2040-01-07T00:00:00.000Z');
    const two = await ctx.request().get('/api/invoices/recent-payments/?limit=2').set(admin.auth);
    expect(two.body.results).toHaveLength(2);
    expect((await ctx.request().get('/api/invoices/recent-payments/?limit=0').set(admin.auth)).status).toBe(400);
  });

  it('overdue list: stored overdue and pending-past-due, most overdue first, with days overdue', async () => {
    const fixedToday = new Date('2045-03-20T10:00:00.000Z');
    const c = await signUp(ctx, { name: 'Owen Overdue' });
    const cid = c.user.client_id!;
    const mk = (due: string) => createInvoiceViaApi(ctx, admin, cid, { due_date: due });
    const { p1, p2, s1, future, paid, todayDue } = await withClock(fixedToday, async () => ({
      p1: await mk('2045-03-10'),
      p2: await mk('2045-03-19'),
      s1: await mk('2045-01-01'),
      future: await mk('2045-04-01'),
      paid: await mk('2045-02-01'),
      todayDue: await mk('2045-03-20'),
    }));
    await storeOverdue(s1.id);
    await ctx.request().post(`/api/invoices/${paid.id}/mark_paid/`).set(admin.auth);

    const res = await withClock(fixedToday, () => ctx.request().get('/api/invoices/overdue/?limit=100').set(admin.auth));
    expect(res.status).toBe(200);
    const mine = res.body.results.filter((r: TInvoice) => r.client === cid);
    expect(mine.map((r: { id: number }) => r.id)).toEqual([s1.id, p1.id, p2.id]);
    expect(mine.map((r: { days_overdue: number }) => r.days_overdue)).toEqual([78, 10, 1]);
    expect(mine[1]).toMatchObject({ status: 'pending', is_overdue: true });
    const listedIds = res.body.results.map((r: TInvoice) => r.id);
    expect(listedIds).not.toContain(future.id);
    expect(listedIds).not.toContain(todayDue.id);
    expect(listedIds).not.toContain(paid.id);
    expect(res.body.count).toBe(res.body.results.length);

    const dflt = await withClock(fixedToday, () => ctx.request().get('/api/invoices/overdue/').set(admin.auth));
    expect(dflt.body.results.length).toBeLessThanOrEqual(5);
    expect(dflt.body.count).toBe(res.body.count);
    const flagged = await withClock(fixedToday, () => ctx.request().get('/api/invoices/?overdue=true&page_size=1').set(admin.auth));
    expect(flagged.body.count).toBe(res.body.count);
  });
});

describe('POST /invoices/:id/mark_paid/', () => {
  it('marks a pending invoice paid, records paid_at, notifies, and settles the client when nothing else is owed', async () => {
    const c = await signUp(ctx, { name: 'Pat Payer' });
    const cid = c.user.client_id!;
    const first = await createInvoiceViaApi(ctx, admin, cid);
    const second = await createInvoiceViaApi(ctx, admin, cid, { due_date: dayOffset(-2) });
    const paymentStatus = async () => (await ctx.request().get(`/api/clients/${cid}/`).set(admin.auth)).body.payment_status;

    const res = await ctx.request().post(`/api/invoices/${first.id}/mark_paid/`).set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: first.id, status: 'paid', is_overdue: false });
    expect(Date.now() - Date.parse(res.body.paid_at)).toBeLessThan(60_000);
    expect(await paymentStatus()).toBe('overdue'); // the second invoice is still owed, and past due

    // pending-past-due is still stored pending, so it can be marked paid
    const res2 = await ctx.request().post(`/api/invoices/${second.id}/mark_paid/`).set(admin.auth);
    expect(res2.status).toBe(200);
    expect(await paymentStatus()).toBe('paid');
    expect(events).toContainEqual({ invoiceId: second.id, clientId: cid, change: 'paid' });
    const notes = await ctx.request().get('/api/notifications/').set(c.auth);
    expect(notes.body.results[0]).toMatchObject({ title: 'Payment received', type: 'success', link: '#billing' });
  });

  it('refuses an invoice that is already paid or stored overdue with a 409', async () => {
    const inv = await createInvoiceViaApi(ctx, admin, clientA.user.client_id!);
    await ctx.request().post(`/api/invoices/${inv.id}/mark_paid/`).set(admin.auth);
    const again = await ctx.request().post(`/api/invoices/${inv.id}/mark_paid/`).set(admin.auth);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: `Invoice ${inv.invoice_number} is already paid.`, code: 'conflict' });

    const od = await createInvoiceViaApi(ctx, admin, clientA.user.client_id!);
    await storeOverdue(od.id);
    const res = await ctx.request().post(`/api/invoices/${od.id}/mark_paid/`).set(admin.auth);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(`Only pending invoices can be marked as paid; invoice ${od.invoice_number} is overdue.`);
    expect((await ctx.request().get(`/api/invoices/${od.id}/`).set(admin.auth)).body.paid_at).toBeNull();
  });

  it('404 for an unknown invoice, 403 for a client', async () => {
    expect((await ctx.request().post('/api/invoices/999999/mark_paid/').set(admin.auth)).status).toBe(404);
    const inv = await createInvoiceViaApi(ctx, admin, clientA.user.client_id!);
    expect((await ctx.request().post(`/api/invoices/${inv.id}/mark_paid/`).set(clientA.auth)).status).toBe(403);
  });
});

describe('POST /invoices/:id/send_reminder/', () => {
  it('e-mails and notifies the client and records when', async () => {
    const c = await signUp(ctx, { name: 'Remy Reminded' });
    const inv = await createInvoiceViaApi(ctx, admin, c.user.client_id!, { amount: 80, due_date: dayOffset(-4) });
    const mailsBefore = (await outboxFor(c.user.email)).length;
    const res = await ctx.request().post(`/api/invoices/${inv.id}/send_reminder/`).set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.detail).toBe(`Reminder sent to Remy Reminded for invoice ${inv.invoice_number}`);
    expect(Date.now() - Date.parse(res.body.reminder_sent_at)).toBeLessThan(60_000);
    expect((await ctx.request().get(`/api/invoices/${inv.id}/`).set(admin.auth)).body.reminder_sent_at).toBe(res.body.reminder_sent_at);

    const mails = await outboxFor(c.user.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails[0]).toMatchObject({ kind: 'invoice_reminder', subject: `Payment reminder: invoice ${inv.invoice_number}` });
    expect(mails[0]!.bodyText).toContain('$80.00');
    expect(mails[0]!.bodyText).toContain('was due');

    const notes = await ctx.request().get('/api/notifications/').set(c.auth);
    expect(notes.body.results[0]).toMatchObject({ title: 'Payment reminder', type: 'warning', link: '#billing' });
    expect(notes.body.results[0].message).toContain('is overdue');
    expect(events).toContainEqual({ invoiceId: inv.id, clientId: c.user.client_id, change: 'reminded' });
  });

  it('works for stored-overdue invoices; refuses paid ones with 409', async () => {
    const od = await createInvoiceViaApi(ctx, admin, clientA.user.client_id!);
    await storeOverdue(od.id);
    expect((await ctx.request().post(`/api/invoices/${od.id}/send_reminder/`).set(admin.auth)).status).toBe(200);
    const paid = await createInvoiceViaApi(ctx, admin, clientA.user.client_id!);
    await ctx.request().post(`/api/invoices/${paid.id}/mark_paid/`).set(admin.auth);
    const res = await ctx.request().post(`/api/invoices/${paid.id}/send_reminder/`).set(admin.auth);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: `Invoice ${paid.invoice_number} is already paid; no reminder sent.`, code: 'conflict' });
    expect((await ctx.request().get(`/api/invoices/${paid.id}/`).set(admin.auth)).body.reminder_sent_at).toBeNull();
  });

  it('a client whose invoice e-mails are off gets the notification but no e-mail', async () => {
    const c = await signUp(ctx, { name: 'Mia Muted' });
    const prefs = await ctx.request().put('/api/notifications/preferences/').set(c.auth).send({ email_invoices: false });
    expect(prefs.status).toBe(200);
    const inv = await createInvoiceViaApi(ctx, admin, c.user.client_id!);
    const res = await ctx.request().post(`/api/invoices/${inv.id}/send_reminder/`).set(admin.auth);
    expect(res.status).toBe(200);
    expect(await outboxFor(c.user.email)).toHaveLength(0);
    const notes = await ctx.request().get('/api/notifications/').set(c.auth);
    expect(notes.body.results[0].title).toBe('Payment reminder');
    expect((await ctx.request().get(`/api/invoices/${inv.id}/`).set(c.auth)).body.reminder_sent_at).toBe(res.body.reminder_sent_at);
  });

  it('a client without a login is written to at its own address', async () => {
    const email = `nologin.${Date.now()}@example.test`;
    const cl = await createClientViaApi(ctx, admin, { name: 'Walk-in Bakery', email });
    const inv = await createInvoiceViaApi(ctx, admin, cl.id);
    expect(await outboxFor(email)).toHaveLength(0); // creation mails only a client's login
    expect((await ctx.request().post(`/api/invoices/${inv.id}/send_reminder/`).set(admin.auth)).status).toBe(200);
    const mails = await outboxFor(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('invoice_reminder');
  });

  it('404 for an unknown invoice, 403 for a client', async () => {
    expect((await ctx.request().post('/api/invoices/999999/send_reminder/').set(admin.auth)).status).toBe(404);
    const inv = await createInvoiceViaApi(ctx, admin, clientA.user.client_id!);
    expect((await ctx.request().post(`/api/invoices/${inv.id}/send_reminder/`).set(clientA.auth)).status).toBe(403);
  });
});

describe('GET /invoices/:id/pdf/', () => {
  it('is a real PDF download with the invoice details', async () => {
    const inv = await createInvoiceViaApi(ctx, admin, clientA.user.client_id!, {
      amount: 1234.5,
      description: 'Instagram growth, April',
      invoice_number: 'PDF-0001',
    });
    const res = await ctx.request().get(`/api/invoices/${inv.id}/pdf/`).set(clientA.auth).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoice-PDF-0001.pdf"');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/Title \d+ 0 R/);
    expect(pdf.toString('latin1')).toContain('(Invoice PDF-0001)'); // the document title (metadata)
    const text = pdfText(pdf);
    for (const expected of ['Orbit Growth Co', 'INVOICE', 'PDF-0001', 'Ada Lovelace', 'Analytical Engines', 'Instagram growth, April', '$1,234.50', 'Pending']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('PAID');
  });

  it('a paid invoice carries the PAID stamp and the payment date', async () => {
    const inv = await createInvoiceViaApi(ctx, admin, clientA.user.client_id!, { description: undefined });
    await ctx.request().post(`/api/invoices/${inv.id}/mark_paid/`).set(admin.auth);
    const res = await ctx.request().get(`/api/invoices/${inv.id}/pdf/`).set(admin.auth).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    const text = pdfText(res.body as Buffer);
    expect(text).toContain('PAID');
    expect(text).toContain('Paid on');
    expect(text).toContain('Monthly subscription');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${inv.invoice_number}.pdf"`);
  });

  it('says "past due" exactly when the API flags the invoice overdue: pending past due, or stored overdue', async () => {
    const cid = clientA.user.client_id!;
    const pastDue = await createInvoiceViaApi(ctx, admin, cid, { due_date: dayOffset(-3) });
    const failedCharge = await createInvoiceViaApi(ctx, admin, cid, { due_date: dayOffset(7) });
    await storeOverdue(failedCharge.id);
    const notDue = await createInvoiceViaApi(ctx, admin, cid, { due_date: dayOffset(7) });
    for (const [inv, overdue] of [[pastDue, true], [failedCharge, true], [notDue, false]] as const) {
      const flagged = (await ctx.request().get(`/api/invoices/${inv.id}/`).set(admin.auth)).body as TInvoice;
      expect(flagged.is_overdue).toBe(overdue);
      const text = pdfText((await ctx.request().get(`/api/invoices/${inv.id}/pdf/`).set(admin.auth).buffer(true).parse(binary)).body as Buffer);
      expect(text.includes('This invoice is past due.'), `invoice ${inv.id}`).toBe(overdue);
      expect(text).toContain(overdue ? 'Overdue' : 'Pending');
    }
  });

  it('404 for an unknown invoice', async () => {
    expect((await ctx.request().get('/api/invoices/999999/pdf/').set(admin.auth)).status).toBe(404);
  });
});

describe('GET /invoices/export/', () => {
  let exportClient: Session;
  beforeAll(async () => {
    exportClient = await signUp(ctx, { name: 'Erin Export' });
    const cid = exportClient.user.client_id!;
    await createInvoiceViaApi(ctx, admin, cid, { amount: 10, description: '=HYPERLINK("http://evil.test","click")', invoice_number: 'EXP-1' });
    const paid = await createInvoiceViaApi(ctx, admin, cid, { amount: 20.5, description: 'Plain, with "quotes"', invoice_number: 'EXP-2' });
    await createInvoiceViaApi(ctx, admin, cid, { amount: 30, description: '@SUM(1+1)', invoice_number: 'EXP-3' });
    await ctx.request().post(`/api/invoices/${paid.id}/mark_paid/`).set(admin.auth);
  });

  it('downloads every matching row as CSV with the header, formulas neutralised', async () => {
    const res = await ctx.request().get(`/api/invoices/export/?client=${exportClient.user.client_id}&ordering=amount`).set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoices-${today()}.csv"`);
    const lines = res.text.trim().split('\n');
    expect(lines[0]).toBe('invoice_number,client,description,amount,status,created_at,due_date,paid_at,paid_via,refunded_amount,amount_paid,amount_due');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^EXP-1,Erin Export,"'=HYPERLINK\(""http:\/\/evil.test"",""click""\)",10.00,pending,\d{4}-\d{2}-\d{2}T[\d:.]+Z,\d{4}-\d{2}-\d{2},,,0.00,0.00,10.00$/);
    expect(lines[2]).toMatch(/^EXP-2,Erin Export,"Plain, with ""quotes""",20.50,paid,.*,\d{4}-\d{2}-\d{2}T[\d:.]+Z,manual,0.00,20.50,0.00$/);
    expect(lines[3]).toContain(",'@SUM(1+1),30.00,pending,");
  });

  it('neutralises full-width formula characters (＝ ＋ － ＠) in every user-written column', async () => {
    const wide = await signUp(ctx, { name: '＝Wide Client' });
    const cid = wide.user.client_id!;
    const descriptions = ['＋1+1', '－2+3', '＠SUM(A1)', '＝HYPERLINK("http://evil.test")'];
    for (const [i, description] of descriptions.entries()) {
      await createInvoiceViaApi(ctx, admin, cid, { amount: i + 1, description, invoice_number: `WIDE-${i}` });
    }
    const res = await ctx.request().get(`/api/invoices/export/?client=${cid}&ordering=amount`).set(admin.auth);
    expect(res.status, res.text).toBe(200);
    const lines = res.text.trim().split('\n').slice(1);
    expect(lines, res.text).toHaveLength(4);
    expect(lines[0]).toContain("WIDE-0,'＝Wide Client,'＋1+1,1.00,");
    expect(lines[1]).toContain("WIDE-1,'＝Wide Client,'－2+3,2.00,");
    expect(lines[2]).toContain("WIDE-2,'＝Wide Client,'＠SUM(A1),3.00,");
    expect(lines[3]).toContain(`WIDE-3,'＝Wide Client,"'＝HYPERLINK(""http://evil.test"")",4.00,`);
  });

  it('takes the list filters (status, search) and is not paged', async () => {
    const paid = await ctx.request().get(`/api/invoices/export/?client=${exportClient.user.client_id}&status=paid`).set(admin.auth);
    const lines = paid.text.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.startsWith('EXP-2,')).toBe(true);
    const search = await ctx.request().get('/api/invoices/export/?search=EXP-3').set(admin.auth);
    expect(search.text.trim().split('\n')).toHaveLength(2);
    const all = await ctx.request().get('/api/invoices/export/').set(admin.auth);
    const count = (await ctx.request().get('/api/invoices/?page_size=1').set(admin.auth)).body.count;
    expect(count).toBeGreaterThan(50); // more than one default page
    expect(all.text.trim().split('\n')).toHaveLength(count + 1);
  });

  it('an empty result still has the header; bad filters are 400', async () => {
    const res = await ctx.request().get('/api/invoices/export/?search=nothing-matches-this').set(admin.auth);
    expect(res.text.trim()).toBe('invoice_number,client,description,amount,status,created_at,due_date,paid_at,paid_via,refunded_amount,amount_paid,amount_due');
    expect((await ctx.request().get('/api/invoices/export/?created_from=2025-02-31').set(admin.auth)).status).toBe(400);
  });
});
