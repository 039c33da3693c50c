import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { NOTIFICATION_PREFERENCE_DEFAULTS, sectionForRole, type TNotification } from '@agency/contract';
import { messages, notifications, users } from '../src/db/schema';
import { seedDemoData } from '../src/db/seed/demo';
import { transact } from '../src/events/outbox';
import { storeNotifications, type NewNotification } from '../src/modules/notifications/notifications.service';
import { createTestContext, type TestContext } from './support/test-app';
import { signUp, type Session } from './support/factories';

let ctx: TestContext;
let alice: Session;
let bob: Session;
let admin: Session;

/** Notifications are created by the product's own flows (services); the clock makes the order certain. */
async function notify(user: Session, title: string, at: Date, type: TNotification['type'] = 'info', link: NewNotification['link'] = null) {
  const [id] = await transact(ctx.deps, (tx) => storeNotifications(tx, [user.user.id], { title, message: `${title} message`, type, link }));
  // created_at comes from the database clock; set it explicitly so "newest first" is deterministic.
  await ctx.deps.db.update(notifications).set({ createdAt: at }).where(eq(notifications.id, id!));
  return id!;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUp(ctx, { role: 'admin' });
  alice = await signUp(ctx, { name: 'Alice Client' });
  bob = await signUp(ctx, { name: 'Bob Client' });
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /notifications/', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    ids.old = await notify(alice, 'Old', new Date('2030-01-01T00:00:00Z'), 'success', '#tasks');
    ids.mid = await notify(alice, 'Mid', new Date('2030-01-02T00:00:00Z'), 'warning', '#billing');
    ids.new = await notify(alice, 'New', new Date('2030-01-03T00:00:00Z'), 'error');
    ids.bobs = await notify(bob, 'Bob only', new Date('2030-01-04T00:00:00Z'));
  });

  it('lists only the caller’s own, newest first, with the unread count and the full shape', async () => {
    const res = await ctx.request().get('/api/notifications/').set(alice.auth);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.unread_count).toBe(3);
    expect(res.body.results.map((n: TNotification) => n.title)).toEqual(['New', 'Mid', 'Old']);
    expect(res.body.results[1]).toEqual({
      id: ids.mid,
      title: 'Mid',
      message: 'Mid message',
      type: 'warning',
      notification_type: 'warning',
      read: false,
      created_at: '2030-01-02T00:00:00.000Z',
      timestamp: '2030-01-02T00:00:00.000Z',
      link: '#billing',
    });
    expect(res.body.results[2].link).toBe('#tasks');
    expect(res.body.results[0].link).toBeNull();
  });

  it('paginates', async () => {
    const p1 = await ctx.request().get('/api/notifications/?page_size=2').set(alice.auth);
    expect(p1.body.results.map((n: TNotification) => n.title)).toEqual(['New', 'Mid']);
    expect(p1.body.next).toContain('page=2');
    expect(p1.body.previous).toBeNull();
    const p2 = await ctx.request().get('/api/notifications/?page_size=2&page=2').set(alice.auth);
    expect(p2.body.results.map((n: TNotification) => n.title)).toEqual(['Old']);
    expect(p2.body.next).toBeNull();
    expect(p2.body.unread_count).toBe(3);
  });

  it('filters on unread / read; unread_count stays the total unread', async () => {
    await ctx.request().post(`/api/notifications/${ids.mid}/mark_read/`).set(alice.auth);
    const unread = await ctx.request().get('/api/notifications/?unread=true').set(alice.auth);
    expect(unread.body.results.map((n: TNotification) => n.title)).toEqual(['New', 'Old']);
    expect(unread.body.count).toBe(2);
    expect(unread.body.unread_count).toBe(2);
    const read = await ctx.request().get('/api/notifications/?unread=false').set(alice.auth);
    expect(read.body.results.map((n: TNotification) => n.title)).toEqual(['Mid']);
    expect(read.body.unread_count).toBe(2);
    expect((await ctx.request().get('/api/notifications/?unread=perhaps').set(alice.auth)).status).toBe(400);
  });

  it('needs a token', async () => {
    expect((await ctx.request().get('/api/notifications/')).status).toBe(401);
  });
});

describe('mark_read, mark_all_read, delete, clear', () => {
  it('mark_read returns the notification read; idempotent; another user’s id is a 404', async () => {
    const id = await notify(alice, 'Read me', new Date('2031-01-01T00:00:00Z'));
    const res = await ctx.request().post(`/api/notifications/${id}/mark_read/`).set(alice.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, title: 'Read me', read: true });
    expect((await ctx.request().post(`/api/notifications/${id}/mark_read/`).set(alice.auth)).body.read).toBe(true);

    const foreign = await ctx.request().post(`/api/notifications/${id}/mark_read/`).set(bob.auth);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: 'Notification not found.', code: 'not_found' });
    expect((await ctx.request().post('/api/notifications/999999/mark_read/').set(alice.auth)).status).toBe(404);
    expect((await ctx.request().post('/api/notifications/abc/mark_read/').set(alice.auth)).status).toBe(400);
  });

  it('mark_all_read marks only the caller’s unread ones and says how many', async () => {
    const bobUnread = (await ctx.request().get('/api/notifications/').set(bob.auth)).body.unread_count;
    await notify(alice, 'A1', new Date());
    await notify(alice, 'A2', new Date());
    const before = (await ctx.request().get('/api/notifications/').set(alice.auth)).body.unread_count;
    expect(before).toBeGreaterThanOrEqual(2);
    const res = await ctx.request().post('/api/notifications/mark_all_read/').set(alice.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: before });
    expect((await ctx.request().get('/api/notifications/').set(alice.auth)).body.unread_count).toBe(0);
    expect((await ctx.request().post('/api/notifications/mark_all_read/').set(alice.auth)).body).toEqual({ updated: 0 });
    expect((await ctx.request().get('/api/notifications/').set(bob.auth)).body.unread_count).toBe(bobUnread);
  });

  it('DELETE removes one (204); another user’s or a missing one is a 404', async () => {
    const id = await notify(alice, 'Delete me', new Date());
    expect((await ctx.request().delete(`/api/notifications/${id}/`).set(bob.auth)).status).toBe(404);
    const res = await ctx.request().delete(`/api/notifications/${id}/`).set(alice.auth);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await ctx.request().delete(`/api/notifications/${id}/`).set(alice.auth)).status).toBe(404);
    const list = await ctx.request().get('/api/notifications/?page_size=200').set(alice.auth);
    expect(list.body.results.map((n: TNotification) => n.id)).not.toContain(id);
  });

  it('clear deletes all of the caller’s and only those', async () => {
    const bobCount = (await ctx.request().get('/api/notifications/').set(bob.auth)).body.count;
    expect(bobCount).toBeGreaterThan(0);
    const aliceCount = (await ctx.request().get('/api/notifications/').set(alice.auth)).body.count;
    const res = await ctx.request().post('/api/notifications/clear/').set(alice.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: aliceCount });
    const after = await ctx.request().get('/api/notifications/').set(alice.auth);
    expect(after.body).toMatchObject({ count: 0, unread_count: 0, results: [] });
    expect((await ctx.request().get('/api/notifications/').set(bob.auth)).body.count).toBe(bobCount);
    expect((await ctx.request().post('/api/notifications/clear/').set(alice.auth)).body).toEqual({ deleted: 0 });
  });

  it('admins have their own notifications too', async () => {
    await notify(admin, 'For staff', new Date());
    const res = await ctx.request().get('/api/notifications/').set(admin.auth);
    expect(res.body.results.map((n: TNotification) => n.title)).toEqual(['For staff']);
  });
});

describe('notification preferences', () => {
  it('GET gives the defaults until saved', async () => {
    const res = await ctx.request().get('/api/notifications/preferences/').set(bob.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      email_invoices: true,
      email_new_clients: true,
      email_system_alerts: true,
      weekly_reports: true,
      push_notifications: false,
      app_messages: true,
      email_messages: true,
      app_content: true,
      email_content: true,
      app_billing: true,
      email_billing: true,
      app_reports: true,
      email_reports: true,
    });
    expect(res.body).toEqual(NOTIFICATION_PREFERENCE_DEFAULTS);
  });

  it('PUT saves (and updates) per user; omitted toggles keep their saved value', async () => {
    const first = await ctx
      .request()
      .put('/api/notifications/preferences/')
      .set(bob.auth)
      .send({ email_invoices: false, push_notifications: true, weekly_reports: false });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      ...NOTIFICATION_PREFERENCE_DEFAULTS,
      email_invoices: false,
      email_new_clients: true,
      email_system_alerts: true,
      weekly_reports: false,
      push_notifications: true,
      // A client user's invoice e-mails are one setting, under either name.
      email_billing: false,
    });
    expect((await ctx.request().get('/api/notifications/preferences/').set(bob.auth)).body).toEqual(first.body);

    const second = await ctx.request().put('/api/notifications/preferences/').set(bob.auth).send({ email_system_alerts: false });
    expect(second.body).toEqual({ ...first.body, email_system_alerts: false });
    expect((await ctx.request().get('/api/notifications/preferences/').set(bob.auth)).body).toEqual(second.body);
    // other users are untouched
    expect((await ctx.request().get('/api/notifications/preferences/').set(alice.auth)).body).toEqual(NOTIFICATION_PREFERENCE_DEFAULTS);
  });

  it.each([
    [{ email_invoices: 'yes' }, 'email_invoices'],
    [{ push_notifications: 1 }, 'push_notifications'],
    [{ weekly_reports: null }, 'weekly_reports'],
  ])('refuses a non-boolean toggle (%j) with a 400', async (body, field) => {
    const res = await ctx.request().put('/api/notifications/preferences/').set(alice.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(res.body.errors[field]).toEqual(expect.any(Array));
  });
});

describe('demo notifications', () => {
  it('each open a section their reader has (an admin\'s overdue invoice opens #invoices, not #billing)', async () => {
    const demo = await createTestContext();
    onTestFinished(() => demo.close());
    await seedDemoData(demo.deps.db);
    const rows = await demo.deps.db
      .select({ title: notifications.title, link: notifications.link, role: users.role })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId));
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      // A link is a section, or a view of one ('?c=12#messages': the conversation).
      const [view = '', section = ''] = /^(\?[a-z]+=[\w-]+)?#([\w-]+)$/.exec(row.link ?? '')?.slice(1) ?? [];
      expect(row.link, `${row.role}: ${row.title}`).toBe(`${view}#${sectionForRole(row.role, section)}`);
      expect(section, `${row.role}: ${row.title}`).not.toBe('overview');
    }
    expect(rows.filter((r) => r.title === 'Invoice overdue').map((r) => r.link)).toContain('#invoices');
  });

  it('tell of what the demo holds, when it happened: the newest client message, the real overdue count', async () => {
    const demo = await createTestContext();
    onTestFinished(() => demo.close());
    await seedDemoData(demo.deps.db);
    const notes = await demo.deps.db
      .select({ title: notifications.title, message: notifications.message, at: notifications.createdAt, role: users.role })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId));
    const [newest] = await demo.deps.db
      .select({ first: users.firstName, last: users.lastName, at: messages.createdAt })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(eq(users.role, 'client'))
      .orderBy(desc(messages.createdAt))
      .limit(1);
    const told = notes.find((n) => n.role === 'admin' && n.title === 'New message')!;
    expect(told.message.startsWith(`${newest!.first} ${newest!.last}: `)).toBe(true);
    expect(told.at.getTime()).toBe(newest!.at.getTime());
    const overdue = notes.find((n) => n.title === 'Invoice overdue')!;
    const count = Number(/has (\d+) overdue invoices/.exec(overdue.message)?.[1] ?? (overdue.message.includes('an overdue invoice') ? 1 : 0));
    const { token } = (await demo.request().post('/api/auth/login/').send({ email: 'admin@demo.agency', password: 'DemoAdmin123' })).body;
    const flagged = await demo.request().get('/api/invoices/overdue/?limit=100').set('Authorization', `Token ${token}`);
    const perClient = new Map<number, number>();
    for (const inv of flagged.body.results as { client: number }[]) perClient.set(inv.client, (perClient.get(inv.client) ?? 0) + 1);
    expect([...perClient.values()]).toContain(count);
  });
});
