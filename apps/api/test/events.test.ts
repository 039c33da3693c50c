/**
 * Domain events: recorded in the outbox with the change, dispatched after commit (once in the cluster), fanned
 * out to every instance; and the jobs they start. Two API instances share one database here, as in production.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TServerEvent } from '@agency/contract';
import { systemActor } from '../src/core/actor';
import { domainEvents, emailOutbox, invoices, notifications } from '../src/db/schema';
import { DOMAIN_EVENT_NAMES } from '../src/events/catalog';
import { dispatchEvents, transact } from '../src/events/outbox';
import { closeMailTransports } from '../src/integrations/mail';
import { createInvoice } from '../src/modules/invoices/invoices.service';
import { queueMail } from '../src/modules/mail';
import { signUp, type Session } from './support/factories';
import { connectWs, secondInstanceDeps, startLiveServer, type LiveServer, type WsClient } from './support/live-server';
import { startSmtpServer } from './support/smtp';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
let live1: LiveServer;
let live2: LiveServer;
let second: Awaited<ReturnType<typeof secondInstanceDeps>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: Session;
let client: Session;
const sockets: WsClient[] = [];

async function socketOn(server: LiveServer, session: Session): Promise<WsClient> {
  const ticket = await ctx.request().post('/api/auth/ws-ticket/').set(session.auth);
  const socket = await connectWs(`${server.wsUrl}?ticket=${ticket.body.ticket}`);
  sockets.push(socket);
  return socket;
}

const isNotification = (e: TServerEvent): e is Extract<TServerEvent, { type: 'notification.created' }> => e.type === 'notification.created';
const notificationsOf = (userId: number) => ctx.deps.db.select().from(notifications).where(eq(notifications.userId, userId));
const settle = (ms = 1500) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({}, { runJobs: true });
  second = await secondInstanceDeps(ctx.deps, { runJobs: true });
  live1 = await startLiveServer(ctx.deps, { app: ctx.app });
  live2 = await startLiveServer(second.deps);
  admin = await signUp(ctx, { role: 'admin', name: 'Eve Events' });
  client = await signUp(ctx, { name: 'Carl Client' });
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await live2?.close();
  await live1?.close();
  await second?.close();
  closeMailTransports();
  await smtp?.close();
  await ctx?.close();
});

describe('the event catalog', () => {
  it('every domain event has a listener on a running instance', () => {
    const heard = ctx.deps.events.heardNames();
    expect(DOMAIN_EVENT_NAMES.filter((name) => !heard.has(name))).toEqual([]);
  });
});

describe('after commit, and only then', () => {
  it('a rolled-back service call records nothing, pushes nothing and mails nothing', async () => {
    ctx.deps.config.SMTP_URL = smtp.url;
    const socket = await socketOn(live2, client);
    const before = { events: (await ctx.deps.db.select().from(domainEvents)).length, mails: smtp.messages.length };
    await expect(
      transact(ctx.deps, async (tx) => {
        await createInvoice(tx, systemActor('test'), { client: client.user.client_id!, amount: 77, due_date: '2031-01-31', description: 'Rolled back' });
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    await settle();
    expect(await ctx.deps.db.select().from(invoices).where(eq(invoices.description, 'Rolled back'))).toEqual([]);
    expect((await ctx.deps.db.select().from(domainEvents)).length).toBe(before.events);
    expect(await notificationsOf(client.user.id)).toEqual([]);
    // (The sign-ups' own confirmation mails are the only ones.)
    expect((await ctx.deps.db.select().from(emailOutbox)).filter((m) => m.kind !== 'email_verify')).toEqual([]);
    expect(socket.events.filter(isNotification)).toEqual([]);
    // Nothing of the rolled-back invoice went out (a sign-up's confirmation mail may be delivered meanwhile).
    expect(smtp.messages.slice(before.mails).filter((m) => !m.data.includes('Confirm your e-mail address'))).toEqual([]);
  });

  it('a committed change made on instance 1 reaches a socket on instance 2, and its e-mail goes out once', async () => {
    ctx.deps.config.SMTP_URL = smtp.url;
    second.deps.config.SMTP_URL = smtp.url;
    const socket = await socketOn(live2, client);
    const res = await ctx.request().post('/api/invoices/').set(admin.auth).send({ client: client.user.client_id, amount: 120, due_date: '2031-02-28' });
    expect(res.status).toBe(201);
    const pushed = await socket.waitFor(isNotification, 5000);
    expect(pushed.notification).toMatchObject({ title: 'New invoice', link: '#billing' });
    expect(pushed.notification.message).toContain(res.body.invoice_number);
    const subject = `Subject: New invoice ${res.body.invoice_number}`;
    await vi.waitFor(() => expect(smtp.messages.filter((m) => m.data.includes(subject))).toHaveLength(1), { timeout: 10_000 });
    // Two instances run the mail job and sweep the outbox: still one notification, one push, one e-mail.
    await settle();
    expect((await notificationsOf(client.user.id)).filter((n) => n.message.includes(res.body.invoice_number))).toHaveLength(1);
    expect(socket.events.filter(isNotification)).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.data.includes(subject))).toHaveLength(1);
  });
});

describe('nothing is lost, nothing is done twice', () => {
  it('events committed by an instance that died before dispatching are dispatched by another one', async () => {
    // As a crashed instance leaves them: committed in the outbox, not dispatched.
    const rows = await ctx.deps.db
      .insert(domainEvents)
      .values([1, 2, 3].map((n) => ({ name: 'lead.submitted', payload: { leadId: 9000 + n, name: `Orphan ${n}`, subject: `Left behind ${n}` } })))
      .returning({ id: domainEvents.id });
    const socket = await socketOn(live1, admin);
    await live2.events!.sweep();
    // The sweep skips rows another instance's own timer is dispatching at that moment (SKIP LOCKED): wait for those.
    await vi.waitFor(
      async () => {
        const dispatched = await ctx.deps.db.select().from(domainEvents).where(inArray(domainEvents.id, rows.map((r) => r.id)));
        expect(dispatched.every((r) => r.dispatchedAt !== null)).toBe(true);
      },
      { timeout: 10_000, interval: 100 },
    );
    const mine = (await notificationsOf(admin.user.id)).filter((n) => n.title.startsWith('New lead from Orphan'));
    expect(mine.map((n) => n.message).sort()).toEqual(['Left behind 1', 'Left behind 2', 'Left behind 3']);
    await vi.waitFor(
      () => expect(socket.events.filter(isNotification).filter((e) => e.notification.title.startsWith('New lead from Orphan'))).toHaveLength(3),
      { timeout: 15_000 },
    );
  });

  it('two instances sweeping the same outbox at once dispatch each event exactly once', async () => {
    const count = 30;
    await ctx.deps.db
      .insert(domainEvents)
      .values(Array.from({ length: count }, (_, n) => ({ name: 'lead.submitted', payload: { leadId: 9100 + n, name: 'Race', subject: `Race ${n}` } })));
    await Promise.all([dispatchEvents(ctx.deps), dispatchEvents(second.deps), dispatchEvents(ctx.deps), dispatchEvents(second.deps)]);
    const raced = (await notificationsOf(admin.user.id)).filter((n) => n.title === 'New lead from Race');
    expect(raced).toHaveLength(count);
    expect(new Set(raced.map((n) => n.message)).size).toBe(count);
  });

  it('a listener that fails is retried later with the event, and its work is done once', async () => {
    let failures = 0;
    // Every instance has the same listeners; whichever dispatches the event first meets the failure.
    for (const instance of [ctx.deps, second.deps]) {
      instance.events.handle('lead.submitted', async (e) => {
        if (e.subject === 'Flaky listener' && failures === 0) {
          failures += 1;
          throw new Error('listener hiccup');
        }
      });
    }
    const res = await ctx.request().post('/api/contact/').send({ name: 'Flaky', email: 'flaky@example.test', subject: 'Flaky listener', message: 'Hello there, a question.' });
    expect(res.status).toBe(201);
    const flakyEvent = async () =>
      (await ctx.deps.db.select().from(domainEvents).where(eq(domainEvents.name, 'lead.submitted'))).find(
        (x) => (x.payload as { subject: string }).subject === 'Flaky listener',
      )!;
    // The change is committed whatever its listeners do; the failed dispatch is retried after a delay.
    await vi.waitFor(
      async () => {
        await live1.events!.sweep();
        expect((await flakyEvent()).dispatchedAt).not.toBeNull();
      },
      { timeout: 10_000, interval: 250 },
    );
    expect(failures).toBe(1);
    expect(await flakyEvent()).toMatchObject({ attempts: 2, lastError: null });
    // The other listener's work (the staff notification) was rolled back with the failure, so it is done once.
    expect((await notificationsOf(admin.user.id)).filter((n) => n.message === 'Flaky listener')).toHaveLength(1);
  });

  it('a mail job is run by one instance only, however many work the queue', async () => {
    ctx.deps.config.SMTP_URL = smtp.url;
    second.deps.config.SMTP_URL = smtp.url;
    const ids = await transact(ctx.deps, async (tx) => {
      const out: number[] = [];
      for (let n = 0; n < 12; n++) out.push(await queueMail(tx, { to: `many${n}@example.test`, subject: `Batch ${n}`, text: 'x', kind: 'general' }));
      return out;
    });
    await vi.waitFor(
      async () => {
        const rows = await ctx.deps.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
        expect(rows.every((r) => r.status === 'sent')).toBe(true);
      },
      { timeout: 15_000, interval: 200 },
    );
    await settle();
    for (let n = 0; n < 12; n++) expect(smtp.messages.filter((m) => m.to.includes(`many${n}@example.test`))).toHaveLength(1);
    const rows = await ctx.deps.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });
});
