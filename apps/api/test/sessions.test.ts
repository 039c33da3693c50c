/**
 * Sessions (issue 28): a sign-in to a staff account from a new device is told by e-mail; everyone lists their
 * sessions and ends them; a session's lifetime slides with use, up to a hard limit.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE_SESSION_ENDED, type TSession } from '@agency/contract';
import { auditLog, authTokens, emailOutbox, knownDevices } from '../src/db/schema';
import { agencyName } from '../src/modules/agency';
import { CLIENT_ARCHIVED_SIGN_IN } from '../src/modules/auth/auth.service';
import { archiveClientViaApi, signUp, uniqueEmail, type Session } from './support/factories';
import { invitedTeamMember } from './support/invites';
import { connectWs, startLiveServer, type LiveServer, type WsClient } from './support/live-server';
import { createTestContext, type TestContext } from './support/test-app';

const PUBLIC_URL = 'https://portal.example.test';
const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
/** The same browser a version later: still the same device. */
const MAC_CHROME_NEXT = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0';

const DAY = 86_400_000;

let ctx: TestContext;
let live: LiveServer;
const sockets: WsClient[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL, SESSION_IDLE_DAYS: '14', SESSION_MAX_DAYS: '30' });
  live = await startLiveServer(ctx.deps, { app: ctx.app });
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await live?.close();
  await ctx?.close();
});

async function signUpFrom(userAgent: string, overrides: Parameters<typeof signUp>[1] = {}): Promise<Session> {
  const role = overrides.role ?? 'client';
  const email = overrides.email ?? uniqueEmail(role);
  const body = {
    email,
    password: 'Passw0rd!long',
    name: role === 'admin' ? 'Nina Staff' : 'Carl Client',
    role,
    company: 'Acme Co',
    ...(role === 'admin' ? { admin_code: 'test-invite-code-123' } : {}),
  };
  const res = await ctx.request().post('/api/auth/register/').set('User-Agent', userAgent).send(body);
  expect(res.status).toBe(201);
  return { ...res.body, password: body.password, auth: { Authorization: `Token ${res.body.token}` } };
}

async function signInFrom(who: Session, userAgent: string): Promise<Session> {
  const res = await ctx.request().post('/api/auth/login/').set('User-Agent', userAgent).send({ email: who.user.email, password: who.password });
  expect(res.status).toBe(200);
  return { ...res.body, password: who.password, auth: { Authorization: `Token ${res.body.token}` } };
}

const newDeviceMails = (email: string) =>
  ctx.deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'new_device_sign_in')));

describe('new-device e-mail for staff', () => {
  it('the first sign-in (the sign-up) records the device without an e-mail; the same browser again sends none', async () => {
    const staff = await signUpFrom(MAC_CHROME, { role: 'admin' });
    const devices = await ctx.deps.db.select().from(knownDevices).where(eq(knownDevices.userId, staff.user.id));
    expect(devices).toEqual([expect.objectContaining({ label: 'Chrome on macOS', fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) })]);
    await signInFrom(staff, MAC_CHROME);
    await signInFrom(staff, MAC_CHROME_NEXT);
    expect(await newDeviceMails(staff.user.email)).toEqual([]);
    const [after] = await ctx.deps.db.select().from(knownDevices).where(eq(knownDevices.userId, staff.user.id));
    expect(after!.lastSeenAt.getTime()).toBeGreaterThan(devices[0]!.lastSeenAt.getTime());
  });

  it('a sign-in from another browser or device mails the account: device, IP, time and what to do; once per device', async () => {
    const staff = await signUpFrom(MAC_CHROME, { role: 'admin' });
    await signInFrom(staff, IPHONE_SAFARI);
    const [mail, ...more] = await newDeviceMails(staff.user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`New sign-in to your ${await agencyName(ctx.deps)} account`);
    expect(mail!.bodyText).toContain('Device: Safari 17 on iOS 17.4');
    expect(mail!.bodyText).toMatch(/IP address: \S+/);
    expect(mail!.bodyText).toMatch(/Time: .+ UTC/);
    expect(mail!.bodyText).toContain('If it was not you, change your password now');
    expect(mail!.bodyText).toContain(`${PUBLIC_URL}/dashboard?tab=security#settings`);

    await signInFrom(staff, IPHONE_SAFARI);
    expect(await newDeviceMails(staff.user.email)).toHaveLength(1);
    await signInFrom(staff, WINDOWS_FIREFOX);
    const mails = await newDeviceMails(staff.user.email);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.bodyText).join('\n')).toContain('Device: Firefox 126 on Windows 10');
    const labels = (await ctx.deps.db.select().from(knownDevices).where(eq(knownDevices.userId, staff.user.id))).map((d) => d.label).sort();
    expect(labels).toEqual(['Chrome on macOS', 'Firefox on Windows', 'Safari on iOS (mobile)']);
  });

  it('client accounts get no new-device e-mail and no device records', async () => {
    const client = await signUpFrom(MAC_CHROME);
    await signInFrom(client, IPHONE_SAFARI);
    expect(await newDeviceMails(client.user.email)).toEqual([]);
    expect(await ctx.deps.db.select().from(knownDevices).where(eq(knownDevices.userId, client.user.id))).toEqual([]);
  });
});

const listSessions = async (who: Session): Promise<TSession[]> => {
  const res = await ctx.request().get('/api/auth/sessions/').set(who.auth);
  expect(res.status).toBe(200);
  return res.body.results;
};
const me = (who: Session) => ctx.request().get('/api/auth/me/').set(who.auth);

async function socketOf(who: Session): Promise<WsClient> {
  const ticket = await ctx.request().post('/api/auth/ws-ticket/').set(who.auth);
  expect(ticket.status).toBe(201);
  const socket = await connectWs(`${live.wsUrl}?ticket=${ticket.body.ticket}`, { origin: PUBLIC_URL });
  sockets.push(socket);
  return socket;
}

/** Resolves with the close code, or 'still open' after a second. */
const closeCodeOf = (socket: WsClient) => Promise.race([socket.closed, new Promise((r) => setTimeout(() => r('still open'), 1000))]);

describe('active sessions', () => {
  it('lists my sessions with device, browser, IP, opened and last used; "current" marks this one; never anyone else\'s', async () => {
    const laptop = await signUpFrom(MAC_CHROME);
    const phone = await signInFrom(laptop, IPHONE_SAFARI);
    const stranger = await signUpFrom(WINDOWS_FIREFOX);
    await me(laptop);
    const sessions = await listSessions(laptop);
    expect(sessions).toHaveLength(2);
    const mac = sessions.find((s) => s.device === 'Chrome on macOS')!;
    const iphone = sessions.find((s) => s.device === 'Safari on iOS (mobile)')!;
    expect(mac).toMatchObject({ browser: 'Chrome 124', os: 'macOS Catalina', platform: 'desktop', current: true, ip: expect.any(String) });
    expect(iphone).toMatchObject({ browser: 'Safari 17', os: 'iOS 17.4', platform: 'mobile', current: false, last_used_at: null });
    expect(Date.parse(mac.last_used_at!)).toBeGreaterThanOrEqual(Date.parse(mac.created_at));
    // The most recently used first.
    expect(sessions[0]!.id).toBe(mac.id);
    const fromPhone = await listSessions(phone);
    expect(fromPhone.find((s) => s.current)!.id).toBe(iphone.id);
    expect((await listSessions(stranger)).map((s) => s.device)).toEqual(['Firefox on Windows']);
  });

  it("ends one session: its token stops working and its socket closes at once; another user's session is a 404", async () => {
    const laptop = await signUpFrom(MAC_CHROME);
    const phone = await signInFrom(laptop, IPHONE_SAFARI);
    const stranger = await signUpFrom(WINDOWS_FIREFOX);
    const phoneSocket = await socketOf(phone);
    const laptopSocket = await socketOf(laptop);
    const phoneId = (await listSessions(phone)).find((s) => s.current)!.id;

    const foreign = await ctx.request().delete(`/api/auth/sessions/${phoneId}/`).set(stranger.auth);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('not_found');
    expect((await me(phone)).status).toBe(200);

    const res = await ctx.request().delete(`/api/auth/sessions/${phoneId}/`).set(laptop.auth);
    expect(res.status).toBe(204);
    expect(await closeCodeOf(phoneSocket)).toBe(WS_CLOSE_SESSION_ENDED);
    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop)).status).toBe(200);
    expect(await Promise.race([laptopSocket.closed, new Promise((r) => setTimeout(() => r('still open'), 300))])).toBe('still open');
    expect((await listSessions(laptop)).map((s) => s.id)).not.toContain(phoneId);
    const [entry] = await ctx.deps.db.select().from(auditLog).where(and(eq(auditLog.actorUserId, laptop.user.id), eq(auditLog.action, 'auth.session_revoked')));
    expect(entry).toMatchObject({ objectType: 'session', objectId: String(phoneId), objectLabel: 'Safari on iOS (mobile)' });
    // Gone is gone: a second revoke is a 404 too.
    expect((await ctx.request().delete(`/api/auth/sessions/${phoneId}/`).set(laptop.auth)).status).toBe(404);
  });

  it('signs out everywhere else: every other session ends and its sockets close, this one stays', async () => {
    const laptop = await signUpFrom(MAC_CHROME);
    const phone = await signInFrom(laptop, IPHONE_SAFARI);
    const desktop = await signInFrom(laptop, WINDOWS_FIREFOX);
    const [phoneSocket, desktopSocket] = await Promise.all([socketOf(phone), socketOf(desktop)]);
    const res = await ctx.request().post('/api/auth/sessions/revoke-others/').set(laptop.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Signed out of 2 other sessions.', revoked: 2 });
    expect(await closeCodeOf(phoneSocket)).toBe(WS_CLOSE_SESSION_ENDED);
    expect(await closeCodeOf(desktopSocket)).toBe(WS_CLOSE_SESSION_ENDED);
    expect((await me(phone)).status).toBe(401);
    expect((await me(desktop)).status).toBe(401);
    expect((await listSessions(laptop)).map((s) => s.current)).toEqual([true]);
    const again = await ctx.request().post('/api/auth/sessions/revoke-others/').set(laptop.auth);
    expect(again.body).toEqual({ detail: 'No other sessions were open.', revoked: 0 });
  });
});

describe('an owner signs a staff member out everywhere', () => {
  it("ends every session of theirs and closes the sockets; the password still works; only owners, not on themselves", async () => {
    const owner = await signUpFrom(MAC_CHROME, { role: 'admin' });
    const staff = await signUpFrom(MAC_CHROME, { role: 'admin' });
    expect((await ctx.request().patch(`/api/admin/staff/${staff.user.id}/`).set(owner.auth).send({ staff_role: 'manager' })).status).toBe(200);
    const phone = await signInFrom(staff, IPHONE_SAFARI);
    const socket = await socketOf(phone);
    const endSessions = (who: Session, id: number) => ctx.request().post(`/api/admin/staff/${id}/end-sessions/`).set(who.auth);

    expect((await endSessions(staff, owner.user.id)).status).toBe(403);
    const self = await endSessions(owner, owner.user.id);
    expect(self.status).toBe(400);
    expect(self.body.detail).toMatch(/Settings → Security/);
    expect((await endSessions(owner, 999_999)).status).toBe(404);

    const res = await endSessions(owner, staff.user.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Signed out of 2 sessions.', revoked: 2 });
    expect(await closeCodeOf(socket)).toBe(WS_CLOSE_SESSION_ENDED);
    expect((await me(staff)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    expect((await me(owner)).status).toBe(200);
    const [entry] = await ctx.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.sessions_ended'), eq(auditLog.objectId, String(staff.user.id))));
    expect(entry).toMatchObject({ actorUserId: owner.user.id, changes: { sessions: 2 } });

    const back = await signInFrom(staff, WINDOWS_FIREFOX);
    expect((await me(back)).status).toBe(200);
  });
});

describe("staff sign a client's portal out everywhere", () => {
  it('ends the sessions of its own login and its team members; the passwords still work; only staff who reach the client', async () => {
    const admin = await signUpFrom(MAC_CHROME, { role: 'admin' });
    const owner = await signUpFrom(IPHONE_SAFARI);
    const member = await invitedTeamMember(ctx, owner, 'Pia Portal', 'billing');
    const socket = await socketOf(member);
    const clientId = owner.user.client_id!;
    const endPortal = (who: Session) => ctx.request().post(`/api/clients/${clientId}/end-sessions/`).set(who.auth);

    expect((await endPortal(owner)).status).toBe(403);
    const res = await endPortal(admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Signed out of 2 sessions.', revoked: 2 });
    expect(await closeCodeOf(socket)).toBe(WS_CLOSE_SESSION_ENDED);
    expect((await me(owner)).status).toBe(401);
    expect((await me(member)).status).toBe(401);
    expect((await endPortal(admin)).body).toEqual({ detail: 'Nobody was signed in to this portal.', revoked: 0 });
    expect((await ctx.request().post('/api/clients/999999/end-sessions/').set(admin.auth)).status).toBe(404);
    const [entry] = await ctx.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'client.portal_sessions_ended'), eq(auditLog.clientId, clientId)));
    expect(entry).toMatchObject({ actorUserId: admin.user.id, changes: { sessions: 2 } });
    expect((await me(await signInFrom(owner, IPHONE_SAFARI))).status).toBe(200);
  });
});

describe("an archived client's portal is closed", () => {
  it('its owner login and team members are signed out and cannot sign in until the client is restored', async () => {
    const admin = await signUpFrom(MAC_CHROME, { role: 'admin' });
    const owner = await signUpFrom(IPHONE_SAFARI);
    const member = await invitedTeamMember(ctx, owner, 'Mia Member', 'content');
    const socket = await socketOf(owner);
    const clientId = owner.user.client_id!;

    await archiveClientViaApi(ctx, admin, clientId);
    expect(await closeCodeOf(socket)).toBe(WS_CLOSE_SESSION_ENDED);
    expect((await me(owner)).status).toBe(401);
    expect((await me(member)).status).toBe(401);
    for (const who of [owner, member]) {
      const refused = await ctx.request().post('/api/auth/login/').send({ email: who.user.email, password: who.password });
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe(CLIENT_ARCHIVED_SIGN_IN);
    }
    // The agency's own sessions go on.
    expect((await me(admin)).status).toBe(200);

    expect((await ctx.request().post(`/api/clients/${clientId}/restore/`).set(admin.auth)).status).toBe(200);
    expect((await me(await signInFrom(owner, IPHONE_SAFARI))).status).toBe(200);
    expect((await me(await signInFrom(member, WINDOWS_FIREFOX))).status).toBe(200);
  });
});

describe('sliding lifetime, up to a hard limit', () => {
  const tokenOf = async (who: Session) => {
    const id = (await listSessions(who)).find((s) => s.current)!.id;
    const [row] = await ctx.deps.db.select().from(authTokens).where(eq(authTokens.id, id));
    return row!;
  };
  /** Puts a session where a past of use would have left it (and drops what this instance cached of it). */
  async function age(who: Session, values: Partial<typeof authTokens.$inferInsert>) {
    const { id } = await tokenOf(who);
    await ctx.deps.db.update(authTokens).set(values).where(eq(authTokens.id, id));
    ctx.deps.sessions.forgetUser(who.user.id);
  }

  it('a sign-in lives 14 days unless used, and 30 at most', async () => {
    const before = Date.now();
    const who = await signUpFrom(MAC_CHROME);
    const token = await tokenOf(who);
    expect(token.expiresAt.getTime() - before).toBeGreaterThanOrEqual(14 * DAY);
    expect(token.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(14 * DAY);
    expect(token.absoluteExpiresAt.getTime() - before).toBeGreaterThanOrEqual(30 * DAY);
    expect(token.absoluteExpiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * DAY);
  });

  it('a session in use keeps living past its first end', async () => {
    const who = await signUpFrom(MAC_CHROME);
    // Opened 13 days ago, last used then: one more minute to live.
    const openedAt = new Date(Date.now() - 13 * DAY);
    const firstEnd = new Date(Date.now() + 60_000);
    await age(who, { createdAt: openedAt, lastUsedAt: openedAt, expiresAt: firstEnd, absoluteExpiresAt: new Date(openedAt.getTime() + 30 * DAY) });
    const before = Date.now();
    expect((await me(who)).status).toBe(200);
    const token = await tokenOf(who);
    expect(token.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(token.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 14 * DAY);
    expect(token.expiresAt.getTime()).toBeGreaterThan(firstEnd.getTime());
    expect(token.absoluteExpiresAt.getTime()).toBe(openedAt.getTime() + 30 * DAY);
  });

  it('never past the hard limit: use slides it to the limit, and past the limit the session is over', async () => {
    const who = await signUpFrom(MAC_CHROME);
    const openedAt = new Date(Date.now() - 25 * DAY);
    const limit = new Date(openedAt.getTime() + 30 * DAY);
    await age(who, { createdAt: openedAt, lastUsedAt: new Date(Date.now() - 2 * DAY), expiresAt: new Date(Date.now() + 12 * DAY), absoluteExpiresAt: limit });
    expect((await me(who)).status).toBe(200);
    expect((await tokenOf(who)).expiresAt.getTime()).toBe(limit.getTime());

    // The limit has come: however recently used, it is over.
    const over = new Date(Date.now() - 1000);
    const id = (await tokenOf(who)).id;
    await age(who, { lastUsedAt: new Date(Date.now() - 2 * 60_000), expiresAt: over, absoluteExpiresAt: over });
    expect((await me(who)).status).toBe(401);
    const [row] = await ctx.deps.db.select().from(authTokens).where(eq(authTokens.id, id));
    expect(row!.expiresAt.getTime()).toBe(over.getTime());
  });

  it('an idle session ends: not used for its idle lifetime, it is refused', async () => {
    const who = await signUpFrom(MAC_CHROME);
    const lastUse = new Date(Date.now() - 14 * DAY - 1000);
    await age(who, { createdAt: lastUse, lastUsedAt: lastUse, expiresAt: new Date(lastUse.getTime() + 14 * DAY), absoluteExpiresAt: new Date(lastUse.getTime() + 30 * DAY) });
    const res = await me(who);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('authentication_failed');
  });

  it('writes at most once a minute per session: requests within the minute leave it as it was', async () => {
    const who = await signUpFrom(MAC_CHROME);
    expect((await me(who)).status).toBe(200);
    const first = await tokenOf(who);
    ctx.deps.sessions.forgetUser(who.user.id);
    for (let i = 0; i < 3; i++) expect((await me(who)).status).toBe(200);
    const later = await tokenOf(who);
    expect(later.lastUsedAt).toEqual(first.lastUsedAt);
    expect(later.expiresAt).toEqual(first.expiresAt);
  });
});
