import net from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema';
import { closeMailTransports, emailPreferenceAllows, sendMail } from '../src/integrations/mail';
import { createTestContext, type TestContext } from './support/test-app';
import { createInvoiceViaApi, signUp, type Session } from './support/factories';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A tiny SMTP server (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) standing in for a real mail server. */
async function startSmtpServer(opts: { rejectRecipients?: boolean } = {}) {
  const messages: Received[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 smtp.test ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 Ok: queued');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl === -1) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') reply('250-smtp.test\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 smtp.test');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 Ok');
        } else if (verb === 'RCPT') {
          if (opts.rejectRecipients) reply('550 5.1.1 Recipient address rejected');
          else {
            current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 Ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 Ok');
        } else if (verb === 'NOOP') reply('250 Ok');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 5.5.2 Command not recognized');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

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
let admin: Session;
const logLines: Record<string, unknown>[] = [];

function useSmtp(url: string | undefined) {
  ctx.deps.config.SMTP_URL = url;
}

async function outboxRow(id: number) {
  const [row] = await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  rejecting = await startSmtpServer({ rejectRecipients: true });
  ctx = await createTestContext({ MAIL_FROM: 'Orbit Growth <billing@orbit.test>' });
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
  await ctx.close();
});

describe('sendMail without SMTP', () => {
  it('keeps the message in the outbox as queued and logs one line without the body', async () => {
    useSmtp(undefined);
    logLines.length = 0;
    const result = await sendMail(ctx.deps, {
      to: 'someone@example.test',
      subject: 'Hello there',
      text: 'SECRET-BODY-TEXT',
      html: '<p>SECRET-BODY-HTML</p>',
      kind: 'general',
    });
    expect(result.status).toBe('queued');
    const row = await outboxRow(result.id);
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
    expect(logLines).toHaveLength(1);
    const line = JSON.stringify(logLines[0]);
    expect(line).toContain('someone@example.test');
    expect(line).toContain('Hello there');
    expect(line).toContain('general');
    expect(line).not.toContain('SECRET-BODY');
  });
});

describe('sendMail over SMTP', () => {
  it('delivers to the SMTP server and records the message as sent', async () => {
    useSmtp(smtp.url);
    logLines.length = 0;
    const before = smtp.messages.length;
    const result = await sendMail(ctx.deps, {
      to: 'client@example.test',
      subject: 'Your invoice',
      text: 'Please find your invoice in the portal.',
      kind: 'invoice_created',
    });
    expect(result.status).toBe('sent');
    expect(smtp.messages).toHaveLength(before + 1);
    const msg = smtp.messages.at(-1)!;
    expect(msg.from).toBe('billing@orbit.test');
    expect(msg.to).toEqual(['client@example.test']);
    expect(msg.data).toContain('Subject: Your invoice');
    expect(msg.data).toContain('From: Orbit Growth <billing@orbit.test>');
    expect(msg.data).toContain('Please find your invoice in the portal.');
    const row = await outboxRow(result.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(JSON.stringify(logLines)).not.toContain('Please find your invoice');
  });

  it('a refused message is recorded as failed and never throws', async () => {
    useSmtp(rejecting.url);
    logLines.length = 0;
    const result = await sendMail(ctx.deps, { to: 'nobody@example.test', subject: 'Bounce', text: 'BODY-NOT-LOGGED', kind: 'general' });
    expect(result.status).toBe('failed');
    const row = await outboxRow(result.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(row.lastError).toMatch(/550|rejected/i);
    expect(JSON.stringify(logLines)).not.toContain('BODY-NOT-LOGGED');
  });

  it('an unreachable server is recorded as failed and never throws', async () => {
    useSmtp(`smtp://127.0.0.1:${await deadPort()}`);
    const result = await sendMail(ctx.deps, { to: 'x@example.test', subject: 'Down', text: 'x', kind: 'general' });
    expect(result.status).toBe('failed');
    expect((await outboxRow(result.id)).lastError).toEqual(expect.any(String));
  });

  it('an invoice reminder goes out by SMTP to the client', async () => {
    useSmtp(smtp.url);
    const client = await signUp(ctx, { name: 'Mailed Client' });
    const inv = await createInvoiceViaApi(ctx, admin, client.user.client_id!, { amount: 42 });
    const createdMail = smtp.messages.at(-1)!;
    expect(createdMail.to).toEqual([client.user.email]);
    expect(createdMail.data).toContain(`Subject: New invoice ${inv.invoice_number} from Orbit Growth`);

    const res = await ctx.request().post(`/api/invoices/${inv.id}/send_reminder/`).set(admin.auth);
    expect(res.status).toBe(200);
    const reminder = smtp.messages.at(-1)!;
    expect(reminder.to).toEqual([client.user.email]);
    expect(reminder.data).toContain(`Subject: Payment reminder: invoice ${inv.invoice_number}`);
    expect(reminder.data).toContain('$42.00');
  });

  it('a failing mail server does not fail the reminder', async () => {
    useSmtp(rejecting.url);
    const client = await signUp(ctx, { name: 'Bounced Client' });
    const inv = await createInvoiceViaApi(ctx, admin, client.user.client_id!);
    const res = await ctx.request().post(`/api/invoices/${inv.id}/send_reminder/`).set(admin.auth);
    expect(res.status).toBe(200);
    const rows = await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, client.user.email));
    expect(rows.map((r) => [r.kind, r.status]).sort()).toEqual([
      ['invoice_created', 'failed'],
      ['invoice_reminder', 'failed'],
    ]);
  });
});

describe('emailPreferenceAllows', () => {
  it('uses the defaults until the user saves settings, then the saved values', async () => {
    const user = await signUp(ctx, { name: 'Pref User' });
    expect(await emailPreferenceAllows(ctx.deps.db, user.user.id, 'email_invoices')).toBe(true);
    expect(await emailPreferenceAllows(ctx.deps.db, user.user.id, 'push_notifications')).toBe(false);
    await ctx.request().put('/api/notifications/preferences/').set(user.auth).send({ email_invoices: false, push_notifications: true });
    expect(await emailPreferenceAllows(ctx.deps.db, user.user.id, 'email_invoices')).toBe(false);
    expect(await emailPreferenceAllows(ctx.deps.db, user.user.id, 'push_notifications')).toBe(true);
    expect(await emailPreferenceAllows(ctx.deps.db, user.user.id, 'email_new_clients')).toBe(true);
  });
});
