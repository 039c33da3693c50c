/**
 * Payments the agency records by hand (bank transfer, cash, cheque…) and their reversal: what the owner, a manager
 * and the client then see agrees everywhere — the invoice, the summary cards, the client's payment status, the
 * client's own Billing figures and the PDF. The role refusals are in authz-matrix.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TClient, TInvoice, TInvoicePaymentResult, TInvoicePayments, TInvoiceSummary } from '@agency/contract';
import { invoicePayments, invoices } from '../src/db/schema';
import { createTestContext, type TestContext } from './support/test-app';
import { createInvoiceViaApi, signUp, type Session } from './support/factories';

const clock = new Date('2026-11-20T15:00:00Z');
const TODAY = '2026-11-20';
let ctx: TestContext;
let owner: Session;
let manager: Session;
let readOnly: Session;
let client: Session;
let other: Session;
const recorded: { kind: string; invoiceId: number; amountDue: number }[] = [];
const api = () => ctx.request();

/** The text drawn on a PDF page (pdfkit writes text as hex strings inside TJ arrays). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const runs: string[] = [];
  for (const m of raw.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    runs.push([...m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
  }
  return runs.join('\n');
}
function binary(res: unknown, cb: (err: Error | null, body: Buffer) => void) {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => cb(null, Buffer.concat(chunks)));
}
const pdfOf = async (id: number, who: Session) =>
  pdfText((await api().get(`/api/invoices/${id}/pdf/`).set(who.auth).buffer(true).parse(binary).expect(200)).body as Buffer);

const record = (id: number, body: object, who: Session = owner) => api().post(`/api/invoices/${id}/payments/`).set(who.auth).send(body);
const reverse = (paymentId: number, reason: string, who: Session = owner) =>
  api().post(`/api/invoices/payments/${paymentId}/reverse/`).set(who.auth).send({ reason });
const invoiceOf = async (id: number, who: Session = owner) => (await api().get(`/api/invoices/${id}/`).set(who.auth).expect(200)).body as TInvoice;
const summaryOf = async (who: Session) => (await api().get('/api/invoices/summary/').set(who.auth).expect(200)).body as TInvoiceSummary;
const paymentStatus = async (clientId: number) => ((await api().get(`/api/clients/${clientId}/`).set(owner.auth).expect(200)).body as TClient).payment_status;

async function staff(name: string, role: 'manager' | 'read_only') {
  const s = await signUp(ctx, { role: 'admin', name });
  await api().patch(`/api/admin/staff/${s.user.id}/`).set(owner.auth).send({ staff_role: role }).expect(200);
  return s;
}

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  owner = await signUp(ctx, { role: 'admin', name: 'Olive Owner' });
  manager = await staff('Max Manager', 'manager');
  readOnly = await staff('Rhea Reader', 'read_only');
  client = await signUp(ctx, { name: 'Cora Client', company: 'Cora Co' });
  other = await signUp(ctx, { name: 'Otto Other', company: 'Other Co' });
  await api().patch(`/api/clients/${client.user.client_id}/`).set(owner.auth).send({ account_manager_id: manager.user.id }).expect(200);
  ctx.deps.events.on('invoice.payment_recorded', (e) => recorded.push({ kind: 'recorded', invoiceId: e.invoiceId, amountDue: e.amountDue }));
  ctx.deps.events.on('invoice.payment_reversed', (e) => recorded.push({ kind: 'reversed', invoiceId: e.invoiceId, amountDue: e.amountDue }));
  ctx.deps.events.on('invoice.paid', (e) => recorded.push({ kind: 'paid', invoiceId: e.invoiceId, amountDue: 0 }));
});
afterAll(async () => {
  await ctx?.close();
});

describe('recording a payment', () => {
  it('a part payment leaves the rest owing; paying the rest settles the invoice; every screen agrees', async () => {
    const clientId = client.user.client_id!;
    const invoice = await createInvoiceViaApi(ctx, owner, clientId, { amount: 3000, due_date: '2026-12-01' });
    const before = await summaryOf(owner);

    const part = await record(invoice.id, { amount: 1000, paid_on: '2026-11-18', method: 'bank_transfer', reference: 'TRX-1' });
    expect(part.status).toBe(201);
    const first = part.body as TInvoicePaymentResult;
    expect(first.payment).toMatchObject({ amount: 1000, paid_on: '2026-11-18', method: 'bank_transfer', reference: 'TRX-1', recorded_by_name: 'Olive Owner', reversed_at: null });
    expect(first.invoice).toMatchObject({ status: 'pending', amount: 3000, amount_paid: 1000, amount_due: 2000, paid_at: null });
    // The cards: pending drops by what came in; nothing counts as revenue until it is settled.
    const afterPart = await summaryOf(owner);
    expect(afterPart.pending_amount).toBe(before.pending_amount - 1000);
    expect(afterPart.total_revenue).toBe(before.total_revenue);
    expect(await paymentStatus(clientId)).toBe('pending');
    expect((await summaryOf(client)).pending_amount).toBe(2000);
    const partPdf = await pdfOf(invoice.id, client);
    expect(partPdf).toContain('Amount paid');
    expect(partPdf).toContain('$1,000.00');
    expect(partPdf).toContain('Balance due');
    expect(partPdf).toContain('$2,000.00');
    expect(partPdf).not.toContain('PAID\n');

    const rest = await record(invoice.id, { amount: 2000, paid_on: TODAY, method: 'cheque' }, manager);
    expect(rest.status).toBe(201);
    const settled = (rest.body as TInvoicePaymentResult).invoice;
    expect(settled).toMatchObject({ status: 'paid', paid_via: 'manual', amount_paid: 3000, amount_due: 0 });
    expect(settled.paid_at).toBe(clock.toISOString());
    expect((await summaryOf(owner)).total_revenue).toBe(before.total_revenue + 3000);
    expect((await summaryOf(client)).total_revenue).toBe(3000);
    expect(await paymentStatus(clientId)).toBe('paid');
    expect(await pdfOf(invoice.id, owner)).toContain('PAID');

    const history = (await api().get(`/api/invoices/${invoice.id}/payments/`).set(client.auth).expect(200)).body as TInvoicePayments;
    expect(history.results.map((p) => [p.amount, p.method, p.recorded_by_name])).toEqual([
      [1000, 'bank_transfer', 'Olive Owner'],
      [2000, 'cheque', 'Max Manager'],
    ]);
    await new Promise((r) => setTimeout(r, 50));
    expect(recorded.filter((e) => e.invoiceId === invoice.id)).toEqual([
      { kind: 'recorded', invoiceId: invoice.id, amountDue: 2000 },
      { kind: 'recorded', invoiceId: invoice.id, amountDue: 0 },
      { kind: 'paid', invoiceId: invoice.id, amountDue: 0 },
    ]);
  });

  it('refuses a date in the future, more than is owed, and bad fields, each on its field, recording nothing', async () => {
    const invoice = await createInvoiceViaApi(ctx, owner, client.user.client_id!, { amount: 500 });
    const cases: [object, string, string][] = [
      [{ amount: 100, paid_on: '2026-11-21', method: 'cash' }, 'paid_on', 'The payment date cannot be in the future'],
      [{ amount: 500.01, paid_on: TODAY, method: 'cash' }, 'amount', 'More than is owed: invoice'],
      [{ amount: 0, paid_on: TODAY, method: 'cash' }, 'amount', 'Amount must be greater than zero'],
      [{ amount: 10, paid_on: '2026-02-30', method: 'cash' }, 'paid_on', 'Enter a valid date'],
      [{ amount: 10, paid_on: '', method: 'cash' }, 'paid_on', 'Payment date is required'],
      [{ amount: 10, paid_on: TODAY, method: 'bitcoin' }, 'method', 'Choose how it was paid'],
      [{ amount: 10, paid_on: TODAY, method: 'cash', reference: 'x'.repeat(101) }, 'reference', 'At most 100 characters'],
    ];
    for (const [body, field, message] of cases) {
      const res = await record(invoice.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_error');
      expect(res.body.errors[field]?.[0]).toContain(message);
    }
    expect((await api().get(`/api/invoices/${invoice.id}/payments/`).set(owner.auth)).body.results).toEqual([]);
    expect(await invoiceOf(invoice.id)).toMatchObject({ amount_due: 500, status: 'pending' });
  });

  it('a paid invoice takes no more payments (409); another manager or client cannot reach it (404); read-only staff cannot record (403)', async () => {
    const invoice = await createInvoiceViaApi(ctx, owner, client.user.client_id!, { amount: 80 });
    await record(invoice.id, { amount: 80, paid_on: TODAY, method: 'cash' }).expect(201);
    const again = await record(invoice.id, { amount: 1, paid_on: TODAY, method: 'cash' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('is already paid');
    const theirs = await createInvoiceViaApi(ctx, owner, other.user.client_id!, { amount: 80 });
    expect((await record(theirs.id, { amount: 1, paid_on: TODAY, method: 'cash' }, manager)).status).toBe(404);
    expect((await record(theirs.id, { amount: 1, paid_on: TODAY, method: 'cash' }, readOnly)).status).toBe(403);
    expect((await api().get(`/api/invoices/${theirs.id}/payments/`).set(client.auth)).status).toBe(404);
  });

  it('two payments recorded at once never pay more than the invoice owes', async () => {
    const invoice = await createInvoiceViaApi(ctx, owner, client.user.client_id!, { amount: 100 });
    const answers = await Promise.all([1, 2, 3].map(() => record(invoice.id, { amount: 60, paid_on: TODAY, method: 'cash' })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    expect(await invoiceOf(invoice.id)).toMatchObject({ amount_paid: 60, amount_due: 40, status: 'pending' });
  });

  it('the same Idempotency-Key (a double click) records once', async () => {
    const invoice = await createInvoiceViaApi(ctx, owner, client.user.client_id!, { amount: 100 });
    const send = () =>
      api().post(`/api/invoices/${invoice.id}/payments/`).set(owner.auth).set('Idempotency-Key', `pay-${invoice.id}`).send({ amount: 30, paid_on: TODAY, method: 'cash' });
    const [a, b] = [await send(), await send()];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.payment.id).toBe(a.body.payment.id);
    expect(await invoiceOf(invoice.id)).toMatchObject({ amount_paid: 30, amount_due: 70 });
  });

  it('mark_paid records a payment of what is still owed', async () => {
    const invoice = await createInvoiceViaApi(ctx, owner, client.user.client_id!, { amount: 900 });
    await record(invoice.id, { amount: 400, paid_on: TODAY, method: 'bank_transfer' }).expect(201);
    const paid = await api().post(`/api/invoices/${invoice.id}/mark_paid/`).set(owner.auth).expect(200);
    expect(paid.body).toMatchObject({ status: 'paid', paid_via: 'manual', amount_paid: 900, amount_due: 0 });
    const history = ((await api().get(`/api/invoices/${invoice.id}/payments/`).set(owner.auth)).body as TInvoicePayments).results;
    expect(history.map((p) => [p.amount, p.method])).toEqual([
      [400, 'bank_transfer'],
      [500, 'other'],
    ]);
  });
});

describe("the client's notifications", () => {
  it('a part payment tells the client what came in and what is still due; a reversal tells it why it owes again', async () => {
    const fresh = await signUp(ctx, { name: 'Nia Notified' });
    const invoice = await createInvoiceViaApi(ctx, owner, fresh.user.client_id!, { amount: 900 });
    const part = (await record(invoice.id, { amount: 400, paid_on: TODAY, method: 'bank_transfer' }).expect(201)).body as TInvoicePaymentResult;
    await api().post(`/api/invoices/${invoice.id}/send_reminder/`).set(owner.auth).expect(200);
    await reverse(part.payment.id, 'The transfer was returned');
    const notices = async () =>
      ((await api().get('/api/notifications/').set(fresh.auth).expect(200)).body as { results: { title: string; message: string }[] }).results;
    await vi.waitFor(async () => {
      const mine = (await notices()).filter((n) => n.message.includes(invoice.invoice_number));
      expect(mine.map((n) => [n.title, n.message])).toEqual(
        expect.arrayContaining([
          ['Payment received', `$400.00 received for invoice ${invoice.invoice_number}. $500.00 is still due.`],
          // The reminder asks for what is still owed.
          ['Payment reminder', expect.stringContaining(`Invoice ${invoice.invoice_number} for $500.00 is due on`)],
          ['Payment reversed', `A payment of $400.00 on invoice ${invoice.invoice_number} was reversed (The transfer was returned). $900.00 is due.`],
        ]),
      );
    });
  });
});

describe('reversing a payment', () => {
  it('a paid invoice owes the reversed amount again, overdue past its due date; history keeps who, when and why; everything agrees', async () => {
    const fresh = await signUp(ctx, { name: 'Fay Fresh', company: 'Fresh Co' });
    const clientId = fresh.user.client_id!;
    const invoice = await createInvoiceViaApi(ctx, owner, clientId, { amount: 1200, due_date: '2026-11-01' });
    const a = (await record(invoice.id, { amount: 200, paid_on: '2026-10-30', method: 'cash' }).expect(201)).body as TInvoicePaymentResult;
    const b = (await record(invoice.id, { amount: 1000, paid_on: TODAY, method: 'cheque', reference: 'CHQ 881' }).expect(201)).body as TInvoicePaymentResult;
    expect(b.invoice.status).toBe('paid');
    expect(await paymentStatus(clientId)).toBe('paid');
    const revenue = (await summaryOf(owner)).total_revenue;
    const overdueBefore = (await summaryOf(owner)).overdue_amount;

    const res = await reverse(b.payment.id, '  The cheque bounced  ');
    expect(res.status).toBe(200);
    const undone = res.body as TInvoicePaymentResult;
    expect(undone.payment).toMatchObject({ id: b.payment.id, reversed_by_name: 'Olive Owner', reversal_reason: 'The cheque bounced', reversed_at: clock.toISOString() });
    expect(undone.invoice).toMatchObject({ status: 'pending', is_overdue: true, paid_at: null, paid_via: null, amount_paid: 200, amount_due: 1000 });
    const after = await summaryOf(owner);
    expect(after.total_revenue).toBe(revenue - 1200);
    expect(after.overdue_amount).toBe(overdueBefore + 1000);
    expect(await paymentStatus(clientId)).toBe('overdue');
    expect((await summaryOf(fresh)).overdue_amount).toBe(1000);
    const pdf = await pdfOf(invoice.id, fresh);
    expect(pdf).not.toContain('PAID\n');
    expect(pdf).toContain('Balance due');
    expect(pdf).toContain('$1,000.00');
    expect(pdf).toContain('This invoice is past due.');

    const history = ((await api().get(`/api/invoices/${invoice.id}/payments/`).set(owner.auth)).body as TInvoicePayments).results;
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ id: a.payment.id, reversed_at: null });
    expect(history[1]).toMatchObject({ id: b.payment.id, reference: 'CHQ 881', reversal_reason: 'The cheque bounced' });

    const twice = await reverse(b.payment.id, 'Again');
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toContain('already reversed');
    const blank = await reverse(a.payment.id, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body.errors.reason[0]).toBe('Say why the payment is reversed');
    // Paid again, it is settled again.
    const again = (await record(invoice.id, { amount: 1000, paid_on: TODAY, method: 'bank_transfer' }).expect(201)).body as TInvoicePaymentResult;
    expect(again.invoice).toMatchObject({ status: 'paid', amount_due: 0 });
  });

  it("a manager reverses on their clients' invoices only; read-only staff and clients never", async () => {
    const mine = await createInvoiceViaApi(ctx, owner, client.user.client_id!, { amount: 50 });
    const theirs = await createInvoiceViaApi(ctx, owner, other.user.client_id!, { amount: 50 });
    const p1 = ((await record(mine.id, { amount: 50, paid_on: TODAY, method: 'cash' }).expect(201)).body as TInvoicePaymentResult).payment;
    const p2 = ((await record(theirs.id, { amount: 50, paid_on: TODAY, method: 'cash' }).expect(201)).body as TInvoicePaymentResult).payment;
    expect((await reverse(p2.id, 'Wrong invoice', manager)).status).toBe(404);
    expect((await reverse(p1.id, 'Wrong invoice', readOnly)).status).toBe(403);
    expect((await reverse(p1.id, 'Wrong invoice', client)).status).toBe(403);
    expect((await reverse(p1.id, 'Wrong invoice', manager)).status).toBe(200);
    expect(await invoiceOf(mine.id, client)).toMatchObject({ status: 'pending', amount_due: 50 });
  });
});

describe('invoices marked paid before payments were recorded (migration 0026)', () => {
  it('get the payment they stood for, once, and it can be reversed like any other', async () => {
    const fresh = await signUp(ctx, { name: 'Olga Oldtimer' });
    const invoice = await createInvoiceViaApi(ctx, owner, fresh.user.client_id!, { amount: 640 });
    // As the old mark as paid left it: paid by hand, no payment row.
    await ctx.deps.db
      .update(invoices)
      .set({ status: 'paid', paidVia: 'manual', paidAt: new Date('2026-10-05T09:30:00Z'), amountPaid: '640' })
      .where(eq(invoices.id, invoice.id));
    const migration = readFileSync(path.join(__dirname, '../drizzle/0026_manual_payments_history.sql'), 'utf8');
    await ctx.deps.db.execute(sql.raw(migration));
    await ctx.deps.db.execute(sql.raw(migration));
    const rows = await ctx.deps.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id));
    expect(rows.map((r) => [r.amount, r.paidOn, r.method, r.recordedByName])).toEqual([['640.00', '2026-10-05', 'other', null]]);
    const undone = (await reverse(rows[0]!.id, 'It was never paid').expect(200)).body as TInvoicePaymentResult;
    expect(undone.invoice).toMatchObject({ status: 'pending', amount_due: 640, paid_via: null });
  });
});
