/**
 * What the API does at its edge with input Postgres cannot take, with addresses no server should parse, and
 * when the database itself is gone: a clear 4xx or 503, never a 500 or a reset connection, and nothing the
 * caller sent in the log.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createDeps } from '../src/deps';
import { safeErrorSerializer } from '../src/logger';
import { createTestContext, TEST_ADMIN_CODE, type TestContext } from './support/test-app';
import { createClientViaApi, signUp, uniqueEmail, type Session } from './support/factories';
import { startLiveServer, type LiveServer } from './support/live-server';

let ctx: TestContext;
let admin: Session;
let client: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUp(ctx, { role: 'admin' });
  client = await signUp(ctx, { role: 'client' });
});
afterAll(async () => {
  await ctx.close();
});

const NUL_DETAIL = /Must not contain NUL characters/;

describe('a NUL character is refused with a 400 naming the field', () => {
  it('in an anonymous login and a registration', async () => {
    const login = await ctx.request().post('/api/auth/login/').send({ email: 'a\u0000@example.test', password: 'x' });
    expect(login.status).toBe(400);
    expect(login.body).toMatchObject({ code: 'validation_error', errors: { email: [expect.stringMatching(NUL_DETAIL)] } });

    const register = await ctx
      .request()
      .post('/api/auth/register/')
      .send({ email: uniqueEmail(), password: 'Passw0rd!long', name: 'Nul\u0000l', role: 'client' });
    expect(register.status).toBe(400);
    expect(register.body.errors).toEqual({ name: [expect.stringMatching(NUL_DETAIL)] });
  });

  it('deep in a body, in a query parameter and in the path', async () => {
    const bulk = await ctx.request().post('/api/tasks/bulk-update/').set(admin.auth).send({ task_ids: [1], status: 'x\u0000' });
    expect(bulk.status).toBe(400);
    expect(Object.keys(bulk.body.errors)).toEqual(['status']);

    const search = await ctx.request().get('/api/clients/?search=a%00b').set(admin.auth);
    expect(search.status).toBe(400);
    expect(search.body.errors).toEqual({ search: [expect.stringMatching(NUL_DETAIL)] });

    const path = await ctx.request().get('/api/clients/%00/').set(admin.auth);
    expect(path.status).toBe(400);
    expect(path.body.code).toBe('validation_error');
  });

  it('in an object key of a JSON body', async () => {
    const res = await ctx.request().patch('/api/auth/me/').set(client.auth).send({ 'company\u0000': 'x' });
    expect(res.status).toBe(400);
  });

  it('in a multipart text field and in an uploaded file name', async () => {
    const field = await ctx
      .request()
      .post('/api/files/')
      .set(client.auth)
      .field('name', 'notes\u0000.txt')
      .attach('file', Buffer.from('hello'), 'notes.txt');
    expect(field.status).toBe(400);
    expect(field.body.errors).toEqual({ name: [expect.stringMatching(NUL_DETAIL)] });

    const fileName = await ctx.request().post('/api/files/').set(client.auth).attach('file', Buffer.from('hello'), 'a\u0000.txt');
    // The multipart parser itself refuses a NUL in a part's header.
    expect(fileName.status).toBe(400);
    expect(fileName.body.code).toBe('bad_request');
  });

  it('a body nested deeper than any route takes is refused, however deep', async () => {
    const res = await ctx
      .request()
      .post('/api/auth/login/')
      .set('Content-Type', 'application/json')
      .send(`${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'The body is nested too deeply (at most 32 levels).', code: 'bad_request' });
  });

  it('and the same input without the NUL goes through', async () => {
    const made = await createClientViaApi(ctx, admin, { name: 'Plain Name' });
    const res = await ctx.request().get(`/api/clients/?search=${encodeURIComponent('Plain')}`).set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.results.map((c: { id: number }) => c.id)).toContain(made.id);
  });
});

describe('long addresses', () => {
  let live: LiveServer;
  beforeAll(async () => {
    live = await startLiveServer(ctx.deps);
  });
  afterAll(async () => {
    await live.close();
  });

  it('an address over 8 kB answers 414 with a JSON detail', async () => {
    const res = await fetch(`${live.url}/api/clients/?search=${'a'.repeat(9000)}`, { headers: admin.auth });
    expect(res.status).toBe(414);
    expect(await res.json()).toEqual({ detail: 'The address is too long (at most 8192 characters).', code: 'uri_too_long' });
  });

  it('an address past the header limit answers 431 instead of resetting the connection', async () => {
    for (const length of [20_000, 500_000]) {
      const res = await fetch(`${live.url}/api/clients/?search=${'a'.repeat(length)}`);
      expect(res.status).toBe(431);
    }
  });

  it('a page address over 8 kB answers 414 too', async () => {
    const res = await fetch(`${live.url}/pricing?${'q'.repeat(9000)}`);
    expect(res.status).toBe(414);
  });
});

/** A logger that keeps every line, with the production error serializer. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: pino({ level: 'info', serializers: { err: safeErrorSerializer } }, stream), text: () => lines.join('') };
}

describe('when the database is unreachable', () => {
  const config = loadConfig({ NODE_ENV: 'test', BCRYPT_ROUNDS: '4', ADMIN_SIGNUP_CODE: TEST_ADMIN_CODE, DEMO_DATA: 'off' });

  it('a Postgres that refuses connections: 503, Retry-After and a clear message, on public and signed-in routes', async () => {
    // Port 9 (discard) on loopback: nothing listens there, the connection is refused at once.
    const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:9/gone' });
    const log = capturingLogger();
    const deps = createDeps({ config, database, logger: log.logger });
    const app = createApp(deps);
    try {
      const login = await supertest(app).post('/api/auth/login/').send({ email: 'owner@example.test', password: 'Secret-pass1' });
      expect(login.status).toBe(503);
      expect(login.headers['retry-after']).toBe('5');
      expect(login.body).toEqual({
        detail: 'The service is temporarily unavailable. Please try again in a few seconds.',
        code: 'service_unavailable',
      });
      const list = await supertest(app).get('/api/clients/').set(admin.auth);
      expect(list.status).toBe(503);
      expect(log.text()).not.toContain('owner@example.test');
    } finally {
      await database.close();
    }
  });

  it('an embedded database that was closed: 503 as well', async () => {
    const database = await openDatabase({});
    const deps = createDeps({ config, database, logger: pino({ level: 'silent' }) });
    await database.close();
    const res = await supertest(createApp(deps)).get('/api/clients/').set(admin.auth);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
  });
});

describe('the error log', () => {
  it('names a failed query by its Postgres code and constraint, never by the values it carried', async () => {
    const log = capturingLogger();
    const deps = { ...ctx.deps, logger: log.logger };
    const app = createApp(deps);
    // A failure nothing maps: every insert into users raises an error that quotes the row (as some constraints' details do).
    await ctx.deps.db.execute(
      sql.raw(`create or replace function refuse_user() returns trigger language plpgsql as $$
       begin raise exception 'refused %', new.email using errcode = 'XX001'; end $$`),
    );
    await ctx.deps.db.execute(sql.raw('create trigger refuse_user before insert on users for each row execute function refuse_user()'));
    try {
      const email = uniqueEmail('logged');
      const res = await supertest(app).post('/api/auth/register/').send({ email, password: 'Passw0rd!long', name: 'Logged', role: 'client' });
      expect(res.status).toBe(500);
      const text = log.text();
      expect(text).toContain('"code":"XX001"');
      expect(text).not.toContain(email);
      expect(text).not.toMatch(/\$2[aby]\$/);
      expect(text).not.toContain('params');
    } finally {
      await ctx.deps.db.execute(sql.raw('drop trigger refuse_user on users'));
    }
  });
});
