import { initContract } from '@ts-rest/core';
import { createExpressEndpoints, initServer } from '@ts-rest/express';
import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { access, errorResponses } from '@agency/contract';
import { errorMiddleware } from '../src/http/error-middleware';
import { routeGuard } from '../src/http/guard';
import { notImplemented } from '../src/http/not-implemented';
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
});

describe('routes not built yet', () => {
  it('answer 501 {detail, code} through the one shared mechanism, after the role check', async () => {
    const c = initContract();
    const tiny = c.router({
      later: {
        method: 'GET',
        path: '/api/later/',
        summary: 'A route whose implementation has not landed',
        responses: { 200: z.object({ ok: z.boolean() }), ...errorResponses },
        metadata: access.admin,
      },
    });
    const app = express();
    createExpressEndpoints(tiny, initServer().router(tiny, { later: notImplemented }), app, {
      globalMiddleware: [routeGuard(ctx.deps)],
    });
    app.use(errorMiddleware);
    expect((await supertest(app).get('/api/later/')).status).toBe(401);
    const res = await supertest(app).get('/api/later/').set(admin.auth);
    expect(res.status).toBe(501);
    expect(res.body).toEqual({ detail: 'Not implemented', code: 'not_implemented' });
  });

  it('a contract route without a handler does not compile (the typecheck runs this file)', () => {
    const c = initContract();
    const tiny = c.router({
      orphan: { method: 'GET', path: '/api/orphan/', responses: { 200: z.object({}) }, metadata: access.public },
    });
    // @ts-expect-error the router must implement `orphan`
    const router = initServer().router(tiny, {});
    expect(router).toEqual({});
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
