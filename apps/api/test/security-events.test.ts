/**
 * Security events (issue 28, ASVS 16.3.1–16.3.3): a failed sign-in of an account that exists leaves
 * `auth.sign_in_failed` in its audit log (by the account itself, with how it was tried and the IP, never the secret),
 * read there by the owner; every failed sign-in, 401, 403 and 429 is one warn line `{ security_event, … }` in the
 * app's log, without the e-mail, the password or the token.
 */
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, eq, gt, max } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { pino } from 'pino';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditEntry, TSecondFactorChallenge, TTotpEnrolment } from '@agency/contract';
import { createApp } from '../src/app';
import { auditLog } from '../src/db/schema';
import { signUp, uniqueEmail, type Session } from './support/factories';
import { refusedUpgrade, startLiveServer } from './support/live-server';
import { SoftAuthenticator } from './support/soft-authenticator';
import { createTestContext, type TestContext } from './support/test-app';

const PUBLIC_URL = 'https://portal.example.test';
let ctx: TestContext;
let owner: Session;

/** The log lines of the app under test, as JSON. */
const lines: Record<string, unknown>[] = [];
/** The same lines as written, to look for what must never be in them. */
let rawLog = '';
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _enc, done) {
      const text = chunk.toString('utf8');
      rawLog += text;
      for (const line of text.split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  }),
);
/** The app on the test's database with the capturing logger, and limits low enough to reach. */
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  // Behind "a proxy" on loopback, so each request comes from the IP it names (X-Forwarded-For).
  ctx = await createTestContext({ PUBLIC_URL, TRUST_PROXY: 'loopback' });
  app = createApp({ ...ctx.deps, logger }, { loginLimits: { windowMs: 60_000, perIp: 1000, perEmail: 3 }, checkResponses: true });
  owner = await signUp(ctx, { role: 'admin', name: 'Olive Owner' });
});
afterAll(async () => {
  await ctx?.close();
});

const request = () => supertest(app);
let ipCounter = 0;
const newIp = () => `203.0.113.${(ipCounter += 1)}`;

/** Security event lines written since `mark` (lines.length at the start). */
const eventsSince = (mark: number) => lines.slice(mark).filter((l) => 'security_event' in l);

const lastAuditId = async () => (await ctx.deps.db.select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0;
const failuresSince = (id: number) =>
  ctx.deps.db.select().from(auditLog).where(and(gt(auditLog.id, id), eq(auditLog.action, 'auth.sign_in_failed'))).orderBy(auditLog.id);

const login = (email: string, password: string, ip = newIp()) => request().post('/api/auth/login/').set({ 'X-Forwarded-For': ip }).send({ email, password });

/** The owner's view of the audit log's failed sign-ins of one account. */
async function ownerSeesFailures(userId: number): Promise<TAuditEntry[]> {
  const res = await request().get('/api/audit-log/').query({ action: 'auth.sign_in_failed', actor: userId }).set(owner.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.results as TAuditEntry[];
}

const codeAt = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });
/** A six-digit code that is none of the codes around now (so surely wrong). */
function wrongCode(secret: string): string {
  const near = new Set([-60_000, -30_000, 0, 30_000, 60_000].map((d) => codeAt(secret, Date.now() + d)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

describe('a failed sign-in', () => {
  it('a wrong password on an account: an entry in its audit log, by the account, with the method and the IP; the owner reads it', async () => {
    const who = await signUp(ctx, { name: 'Alex Morgan' });
    const mark = lines.length;
    const since = await lastAuditId();
    const wrongPassword = 'Not-the-Passw0rd!';

    const res = await login(who.user.email, wrongPassword, '203.0.113.200');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Invalid email or password.');

    const [entry, ...more] = await failuresSince(since);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorType: 'user',
      actorUserId: who.user.id,
      actorLabel: 'Alex Morgan',
      ip: '203.0.113.200',
      objectType: 'account',
      objectId: String(who.user.id),
      changes: { method: 'password', reason: 'wrong_password' },
    });

    const seen = await ownerSeesFailures(who.user.id);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ actor: 'Alex Morgan', ip: '203.0.113.200', action: 'auth.sign_in_failed', changes: { method: 'password', reason: 'wrong_password' } });

    const events = eventsSince(mark);
    expect(events).toEqual([
      expect.objectContaining({ level: 40, msg: 'security event', security_event: 'sign_in_failed', sign_in_method: 'password', reason: 'wrong_password', user_id: who.user.id, ip: '203.0.113.200' }),
    ]);
    expect(JSON.stringify(await ctx.deps.db.select().from(auditLog))).not.toContain(wrongPassword);
    expect(rawLog).not.toContain(wrongPassword);
    expect(rawLog).not.toContain(who.user.email);
  });

  it('an unknown e-mail: no entry, a line naming the SHA-256 of the address, never the address', async () => {
    const since = await lastAuditId();
    const mark = lines.length;
    const email = uniqueEmail('Nobody');

    const res = await login(email, 'Some-passw0rd!', '203.0.113.201');
    expect(res.status).toBe(400);

    expect(await failuresSince(since)).toEqual([]);
    const hash = createHash('sha256').update(email.toLowerCase()).digest('hex');
    expect(eventsSince(mark)).toEqual([
      expect.objectContaining({ security_event: 'sign_in_failed', sign_in_method: 'password', reason: 'wrong_password', email_sha256: hash, ip: '203.0.113.201' }),
    ]);
    expect(eventsSince(mark)[0]).not.toHaveProperty('user_id');
    expect(rawLog.toLowerCase()).not.toContain(email.toLowerCase());
  });

  it('a wrong code of the authenticator app or a wrong recovery code at the second step: an entry each, from the IP of that step', async () => {
    const who = await signUp(ctx, { role: 'admin', name: 'Sam Second' });
    const start = await request().post('/api/auth/two-factor/totp/').set(who.auth).send({ password: who.password });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const enrolment = start.body as TTotpEnrolment;
    const confirm = await request()
      .post('/api/auth/two-factor/totp/confirm/')
      .set(who.auth)
      .send({ enrolment: enrolment.enrolment, code: codeAt(enrolment.secret, Date.now()) });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);

    const step = await login(who.user.email, who.password);
    expect(step.status, JSON.stringify(step.body)).toBe(200);
    const { challenge } = step.body as TSecondFactorChallenge;
    const since = await lastAuditId();
    const mark = lines.length;
    const code = wrongCode(enrolment.secret);
    const issued = (confirm.body as { recovery_codes: string[] }).recovery_codes;
    const wrongRecoveryCode = ['zzzz-9999', 'yyyy-8888'].find((c) => !issued.includes(c))!;

    const wrong = await request().post('/api/auth/login/second-factor/').set({ 'X-Forwarded-For': '203.0.113.202' }).send({ challenge, code });
    expect(wrong.status).toBe(400);
    const wrongRecovery = await request()
      .post('/api/auth/login/second-factor/')
      .set({ 'X-Forwarded-For': '203.0.113.203' })
      .send({ challenge, recovery_code: wrongRecoveryCode });
    expect(wrongRecovery.status).toBe(400);
    expect(wrongRecovery.body.errors).toHaveProperty('recovery_code');

    const entries = await failuresSince(since);
    expect(entries.map((e) => ({ by: e.actorUserId, ip: e.ip, changes: e.changes }))).toEqual([
      { by: who.user.id, ip: '203.0.113.202', changes: { method: 'totp', reason: 'wrong_code' } },
      { by: who.user.id, ip: '203.0.113.203', changes: { method: 'recovery_code', reason: 'wrong_code' } },
    ]);
    expect(eventsSince(mark)).toEqual([
      expect.objectContaining({ security_event: 'sign_in_failed', sign_in_method: 'totp', reason: 'wrong_code', user_id: who.user.id, ip: '203.0.113.202' }),
      expect.objectContaining({ security_event: 'sign_in_failed', sign_in_method: 'recovery_code', reason: 'wrong_code', user_id: who.user.id, ip: '203.0.113.203' }),
    ]);
    const everything = JSON.stringify(await ctx.deps.db.select().from(auditLog));
    expect(everything).not.toContain(code);
    expect(everything).not.toContain(wrongRecoveryCode);
    expect(rawLog).not.toContain(wrongRecoveryCode);
    expect(rawLog).not.toContain(challenge);
    expect(await ownerSeesFailures(who.user.id)).toHaveLength(2);
  });

  it('a passkey sign-in that fails for a known passkey: an entry for its account', async () => {
    const who = await signUp(ctx, { name: 'Pat Passkey' });
    const authenticator = new SoftAuthenticator(PUBLIC_URL);
    const start = await request().post('/api/auth/passkeys/registration/').set(who.auth).send({ password: who.password });
    expect(start.status).toBe(200);
    const added = await request().post('/api/auth/passkeys/').set(who.auth).send({ registration: start.body.registration, response: authenticator.register(start.body.options) });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const since = await lastAuditId();
    const mark = lines.length;

    const options = await request().post('/api/auth/passkey/options/');
    const res = await request()
      .post('/api/auth/passkey/')
      .set({ 'X-Forwarded-For': '203.0.113.204' })
      .send({ challenge: options.body.challenge, response: authenticator.assert(options.body.options, { userVerified: false }) });
    expect(res.status).toBe(400);

    const entries = await failuresSince(since);
    expect(entries.map((e) => ({ by: e.actorUserId, ip: e.ip, changes: e.changes }))).toEqual([
      { by: who.user.id, ip: '203.0.113.204', changes: { method: 'passkey', reason: 'passkey_not_verified' } },
    ]);
    expect(eventsSince(mark)).toEqual([expect.objectContaining({ security_event: 'sign_in_failed', sign_in_method: 'passkey', user_id: who.user.id })]);
  });
});

describe('refused and limited requests', () => {
  it('a 401 on a route that needs a session: one line, without the token sent', async () => {
    const mark = lines.length;
    const badToken = 'x'.repeat(40);
    const res = await request().get('/api/clients/').set({ Authorization: `Token ${badToken}`, 'X-Forwarded-For': '203.0.113.205' });
    expect(res.status).toBe(401);
    expect(eventsSince(mark)).toEqual([
      expect.objectContaining({ level: 40, security_event: 'not_authenticated', code: 'authentication_failed', method: 'GET', route: '/api/clients/', ip: '203.0.113.205' }),
    ]);
    expect(rawLog).not.toContain(badToken);
  });

  it('a 403: one line with the user, the role, the method and the route pattern, without e-mail or token', async () => {
    const client = await signUp(ctx, { role: 'client' });
    const mark = lines.length;
    const res = await request().get('/api/clients/').set({ ...client.auth, 'X-Forwarded-For': '203.0.113.206' });
    expect(res.status).toBe(403);
    const events = eventsSince(mark);
    expect(events).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'security event',
        security_event: 'forbidden',
        code: 'permission_denied',
        user_id: client.user.id,
        role: 'client',
        method: 'GET',
        route: '/api/clients/',
        ip: '203.0.113.206',
      }),
    ]);
    const line = JSON.stringify(events[0]);
    expect(line).not.toContain(client.user.email);
    expect(line).not.toContain(client.token);
    expect(rawLog).not.toContain(client.token);
  });

  it('a 429 from a rate limiter: one line naming the limiter and what it counts by, never the e-mail', async () => {
    const email = uniqueEmail('limited');
    const ip = '203.0.113.207';
    // perEmail is 3 here: three failures, then the fourth is refused before it is checked.
    for (let i = 0; i < 3; i++) expect((await login(email, 'Wrong-passw0rd!', ip)).status).toBe(400);
    const mark = lines.length;
    const res = await login(email, 'Wrong-passw0rd!', ip);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ detail: 'Too many login attempts. Please wait 15 minutes and try again.', code: 'rate_limited' });
    const events = eventsSince(mark);
    expect(events).toEqual([
      expect.objectContaining({ level: 40, security_event: 'rate_limited', limiter: 'login-email-ip', key: 'email', method: 'POST', route: '/api/auth/login/', ip }),
    ]);
    expect(JSON.stringify(events[0])).not.toContain('limited.');
    expect(rawLog.toLowerCase()).not.toContain(email.toLowerCase());
  });

  it('a refused WebSocket upgrade (no ticket, an unknown one): one line each, without the ticket', async () => {
    const live = await startLiveServer({ ...ctx.deps, logger }, { app });
    try {
      const mark = lines.length;
      expect((await refusedUpgrade(live.wsUrl)).status).toBe(401);
      const bogus = 'y'.repeat(43);
      expect((await refusedUpgrade(`${live.wsUrl}?ticket=${bogus}`)).status).toBe(401);
      expect(eventsSince(mark)).toEqual([
        expect.objectContaining({ level: 40, security_event: 'not_authenticated', code: 'not_authenticated', method: 'GET', route: '/api/ws' }),
        expect.objectContaining({ level: 40, security_event: 'not_authenticated', code: 'authentication_failed', method: 'GET', route: '/api/ws' }),
      ]);
      expect(rawLog).not.toContain(bogus);
    } finally {
      await live.close();
    }
  });
});
