import net from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../src/db/schema';
import { transact } from '../src/events/outbox';
import { closeMailTransports } from '../src/integrations/mail';
import { emailPreferenceAllows, queueMail, type OutgoingMail } from '../src/modules/mail';
import { createTestContext, type TestContext } from './support/test-app';
import { createInvoiceViaApi, signUp, type Session } from './support/factories';
import { startSmtpServer } from './support/smtp';

/** A port with nothing listening on it. */
async function deadPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let rejecting: Awaited<ReturnType<typeof startSmtpServer>>;
let flaky: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: Session;
const logLines: Record<string, unknown>[] = [];

function useSmtp(url: string | undefined) {
  ctx.deps.config.SMTP_URL = url;
}

async function outboxRow(id: number) {
  const [row] = await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

/** Queues a message the way a listener does (in a transaction, with its delivery job). */
function queue(mail: OutgoingMail): Promise<number> {
  return transact(ctx.deps, (tx) => queueMail(tx, mail));
}

/** Waits until the delivery job has settled the message (sent or failed). */
function settled(id: number) {
  return vi.waitFor(
    async () => {
      const row = await outboxRow(id);
      expect(row.status).not.toBe('queued');
      return row;
    },
    { timeout: 15_000, interval: 100 },
  );
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  rejecting = await startSmtpServer({ rejectRecipients: true });
  flaky = await startSmtpServer({ deferFirst: 1 });
  ctx = await createTestContext({ MAIL_FROM: 'Old Sender Name <billing@orbit.test>' }, { runJobs: true });
  ctx.deps.logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _enc, cb) {
        logLines.push(JSON.parse(String(chunk)));
        cb();
      },
    }),
  );
  admin = await signUp(ctx, { role: 'admin', company: 'Orbit Growth' });
});
afterAll(async () => {
  closeMailTransports();
  await smtp.close();
  await rejecting.close();
  await flaky.close();
  await ctx.close();
});

describe('the mail outbox without SMTP', () => {
  it('keeps the message in the outbox as queued and logs one line without the body', async () => {
    useSmtp(undefined);
    logLines.length = 0;
    const id = await queue({
      to: 'someone@example.test',
      subject: 'Hello there',
      text: 'SECRET-BODY-TEXT',
      html: '<p>SECRET-BODY-HTML</p>',
      kind: 'general',
    });
    // Only this message's line: a sign-up's confirmation mail may be delivered meanwhile too.
    const mine = () => logLines.filter((l) => JSON.stringify(l).includes('someone@example.test'));
    await vi.waitFor(() => expect(mine()).toHaveLength(1), { timeout: 10_000 });
    const row = await outboxRow(id);
    expect(row).toMatchObject({
      toAddress: 'someone@example.test',
      subject: 'Hello there',
      bodyText: 'SECRET-BODY-TEXT',
      bodyHtml: '<p>SECRET-BODY-HTML</p>',
      kind: 'general',
      status: 'queued',
      attempts: 0,
      sentAt: null,
    });
    const line = JSON.stringify(mine()[0]);
    expect(line).toContain('someone@example.test');
    expect(line).toContain('Hello there');
    expect(line).toContain('general');
    expect(line).not.toContain('SECRET-BODY');
  });

  it('a rolled-back change leaves no message and no delivery', async () => {
    useSmtp(smtp.url);
    await expect(
      transact(ctx.deps, async (tx) => {
        await queueMail(tx, { to: 'ghost@example.test', subject: 'Never', text: 'x', kind: 'general' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'ghost@example.test'))).toEqual([]);
    expect(smtp.messages.filter((m) => m.to.includes('ghost@example.test'))).toEqual([]);
  });
});

describe('the mail job over SMTP', () => {
  it('delivers to the SMTP server and records the message as sent', async () => {
    useSmtp(smtp.url);
    logLines.length = 0;
    const before = smtp.messages.length;
    const id = await queue({
      to: 'client@example.test',
      subject: 'Your invoice',
      text: 'Please find your invoice in the portal.',
      kind: 'invoice_created',
    });
    const row = await settled(id);
    const delivered = smtp.messages.slice(before).filter((m) => m.to.includes('client@example.test'));
    expect(delivered).toHaveLength(1);
    const msg = delivered[0]!;
    expect(msg.from).toBe('billing@orbit.test');
    expect(msg.to).toEqual(['client@example.test']);
    expect(msg.data).toContain('Subject: Your invoice');
    // Sent under the agency's name (the first admin's company here), from MAIL_FROM's address; MAIL_FROM's own name is not used.
    expect(msg.data).toContain('From: Orbit Growth <billing@orbit.test>');
    expect(msg.data).toContain('Please find your invoice in the portal.');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(JSON.stringify(logLines)).not.toContain('Please find your invoice');
  });

  it('a refused message (5xx) is recorded as failed at once, without retries', async () => {
    useSmtp(rejecting.url);
    logLines.length = 0;
    const id = await queue({ to: 'nobody@example.test', subject: 'Bounce', text: 'BODY-NOT-LOGGED', kind: 'general' });
    const row = await settled(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(row.lastError).toMatch(/550|rejected/i);
    expect(JSON.stringify(logLines)).not.toContain('BODY-NOT-LOGGED');
  });

  it('a temporary refusal (4xx) is retried with backoff and then delivered', async () => {
    useSmtp(flaky.url);
    const id = await queue({ to: 'patient@example.test', subject: 'Second time lucky', text: 'hello', kind: 'general' });
    const row = await settled(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(flaky.messages.map((m) => m.to)).toEqual([['patient@example.test']]);
  });

  it('an unreachable server is retried, then recorded as failed', async () => {
    useSmtp(`smtp://127.0.0.1:${await deadPort()}`);
    const id = await queue({ to: 'x@example.test', subject: 'Down', text: 'x', kind: 'general' });
    const row = await settled(id);
    // The test queue allows 2 retries: 3 attempts in all.
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row.lastError).toEqual(expect.any(String));
  });

  it('an invoice reminder goes out by SMTP to the client', async () => {
    useSmtp(smtp.url);
    const client = await signUp(ctx, { name: 'Mailed Client' });
    const inv = await createInvoiceViaApi(ctx, admin, client.user.client_id!, { amount: 42 });
    const createdMail = await vi.waitFor(() => {
      const m = smtp.messages.find((x) => x.data.includes(`Subject: New invoice ${inv.invoice_number} from Orbit Growth`));
      expect(m).toBeDefined();
      return m!;
    }, { timeout: 10_000 });
    expect(createdMail.to).toEqual([client.user.email]);

    const res = await ctx.request().post(`/api/invoices/${inv.id}/send_reminder/`).set(admin.auth);
    expect(res.status).toBe(200);
    const reminder = await vi.waitFor(() => {
      const m = smtp.messages.find((x) => x.data.includes(`Subject: Payment reminder: invoice ${inv.invoice_number}`));
      expect(m).toBeDefined();
      return m!;
    }, { timeout: 10_000 });
    expect(reminder.to).toEqual([client.user.email]);
    expect(reminder.data).toContain('$42.00');
  });

  it('a failing mail server does not fail the reminder', async () => {
    useSmtp(rejecting.url);
    const client = await signUp(ctx, { name: 'Bounced Client' });
    const inv = await createInvoiceViaApi(ctx, admin, client.user.client_id!);
    const res = await ctx.request().post(`/api/invoices/${inv.id}/send_reminder/`).set(admin.auth);
    expect(res.status).toBe(200);
    await vi.waitFor(async () => {
      const rows = await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, client.user.email));
      // The sign-up's "confirm your address" mail fails the same way; the invoice's two are the point here.
      expect(rows.filter((r) => r.kind !== 'email_verify').map((r) => [r.kind, r.status]).sort()).toEqual([
        ['invoice_created', 'failed'],
        ['invoice_reminder', 'failed'],
      ]);
    }, { timeout: 10_000, interval: 100 });
  });
});

describe('emailPreferenceAllows', () => {
  it('uses the defaults until the user saves settings, then the saved values', async () => {
    const user = await signUp(ctx, { name: 'Pref User' });
    expect(await emailPreferenceAllows(ctx.deps, user.user.id, 'email_invoices')).toBe(true);
    expect(await emailPreferenceAllows(ctx.deps, user.user.id, 'push_notifications')).toBe(false);
    await ctx.request().put('/api/notifications/preferences/').set(user.auth).send({ email_invoices: false, push_notifications: true });
    expect(await emailPreferenceAllows(ctx.deps, user.user.id, 'email_invoices')).toBe(false);
    expect(await emailPreferenceAllows(ctx.deps, user.user.id, 'push_notifications')).toBe(true);
    expect(await emailPreferenceAllows(ctx.deps, user.user.id, 'email_new_clients')).toBe(true);
  });
});
