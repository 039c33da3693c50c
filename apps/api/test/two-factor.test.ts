/**
 * Two-factor authentication (issue 28): an authenticator app set up with the password, a QR code and a first code;
 * recovery codes shown once; sign-in in two steps (password → challenge, code → session); wrong codes counted on
 * the challenge, per user and per IP; a code never taken twice (also by two requests at once); a recovery code
 * once; turning it off with a code; other sessions ending; owners requiring it of staff or of client logins (who can
 * then only enrol).
 * The clock of the services is moved by hand; codes are computed here with otpauth, as an app would.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  SECOND_FACTOR_MAX_ATTEMPTS,
  type TAuthResponse,
  type TRouteMetadata,
  type TSecondFactorChallenge,
  type TSecurityPolicy,
  type TTotpEnrolment,
  type TTwoFactorStatus,
} from '@agency/contract';
import { auditLog, authChallenges, authTokens, emailOutbox, recoveryCodes, users } from '../src/db/schema';
import { SECOND_FACTOR_WRONG_PER_USER } from '../src/modules/auth/sign-in-challenges';
import { SECOND_FACTOR_WRONG_PER_IP } from '../src/modules/auth/two-factor.router';
import { concretePath, contractRoutes } from './support/contract-routes';
import { archiveClientViaApi, signUp, type Session } from './support/factories';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
/** The services' clock (ms); codes are computed at it. */
let clock = Date.now();
const STEP_MS = 30_000;

beforeAll(async () => {
  // Behind "a proxy" on loopback, so each test signs in from an IP of its own (X-Forwarded-For) and the per-IP
  // limit of one does not meet another's.
  ctx = await createTestContext({ TRUST_PROXY: 'loopback' }, { now: () => new Date(clock) });
});
afterAll(async () => {
  await ctx?.close();
});

const codeAt = (secret: string, at = clock) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });
/** Moves the clock into the next 30-second step (a fresh code). */
const nextStep = () => {
  clock += STEP_MS;
};

let ipCounter = 10;
const newIp = () => `203.0.113.${(ipCounter += 1)}`;

const asUser = (s: { auth: { Authorization: string } }, ip = '198.51.100.1') => ({ ...s.auth, 'X-Forwarded-For': ip });

async function enrol(s: Session) {
  const start = await ctx.request().post('/api/auth/two-factor/totp/').set(asUser(s)).send({ password: s.password });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const enrolment = start.body as TTotpEnrolment;
  const confirm = await ctx
    .request()
    .post('/api/auth/two-factor/totp/confirm/')
    .set(asUser(s))
    .send({ enrolment: enrolment.enrolment, code: codeAt(enrolment.secret) });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  // The step of the confirming code is taken: the next sign-in needs the next one.
  nextStep();
  return { secret: enrolment.secret, recoveryCodes: (confirm.body as { recovery_codes: string[] }).recovery_codes };
}

async function passwordStep(s: Session, ip = newIp(), userAgent = 'Mozilla/5.0 (Macintosh) Firefox/125.0') {
  return ctx.request().post('/api/auth/login/').set({ 'X-Forwarded-For': ip, 'User-Agent': userAgent }).send({ email: s.user.email, password: s.password });
}

async function challengeFor(s: Session, ip = newIp()): Promise<TSecondFactorChallenge> {
  const res = await passwordStep(s, ip);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as TSecondFactorChallenge;
}

const verify = (body: Record<string, string>, ip = newIp()) =>
  ctx.request().post('/api/auth/login/second-factor/').set({ 'X-Forwarded-For': ip }).send(body);

const me = (s: { auth: { Authorization: string } }) => ctx.request().get('/api/auth/me/').set(asUser(s));
const statusOf = async (s: Session) => (await ctx.request().get('/api/auth/two-factor/').set(asUser(s))).body as TTwoFactorStatus;
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const tokenAuth = (token: string) => ({ auth: { Authorization: `Token ${token}` } });

async function secondSession(s: Session): Promise<{ auth: { Authorization: string } }> {
  const res = await passwordStep(s);
  expect(res.status).toBe(200);
  return tokenAuth((res.body as TAuthResponse).token);
}

/**
 * Every route of the role but the public ones and sign-out, called by a user who must enrol first: those marked
 * `duringEnrolment` answer, every other one is refused with 403 two_factor_enrolment_required. Answers what broke that.
 */
async function enrolmentWalk(user: Parameters<typeof asUser>[0], role: 'admin' | 'client'): Promise<string[]> {
  const problems: string[] = [];
  for (const r of contractRoutes()) {
    const metadata = r.route.metadata as TRouteMetadata;
    if (metadata.roles.includes('public') || !metadata.roles.includes(role)) continue;
    if (r.key === 'auth.logout') continue;
    const method = r.route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const res = await ctx.request()[method](concretePath(r, r.param ? '1' : undefined)).set(asUser(user));
    const refused = res.status === 403 && res.body.code === 'two_factor_enrolment_required';
    if (metadata.duringEnrolment ? refused : !refused) problems.push(`${r.key}: ${res.status} ${res.body?.code}`);
  }
  return problems;
}

describe('setting up an authenticator app', () => {
  it('asks for the password, shows a QR code and the secret, turns on with the first code, and shows 10 recovery codes once', async () => {
    const s = await signUp(ctx, { role: 'admin' });
    const wrongPassword = await ctx.request().post('/api/auth/two-factor/totp/').set(asUser(s)).send({ password: 'not-my-password' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual({ password: ['Current password is incorrect.'] });

    const start = await ctx.request().post('/api/auth/two-factor/totp/').set(asUser(s)).send({ password: s.password });
    expect(start.status).toBe(200);
    const e = start.body as TTotpEnrolment;
    expect(e.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(e.otpauth_uri).toContain(`secret=${e.secret}`);
    expect(e.otpauth_uri).toContain(encodeURIComponent(s.user.email));
    expect(e.account).toBe(s.user.email);
    expect(e.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(e.qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(new Date(e.expires_at).getTime() - clock).toBe(10 * 60_000);
    // Nothing is on before a code checks; the secret waits encrypted.
    expect((await statusOf(s)).totp_enabled).toBe(false);
    const [pending] = await ctx.deps.db.select().from(authChallenges).where(and(eq(authChallenges.userId, s.user.id), eq(authChallenges.purpose, 'totp_enrol')));
    expect(pending!.pendingSecret).toMatch(/^v1\./);
    expect(pending!.pendingSecret).not.toContain(e.secret);
    expect(pending!.tokenHash).not.toBe(e.enrolment);

    const wrong = await ctx.request().post('/api/auth/two-factor/totp/confirm/').set(asUser(s)).send({ enrolment: e.enrolment, code: '000000' === codeAt(e.secret) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors)).toEqual(['code']);
    const malformed = await ctx.request().post('/api/auth/two-factor/totp/confirm/').set(asUser(s)).send({ enrolment: e.enrolment, code: '12ab' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors.code).toEqual(['Enter the 6-digit code from your authenticator app']);

    const confirm = await ctx.request().post('/api/auth/two-factor/totp/confirm/').set(asUser(s)).send({ enrolment: e.enrolment, code: codeAt(e.secret) });
    expect(confirm.status).toBe(200);
    const codes = (confirm.body as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    // Only hashes are kept, of the secret only an encrypted copy.
    const stored = await ctx.deps.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, s.user.id));
    expect(stored).toHaveLength(10);
    const storedText = JSON.stringify(stored);
    for (const code of codes) expect(storedText).not.toContain(code.replace('-', ''));
    // Salted and slow-hashed (ASVS 5.0 6.5.2): scrypt with a salt of each code's own, never the plain SHA-256.
    for (const { codeHash } of stored) expect(codeHash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{22}$/);
    expect(new Set(stored.map((r) => r.codeHash.split('$')[4])).size).toBe(10);
    for (const code of codes) expect(storedText).not.toContain(sha256Hex(code.replace('-', '')));
    const [row] = await ctx.deps.db.select({ secret: users.totpSecret }).from(users).where(eq(users.id, s.user.id));
    expect(row!.secret).toMatch(/^v1\./);
    expect(row!.secret).not.toContain(e.secret);

    // The enrolment is used up; the user says two-factor is on.
    const again = await ctx.request().post('/api/auth/two-factor/totp/confirm/').set(asUser(s)).send({ enrolment: e.enrolment, code: codeAt(e.secret) });
    expect(again.status).toBe(400);
    expect((await me(s)).body).toMatchObject({ two_factor_enabled: true, two_factor_enrolment_required: false });
    expect(await statusOf(s)).toMatchObject({ enabled: true, totp_enabled: true, recovery_codes_left: 10 });
    const restart = await ctx.request().post('/api/auth/two-factor/totp/').set(asUser(s)).send({ password: s.password });
    expect(restart.status).toBe(409);
    // The audit log says so, without a secret.
    const entries = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.actorUserId, s.user.id));
    expect(entries.map((e) => e.action)).toContain('account.two_factor_enabled');
    expect(JSON.stringify(entries)).not.toContain(e.secret);
  });

  it('an enrolment expires after 10 minutes, and belongs to the user who started it', async () => {
    const s = await signUp(ctx);
    const other = await signUp(ctx);
    const start = await ctx.request().post('/api/auth/two-factor/totp/').set(asUser(s)).send({ password: s.password });
    const e = start.body as TTotpEnrolment;
    const stolen = await ctx.request().post('/api/auth/two-factor/totp/confirm/').set(asUser(other)).send({ enrolment: e.enrolment, code: codeAt(e.secret) });
    expect(stolen.status).toBe(400);
    expect(stolen.body.errors).toHaveProperty('enrolment');
    clock += 10 * 60_000 + 1000;
    const late = await ctx.request().post('/api/auth/two-factor/totp/confirm/').set(asUser(s)).send({ enrolment: e.enrolment, code: codeAt(e.secret) });
    expect(late.status).toBe(400);
    expect(late.body.errors.enrolment).toEqual(['This setup has expired. Start again to get a new QR code.']);
    expect((await statusOf(s)).totp_enabled).toBe(false);
  });

  it('turning it on ends every other session of the user, not the one that did it', async () => {
    const s = await signUp(ctx);
    const other = await secondSession(s);
    expect((await me(other)).status).toBe(200);
    await enrol(s);
    expect((await me(other)).status).toBe(401);
    expect((await me(s)).status).toBe(200);
  });
});

describe('signing in with a second factor', () => {
  it('answers a challenge to the password, not a token; the code answers the session, opened where the password was given', async () => {
    const s = await signUp(ctx);
    const { secret } = await enrol(s);
    const ip = newIp();
    const res = await passwordStep(s, ip, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0');
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('token');
    expect(res.body).not.toHaveProperty('user');
    const challenge = res.body as TSecondFactorChallenge;
    expect(challenge).toMatchObject({ second_factor_required: true, methods: ['totp', 'recovery_code'] });
    expect(new Date(challenge.expires_at).getTime() - clock).toBe(5 * 60_000);
    const [stored] = await ctx.deps.db.select().from(authChallenges).where(and(eq(authChallenges.userId, s.user.id), eq(authChallenges.purpose, 'second_factor')));
    expect(JSON.stringify(stored)).not.toContain(challenge.challenge);
    expect(stored).toMatchObject({ ip, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0' });

    const done = await verify({ challenge: challenge.challenge, code: codeAt(secret) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const answer = done.body as TAuthResponse;
    expect(answer.user).toMatchObject({ id: s.user.id, two_factor_enabled: true });
    expect((await me(tokenAuth(answer.token))).status).toBe(200);
    const [session] = await ctx.deps.db.select().from(authTokens).where(eq(authTokens.userId, s.user.id)).orderBy(authTokens.id);
    const sessions = await ctx.deps.db.select().from(authTokens).where(eq(authTokens.userId, s.user.id));
    expect(session).toBeDefined();
    expect(sessions.some((t) => t.ip === ip && t.userAgent === 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0')).toBe(true);

    // The challenge is single use.
    nextStep();
    const reuse = await verify({ challenge: challenge.challenge, code: codeAt(secret) });
    expect(reuse.status).toBe(400);
    expect(reuse.body.errors).toHaveProperty('challenge');
  });

  it('an account without a second factor still signs in in one step ({ token, user })', async () => {
    const s = await signUp(ctx);
    const res = await passwordStep(s);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['token', 'user']);
    expect((res.body as TAuthResponse).user).toMatchObject({ two_factor_enabled: false, two_factor_enrolment_required: false });
  });

  it('a code is taken once: the same code again is refused, and of two sign-ins sent at once with one code only one passes', async () => {
    const s = await signUp(ctx);
    const { secret } = await enrol(s);
    const [c1, c2, c3] = [await challengeFor(s), await challengeFor(s), await challengeFor(s)];
    const code = codeAt(secret);
    const both = await Promise.all([verify({ challenge: c1.challenge, code }), verify({ challenge: c2.challenge, code })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = both.find((r) => r.status === 400)!;
    expect(refused.body.errors).toHaveProperty('code');
    // Later within the same window: still refused.
    clock += 5_000;
    const replay = await verify({ challenge: c3.challenge, code });
    expect(replay.status).toBe(400);
    expect(replay.body.errors).toHaveProperty('code');
    // The next step's code works (the refused challenges took one wrong answer each, not more).
    nextStep();
    expect((await verify({ challenge: c3.challenge, code: codeAt(secret) })).status).toBe(200);
  });

  it('a code of the step before is still taken (a phone slightly behind), but not an older one', async () => {
    const s = await signUp(ctx);
    const { secret } = await enrol(s);
    nextStep();
    const late = await verify({ challenge: (await challengeFor(s)).challenge, code: codeAt(secret, clock - STEP_MS) });
    expect(late.status).toBe(200);
    nextStep();
    const old = await verify({ challenge: (await challengeFor(s)).challenge, code: codeAt(secret, clock - 3 * STEP_MS) });
    expect(old.status).toBe(400);
  });

  it(`wrong codes count on the challenge: after ${SECOND_FACTOR_MAX_ATTEMPTS} it is dead, even for the right code`, async () => {
    const s = await signUp(ctx);
    const { secret } = await enrol(s);
    const c = await challengeFor(s);
    const right = codeAt(secret);
    const wrongCode = right === '000000' ? '000001' : '000000';
    for (let i = 0; i < SECOND_FACTOR_MAX_ATTEMPTS; i += 1) {
      const res = await verify({ challenge: c.challenge, code: wrongCode });
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty('code');
    }
    const dead = await verify({ challenge: c.challenge, code: right });
    expect(dead.status).toBe(400);
    expect(dead.body.errors.challenge).toEqual(['Too many wrong codes. Sign in again with your password.']);
    // A new sign-in gets a new challenge.
    expect((await verify({ challenge: (await challengeFor(s)).challenge, code: right })).status).toBe(200);
  });

  it(`wrong codes are limited per user across challenges (${SECOND_FACTOR_WRONG_PER_USER} per 15 minutes), then 429 until the window passes`, async () => {
    const s = await signUp(ctx);
    const { secret } = await enrol(s);
    const wrongCode = () => (codeAt(secret) === '000000' ? '000001' : '000000');
    let wrong = 0;
    while (wrong < SECOND_FACTOR_WRONG_PER_USER) {
      const c = await challengeFor(s);
      for (let i = 0; i < SECOND_FACTOR_MAX_ATTEMPTS - 1 && wrong < SECOND_FACTOR_WRONG_PER_USER; i += 1, wrong += 1) {
        expect((await verify({ challenge: c.challenge, code: wrongCode() })).status).toBe(400);
      }
    }
    const c = await challengeFor(s);
    const limited = await verify({ challenge: c.challenge, code: codeAt(secret) });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    clock += 15 * 60_000 + 1000;
    expect((await verify({ challenge: (await challengeFor(s)).challenge, code: codeAt(secret) })).status).toBe(200);
  });

  it('an expired challenge is refused with the way back: sign in again', async () => {
    const s = await signUp(ctx);
    const { secret } = await enrol(s);
    const c = await challengeFor(s);
    clock += 5 * 60_000 + 1000;
    const res = await verify({ challenge: c.challenge, code: codeAt(secret) });
    expect(res.status).toBe(400);
    expect(res.body.errors.challenge).toEqual(['This sign-in has expired. Sign in again with your password.']);
    const unknown = await verify({ challenge: 'sfc_nothing-like-this', code: codeAt(secret) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('challenge');
  });

  it('a recovery code signs in once (any case, hyphen optional), and counts down', async () => {
    const s = await signUp(ctx);
    const { recoveryCodes: codes } = await enrol(s);
    const typed = codes[3]!.replace('-', '').toUpperCase();
    const first = await verify({ challenge: (await challengeFor(s)).challenge, recovery_code: typed });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await verify({ challenge: (await challengeFor(s)).challenge, recovery_code: codes[3]! });
    expect(again.status).toBe(400);
    expect(again.body.errors).toHaveProperty('recovery_code');
    expect((await statusOf(s)).recovery_codes_left).toBe(9);
    const both = await verify({ challenge: (await challengeFor(s)).challenge, code: '123456', recovery_code: codes[4]! });
    expect(both.status).toBe(400);
  });
});

describe('recovery codes and turning the app off', () => {
  it('a wrong recovery code is refused; of two sign-ins sent at once with one code only one passes', async () => {
    const s = await signUp(ctx);
    const { recoveryCodes: codes } = await enrol(s);
    const unknown = codes.includes('abcd-efgh') ? 'abcd-efgk' : 'abcd-efgh';
    const wrong = await verify({ challenge: (await challengeFor(s)).challenge, recovery_code: unknown });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toHaveProperty('recovery_code');
    const [c1, c2] = [await challengeFor(s), await challengeFor(s)];
    const both = await Promise.all([verify({ challenge: c1.challenge, recovery_code: codes[0]! }), verify({ challenge: c2.challenge, recovery_code: codes[0]! })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await statusOf(s)).recovery_codes_left).toBe(9);
  });

  it('codes kept before they were slow-hashed (a plain SHA-256) still work, once each', async () => {
    const s = await signUp(ctx);
    const { recoveryCodes: codes } = await enrol(s);
    // As a user who enrolled before: the same codes, stored as the SHA-256 of their 8 characters.
    await ctx.deps.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, s.user.id));
    await ctx.deps.db.insert(recoveryCodes).values(codes.map((code) => ({ userId: s.user.id, codeHash: sha256Hex(code.replace('-', '')) })));
    const first = await verify({ challenge: (await challengeFor(s)).challenge, recovery_code: codes[2]! });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await verify({ challenge: (await challengeFor(s)).challenge, recovery_code: codes[2]! });
    expect(again.status).toBe(400);
    expect(again.body.errors).toHaveProperty('recovery_code');
    expect((await statusOf(s)).recovery_codes_left).toBe(9);
  });

  it('new recovery codes need a current code; the old ones stop working', async () => {
    const s = await signUp(ctx);
    const { secret, recoveryCodes: old } = await enrol(s);
    const wrong = await ctx.request().post('/api/auth/two-factor/recovery-codes/').set(asUser(s)).send({ code: codeAt(secret) === '000000' ? '000001' : '000000' });
    expect(wrong.status).toBe(400);
    const res = await ctx.request().post('/api/auth/two-factor/recovery-codes/').set(asUser(s)).send({ code: codeAt(secret) });
    expect(res.status).toBe(200);
    const fresh = (res.body as { recovery_codes: string[] }).recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => old.includes(c))).toEqual([]);
    expect((await verify({ challenge: (await challengeFor(s)).challenge, recovery_code: old[0]! })).status).toBe(400);
    expect((await verify({ challenge: (await challengeFor(s)).challenge, recovery_code: fresh[0]! })).status).toBe(200);
  });

  it('turning it off needs the password and a current code or a recovery code; other sessions end; sign-in is one step again', async () => {
    const s = await signUp(ctx);
    const { secret, recoveryCodes: codes } = await enrol(s);
    const other = await (async () => {
      const r = await verify({ challenge: (await challengeFor(s)).challenge, code: codeAt(secret) });
      return tokenAuth((r.body as TAuthResponse).token);
    })();
    nextStep();
    const disable = (body: Record<string, string>) => ctx.request().post('/api/auth/two-factor/totp/disable/').set(asUser(s)).send(body);
    expect((await disable({ password: s.password })).status).toBe(400);
    const wrongPassword = await disable({ password: 'not-it', code: codeAt(secret) });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toHaveProperty('password');
    const wrongCode = await disable({ password: s.password, code: codeAt(secret) === '000000' ? '000001' : '000000' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.errors).toHaveProperty('code');
    expect((await statusOf(s)).totp_enabled).toBe(true);

    const off = await disable({ password: s.password, recovery_code: codes[0]! });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, totp_enabled: false, recovery_codes_left: 0 });
    expect((await me(other)).status).toBe(401);
    expect((await me(s)).status).toBe(200);
    const login = await passwordStep(s);
    expect(Object.keys(login.body).sort()).toEqual(['token', 'user']);
    expect(await ctx.deps.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, s.user.id))).toEqual([]);

    // The account's holder was told each time, by e-mail.
    await vi.waitFor(async () => {
      const mails = await ctx.deps.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, s.user.email), eq(emailOutbox.kind, 'two_factor_changed')));
      expect(mails.map((m) => m.subject).sort()).toEqual([
        expect.stringMatching(/^Two-factor authentication is on/),
        expect.stringMatching(/^Two-factor authentication was turned off/),
      ]);
    });
  });
});

describe('owners requiring a second factor of staff', () => {
  it('a staff account without one can only set it up: 403 two_factor_enrolment_required on every other route, until it enrols', async () => {
    const owner = await signUp(ctx, { role: 'admin' });
    const staff = await signUp(ctx, { role: 'admin' });
    const client = await signUp(ctx);

    // The owner must have a second factor first.
    const early = await ctx.request().patch('/api/admin/security-policy/').set(asUser(owner)).send({ require_staff_two_factor: true });
    expect(early.status).toBe(400);
    expect(early.body.errors).toHaveProperty('require_staff_two_factor');
    await enrol(owner);
    const on = await ctx.request().patch('/api/admin/security-policy/').set(asUser(owner)).send({ require_staff_two_factor: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ require_staff_two_factor: true, updated_by: owner.user.name });
    expect(on.body.staff_without_two_factor).toBeGreaterThanOrEqual(1);
    const [entry] = await ctx.deps.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, owner.user.id), eq(auditLog.action, 'security_policy.updated')));
    expect(entry?.changes).toEqual({ require_staff_two_factor: [false, true] });

    // The staff member's next sign-in: a session that can only enrol.
    const login = await passwordStep(staff);
    expect(login.status).toBe(200);
    const session = login.body as TAuthResponse;
    expect(session.user).toMatchObject({ two_factor_enabled: false, two_factor_enrolment_required: true });
    const restricted = tokenAuth(session.token);
    const blocked = await ctx.request().get('/api/clients/').set(asUser(restricted));
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('two_factor_enrolment_required');
    expect((await me(restricted)).body).toMatchObject({ two_factor_enrolment_required: true });
    expect((await ctx.request().get('/api/auth/two-factor/').set(asUser(restricted))).body).toMatchObject({ enrolment_required: true, required_by_agency: true });

    // Every route but reading who it is, signing out and enrolling answers the same 403; public routes stay public.
    expect(await enrolmentWalk(restricted, 'admin')).toEqual([]);
    // A client login is not staff: the policy does not touch it.
    expect((await ctx.request().get('/api/invoices/').set(asUser(client))).status).toBe(200);

    // Enrolling opens everything at once (the session is read afresh).
    await enrol({ ...staff, ...session, auth: restricted.auth });
    expect((await ctx.request().get('/api/clients/').set(asUser(restricted))).status).toBe(200);
    expect((await me(restricted)).body).toMatchObject({ two_factor_enabled: true, two_factor_enrolment_required: false });

    // Off again: nobody is asked.
    const off = await ctx.request().patch('/api/admin/security-policy/').set(asUser(owner)).send({ require_staff_two_factor: false });
    expect(off.status).toBe(200);
    expect((await ctx.request().get('/api/admin/security-policy/').set(asUser(owner))).body).toMatchObject({ require_staff_two_factor: false });
  });
});

describe('owners requiring a second factor of client logins', () => {
  const policyOf = async (s: Session) => {
    const res = await ctx.request().get('/api/admin/security-policy/').set(asUser(s));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as TSecurityPolicy;
  };
  const setPolicy = (s: { auth: { Authorization: string } }, body: Record<string, unknown>) =>
    ctx.request().patch('/api/admin/security-policy/').set(asUser(s)).send(body);
  const auditOf = async (ownerId: number) =>
    (await ctx.deps.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, ownerId), eq(auditLog.action, 'security_policy.updated'))).orderBy(auditLog.id)).map(
      (e) => e.changes,
    );

  it('a client login without one can only set it up, until it enrols; staff are not touched; counts and audit follow', async () => {
    const owner = await signUp(ctx, { role: 'admin' });
    const staff = await signUp(ctx, { role: 'admin' });
    const client = await signUp(ctx);
    const start = await policyOf(owner);
    expect(start).toMatchObject({ require_staff_two_factor: false, require_client_two_factor: false });
    expect(start.client_logins_without_two_factor).toBeGreaterThanOrEqual(1);
    // Counted by role: a new client login counts as a client, not as staff.
    const another = await signUp(ctx);
    expect(await policyOf(owner)).toMatchObject({
      client_logins_without_two_factor: start.client_logins_without_two_factor + 1,
      staff_without_two_factor: start.staff_without_two_factor,
    });
    // An archived client's login cannot sign in: it is not counted.
    await archiveClientViaApi(ctx, owner, another.user.client_id!);
    expect((await policyOf(owner)).client_logins_without_two_factor).toBe(start.client_logins_without_two_factor);

    // An empty body says what to send; a flag that is not a boolean is refused with the existing message.
    const empty = await setPolicy(owner, {});
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toContain('require_client_two_factor');
    const notBoolean = await setPolicy(owner, { require_client_two_factor: 'yes' });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.errors).toEqual({ require_client_two_factor: ['Choose on or off'] });

    // The owner needs no second factor of their own to require one of clients (it does not touch them).
    const on = await setPolicy(owner, { require_client_two_factor: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toMatchObject({ require_client_two_factor: true, require_staff_two_factor: false, updated_by: owner.user.name });
    expect(await auditOf(owner.user.id)).toEqual([{ require_client_two_factor: [false, true] }]);
    // Sending the same value again changes nothing: no audit entry.
    expect((await setPolicy(owner, { require_client_two_factor: true })).status).toBe(200);
    expect(await auditOf(owner.user.id)).toHaveLength(1);

    // The client's next sign-in: a session that can only enrol.
    const login = await passwordStep(client);
    expect(login.status).toBe(200);
    const session = login.body as TAuthResponse;
    expect(session.user).toMatchObject({ two_factor_enabled: false, two_factor_enrolment_required: true });
    const restricted = tokenAuth(session.token);
    const blocked = await ctx.request().get('/api/invoices/').set(asUser(restricted));
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('two_factor_enrolment_required');
    expect((await me(restricted)).status).toBe(200);
    expect((await ctx.request().get('/api/auth/two-factor/').set(asUser(restricted))).body).toMatchObject({ enrolment_required: true, required_by_agency: true });

    // Every client route but reading who it is, signing out and enrolling answers the same 403.
    expect(await enrolmentWalk(restricted, 'client')).toEqual([]);

    // Staff are not clients: a staff account without a second factor works as before.
    const staffLogin = (await passwordStep(staff)).body as TAuthResponse;
    expect(staffLogin.user).toMatchObject({ two_factor_enrolment_required: false });
    expect((await ctx.request().get('/api/clients/').set(asUser(tokenAuth(staffLogin.token)))).status).toBe(200);
    expect((await ctx.request().get('/api/auth/two-factor/').set(asUser(staff))).body).toMatchObject({ enrolment_required: false, required_by_agency: false });

    // Enrolling opens everything at once, and the count drops.
    const withoutBefore = (await policyOf(owner)).client_logins_without_two_factor;
    const { secret } = await enrol({ ...client, ...session, auth: restricted.auth });
    expect((await ctx.request().get('/api/invoices/').set(asUser(restricted))).status).toBe(200);
    expect((await me(restricted)).body).toMatchObject({ two_factor_enabled: true, two_factor_enrolment_required: false });
    expect((await policyOf(owner)).client_logins_without_two_factor).toBe(withoutBefore - 1);

    // Turning the last factor off (as staff can) sends the login back to enrolment while the agency requires one.
    const off = await ctx.request().post('/api/auth/two-factor/totp/disable/').set(asUser(restricted)).send({ password: client.password, code: codeAt(secret) });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, enrolment_required: true, required_by_agency: true });
    expect((await ctx.request().get('/api/invoices/').set(asUser(restricted))).body.code).toBe('two_factor_enrolment_required');

    // Both flags in one body: only what changed is audited, each before → after.
    expect((await setPolicy(owner, { require_staff_two_factor: false, require_client_two_factor: false })).status).toBe(200);
    expect(await auditOf(owner.user.id)).toEqual([{ require_client_two_factor: [false, true] }, { require_client_two_factor: [true, false] }]);
    // (A session already in use may keep its answer for SESSION_CACHE_TTL_MS; a new sign-in is free at once.)
    const free = (await passwordStep(client)).body as TAuthResponse;
    expect(free.user).toMatchObject({ two_factor_enrolment_required: false });
    expect((await ctx.request().get('/api/invoices/').set(asUser(tokenAuth(free.token)))).status).toBe(200);
  });

  it('the staff flag leaves client logins alone', async () => {
    const owner = await signUp(ctx, { role: 'admin' });
    const client = await signUp(ctx);
    await enrol(owner);
    expect((await setPolicy(owner, { require_staff_two_factor: true })).status).toBe(200);
    const session = (await passwordStep(client)).body as TAuthResponse;
    expect(session.user).toMatchObject({ two_factor_enrolment_required: false });
    expect((await ctx.request().get('/api/invoices/').set(asUser(tokenAuth(session.token)))).status).toBe(200);
    expect((await ctx.request().get('/api/auth/two-factor/').set(asUser(client))).body).toMatchObject({ required_by_agency: false });
    const both = await setPolicy(owner, { require_staff_two_factor: false, require_client_two_factor: true });
    expect(both.body).toMatchObject({ require_staff_two_factor: false, require_client_two_factor: true });
    expect((await auditOf(owner.user.id)).at(-1)).toEqual({ require_staff_two_factor: [true, false], require_client_two_factor: [false, true] });
    expect((await setPolicy(owner, { require_client_two_factor: false })).status).toBe(200);
  });

  it('only owners change it: managers cannot read or change it, read-only staff only read it', async () => {
    const owner = await signUp(ctx, { role: 'admin' });
    const manager = await signUp(ctx, { role: 'admin' });
    const reader = await signUp(ctx, { role: 'admin' });
    for (const [who, staffRole] of [
      [manager, 'manager'],
      [reader, 'read_only'],
    ] as const) {
      const res = await ctx.request().patch(`/api/admin/staff/${who.user.id}/`).set(asUser(owner)).send({ staff_role: staffRole });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect((await ctx.request().get('/api/admin/security-policy/').set(asUser(manager))).status).toBe(403);
    expect((await setPolicy(manager, { require_client_two_factor: true })).status).toBe(403);
    expect((await policyOf(reader)).require_client_two_factor).toBe(false);
    expect((await setPolicy(reader, { require_client_two_factor: true })).status).toBe(403);
    expect((await policyOf(owner)).require_client_two_factor).toBe(false);
  });
});

describe('per-IP limit of the second step', () => {
  // Last: this IP stays limited for the window.
  it(`refuses a client IP past ${SECOND_FACTOR_WRONG_PER_IP} wrong answers in 15 minutes, whatever the account (429)`, async () => {
    const ip = newIp();
    for (let i = 0; i < SECOND_FACTOR_WRONG_PER_IP; i += 1) {
      expect((await verify({ challenge: `sfc_guess-${i}`, code: '123456' }, ip)).status).toBe(400);
    }
    const limited = await verify({ challenge: 'sfc_guess-last', code: '123456' }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    // Another IP is not affected.
    expect((await verify({ challenge: 'sfc_guess-other', code: '123456' }, newIp())).status).toBe(400);
  });
});
