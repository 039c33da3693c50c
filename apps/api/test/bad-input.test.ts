import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/test-app';
import { signUp, uniqueEmail, type Session } from './support/factories';

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUp(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx.close();
});

describe('bad input gets a clear 4xx with a detail, never a 500', () => {
  it('malformed JSON', async () => {
    const res = await ctx
      .request()
      .post('/api/auth/login/')
      .set('Content-Type', 'application/json')
      .send('{"email": "a@b.c", "password": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Malformed JSON in request body.', code: 'malformed_json' });
  });

  it('an oversized body', async () => {
    const res = await ctx
      .request()
      .post('/api/auth/register/')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'big@example.test', password: 'x'.repeat(2_000_000), name: 'Big' }));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
  });

  it('missing fields', async () => {
    const res = await ctx.request().post('/api/auth/register/').send({});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(res.body.detail).toEqual(expect.any(String));
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['email', 'password', 'name']));
  });

  it('wrong-typed fields', async () => {
    const res = await ctx.request().post('/api/auth/login/').send({ email: 42, password: ['x'] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
  });

  it('an unknown role value', async () => {
    const res = await ctx
      .request()
      .post('/api/auth/register/')
      .send({ email: uniqueEmail(), password: 'Passw0rd!long', name: 'X', role: 'superuser' });
    expect(res.status).toBe(400);
    expect(res.body.errors.role).toBeDefined();
  });

  it('a non-numeric id', async () => {
    const res = await ctx.request().get('/api/clients/abc/').set(admin.auth);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(res.body.errors.id).toBeDefined();
  });

  it('a negative or zero id', async () => {
    expect((await ctx.request().get('/api/clients/-4/').set(admin.auth)).status).toBe(400);
    expect((await ctx.request().get('/api/clients/0/').set(admin.auth)).status).toBe(400);
  });

  it('an out-of-range page size', async () => {
    const res = await ctx.request().get('/api/clients/?page_size=100000').set(admin.auth);
    expect(res.status).toBe(400);
    expect(res.body.errors.page_size).toBeDefined();
  });

  it('SQL-looking strings are data, not SQL', async () => {
    const login = await ctx.request().post('/api/auth/login/').send({ email: "' OR 1=1 --", password: "' OR '1'='1" });
    expect(login.status).toBe(400);
    const name = "Robert'); DROP TABLE users;--";
    const s = await signUp(ctx, { name, company: "x' OR 'a'='a" });
    expect(s.user.name).toBe(name);
    const me = await ctx.request().get('/api/auth/me/').set(s.auth);
    expect(me.status).toBe(200);
    expect(me.body.company).toBe("x' OR 'a'='a");
  });

  it('an unknown /api path answers JSON 404', async () => {
    const res = await ctx.request().get('/api/no-such-thing/');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('a route not built yet answers 501 through the shared mechanism', async () => {
    const res = await ctx.request().post('/api/auth/ws-ticket/').set(admin.auth);
    expect(res.status).toBe(501);
    expect(res.body).toEqual({ detail: 'Not implemented', code: 'not_implemented' });
  });
});

describe('responses carry a request id and no internals', () => {
  it('sets X-Request-Id and hides the framework', async () => {
    const res = await ctx.request().get('/api/health/');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
