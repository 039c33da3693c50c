import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, leads, messages, tasks } from '../src/db/schema';
import { pruneExpiredRows } from '../src/jobs/prune';
import { createTestContext, type TestContext } from './support/test-app';
import { signUp, type Session } from './support/factories';

/**
 * Idempotency-Key on the create routes: a client that retries after a lost reply gets the first answer back and
 * nothing is created twice; a reused key with another body, a concurrent duplicate and a bad key are refused.
 */

let ctx: TestContext;
let admin: Session;
let clientA: Session;
let clientB: Session;
/** The services' clock, moved forward to let keys expire. */
let clockOffsetMs = 0;

const DAY = 86_400_000;
let counter = 0;
const newKey = () => `key-${Date.now()}-${(counter += 1)}`;

function taskBody(title: string) {
  return {
    title,
    description: 'Idempotency check',
    client: clientA.user.client_id,
    assigned_to: 'Sam Planner',
    due_date: new Date(Date.now() + 3 * DAY).toISOString(),
  };
}

async function countTasks(title: string): Promise<number> {
  const [row] = await ctx.deps.db.select({ n: sql<number>`count(*)::int` }).from(tasks).where(eq(tasks.title, title));
  return row!.n;
}

async function countMessages(content: string): Promise<number> {
  const [row] = await ctx.deps.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.content, content));
  return row!.n;
}

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => new Date(Date.now() + clockOffsetMs) });
  admin = await signUp(ctx, { role: 'admin' });
  clientA = await signUp(ctx, { name: 'Acme Bakery' });
  clientB = await signUp(ctx, { name: 'Blue Fitness' });
});

afterAll(async () => {
  await ctx.close();
});

describe('Idempotency-Key on create routes', () => {
  it('a retry after a lost reply replays the first answer and creates nothing new', async () => {
    const key = newKey();
    const body = taskBody('Lost reply task');
    const first = await ctx.request().post('/api/tasks/').set(admin.auth).set('Idempotency-Key', key).send(body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    // The client never saw that answer and sends the same request again (twice).
    for (let i = 0; i < 2; i++) {
      const retry = await ctx.request().post('/api/tasks/').set(admin.auth).set('Idempotency-Key', key).send(body);
      expect(retry.status).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toEqual(first.body);
    }
    expect(await countTasks('Lost reply task')).toBe(1);

    // Without a key every request creates (the header is what makes a retry safe).
    await ctx.request().post('/api/tasks/').set(admin.auth).send(body).expect(201);
    expect(await countTasks('Lost reply task')).toBe(2);
  });

  it('the same body with its fields in another order is the same request', async () => {
    const key = newKey();
    const body = taskBody('Reordered task');
    await ctx.request().post('/api/tasks/').set(admin.auth).set('Idempotency-Key', key).send(body).expect(201);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const retry = await ctx.request().post('/api/tasks/').set(admin.auth).set('Idempotency-Key', key).send(reordered);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await countTasks('Reordered task')).toBe(1);
  });

  it('the same key with a different body is refused with a clear 409', async () => {
    const key = newKey();
    await ctx.request().post('/api/tasks/').set(admin.auth).set('Idempotency-Key', key).send(taskBody('Original task')).expect(201);
    const other = await ctx.request().post('/api/tasks/').set(admin.auth).set('Idempotency-Key', key).send(taskBody('Changed task'));
    expect(other.status).toBe(409);
    expect(other.body).toEqual({
      code: 'idempotency_key_reused',
      detail: 'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    });
    expect(await countTasks('Changed task')).toBe(0);
  });

  it('concurrent requests with the same key create one row; the others replay or are told it is in progress', async () => {
    const key = newKey();
    const body = taskBody('Concurrent task');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => ctx.request().post('/api/tasks/').set(admin.auth).set('Idempotency-Key', key).send(body)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 409), statuses.join(',')).toBe(true);
    const fresh = answers.filter((a) => a.status === 201 && a.headers['idempotent-replayed'] === undefined);
    expect(fresh).toHaveLength(1);
    for (const busy of answers.filter((a) => a.status === 409)) {
      expect(busy.body.code).toBe('idempotency_key_in_use');
      expect(busy.body.detail).toBe('A request with this Idempotency-Key is still in progress. Retry after it has finished.');
      expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    }
    for (const replay of answers.filter((a) => a.headers['idempotent-replayed'] === 'true')) expect(replay.body).toEqual(fresh[0]!.body);
    expect(await countTasks('Concurrent task')).toBe(1);
  });

  it('keys are per user: two clients using the same key each get their own message', async () => {
    const key = 'shared-key-between-users';
    const a = await ctx.request().post('/api/messages/send-to-admin/').set(clientA.auth).set('Idempotency-Key', key).send({ content: 'Hello from A' });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    const b = await ctx.request().post('/api/messages/send-to-admin/').set(clientB.auth).set('Idempotency-Key', key).send({ content: 'Hello from B' });
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.body.content).toBe('Hello from B');
    // B sending A's exact body with the key still does not see A's message.
    const b2 = await ctx.request().post('/api/messages/send-to-admin/').set(clientB.auth).set('Idempotency-Key', 'another-shared-key').send({ content: 'Hello from A' });
    expect(b2.status).toBe(201);
    expect(b2.body.id).not.toBe(a.body.id);
    expect(await countMessages('Hello from A')).toBe(2);
    expect(await countMessages('Hello from B')).toBe(1);
  });

  it('keys are per route: the same key on another create route is a new request', async () => {
    const key = newKey();
    await ctx.request().post('/api/messages/send-to-admin/').set(clientA.auth).set('Idempotency-Key', key).send({ content: 'Route one' }).expect(201);
    const content = await ctx
      .request()
      .post('/api/content/')
      .set(clientA.auth)
      .set('Idempotency-Key', key)
      .send({ content: 'Route two', platform: 'instagram', scheduled_date: new Date(Date.now() + DAY).toISOString() });
    expect(content.status, JSON.stringify(content.body)).toBe(201);
    expect(content.headers['idempotent-replayed']).toBeUndefined();
  });

  it('an anonymous create (the contact form) is keyed by the caller IP', async () => {
    const key = newKey();
    const body = { name: 'Pat Visitor', email: 'pat.visitor@example.test', subject: 'Pricing', message: 'Idempotent hello' };
    const first = await ctx.request().post('/api/contact/').set('Idempotency-Key', key).send(body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const retry = await ctx.request().post('/api/contact/').set('Idempotency-Key', key).send(body);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const [row] = await ctx.deps.db.select({ n: sql<number>`count(*)::int` }).from(leads).where(eq(leads.message, 'Idempotent hello'));
    expect(row!.n).toBe(1);
  });

  it('a client error is kept and replayed too; the same key cannot then create with that body', async () => {
    const key = newKey();
    const bad = { ...taskBody(''), title: '' };
    const first = await ctx.request().post('/api/tasks/').set(admin.auth).set('Idempotency-Key', key).send(bad);
    expect(first.status).toBe(400);
    const retry = await ctx.request().post('/api/tasks/').set(admin.auth).set('Idempotency-Key', key).send(bad);
    expect(retry.status).toBe(400);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
  });

  it('a malformed key is a 400 that says what a key must be', async () => {
    const expected = {
      code: 'bad_request',
      detail: 'Idempotency-Key must be 1 to 255 printable ASCII characters (for example a UUID).',
      errors: { 'Idempotency-Key': ['1 to 255 printable ASCII characters'] },
    };
    for (const key of ['x'.repeat(256), 'caf\u00e9-key', 'tab\there']) {
      const res = await ctx.request().post('/api/tasks/').set(admin.auth).set('Idempotency-Key', key).send(taskBody('Bad key task'));
      expect(res.status, key).toBe(400);
      expect(res.body).toEqual(expected);
    }
    expect(await countTasks('Bad key task')).toBe(0);
    // 255 characters is fine.
    await ctx.request().post('/api/tasks/').set(admin.auth).set('Idempotency-Key', 'k'.repeat(255)).send(taskBody('Long key task')).expect(201);
  });

  it('a key is kept 24 hours: after that the same key creates again, and the prune job removes it', async () => {
    const key = newKey();
    const body = taskBody('Expiring task');
    await ctx.request().post('/api/tasks/').set(admin.auth).set('Idempotency-Key', key).send(body).expect(201);
    clockOffsetMs = 23 * 3_600_000;
    const within = await ctx.request().post('/api/tasks/').set(admin.auth).set('Idempotency-Key', key).send(body);
    expect(within.headers['idempotent-replayed']).toBe('true');
    expect(await countTasks('Expiring task')).toBe(1);

    clockOffsetMs = 24 * 3_600_000 + 60_000;
    const pruned = await pruneExpiredRows(ctx.deps);
    expect(pruned.idempotency_keys).toBeGreaterThanOrEqual(1);
    const after = await ctx.request().post('/api/tasks/').set(admin.auth).set('Idempotency-Key', key).send(body);
    expect(after.status).toBe(201);
    expect(after.headers['idempotent-replayed']).toBeUndefined();
    expect(await countTasks('Expiring task')).toBe(2);
    clockOffsetMs = 0;
  });

  it('after a crash: a key whose create committed is never run again; one that changed nothing is taken over', async () => {
    const scope = `user:${admin.user.id}`;
    const route = 'POST /api/tasks/';
    const body = taskBody('Crashed task');
    // What a kill -9 leaves: the first request claimed its key; its lease ran out, no answer was stored.
    const committedKey = newKey();
    await ctx.request().post('/api/tasks/').set(admin.auth).set('Idempotency-Key', committedKey).send(body).expect(201);
    await ctx.deps.db
      .update(idempotencyKeys)
      .set({ status: null, responseBody: null, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, committedKey));
    const lost = await ctx.request().post('/api/tasks/').set(admin.auth).set('Idempotency-Key', committedKey).send(body);
    expect(lost.status).toBe(409);
    expect(lost.body.code).toBe('idempotency_answer_lost');
    expect(await countTasks('Crashed task')).toBe(1);

    // Claimed, never committed, lease over: the retry runs it.
    const staleKey = newKey();
    const [row] = await ctx.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, committedKey));
    await ctx.deps.db.insert(idempotencyKeys).values({ ...row!, key: staleKey, committedAt: null, scope, route });
    const taken = await ctx.request().post('/api/tasks/').set(admin.auth).set('Idempotency-Key', staleKey).send(body);
    expect(taken.status).toBe(201);
    expect(await countTasks('Crashed task')).toBe(2);

    // Claimed and still within its lease (the first request may still be running): in progress.
    const busyKey = newKey();
    await ctx.deps.db.insert(idempotencyKeys).values({ ...row!, key: busyKey, committedAt: null, lockedUntil: new Date(Date.now() + 30_000) });
    const busy = await ctx.request().post('/api/tasks/').set(admin.auth).set('Idempotency-Key', busyKey).send(body);
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe('idempotency_key_in_use');
  });

  it('the header is ignored on routes that create nothing', async () => {
    const res = await ctx.request().get('/api/tasks/').set(admin.auth).set('Idempotency-Key', 'x'.repeat(300));
    expect(res.status).toBe(200);
  });

  it('the OpenAPI document shows the header on the create routes only', async () => {
    const doc = (await ctx.request().get('/api/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const hasHeader = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.parameters ?? []).some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    expect(hasHeader('/api/tasks/', 'post')).toBe(true);
    expect(hasHeader('/api/orders/', 'post')).toBe(true);
    expect(hasHeader('/api/files/', 'post')).toBe(true);
    expect(hasHeader('/api/tasks/', 'get')).toBe(false);
    expect(hasHeader('/api/auth/login/', 'post')).toBe(false);
  });
});
