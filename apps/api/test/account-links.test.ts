/**
 * One-time account links (issue 28): forgot password, change e-mail (and its undo), confirming a sign-up's address.
 * Links are read from the mails the API queued (the only place a token exists); the clock is moved for expiry.
 * Every test speaks from its own client IP (X-Forwarded-For behind a trusted loopback proxy), so the per-IP limits
 * of one test leave the others alone.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EMAIL_ALREADY_VERIFIED,
  EMAIL_CHANGE_ELSEWHERE,
  EMAIL_VERIFIED,
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_REQUESTED,
  PASSWORD_RESET_REQUESTS_PER_EMAIL_PER_HOUR,
  PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR,
  PASSWORD_TOO_SHORT,
  EMAIL_VERIFY_RESENDS_PER_HOUR,
} from '@agency/contract';
import { auditLog, clients, emailOutbox } from '../src/db/schema';
import { PASSWORD_RESET_JOB } from '../src/modules/auth';
import { createInvoiceViaApi, signUp, uniqueEmail, type Session } from './support/factories';
import { mailedInvite } from './support/invites';
import { resetJobsDone } from './support/password-reset-jobs';
import { createTestContext, type TestContext } from './support/test-app';

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
let clock = new Date();
let ctx: TestContext;
let ipCounter = 0;
/** A fresh client IP for the calls of one test. */
let ip = '10.0.0.1';
const api = () => ctx.request();
const post = (path: string, body: object = {}, auth?: { Authorization: string }) => {
  const req = api().post(path).set('X-Forwarded-For', ip);
  return (auth ? req.set(auth) : req).send(body);
};
const me = (auth: { Authorization: string }) => api().get('/api/auth/me/').set(auth);
const signIn = (email: string, password: string) => post('/api/auth/login/', { email, password });
const bearer = (token: string) => ({ Authorization: `Token ${token}` });

/** The mails of a kind queued to an address, newest first. */
async function mailsTo(email: string, kind: string) {
  return ctx.deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.id));
}

/** The token of the newest mail of a kind to an address, from its link `page#token=…`. */
async function mailedToken(email: string, kind: string, page: string): Promise<string> {
  if (kind === 'password_reset') await resetJobsDone(ctx, email);
  const [mail] = await mailsTo(email, kind);
  expect(mail, `a ${kind} mail to ${email}`).toBeDefined();
  const token = new RegExp(`https://portal\\.example\\.test${page}#token=([a-z]{3}_[A-Za-z0-9_-]{43})`).exec(mail!.bodyText)?.[1];
  expect(token, `a ${page} link in ${mail!.bodyText}`).toBeDefined();
  return token!;
}

const resetToken = (email: string) => mailedToken(email, 'password_reset', '/reset-password');
const verifyToken = (email: string) => mailedToken(email, 'email_verify', '/confirm-email');
const changeToken = (email: string) => mailedToken(email, 'email_change', '/confirm-email');
const undoToken = (email: string) => mailedToken(email, 'email_changed', '/undo-email-change');

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://portal.example.test', TRUST_PROXY: 'loopback' }, { now: () => clock, runJobs: true });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(() => {
  clock = new Date();
  ipCounter += 1;
  ip = `10.${Math.floor(ipCounter / 250)}.${ipCounter % 250}.7`;
});

describe('forgot password', () => {
  it('mails a one-time link; setting a new password ends every session, tells the account, and the new password signs in', async () => {
    const user = await signUp(ctx);
    const other = await signIn(user.user.email, user.password);
    expect(other.status).toBe(200);

    const asked = await post('/api/auth/password-reset/', { email: user.user.email.toUpperCase() });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ detail: PASSWORD_RESET_REQUESTED });
    const token = await resetToken(user.user.email);
    expect(token).toMatch(/^pwr_/);
    const [mail] = await mailsTo(user.user.email, 'password_reset');
    expect(mail!.bodyText).toContain('(1 hour)');

    const view = await post('/api/auth/links/open/', { token });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ purpose: 'password_reset', email: user.user.email });
    expect(new Date(view.body.expires_at).getTime()).toBe(clock.getTime() + 60 * MINUTE);

    const short = await post('/api/auth/password-reset/confirm/', { token, new_password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors.new_password).toEqual([PASSWORD_TOO_SHORT]);

    const done = await post('/api/auth/password-reset/confirm/', { token, new_password: 'Brand-new-passphrase' });
    expect(done.status).toBe(200);
    // No session comes back: the person signs in afresh (with a second factor, if the account has one).
    expect(done.body).toEqual({ detail: PASSWORD_RESET_DONE, email: user.user.email });
    expect((await me(user.auth)).status).toBe(401);
    expect((await me(bearer(other.body.token))).status).toBe(401);
    expect((await signIn(user.user.email, user.password)).status).toBe(400);
    expect((await signIn(user.user.email, 'Brand-new-passphrase')).status).toBe(200);

    const [changed] = await mailsTo(user.user.email, 'password_changed');
    expect(changed?.subject).toMatch(/password was changed/);
    expect(changed?.bodyText).toContain('with a password reset link');
    expect(changed?.bodyText).toContain('https://portal.example.test/forgot-password');

    const reused = await post('/api/auth/password-reset/confirm/', { token, new_password: 'Third-passphrase-1' });
    expect(reused.status).toBe(400);
    expect(reused.body.errors.token[0]).toMatch(/^This link was already used\. Ask for a new link/);
    expect((await post('/api/auth/links/open/', { token })).status).toBe(400);
  });

  it('answers an unknown address exactly as a known one, and mails nothing to it', async () => {
    const user = await signUp(ctx);
    const unknown = uniqueEmail('nobody');
    const known = await post('/api/auth/password-reset/', { email: user.user.email });
    const missing = await post('/api/auth/password-reset/', { email: unknown });
    expect(missing.status).toBe(known.status);
    expect(missing.body).toEqual(known.body);
    await resetJobsDone(ctx, unknown);
    await resetJobsDone(ctx, user.user.email);
    expect(await mailsTo(unknown, 'password_reset')).toEqual([]);
    expect(await mailsTo(user.user.email, 'password_reset')).toHaveLength(1);
  });

  it('takes as long for an unknown address as for a known one: the account is looked up after the answer', async () => {
    // A context of its own whose jobs do not run, so no background work of an earlier request disturbs the timing.
    const quiet = await createTestContext({ TRUST_PROXY: 'loopback' });
    try {
      const pairs = 24;
      const known: Session[] = [];
      for (let i = 0; i < pairs; i++) known.push(await signUp(quiet));
      const timed = async (email: string) => {
        const started = performance.now();
        const res = await quiet
          .request()
          .post('/api/auth/password-reset/')
          .set('X-Forwarded-For', `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`)
          .send({ email });
        const took = performance.now() - started;
        expect(res.status).toBe(202);
        expect(res.body).toEqual({ detail: PASSWORD_RESET_REQUESTED });
        return took;
      };
      // Pairs of one known and one unknown address back to back, in a random order: a slow moment of the shared
      // machine falls on both alike, and the median of the differences ignores the moments that do not.
      const differences: number[] = [];
      for (let i = 0; i < pairs; i++) {
        const unknown = uniqueEmail('nobody');
        if (Math.random() < 0.5) {
          const k = await timed(known[i]!.user.email);
          differences.push(k - (await timed(unknown)));
        } else {
          const u = await timed(unknown);
          differences.push((await timed(known[i]!.user.email)) - u);
        }
      }
      const median = [...differences].sort((a, b) => a - b)[Math.floor(pairs / 2)]!;
      // A bcrypt, or the lookup, link and mail done in the request for known addresses only, would show here.
      expect(Math.abs(median)).toBeLessThan(25);
      // What makes them alike: the request only queued the work (one job per request, known or not); nothing was
      // looked up or mailed yet.
      const queued = await quiet.deps.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${PASSWORD_RESET_JOB}`);
      expect((queued as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(pairs * 2);
      const resetMails = await quiet.deps.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'password_reset'));
      expect(resetMails).toEqual([]);
    } finally {
      await quiet.close();
    }
  });

  it('a newer link replaces the older one; a link expires after an hour', async () => {
    const user = await signUp(ctx);
    await post('/api/auth/password-reset/', { email: user.user.email });
    const first = await resetToken(user.user.email);
    await post('/api/auth/password-reset/', { email: user.user.email });
    const second = await resetToken(user.user.email);
    expect(second).not.toBe(first);
    const replaced = await post('/api/auth/links/open/', { token: first });
    expect(replaced.status).toBe(400);
    expect(replaced.body.detail).toMatch(/a newer link replaced it/);

    clock = new Date(clock.getTime() + 61 * MINUTE);
    const expired = await post('/api/auth/password-reset/confirm/', { token: second, new_password: 'Brand-new-passphrase' });
    expect(expired.status).toBe(400);
    expect(expired.body.detail).toBe('This link has expired. Ask for a new link with “Forgot password?” on the sign-in page.');
    expect((await signIn(user.user.email, user.password)).status).toBe(200);
  });

  it('refuses a tampered or malformed token on its field', async () => {
    const user = await signUp(ctx);
    await post('/api/auth/password-reset/', { email: user.user.email });
    const token = await resetToken(user.user.email);
    for (const bad of [`${token.slice(0, -2)}xx`, 'pwr_short', `evf_${token.slice(4)}`]) {
      const res = await post('/api/auth/password-reset/confirm/', { token: bad, new_password: 'Brand-new-passphrase' });
      expect(res.status).toBe(400);
      expect(res.body.errors.token[0]).toMatch(/^This link is not valid/);
    }
  });

  it('is limited per address (from any IP) and per IP (any address), known or not', async () => {
    const user = await signUp(ctx);
    for (let i = 0; i < PASSWORD_RESET_REQUESTS_PER_EMAIL_PER_HOUR; i++) {
      ip = `10.251.${ipCounter % 250}.${i + 1}`;
      expect((await post('/api/auth/password-reset/', { email: user.user.email })).status).toBe(202);
    }
    ip = `10.251.${ipCounter % 250}.200`;
    const tooMany = await post('/api/auth/password-reset/', { email: user.user.email.toUpperCase() });
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.code).toBe('rate_limited');
    await resetJobsDone(ctx, user.user.email);
    expect(await mailsTo(user.user.email, 'password_reset')).toHaveLength(PASSWORD_RESET_REQUESTS_PER_EMAIL_PER_HOUR);
    // Another address from that same IP still goes through.
    expect((await post('/api/auth/password-reset/', { email: uniqueEmail('nobody') })).status).toBe(202);

    ip = '10.252.0.1';
    for (let i = 0; i < PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR; i++) {
      expect((await post('/api/auth/password-reset/', { email: uniqueEmail('spray') })).status).toBe(202);
    }
    const fromIp = await post('/api/auth/password-reset/', { email: uniqueEmail('spray') });
    expect(fromIp.status).toBe(429);
  });

  it('points an account still waiting on its invite to the invite', async () => {
    const owner = await signUp(ctx, { role: 'admin' });
    const email = uniqueEmail('invitee');
    expect((await api().post('/api/admin/staff/').set(owner.auth).send({ email, first_name: 'Ivy', last_name: 'Invitee', staff_role: 'manager' })).status).toBe(201);
    await mailedInvite(ctx, email);
    expect((await post('/api/auth/password-reset/', { email })).status).toBe(202);
    await resetJobsDone(ctx, email);
    const [mail] = await mailsTo(email, 'password_reset');
    expect(mail?.bodyText).toContain('you have not accepted your invite yet');
    expect(mail?.bodyText).not.toContain('#token=');
  });

  it('changing the password in Settings tells the account by e-mail', async () => {
    const user = await signUp(ctx);
    const res = await post('/api/auth/change-password/', { current_password: user.password, new_password: 'Changed-passphrase' }, user.auth);
    expect(res.status).toBe(200);
    const [mail] = await mailsTo(user.user.email, 'password_changed');
    expect(mail?.subject).toMatch(/password was changed/);
    expect(mail?.bodyText).toContain('Every other device signed in to your account was signed out.');
  });
});

describe('verified e-mail', () => {
  it('a sign-up starts unconfirmed with a link by e-mail; opening it confirms the address once', async () => {
    const user = await signUp(ctx);
    expect(user.user.email_verified).toBe(false);
    const token = await verifyToken(user.user.email);
    expect(token).toMatch(/^evf_/);
    const view = await post('/api/auth/links/open/', { token });
    expect(view.body).toMatchObject({ purpose: 'email_verify', email: user.user.email });
    expect(new Date(view.body.expires_at).getTime()).toBe(clock.getTime() + 7 * DAY);

    const done = await post('/api/auth/email/verify/', { token });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ detail: EMAIL_VERIFIED, email: user.user.email });
    expect((await me(user.auth)).body.email_verified).toBe(true);
    const again = await post('/api/auth/email/verify/', { token });
    expect(again.status).toBe(400);
    expect(again.body.detail).toMatch(/already used/);

    const resend = await post('/api/auth/email/verify/resend/', {}, user.auth);
    expect(resend.body).toEqual({ detail: EMAIL_ALREADY_VERIFIED });
    expect(await mailsTo(user.user.email, 'email_verify')).toHaveLength(1);
  });

  it('Resend replaces the link, is limited per hour, and a link expires after 7 days', async () => {
    const user = await signUp(ctx);
    const first = await verifyToken(user.user.email);
    const resent = await post('/api/auth/email/verify/resend/', {}, user.auth);
    expect(resent.status).toBe(200);
    const second = await verifyToken(user.user.email);
    expect(second).not.toBe(first);
    expect((await post('/api/auth/email/verify/', { token: first })).status).toBe(400);
    for (let i = 1; i < EMAIL_VERIFY_RESENDS_PER_HOUR; i++) expect((await post('/api/auth/email/verify/resend/', {}, user.auth)).status).toBe(200);
    const limited = await post('/api/auth/email/verify/resend/', {}, user.auth);
    expect(limited.status).toBe(429);

    const latest = await verifyToken(user.user.email);
    clock = new Date(clock.getTime() + 7 * DAY + MINUTE);
    const expired = await post('/api/auth/email/verify/', { token: latest });
    expect(expired.status).toBe(400);
    expect(expired.body.detail).toMatch(/^This link has expired\. Sign in and choose “Resend”/);
    expect((await me(user.auth)).body.email_verified).toBe(false);
  });

  it('an invited person who accepts the invite is confirmed (the link came to the address); the invite link works once', async () => {
    const owner = await signUp(ctx, { role: 'admin' });
    const email = uniqueEmail('joiner');
    await api().post('/api/admin/staff/').set(owner.auth).send({ email, first_name: 'Jo', last_name: 'Iner', staff_role: 'manager' });
    const { token } = await mailedInvite(ctx, email);
    const accepted = await post('/api/auth/invites/accept/', { token, password: 'A-long-passphrase' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user.email_verified).toBe(true);
    expect((await post('/api/auth/invites/accept/', { token, password: 'Another-passphrase' })).status).toBe(409);
  });

  it('payment e-mails reach an address that is not confirmed yet', async () => {
    const admin = await signUp(ctx, { role: 'admin' });
    const client = await signUp(ctx);
    expect(client.user.email_verified).toBe(false);
    const invoice = await createInvoiceViaApi(ctx, admin, client.user.client_id!);
    const mails = await mailsTo(client.user.email, 'invoice_created');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.bodyText).toContain(invoice.invoice_number);
  });
});

describe('change e-mail', () => {
  it('asks for the password; nothing changes until the new address opens its link; then the other sessions end and the old address is told', async () => {
    const user = await signUp(ctx);
    const other = await signIn(user.user.email, user.password);
    const target = uniqueEmail('moved');

    const wrong = await post('/api/auth/email/change/', { new_email: target, current_password: 'not-it' }, user.auth);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.current_password).toEqual(['Current password is incorrect.']);
    const same = await post('/api/auth/email/change/', { new_email: user.user.email, current_password: user.password }, user.auth);
    expect(same.body.errors.new_email).toEqual(['This is already your e-mail address.']);

    const asked = await post('/api/auth/email/change/', { new_email: target.toUpperCase(), current_password: user.password }, user.auth);
    expect(asked.status).toBe(202);
    expect(asked.body.email).toBe(target);
    expect((await me(user.auth)).body.email).toBe(user.user.email);
    const token = await changeToken(target);
    expect(token).toMatch(/^emc_/);
    const view = await post('/api/auth/links/open/', { token });
    expect(view.body).toMatchObject({ purpose: 'email_change', email: target });
    expect(new Date(view.body.expires_at).getTime()).toBe(clock.getTime() + DAY);

    const done = await post('/api/auth/email/change/confirm/', { token }, user.auth);
    expect(done.status).toBe(200);
    expect(done.body.email).toBe(target);
    const now = await me(user.auth);
    expect(now.body).toMatchObject({ email: target, email_verified: true });
    expect((await me(bearer(other.body.token))).status).toBe(401);
    expect((await signIn(target, user.password)).status).toBe(200);
    expect((await signIn(user.user.email, user.password)).status).toBe(400);

    const [told] = await mailsTo(user.user.email, 'email_changed');
    expect(told?.bodyText).toContain(`was changed from ${user.user.email} to ${target}`);
    expect(told?.bodyText).toMatch(/undo-email-change#token=emu_/);
    expect((await post('/api/auth/email/change/confirm/', { token })).status).toBe(400);
    const audited = await ctx.deps.db.select().from(auditLog).where(and(eq(auditLog.objectType, 'account'), eq(auditLog.objectId, String(user.user.id))));
    expect(audited.map((e) => [e.action, e.actorUserId])).toEqual(
      expect.arrayContaining([
        ['account.email_change_requested', user.user.id],
        ['account.email_changed', user.user.id],
      ]),
    );
    expect(audited.find((e) => e.action === 'account.email_changed')?.changes).toMatchObject({ email: [user.user.email, target] });
  });

  it('refuses a taken address at the request and again when the link is opened', async () => {
    const user = await signUp(ctx);
    const neighbour = await signUp(ctx);
    const taken = await post('/api/auth/email/change/', { new_email: neighbour.user.email, current_password: user.password }, user.auth);
    expect(taken.status).toBe(409);
    expect(taken.body.errors.new_email).toEqual(['A user with this email already exists.']);

    const target = uniqueEmail('race');
    await post('/api/auth/email/change/', { new_email: target, current_password: user.password }, user.auth);
    const token = await changeToken(target);
    await signUp(ctx, { email: target });
    const late = await post('/api/auth/email/change/confirm/', { token });
    expect(late.status).toBe(409);
    expect(late.body.errors.email).toEqual(['A user with this email already exists.']);
    expect((await me(user.auth)).body.email).toBe(user.user.email);
  });

  it('opened where nobody is signed in, it ends every session; the link expires after 24 hours', async () => {
    const user = await signUp(ctx);
    const target = uniqueEmail('elsewhere');
    await post('/api/auth/email/change/', { new_email: target, current_password: user.password }, user.auth);
    const token = await changeToken(target);
    expect((await post('/api/auth/email/change/confirm/', { token })).status).toBe(200);
    expect((await me(user.auth)).status).toBe(401);

    const late = await signUp(ctx);
    await post('/api/auth/email/change/', { new_email: uniqueEmail('late'), current_password: late.password }, late.auth);
    const [mail] = await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'email_change')).orderBy(desc(emailOutbox.id)).limit(1);
    const lateToken = /#token=(emc_[A-Za-z0-9_-]{43})/.exec(mail!.bodyText)![1]!;
    clock = new Date(clock.getTime() + DAY + MINUTE);
    const expired = await post('/api/auth/email/change/confirm/', { token: lateToken });
    expect(expired.status).toBe(400);
    expect(expired.body.detail).toMatch(/^This link has expired/);
    expect((await me(late.auth)).body.email).toBe(late.user.email);
  });

  it('the old address undoes it for 7 days: back to the old address, everyone signed out, the password must be chosen again', async () => {
    const user = await signUp(ctx);
    const target = uniqueEmail('hijack');
    await post('/api/auth/email/change/', { new_email: target, current_password: user.password }, user.auth);
    expect((await post('/api/auth/email/change/confirm/', { token: await changeToken(target) }, user.auth)).status).toBe(200);
    const token = await undoToken(user.user.email);
    const view = await post('/api/auth/links/open/', { token });
    expect(view.body).toMatchObject({ purpose: 'email_change_undo', email: user.user.email });
    expect(new Date(view.body.expires_at).getTime()).toBe(clock.getTime() + 7 * DAY);

    const undone = await post('/api/auth/email/change/undo/', { token });
    expect(undone.status).toBe(200);
    expect(undone.body.email).toBe(user.user.email);
    expect((await me(user.auth)).status).toBe(401);
    // Whoever changed the address knew the password: it no longer works anywhere.
    expect((await signIn(user.user.email, user.password)).status).toBe(400);
    expect((await signIn(target, user.password)).status).toBe(400);
    expect((await post('/api/auth/email/change/undo/', { token })).status).toBe(400);

    const [restored] = await mailsTo(user.user.email, 'email_restored');
    expect(restored?.bodyText).toContain(`instead of ${target}`);
    const reset = /reset-password#token=(pwr_[A-Za-z0-9_-]{43})/.exec(restored!.bodyText)![1]!;
    expect((await post('/api/auth/password-reset/confirm/', { token: reset, new_password: 'Mine-again-passphrase' })).status).toBe(200);
    expect((await signIn(user.user.email, 'Mine-again-passphrase')).status).toBe(200);
  });

  it('an undo link expires after 7 days', async () => {
    const user = await signUp(ctx);
    const target = uniqueEmail('kept');
    await post('/api/auth/email/change/', { new_email: target, current_password: user.password }, user.auth);
    await post('/api/auth/email/change/confirm/', { token: await changeToken(target) });
    const token = await undoToken(user.user.email);
    clock = new Date(clock.getTime() + 7 * DAY + MINUTE);
    const expired = await post('/api/auth/email/change/undo/', { token });
    expect(expired.status).toBe(400);
    expect(expired.body.detail).toMatch(/^This link has expired/);
    expect((await signIn(target, user.password)).status).toBe(200);
  });

  it("a client's contact e-mail that was its login's address follows the login, and comes back with an undo; one the agency set apart stays", async () => {
    const contactOf = async (userId: number) =>
      (await ctx.deps.db.select({ email: clients.email }).from(clients).where(eq(clients.userId, userId)))[0]?.email;
    const user = await signUp(ctx);
    expect(await contactOf(user.user.id)).toBe(user.user.email);
    const target = uniqueEmail('followed');
    await post('/api/auth/email/change/', { new_email: target, current_password: user.password }, user.auth);
    expect((await post('/api/auth/email/change/confirm/', { token: await changeToken(target) }, user.auth)).status).toBe(200);
    expect(await contactOf(user.user.id)).toBe(target);
    expect((await post('/api/auth/email/change/undo/', { token: await undoToken(user.user.email) })).status).toBe(200);
    expect(await contactOf(user.user.id)).toBe(user.user.email);

    const apart = await signUp(ctx);
    await ctx.deps.db.update(clients).set({ email: 'accounts@acme.example' }).where(eq(clients.userId, apart.user.id));
    const moved = uniqueEmail('apart');
    await post('/api/auth/email/change/', { new_email: moved, current_password: apart.password }, apart.auth);
    expect((await post('/api/auth/email/change/confirm/', { token: await changeToken(moved) }, apart.auth)).status).toBe(200);
    expect(await contactOf(apart.user.id)).toBe('accounts@acme.example');
  });

  it('the profile no longer changes the e-mail: PATCH /auth/me/ refuses it and points to Change email', async () => {
    const user = await signUp(ctx);
    const res = await api().patch('/api/auth/me/').set(user.auth).send({ first_name: 'Robin', email: uniqueEmail('direct') });
    expect(res.status).toBe(400);
    expect(res.body.errors.email).toEqual([EMAIL_CHANGE_ELSEWHERE]);
    const named = await api().patch('/api/auth/me/').set(user.auth).send({ first_name: 'Robin', last_name: 'Hale' });
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ name: 'Robin Hale', email: user.user.email });
  });
});
