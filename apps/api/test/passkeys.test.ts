/**
 * Passkeys (issue 28): register several (options → authenticator → verify), name, rename and remove them; sign in
 * with one and no password; finish a password sign-in with one as the second factor. A software authenticator
 * (test/support/soft-authenticator.ts: EC P-256 keys, 'none' attestation) plays the browser's part.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPasskey } from '@agency/contract';
import { auditLog, authChallenges, passkeys } from '../src/db/schema';
import { relyingParty } from '../src/modules/auth/passkeys.service';
import { signUp, type Session } from './support/factories';
import { SoftAuthenticator } from './support/soft-authenticator';
import { createTestContext, testConfig, type TestContext } from './support/test-app';

const PUBLIC_URL = 'https://portal.example.test';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL });
});
afterAll(async () => {
  await ctx?.close();
});

const as = (who: Session) => ({ Authorization: who.auth.Authorization });
const me = (token: string) => ctx.request().get('/api/auth/me/').set({ Authorization: `Token ${token}` });

async function startRegistration(who: Session, password = who.password) {
  return ctx.request().post('/api/auth/passkeys/registration/').set(as(who)).send({ password });
}

/** Adds a passkey made by `authenticator` to the account; answers it as listed. */
async function addPasskey(who: Session, authenticator: SoftAuthenticator, name?: string): Promise<TPasskey> {
  const start = await startRegistration(who);
  expect(start.status).toBe(200);
  const response = authenticator.register(start.body.options);
  const res = await ctx.request().post('/api/auth/passkeys/').set(as(who)).send({ registration: start.body.registration, response, ...(name ? { name } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function signInWithPasskey(authenticator: SoftAuthenticator, opts: Parameters<SoftAuthenticator['assert']>[1] = {}) {
  const options = await ctx.request().post('/api/auth/passkey/options/');
  expect(options.status).toBe(200);
  const response = authenticator.assert(options.body.options, opts);
  return ctx.request().post('/api/auth/passkey/').send({ challenge: options.body.challenge, response });
}

describe('registering passkeys', () => {
  it('adds several, each named (or named after the browser), verified against this site; lists, renames and removes them', async () => {
    const who = await signUp(ctx, { role: 'admin' });
    const laptop = new SoftAuthenticator(PUBLIC_URL);
    const phone = new SoftAuthenticator(PUBLIC_URL);

    const wrong = await startRegistration(who, 'not-my-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ password: ['Current password is incorrect.'] });

    const start = await startRegistration(who);
    expect(start.body.options).toMatchObject({
      rp: { id: 'portal.example.test' },
      user: { name: who.user.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required' },
    });
    const first = await addPasskey(who, laptop, 'MacBook Touch ID');
    expect(first).toMatchObject({ name: 'MacBook Touch ID', last_used_at: null, transports: ['internal'] });
    const second = await addPasskey(who, phone);
    expect(second.name).toMatch(/^Passkey on /);
    // The authenticator that has one is asked not to make another.
    const again = await startRegistration(who);
    expect((again.body.options.excludeCredentials as { id: string }[]).map((c) => c.id).sort()).toHaveLength(2);

    const list = await ctx.request().get('/api/auth/passkeys/').set(as(who));
    expect(list.body.results.map((p: TPasskey) => p.id).sort()).toEqual([first.id, second.id].sort());
    const [row] = await ctx.deps.db.select().from(passkeys).where(eq(passkeys.id, first.id));
    expect(row!.publicKey).toMatch(/^[A-Za-z0-9_-]+$/);

    const renamed = await ctx.request().patch(`/api/auth/passkeys/${second.id}/`).set(as(who)).send({ name: '  Pixel  ' });
    expect(renamed.body.name).toBe('Pixel');
    const blank = await ctx.request().patch(`/api/auth/passkeys/${second.id}/`).set(as(who)).send({ name: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.name).toEqual(['Give the passkey a name of 1 to 100 characters']);

    const refused = await ctx.request().delete(`/api/auth/passkeys/${second.id}/`).set(as(who)).send({ password: 'nope' });
    expect(refused.status).toBe(400);
    expect((await ctx.request().delete(`/api/auth/passkeys/${second.id}/`).set(as(who)).send({ password: who.password })).status).toBe(204);
    expect((await ctx.request().get('/api/auth/passkeys/').set(as(who))).body.results.map((p: TPasskey) => p.name)).toEqual(['MacBook Touch ID']);
    // The removed passkey no longer signs in.
    expect((await signInWithPasskey(phone)).status).toBe(400);

    const actions = (await ctx.deps.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, who.user.id), eq(auditLog.objectType, 'passkey')))).map((e) => e.action);
    expect(actions.sort()).toEqual(['passkey.added', 'passkey.added', 'passkey.removed', 'passkey.renamed']);
  });

  it('another user cannot rename or remove my passkey (404)', async () => {
    const owner = await signUp(ctx);
    const other = await signUp(ctx);
    const key = await addPasskey(owner, new SoftAuthenticator(PUBLIC_URL));
    expect((await ctx.request().patch(`/api/auth/passkeys/${key.id}/`).set(as(other)).send({ name: 'Mine now' })).status).toBe(404);
    expect((await ctx.request().delete(`/api/auth/passkeys/${key.id}/`).set(as(other)).send({ password: other.password })).status).toBe(404);
  });

  it('a registration is single use, expires after 5 minutes, and must come from this site', async () => {
    const who = await signUp(ctx);
    const authenticator = new SoftAuthenticator(PUBLIC_URL);
    const start = await startRegistration(who);
    const foreign = new SoftAuthenticator('https://evil.example.test').register(start.body.options);
    const phished = await ctx.request().post('/api/auth/passkeys/').set(as(who)).send({ registration: start.body.registration, response: foreign });
    expect(phished.status).toBe(400);
    expect(phished.body.errors).toEqual({ response: ['The passkey could not be verified. Try again.'] });
    // Spent by the failed answer.
    const reused = await ctx.request().post('/api/auth/passkeys/').set(as(who)).send({ registration: start.body.registration, response: authenticator.register(start.body.options) });
    expect(reused.status).toBe(400);
    expect(reused.body.errors).toEqual({ registration: ['This passkey registration has expired. Start again.'] });

    const late = await startRegistration(who);
    await ctx.deps.db.update(authChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(authChallenges.userId, who.user.id), eq(authChallenges.purpose, 'passkey_register')));
    const expired = await ctx.request().post('/api/auth/passkeys/').set(as(who)).send({ registration: late.body.registration, response: authenticator.register(late.body.options) });
    expect(expired.status).toBe(400);
    expect(expired.body.errors.registration).toBeDefined();
    const malformed = await ctx.request().post('/api/auth/passkeys/').set(as(who)).send({ registration: 'x', response: 'not a credential' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors.response).toBeDefined();
    expect((await ctx.request().get('/api/auth/passkeys/').set(as(who))).body.count).toBe(0);
  });

  it("adding a passkey signs out the user's other sessions", async () => {
    const who = await signUp(ctx);
    const other = await ctx.request().post('/api/auth/login/').send({ email: who.user.email, password: who.password });
    await addPasskey(who, new SoftAuthenticator(PUBLIC_URL));
    expect((await me(other.body.token)).status).toBe(401);
    expect((await me(who.token)).status).toBe(200);
  });
});

describe('signing in with a passkey alone', () => {
  it('a discoverable passkey with user verification signs in to its account; the session is a passkey sign-in', async () => {
    const who = await signUp(ctx);
    const authenticator = new SoftAuthenticator(PUBLIC_URL);
    await addPasskey(who, authenticator);
    const options = await ctx.request().post('/api/auth/passkey/options/');
    expect(options.body.options).toMatchObject({ rpId: 'portal.example.test', userVerification: 'required' });
    expect(options.body.options.allowCredentials ?? []).toEqual([]);
    const response = authenticator.assert(options.body.options);
    const res = await ctx.request().post('/api/auth/passkey/').send({ challenge: options.body.challenge, response });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.id).toBe(who.user.id);
    expect((await me(res.body.token)).status).toBe(200);
    const [entry] = await ctx.deps.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, who.user.id), eq(auditLog.action, 'auth.signed_in'))).orderBy(auditLog.id);
    expect(entry).toBeDefined();
    const signIns = await ctx.deps.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, who.user.id), eq(auditLog.action, 'auth.signed_in')));
    expect(signIns.map((e) => (e.changes as { method?: string }).method)).toContain('passkey');
    const [key] = await ctx.deps.db.select().from(passkeys).where(eq(passkeys.userId, who.user.id));
    expect(key!.counter).toBe(1);
    expect(key!.lastUsedAt).not.toBeNull();

    // The same answer again: the challenge is spent.
    const replay = await ctx.request().post('/api/auth/passkey/').send({ challenge: options.body.challenge, response });
    expect(replay.status).toBe(400);
    expect(replay.body.errors).toEqual({ challenge: ['This passkey sign-in has expired. Try again.'] });
  });

  it('refuses a counter that did not move forward (a cloned key), no user verification, another site, and an unknown passkey', async () => {
    const who = await signUp(ctx);
    const authenticator = new SoftAuthenticator(PUBLIC_URL);
    await addPasskey(who, authenticator);
    expect((await signInWithPasskey(authenticator)).status).toBe(200);
    expect((await signInWithPasskey(authenticator)).status).toBe(200);

    const cloned = await signInWithPasskey(authenticator, { counter: 1 });
    expect(cloned.status).toBe(400);
    expect(cloned.body.errors).toEqual({ response: ['The passkey could not be verified. Try again.'] });
    expect((await signInWithPasskey(authenticator, { userVerified: false })).status).toBe(400);
    expect((await signInWithPasskey(authenticator, { origin: 'https://evil.example.test' })).status).toBe(400);
    const [key] = await ctx.deps.db.select().from(passkeys).where(eq(passkeys.userId, who.user.id));
    expect(key!.counter).toBe(2);

    const stranger = new SoftAuthenticator(PUBLIC_URL);
    const start = await ctx.request().post('/api/auth/passkey/options/');
    stranger.register({ rp: { id: 'portal.example.test' }, user: { id: 'dXNlcjo5OTk' }, challenge: 'eA' });
    const unknown = await ctx.request().post('/api/auth/passkey/').send({ challenge: start.body.challenge, response: stranger.assert(start.body.options) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ response: ['This passkey is not registered to an account here. Sign in with your password.'] });
  });
});

describe('a passkey as the second factor', () => {
  it('the password step asks for it; its answer finishes the sign-in; another account’s passkey is refused', async () => {
    const who = await signUp(ctx, { role: 'admin' });
    const other = await signUp(ctx);
    const mine = new SoftAuthenticator(PUBLIC_URL);
    const theirs = new SoftAuthenticator(PUBLIC_URL);
    const myKey = await addPasskey(who, mine);
    await addPasskey(other, theirs);

    const password = await ctx.request().post('/api/auth/login/').send({ email: who.user.email, password: who.password });
    expect(password.status).toBe(200);
    expect(password.body).toMatchObject({ second_factor_required: true, methods: expect.arrayContaining(['passkey']) });
    expect(password.body.token).toBeUndefined();
    const challenge = password.body.challenge as string;

    const options = await ctx.request().post('/api/auth/login/second-factor/passkey/options/').send({ challenge });
    expect(options.status).toBe(200);
    const [row] = await ctx.deps.db.select().from(passkeys).where(eq(passkeys.id, myKey.id));
    expect(options.body.options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([row!.credentialId]);

    // Another account's passkey, signing this sign-in's challenge: wrong, and it counts.
    const foreign = theirs.assert({ ...options.body.options, allowCredentials: [] });
    const refused = await ctx.request().post('/api/auth/login/second-factor/passkey/').send({ challenge, response: foreign });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ response: ['The passkey could not be verified. Try again.'] });
    const [counted] = await ctx.deps.db.select().from(authChallenges).where(and(eq(authChallenges.userId, who.user.id), eq(authChallenges.purpose, 'second_factor')));
    expect(counted!.attempts).toBe(1);

    const res = await ctx.request().post('/api/auth/login/second-factor/passkey/').send({ challenge, response: mine.assert(options.body.options) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.id).toBe(who.user.id);
    expect((await me(res.body.token)).status).toBe(200);
    // Single use.
    const again = await ctx.request().post('/api/auth/login/second-factor/passkey/').send({ challenge, response: mine.assert(options.body.options) });
    expect(again.status).toBe(400);
    expect(again.body.errors.challenge).toBeDefined();
  });

  it('a challenge that is not a live sign-in gets no options', async () => {
    const res = await ctx.request().post('/api/auth/login/second-factor/passkey/options/').send({ challenge: `sfc_${'x'.repeat(43)}` });
    expect(res.status).toBe(400);
    expect(res.body.errors.challenge).toBeDefined();
  });
});

describe('the relying party', () => {
  it("is the portal's public address; a loopback IP (never a WebAuthn site) is served as localhost on its port", () => {
    expect(relyingParty({ config: testConfig({ PUBLIC_URL: 'https://portal.example.test' }) })).toEqual({ id: 'portal.example.test', origin: 'https://portal.example.test' });
    expect(relyingParty({ config: testConfig({ PUBLIC_URL: 'http://127.0.0.1:4310' }) })).toEqual({ id: 'localhost', origin: 'http://localhost:4310' });
    expect(relyingParty({ config: testConfig({ PORT: '3123' }) })).toEqual({ id: 'localhost', origin: 'http://localhost:3123' });
  });
});
