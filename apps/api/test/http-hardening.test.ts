import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import type { AppDeps } from '../src/deps';
import { signUp, uniqueEmail } from './support/factories';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const withConfig = (overrides: Partial<AppDeps['config']>): AppDeps => ({ ...ctx.deps, config: { ...ctx.deps.config, ...overrides } });

describe('caching', () => {
  it('answers every API request with Cache-Control: no-store, errors included', async () => {
    const s = await signUp(ctx);
    const answers = [
      await ctx.request().get('/api/auth/me/').set(s.auth),
      await ctx.request().get('/api/auth/me/'),
      await ctx.request().post('/api/auth/login/').send({ email: s.user.email, password: s.password }),
      await ctx.request().get('/api/health/'),
      await ctx.request().get('/api/no-such-route/'),
      await ctx.request().post('/api/auth/login/').set('Content-Type', 'application/json').send('{"email":'),
    ];
    for (const res of answers) expect(res.headers['cache-control'], `${res.status} ${res.request.url}`).toBe('no-store');
  });
});

describe('https-only headers', () => {
  it('sends no HSTS and no upgrade-insecure-requests when the product is served over plain http', async () => {
    for (const PUBLIC_URL of [undefined, 'http://portal.example.test']) {
      const res = await supertest(createApp(withConfig({ PUBLIC_URL }))).get('/api/health/');
      expect(res.headers['strict-transport-security'], PUBLIC_URL).toBeUndefined();
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(res.headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
    }
  });

  it('sends both when PUBLIC_URL is https', async () => {
    const res = await supertest(createApp(withConfig({ PUBLIC_URL: 'https://portal.example.test' }))).get('/api/health/');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});

describe('client IP behind a proxy (TRUST_PROXY)', () => {
  const limits = { windowMs: 60_000, perIp: 2, perEmail: 100 };
  const failedLogin = (app: supertest.Agent, forwardedFor: string) =>
    app.post('/api/auth/login/').set('X-Forwarded-For', forwardedFor).send({ email: uniqueEmail('nobody'), password: 'Wrong-pass-1' });

  it('unset: a made-up X-Forwarded-For does not change the rate-limit key', async () => {
    const app = supertest.agent(createApp(withConfig({ TRUST_PROXY: false }), { loginLimits: limits }));
    expect((await failedLogin(app, '192.0.2.1')).status).toBe(400);
    expect((await failedLogin(app, '192.0.2.2')).status).toBe(400);
    const third = await failedLogin(app, '192.0.2.3');
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('rate_limited');
  });

  it('loopback: the proxy on loopback names the client, so each forwarded address counts on its own', async () => {
    const app = supertest.agent(createApp(withConfig({ TRUST_PROXY: 'loopback' }), { loginLimits: limits }));
    expect((await failedLogin(app, '198.51.100.1')).status).toBe(400);
    expect((await failedLogin(app, '198.51.100.1')).status).toBe(400);
    expect((await failedLogin(app, '198.51.100.1')).status).toBe(429);
    expect((await failedLogin(app, '198.51.100.2')).status).toBe(400);
  });
});
