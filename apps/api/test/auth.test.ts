import { performance } from 'node:perf_hooks';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import supertest from 'supertest';
import { EMAIL_CHANGE_ELSEWHERE, PASSWORD_TOO_LONG } from '@agency/contract';
import { createApp } from '../src/app';
import { visitor } from '../src/core/actor';
import { loginDelayMs } from '../src/http/rate-limit';
import * as service from '../src/modules/auth/auth.service';
import { PASSWORD_CHANGE_FAILURES_PER_USER } from '../src/modules/auth/auth.router';
import { login } from '../src/modules/auth/sign-in';
import { createSignUpClient } from '../src/modules/clients/clients.service';
import { createTestContext, TEST_ADMIN_CODE, type TestContext } from './support/test-app';
import { signUp, uniqueEmail } from './support/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('registration', () => {
  it('lets the first admin of an empty database register without an invite code', async () => {
    const res = await ctx
      .request()
      .post('/api/auth/register/')
      .send({ email: uniqueEmail('first'), password: 'Amber-kettle-lantern-91', name: 'First Admin', role: 'admin' });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('admin');
    expect(res.body.user.client_id).toBeNull();
  });

  it('refuses a second admin without the invite code, with a clear 403', async () => {
    const res = await ctx
      .request()
      .post('/api/auth/register/')
      .send({ email: uniqueEmail('second'), password: 'Cobalt-kettle-lantern-92', name: 'Second Admin', role: 'admin' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'An agency invite code is required to register as an admin.', code: 'permission_denied' });
  });

  it('refuses a wrong invite code and accepts the right one', async () => {
    const base = { password: 'Cobalt-kettle-lantern-92', name: 'Second Admin', role: 'admin' };
    const wrong = await ctx.request().post('/api/auth/register/').send({ ...base, email: uniqueEmail('a'), admin_code: 'nope' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.detail).toBe('The agency invite code is not valid.');
    const right = await ctx
      .request()
      .post('/api/auth/register/')
      .send({ ...base, email: uniqueEmail('a'), admin_code: TEST_ADMIN_CODE });
    expect(right.status).toBe(201);
  });

  it('creates the client record of a client sign-up, linked to the user', async () => {
    const s = await signUp(ctx, { name: 'Jamie Rivera', company: 'Rivera Bakes' });
    expect(s.user.role).toBe('client');
    expect(s.user.first_name).toBe('Jamie');
    expect(s.user.last_name).toBe('Rivera');
    expect(s.user.name).toBe('Jamie Rivera');
    expect(s.user.client_id).toEqual(expect.any(Number));
    const me = await ctx.request().get('/api/auth/me/').set(s.auth);
    expect(me.status).toBe(200);
    expect(me.body.client_id).toBe(s.user.client_id);
    expect(me.body.company).toBe('Rivera Bakes');
  });

  it('answers a duplicate e-mail (any case) with a 400 whose detail contains "already exists"', async () => {
    const email = uniqueEmail('dup');
    await signUp(ctx, { email });
    const res = await ctx
      .request()
      .post('/api/auth/register/')
      .send({ email: email.toUpperCase(), password: 'Passw0rd!long', name: 'Dup', role: 'client' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('already exists');
  });

  it('enforces the minimum password length with the spec message', async () => {
    const res = await ctx
      .request()
      .post('/api/auth/register/')
      .send({ email: uniqueEmail(), password: 'short', name: 'Shorty', role: 'client' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(res.body.errors.password).toContain('Password must be at least 8 characters long');
  });

  it('refuses a password longer than 72 bytes (what bcrypt reads), counted in UTF-8, with a clear message', async () => {
    const register = (password: string) =>
      ctx.request().post('/api/auth/register/').send({ email: uniqueEmail(), password, name: 'Long Pass', role: 'client' });
    for (const password of ['a'.repeat(73), 'é'.repeat(37), '🔑'.repeat(19)]) {
      const res = await register(password);
      expect(res.status, `${password.length} characters`).toBe(400);
      expect(res.body.errors.password).toEqual([PASSWORD_TOO_LONG]);
    }
    expect(PASSWORD_TOO_LONG).toMatch(/at most 72 bytes/);
    // exactly 72 bytes is fine, and signs in
    const password = 'Crème brûlée à Genève, déjà vu: ÉTÉ! quiet lanterns over canals';
    expect(new TextEncoder().encode(password).length).toBe(72);
    const ok = await register(password);
    expect(ok.status).toBe(201);
    expect((await ctx.request().post('/api/auth/login/').send({ email: ok.body.user.email, password })).status).toBe(200);
  });

  it('requires a name, with the spec message', async () => {
    const res = await ctx.request().post('/api/auth/register/').send({ email: uniqueEmail(), password: 'Passw0rd!long' });
    expect(res.status).toBe(400);
    expect(res.body.errors.name).toContain('Name is required for registration');
  });

  it('never stores the password in clear', async () => {
    const s = await signUp(ctx, { password: 'VisiblePass1' });
    const rows = await ctx.deps.database.db.execute<{ password_hash: string }>(
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      (await import('drizzle-orm')).sql`select password_hash from users where id = ${s.user.id}` as any,
    );
    const hash = (rows as unknown as { rows: { password_hash: string }[] }).rows[0]!.password_hash;
    expect(hash).not.toContain('VisiblePass1');
    expect(hash).toMatch(/^\$2[aby]\$/);
  });
});

describe('login and tokens', () => {
  it('signs in with the right password and refuses the wrong one without a 401', async () => {
    const s = await signUp(ctx, { password: 'Right-pass-kettle-42' });
    const ok = await ctx.request().post('/api/auth/login/').send({ email: s.user.email, password: 'Right-pass-kettle-42' });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(ok.body.user.id).toBe(s.user.id);
    const bad = await ctx.request().post('/api/auth/login/').send({ email: s.user.email, password: 'WrongPass123' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Invalid email or password.');
  });

  it('requires email and password with the spec message', async () => {
    const res = await ctx.request().post('/api/auth/login/').send({ email: '' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('Email and password are required');
  });

  it('stores tokens only as a hash', async () => {
    const s = await signUp(ctx);
    const { sql } = await import('drizzle-orm');
    const res = await ctx.deps.db.execute(sql`select token_hash from auth_tokens where user_id = ${s.user.id}`);
    const hashes = (res as unknown as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes).not.toContain(s.token);
    expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('revokes the token on logout', async () => {
    const s = await signUp(ctx);
    expect((await ctx.request().post('/api/auth/logout/').set(s.auth)).status).toBe(204);
    const me = await ctx.request().get('/api/auth/me/').set(s.auth);
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('authentication_failed');
  });

  it('refuses an expired token', async () => {
    const s = await signUp(ctx);
    const { sql } = await import('drizzle-orm');
    await ctx.deps.db.execute(sql`update auth_tokens set expires_at = now() - interval '1 minute' where user_id = ${s.user.id}`);
    expect((await ctx.request().get('/api/auth/me/').set(s.auth)).status).toBe(401);
  });

  it('answers 401 without a token and for a malformed Authorization header', async () => {
    expect((await ctx.request().get('/api/auth/me/')).status).toBe(401);
    expect((await ctx.request().get('/api/auth/me/').set('Authorization', 'Bearer abc')).status).toBe(401);
    expect((await ctx.request().get('/api/auth/me/').set('Authorization', "Token ' or 1=1 --")).status).toBe(401);
  });

  it("rate-limits failed sign-ins per e-mail and IP with a clear 429; an attacker's IP cannot lock the owner out", async () => {
    // TRUST_PROXY=loopback: supertest connects from loopback, so X-Forwarded-For names the client IP.
    const limited = await createTestContext({ TRUST_PROXY: 'loopback' }, { loginLimits: { windowMs: 60_000, perIp: 100, perEmail: 3 } });
    try {
      const s = await signUp(limited, { password: 'Right-pass-kettle-42' });
      const login = (ip: string, email: string, password: string) =>
        limited.request().post('/api/auth/login/').set('X-Forwarded-For', ip).send({ email, password });
      for (let i = 0; i < 3; i++) expect((await login('203.0.113.9', s.user.email, 'nope-nope')).status).toBe(400);
      const blocked = await login('203.0.113.9', s.user.email, 'Right-pass-kettle-42');
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('rate_limited');
      expect(blocked.body.detail).toMatch(/Too many login attempts/);
      // the owner, from another IP, still signs in
      expect((await login('198.51.100.7', s.user.email, 'Right-pass-kettle-42')).status).toBe(200);
      // another address from the attacker's IP is not blocked by the per-e-mail limit
      const other = await signUp(limited, { password: 'Right-pass-kettle-42' });
      expect((await login('203.0.113.9', other.user.email, 'Right-pass-kettle-42')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('slows down failures for one e-mail more each time, without holding up anyone else', async () => {
    const delay = { after: 2, baseMs: 300, maxMs: 600 };
    const app = supertest(createApp(ctx.deps, { loginLimits: { windowMs: 60_000, perIp: 1000, perEmail: 1000, delay } }));
    const s = await signUp(ctx, { password: 'Right-pass-kettle-42' });
    const other = await signUp(ctx, { password: 'Right-pass-kettle-42' });
    const timed = async (email: string, password: string) => {
      const started = performance.now();
      const res = await app.post('/api/auth/login/').send({ email, password });
      return { status: res.status, ms: performance.now() - started };
    };
    expect((await timed(s.user.email, 'wrong-1')).status).toBe(400);
    expect((await timed(s.user.email, 'wrong-2')).status).toBe(400);
    const third = await timed(s.user.email, 'wrong-3');
    expect(third.status).toBe(400);
    expect(third.ms).toBeGreaterThanOrEqual(295);
    const fourth = await timed(s.user.email, 'wrong-4');
    expect(fourth.ms).toBeGreaterThanOrEqual(595);
    // While the owner's next attempt waits, other sign-ins (and the one database connection of PGlite) go on.
    let ownerDone = false;
    const owner = timed(s.user.email, 'Right-pass-kettle-42').then((r) => {
      ownerDone = true;
      return r;
    });
    expect((await timed(other.user.email, 'Right-pass-kettle-42')).status).toBe(200);
    expect(ownerDone).toBe(false);
    const ok = await owner;
    expect(ok.status).toBe(200);
    expect(ok.ms).toBeGreaterThanOrEqual(595);
    expect([1, 2, 3, 4, 5, 6].map((n) => loginDelayMs(n, delay))).toEqual([0, 300, 600, 600, 600, 600]);
  });

  const NO_ORIGIN = { userAgent: null, ip: null };

  it('compares an unknown e-mail against a fake hash of the configured bcrypt cost, as a wrong password is', async () => {
    const deps = { ...ctx.deps, config: { ...ctx.deps.config, BCRYPT_ROUNDS: 6 } };
    const email = uniqueEmail('cost');
    await service.register(deps, visitor, { email, password: 'Right-pass-kettle-42', name: 'Cost Check', role: 'client' }, createSignUpClient, NO_ORIGIN);
    const compare = vi.spyOn(bcrypt, 'compare');
    try {
      await expect(login(deps, visitor, { email, password: 'WrongPass123' }, NO_ORIGIN)).rejects.toThrow('Invalid email or password.');
      await expect(login(deps, visitor, { email: uniqueEmail('nobody'), password: 'WrongPass123' }, NO_ORIGIN)).rejects.toThrow(
        'Invalid email or password.',
      );
      const costs = compare.mock.calls.map(([, hash]) => bcrypt.getRounds(hash));
      expect(costs).toEqual([6, 6]);
    } finally {
      compare.mockRestore();
    }
  });

  it('counts failed sign-ins across API instances that share the database', async () => {
    const limits = { windowMs: 60_000, perIp: 100, perEmail: 2 };
    const first = await createTestContext({}, { loginLimits: limits });
    try {
      const second = supertest(createApp(first.deps, { loginLimits: limits }));
      const s = await signUp(first, { password: 'Right-pass-kettle-42' });
      expect((await first.request().post('/api/auth/login/').send({ email: s.user.email, password: 'bad-one-1' })).status).toBe(400);
      expect((await second.post('/api/auth/login/').send({ email: s.user.email, password: 'bad-one-2' })).status).toBe(400);
      expect((await first.request().post('/api/auth/login/').send({ email: s.user.email, password: 'bad-one-3' })).status).toBe(429);
      expect((await second.post('/api/auth/login/').send({ email: s.user.email, password: 'bad-one-4' })).status).toBe(429);
    } finally {
      await first.close();
    }
  });
});

describe('profile', () => {
  it('updates first name, last name and company', async () => {
    const s = await signUp(ctx);
    const res = await ctx.request().patch('/api/auth/me/').set(s.auth).send({ first_name: 'Robin', last_name: 'Hale', company: 'Hale Media' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ first_name: 'Robin', last_name: 'Hale', name: 'Robin Hale', email: s.user.email, company: 'Hale Media' });
  });

  it('refuses an e-mail: the address changes only through Change email (a link confirms it; account-links.test.ts)', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    const res = await ctx.request().patch('/api/auth/me/').set(b.auth).send({ email: a.user.email });
    expect(res.status).toBe(400);
    expect(res.body.errors.email).toEqual([EMAIL_CHANGE_ELSEWHERE]);
    expect((await ctx.request().get('/api/auth/me/').set(b.auth)).body.email).toBe(b.user.email);
  });

  it('refuses empty fields with their own messages, not the sign-in one', async () => {
    const s = await signUp(ctx);
    const res = await ctx.request().patch('/api/auth/me/').set(s.auth).send({ first_name: '  ', last_name: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ first_name: ['First name is required'], last_name: ['Last name is required'] });
    expect(JSON.stringify(res.body.errors)).not.toContain('Email and password are required');
  });
});

describe('change password', () => {
  it('checks the current password', async () => {
    const s = await signUp(ctx);
    const res = await ctx
      .request()
      .post('/api/auth/change-password/')
      .set(s.auth)
      .send({ current_password: 'wrong-one', new_password: 'NewPassw0rd' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Current password is incorrect.');
  });

  it('refuses the user for 15 minutes after 10 refused attempts; other users are not held up', async () => {
    const s = await signUp(ctx);
    const other = await signUp(ctx);
    const change = (who: typeof s, current_password: string) =>
      ctx.request().post('/api/auth/change-password/').set(who.auth).send({ current_password, new_password: 'Lantern-orchard-quietly-9' });
    for (let i = 0; i < PASSWORD_CHANGE_FAILURES_PER_USER; i++) expect((await change(s, `wrong-${i}`)).status).toBe(400);
    const held = await change(s, s.password);
    expect(held.status).toBe(429);
    expect(held.body).toEqual({ detail: 'Too many wrong passwords. Please wait 15 minutes and try again.', code: 'rate_limited' });
    expect((await change(other, other.password)).status).toBe(200);
  });

  it('enforces the minimum length with the spec message, and at most 72 bytes', async () => {
    const s = await signUp(ctx);
    const change = (new_password: string) =>
      ctx.request().post('/api/auth/change-password/').set(s.auth).send({ current_password: s.password, new_password });
    const short = await change('short');
    expect(short.status).toBe(400);
    expect(short.body.errors.new_password).toContain('Password must be at least 8 characters long');
    const long = await change(`${'x'.repeat(71)}ü`);
    expect(long.status).toBe(400);
    expect(long.body.errors.new_password).toEqual([PASSWORD_TOO_LONG]);
  });

  it('changes it, revokes old tokens, records when, and the new password works', async () => {
    const s = await signUp(ctx);
    const before = s.user.password_changed_at;
    const other = await ctx.request().post('/api/auth/login/').send({ email: s.user.email, password: s.password });
    const res = await ctx
      .request()
      .post('/api/auth/change-password/')
      .set(s.auth)
      .send({ current_password: s.password, new_password: 'BrandNew123' });
    expect(res.status).toBe(200);
    expect(res.body.detail).toBe('Password changed successfully');
    expect((await ctx.request().get('/api/auth/me/').set(s.auth)).status).toBe(401);
    expect((await ctx.request().get('/api/auth/me/').set('Authorization', `Token ${other.body.token}`)).status).toBe(401);
    const me = await ctx.request().get('/api/auth/me/').set('Authorization', `Token ${res.body.token}`);
    expect(me.status).toBe(200);
    expect(new Date(me.body.password_changed_at).getTime()).toBeGreaterThan(new Date(before).getTime());
    const login = await ctx.request().post('/api/auth/login/').send({ email: s.user.email, password: 'BrandNew123' });
    expect(login.status).toBe(200);
  });
});

describe('admin account deletion', () => {
  it('needs the exact phrase', async () => {
    const admin = await signUp(ctx, { role: 'admin' });
    const res = await ctx.request().post('/api/admin/delete-account/').set(admin.auth).send({ confirmation: 'delete my account' });
    expect(res.status).toBe(400);
    expect(res.body.errors.confirmation).toContain('Please type "DELETE MY ACCOUNT" exactly to confirm');
  });

  it('is refused to clients', async () => {
    const client = await signUp(ctx);
    const res = await ctx.request().post('/api/admin/delete-account/').set(client.auth).send({ confirmation: 'DELETE MY ACCOUNT' });
    expect(res.status).toBe(403);
  });

  it('deletes the account and its tokens', async () => {
    const admin = await signUp(ctx, { role: 'admin' });
    const res = await ctx.request().post('/api/admin/delete-account/').set(admin.auth).send({ confirmation: 'DELETE MY ACCOUNT' });
    expect(res.status).toBe(200);
    expect(res.body.detail).toBe('Account deletion initiated. You will be logged out.');
    expect((await ctx.request().get('/api/auth/me/').set(admin.auth)).status).toBe(401);
    const login = await ctx.request().post('/api/auth/login/').send({ email: admin.user.email, password: admin.password });
    expect(login.status).toBe(400);
  });

  it('refuses to delete the last admin', async () => {
    const solo = await createTestContext();
    try {
      const only = await signUp(solo, { role: 'admin' });
      const res = await solo.request().post('/api/admin/delete-account/').set(only.auth).send({ confirmation: 'DELETE MY ACCOUNT' });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/last admin/);
      expect((await solo.request().get('/api/auth/me/').set(only.auth)).status).toBe(200);
    } finally {
      await solo.close();
    }
  });
});

describe('data export', () => {
  it('downloads the caller\'s data as a JSON attachment', async () => {
    const s = await signUp(ctx, { company: 'Export Co' });
    const res = await ctx.request().get('/api/auth/export/').set(s.auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.body.user.email).toBe(s.user.email);
    expect(res.body.data.client[0].company).toBe('Export Co');
    expect(Object.keys(res.body.data)).toEqual(
      expect.arrayContaining(['invoices', 'content', 'messages', 'notifications', 'social_accounts', 'orders']),
    );
    expect(JSON.stringify(res.body)).not.toMatch(/password_?hash|token_?hash|access_?token/i);
  });
});
