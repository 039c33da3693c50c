import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, metricSnapshots, notifications, socialAccounts } from '../src/db/schema';
import { SocialProviderError, type SocialErrorKind, type SocialProvider, type SocialTokens } from '../src/integrations/social/provider';
import { createSandboxSocialProvider } from '../src/integrations/social/sandbox/sandbox-provider';
import { createTokenCipher } from '../src/core/cipher';
import { syncDueAccounts } from '../src/modules/social/social.service';
import { signUp, type Session } from './support/factories';
import { secondInstanceDeps } from './support/live-server';
import { createTestContext, type TestContext } from './support/test-app';

const SECRET = 's'.repeat(48);
// Real time (API tokens are dated by it), moved a day forward per test.
let clock = new Date();
const now = () => clock;

/** The real sandbox, with switches: a failure kind to throw, and whether a new grant brings a refresh token. */
const fake = { fail: null as SocialErrorKind | null, noRefreshToken: false, issued: [] as SocialTokens[], hold: null as Promise<void> | null, revoked: [] as string[], metricsCalls: 0 };
const sandbox = createSandboxSocialProvider('instagram', { secret: SECRET, publicUrl: 'http://localhost:3000', now });
const instagram: SocialProvider = {
  ...sandbox,
  async exchangeCode(input) {
    const tokens = await sandbox.exchangeCode(input);
    const granted = fake.noRefreshToken ? { ...tokens, refreshToken: null } : tokens;
    fake.issued.push(granted);
    return granted;
  },
  async revoke({ accessToken }) {
    fake.revoked.push(accessToken);
  },
  async metrics(accessToken, accountId, day) {
    fake.metricsCalls += 1;
    if (fake.hold) await fake.hold;
    if (fake.fail) throw new SocialProviderError(`provider says ${fake.fail}`, fake.fail);
    return sandbox.metrics(accessToken, accountId, day);
  },
};

let ctx: TestContext;
let admin: Session;
let a: Session;
let b: Session;
beforeAll(async () => {
  ctx = await createTestContext({ APP_SECRET: SECRET }, { now, social: { instagram } });
  admin = await signUp(ctx, { role: 'admin' });
  a = await signUp(ctx, { name: 'Ava Client', company: 'Ava Co' });
  b = await signUp(ctx, { name: 'Ben Client', company: 'Ben Co' });
});
afterAll(() => ctx.close());
beforeEach(() => {
  fake.fail = null;
  fake.noRefreshToken = false;
  clock = new Date(clock.getTime() + 86_400_000);
});

const api = () => ctx.request();

async function initiate(session: Session, provider = 'instagram') {
  const res = await api().get(`/api/oauth/${provider}/initiate/`).set(session.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { oauth_url: string; state: string };
}
/** What the consent page sends back on Allow. */
const consentCode = (oauthUrl: string, handle: string) => `${new URL(oauthUrl).searchParams.get('grant')}.${handle}`;
const callback = (session: Session, body: { code: string; state: string }, provider = 'instagram') =>
  api().post(`/api/oauth/${provider}/callback/`).set(session.auth).send(body);

async function connect(session: Session, handle: string, provider = 'instagram') {
  const { oauth_url, state } = await initiate(session, provider);
  const res = await callback(session, { code: consentCode(oauth_url, handle), state }, provider);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: number; followers_count: number | null; is_active: boolean; username: string };
}
const snapshotsOf = (id: number) => ctx.deps.db.select().from(metricSnapshots).where(eq(metricSnapshots.socialAccountId, id));
const accountRow = async (id: number) => (await ctx.deps.db.select().from(socialAccounts).where(eq(socialAccounts.id, id)))[0]!;
/** The notifications of a user about one account (other tests' accounts fail too while the switch is on). */
const notificationTitles = async (s: Session, username: string) =>
  (await ctx.deps.db.select({ title: notifications.title, message: notifications.message }).from(notifications).where(eq(notifications.userId, s.user.id)))
    .filter((n) => n.message.includes(username))
    .map((n) => n.title);

describe('connecting through the sandbox', () => {
  it('goes initiate → consent page → callback, and lists the account with its numbers', async () => {
    const { oauth_url, state } = await initiate(a);
    const url = new URL(oauth_url);
    expect(url.pathname).toBe('/oauth/sandbox/instagram');
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/oauth/callback/instagram');
    const res = await callback(a, { code: consentCode(oauth_url, 'ava_brand'), state });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ platform: 'instagram', username: '@ava_brand', is_active: true, client: a.user.client_id, client_name: 'Ava Client' });
    expect(res.body.followers_count).toBeGreaterThan(0);
    expect(res.body.engagement_rate).toBeGreaterThan(0.005);

    const list = await api().get('/api/social-accounts/').set(a.auth);
    expect(list.body.accounts).toEqual([res.body]);
    const status = await api().get(`/api/social-accounts/${res.body.id}/status/`).set(a.auth);
    expect(status.body).toMatchObject({ connected: true, sandbox: true, last_error: null, is_active: true });
    // The admin sees it among all accounts and by client.
    const forAdmin = await api().get(`/api/social-accounts/?client_id=${a.user.client_id}`).set(admin.auth);
    expect(forAdmin.body.accounts.map((x: { id: number }) => x.id)).toEqual([res.body.id]);
    const otherClient = await api().get(`/api/social-accounts/?client_id=${b.user.client_id}`).set(admin.auth);
    expect(otherClient.body.accounts).toEqual([]);
  });

  it('stores the tokens encrypted: the plain tokens appear nowhere in the table', async () => {
    const account = await connect(a, 'secret_keeper');
    const tokens = fake.issued.at(-1)!;
    const raw = JSON.stringify(await ctx.deps.db.execute(sql`select * from social_accounts where id = ${account.id}`));
    expect(raw).not.toContain(tokens.accessToken);
    expect(raw).not.toContain(tokens.refreshToken!);
    expect((await accountRow(account.id)).accessTokenEncrypted).toMatch(/^v1\./);
  });

  it('refuses a tampered, replayed, expired, foreign or wrong-provider state with 400', async () => {
    const first = await initiate(a);
    const code = consentCode(first.oauth_url, 'state_tests');
    const tampered = first.state.replace(/\.([^.]{3})/, (_m, s: string) => `.${s === 'AAA' ? 'BBB' : 'AAA'}`);
    const bad = await callback(a, { code, state: tampered });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/altered/);

    const foreign = await callback(b, { code, state: first.state });
    expect(foreign.status).toBe(400);
    expect(foreign.body.detail).toMatch(/another user/);

    const wrong = await callback(a, { code, state: first.state }, 'youtube');
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toMatch(/issued for Instagram, not YouTube/);

    expect((await callback(a, { code, state: first.state })).status).toBe(200);
    const replay = await callback(a, { code, state: first.state });
    expect(replay.status).toBe(400);
    expect(replay.body.detail).toMatch(/already used/);

    const late = await initiate(a);
    clock = new Date(clock.getTime() + 11 * 60_000);
    const expired = await callback(a, { code: consentCode(late.oauth_url, 'state_tests'), state: late.state });
    expect(expired.status).toBe(400);
    expect(expired.body.detail).toMatch(/expired/);
  });

  it('refuses a forged sandbox code with 502 and connects nothing', async () => {
    const { state } = await initiate(b);
    const res = await callback(b, { code: `sandbox-instagram-${'x'.repeat(43)}.forged`, state });
    expect(res.status).toBe(502);
    expect(res.body.detail).toBe('Failed to connect Instagram account');
    const list = await api().get('/api/social-accounts/?include_inactive=true').set(b.auth);
    expect(list.body.accounts.find((x: { username: string }) => x.username === '@forged')).toBeUndefined();
  });
});

describe('accounts', () => {
  it('disconnect keeps the row and its snapshots; a reconnect reactivates it and keeps the refresh token', async () => {
    const account = await connect(a, 'comeback');
    const refreshBefore = (await accountRow(account.id)).refreshTokenEncrypted;
    clock = new Date(clock.getTime() + 86_400_000);
    expect((await api().post(`/api/social-accounts/${account.id}/sync/`).set(a.auth)).status).toBe(202);
    expect(await snapshotsOf(account.id)).toHaveLength(2);

    const heldToken = ctx.deps.tokenCipher.decrypt((await accountRow(account.id)).accessTokenEncrypted!);
    const off = await api().post(`/api/social-accounts/${account.id}/disconnect/`).set(a.auth);
    expect(off.status).toBe(200);
    // The provider is told the grant is given up, with the token we held.
    expect(fake.revoked).toContain(heldToken);
    expect(off.body.is_active).toBe(false);
    expect(await snapshotsOf(account.id)).toHaveLength(2);
    expect((await accountRow(account.id)).accessTokenEncrypted).toBeNull();
    const listed = (await api().get('/api/social-accounts/').set(a.auth)).body.accounts.map((x: { id: number }) => x.id);
    expect(listed).not.toContain(account.id);
    const all = (await api().get('/api/social-accounts/?include_inactive=true').set(a.auth)).body.accounts;
    expect(all.find((x: { id: number }) => x.id === account.id)).toMatchObject({ is_active: false });

    // The next day the same handle is connected again: the same row, its history, and today's numbers.
    clock = new Date(clock.getTime() + 86_400_000);
    const again = await connect(a, 'comeback');
    expect(again.id).toBe(account.id);
    expect(again.is_active).toBe(true);
    expect(await snapshotsOf(account.id)).toHaveLength(3);
    expect((await accountRow(account.id)).refreshTokenEncrypted).not.toBe(refreshBefore);
  });

  it('sync records one snapshot per day and refuses a second within a minute with 429 and Retry-After', async () => {
    const account = await connect(b, 'syncer');
    clock = new Date(clock.getTime() + 5_000);
    const first = await api().post(`/api/social-accounts/${account.id}/sync/`).set(b.auth);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body.account.last_sync).toBe(clock.toISOString());
    clock = new Date(clock.getTime() + 20_000);
    const again = await api().post(`/api/social-accounts/${account.id}/sync/`).set(b.auth);
    expect(again.status).toBe(429);
    expect(again.headers['retry-after']).toBe('40');
    expect(again.body.detail).toMatch(/less than a minute ago/);
    // The connection's reading and the manual sync share the day's one snapshot.
    expect(await snapshotsOf(account.id)).toHaveLength(1);
    clock = new Date(clock.getTime() + 86_400_000);
    expect((await api().post(`/api/social-accounts/${account.id}/sync/`).set(b.auth)).status).toBe(202);
    const snaps = await snapshotsOf(account.id);
    expect(snaps).toHaveLength(2);
    expect(snaps[1]!.followersCount!).toBeGreaterThanOrEqual(snaps[0]!.followersCount!);
  });

  it('refreshes an access token about to expire before it reads, keeping the refresh token the provider did not replace', async () => {
    const account = await connect(b, 'refresher');
    const before = await accountRow(account.id);
    // The sandbox's access tokens live an hour: two hours on, the stored one has expired.
    clock = new Date(clock.getTime() + 2 * 3_600_000);
    expect(before.tokenExpiresAt!.getTime()).toBeLessThan(clock.getTime());
    expect((await api().post(`/api/social-accounts/${account.id}/sync/`).set(b.auth)).status).toBe(202);
    const after = await accountRow(account.id);
    expect(after.accessTokenEncrypted).not.toBe(before.accessTokenEncrypted);
    expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(clock.getTime());
    expect(after.refreshTokenEncrypted).toBe(before.refreshTokenEncrypted);
    expect(after.needsReconnect).toBe(false);
  });

  it('the status reports a sync in progress while the provider is answering, then the new last sync', async () => {
    const account = await connect(b, 'slowpoke');
    clock = new Date(clock.getTime() + 3_600_000);
    let release!: () => void;
    fake.hold = new Promise((r) => (release = r));
    const status = async () => (await api().get(`/api/social-accounts/${account.id}/status/`).set(b.auth)).body;
    try {
      const sync = api().post(`/api/social-accounts/${account.id}/sync/`).set(b.auth).then((r) => r);
      await expect.poll(async () => (await status()).sync_in_progress, { timeout: 5_000 }).toBe(true);
      release();
      expect((await sync).status).toBe(202);
    } finally {
      fake.hold = null;
      release();
    }
    expect(await status()).toMatchObject({ sync_in_progress: false, last_sync: clock.toISOString(), last_error: null });
  });

  it("answers 404 to another client for every route of an account", async () => {
    const account = await connect(a, 'private_one');
    for (const [method, path] of [
      ['post', 'disconnect/'],
      ['post', 'sync/'],
      ['get', 'status/'],
    ] as const) {
      const res = await api()[method](`/api/social-accounts/${account.id}/${path}`).set(b.auth);
      expect(res.status, path).toBe(404);
    }
    const list = await api().get(`/api/social-accounts/?client_id=${a.user.client_id}&include_inactive=true`).set(b.auth);
    expect(list.body.accounts.map((x: { id: number }) => x.id)).not.toContain(account.id);
    expect((await accountRow(account.id)).isActive).toBe(true);
  });
});

describe('sync failures', () => {
  it('a refused token marks the account for reconnection and tells the client and admins once', async () => {
    const account = await connect(a, 'breaks');
    fake.fail = 'reauthorize';
    clock = new Date(clock.getTime() + 86_400_000);
    const res = await api().post(`/api/social-accounts/${account.id}/sync/`).set(a.auth);
    expect(res.status).toBe(502);
    expect(res.body.detail).toMatch(/^Failed to sync Instagram account: .*reconnect/);
    const status = (await api().get(`/api/social-accounts/${account.id}/status/`).set(a.auth)).body;
    expect(status).toMatchObject({ connected: false, is_active: true });
    expect(status.last_error).toMatch(/reconnect/);
    const listed = (await api().get('/api/social-accounts/').set(a.auth)).body.accounts.find((x: { id: number }) => x.id === account.id);
    expect(listed).toMatchObject({ is_active: true, needs_reconnect: true });
    clock = new Date(clock.getTime() + 61_000);
    await api().post(`/api/social-accounts/${account.id}/sync/`).set(a.auth);
    await syncDueAccounts(ctx.deps);
    expect((await notificationTitles(a, '@breaks')).filter((t) => t === 'Reconnect your Instagram account')).toHaveLength(1);
    expect((await notificationTitles(admin, '@breaks')).filter((t) => t === 'Instagram connection lost: Ava Client')).toHaveLength(1);
    const mails = await ctx.deps.db.select({ to: emailOutbox.toAddress, kind: emailOutbox.kind }).from(emailOutbox);
    expect(mails.filter((m) => m.kind === 'social_reconnect').every((m) => m.to === a.user.email || m.to === b.user.email)).toBe(true);
    expect(mails.some((m) => m.kind === 'social_reconnect' && m.to === a.user.email)).toBe(true);
    expect(mails.filter((m) => m.kind === 'social_reconnect_staff').map((m) => m.to)).toContain(admin.user.email);

    // Reconnecting heals it; this grant brings no refresh token, so the stored one is kept.
    fake.fail = null;
    fake.noRefreshToken = true;
    const refreshBefore = (await accountRow(account.id)).refreshTokenEncrypted;
    expect(refreshBefore).toMatch(/^v1\./);
    const healed = await connect(a, 'breaks');
    expect(healed).toMatchObject({ id: account.id, needs_reconnect: false });
    expect((await accountRow(account.id)).refreshTokenEncrypted).toBe(refreshBefore);
    expect((await api().get(`/api/social-accounts/${account.id}/status/`).set(a.auth)).body).toMatchObject({ connected: true, last_error: null });
  });

  it('retry_later leaves the account healthy and a later sync clears the error', async () => {
    const account = await connect(b, 'flaky');
    fake.fail = 'retry_later';
    clock = new Date(clock.getTime() + 86_400_000);
    expect((await syncDueAccounts(ctx.deps)).retry_later).toBeGreaterThanOrEqual(1);
    const status = (await api().get(`/api/social-accounts/${account.id}/status/`).set(b.auth)).body;
    expect(status).toMatchObject({ connected: true });
    expect(status.last_error).toMatch(/retried later/);
    expect(await notificationTitles(b, '@flaky')).not.toContain('Reconnect your Instagram account');
    fake.fail = null;
    clock = new Date(clock.getTime() + 3_600_000);
    await syncDueAccounts(ctx.deps);
    const healed = (await api().get(`/api/social-accounts/${account.id}/status/`).set(b.auth)).body;
    expect(healed).toMatchObject({ connected: true, last_error: null, last_sync: clock.toISOString() });
  });

  it('a token encrypted under a lost key means reconnect, not a crash', async () => {
    const account = await connect(b, 'lost_key');
    const other = createTokenCipher('z'.repeat(48));
    await ctx.deps.db.update(socialAccounts).set({ accessTokenEncrypted: other.encrypt('whatever') }).where(eq(socialAccounts.id, account.id));
    expect((await api().get(`/api/social-accounts/${account.id}/status/`).set(b.auth)).body.connected).toBe(false);
    clock = new Date(clock.getTime() + 86_400_000);
    const res = await api().post(`/api/social-accounts/${account.id}/sync/`).set(b.auth);
    expect(res.status).toBe(502);
    expect((await accountRow(account.id)).needsReconnect).toBe(true);
  });
});

describe('which networks can be connected', () => {
  it('development and tests: every network, through the sandbox when it has no credentials', async () => {
    const res = await api().get('/api/oauth/providers/').set(a.auth);
    expect(res.status).toBe(200);
    expect(res.body.providers).toEqual([
      { provider: 'instagram', available: true, sandbox: true },
      { provider: 'youtube', available: true, sandbox: true },
      { provider: 'tiktok', available: true, sandbox: true },
    ]);
  });

  it('production without credentials offers no sandbox: the network is Coming Soon and initiate says so (503)', async () => {
    const prod = await createTestContext({ NODE_ENV: 'production', APP_SECRET: SECRET, TIKTOK_CLIENT_KEY: 'ck', TIKTOK_CLIENT_SECRET: 'cs' });
    try {
      const client = await signUp(prod, { name: 'Pia Prod' });
      const listed = await prod.request().get('/api/oauth/providers/').set(client.auth);
      expect(listed.body.providers).toEqual([
        { provider: 'instagram', available: false, sandbox: false },
        { provider: 'youtube', available: false, sandbox: false },
        { provider: 'tiktok', available: true, sandbox: false },
      ]);
      const refused = await prod.request().get('/api/oauth/instagram/initiate/').set(client.auth);
      expect(refused.status).toBe(503);
      expect(refused.body.detail).toBe('Instagram accounts cannot be connected yet. Coming soon!');
      const tiktok = await prod.request().get('/api/oauth/tiktok/initiate/').set(client.auth);
      expect(tiktok.status).toBe(200);
      expect(tiktok.body.oauth_url).toMatch(/^https:\/\/www\.tiktok\.com\/v2\/auth\/authorize\//);
    } finally {
      await prod.close();
    }
  });
});

describe('the scheduled sync', () => {
  it('reads each due account once when two instances run it at the same moment', async () => {
    await connect(a, 'twin_one');
    await connect(b, 'twin_two');
    clock = new Date(clock.getTime() + 86_400_000);
    const other = await secondInstanceDeps(ctx.deps);
    try {
      const due = (await ctx.deps.db.select().from(socialAccounts).where(eq(socialAccounts.isActive, true))).filter((r) => !r.needsReconnect && r.accessTokenEncrypted);
      fake.metricsCalls = 0;
      const [one, two] = await Promise.all([syncDueAccounts(ctx.deps), syncDueAccounts({ ...other.deps, social: ctx.deps.social, now })]);
      expect(one.synced + two.synced).toBe(due.length);
      expect(fake.metricsCalls).toBe(due.length);
      // And a second run the same day finds nothing left to do.
      expect((await syncDueAccounts(ctx.deps)).synced).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('an account on a network no provider reads (a Facebook row from an older version)', () => {
  it('is not listed, answers 404 on its routes and is never synced', async () => {
    const [row] = await ctx.deps.db
      .insert(socialAccounts)
      .values({ clientId: a.user.client_id!, platform: 'facebook', providerAccountId: 'fb-legacy-1', username: 'Legacy Page', accessTokenEncrypted: 'x' })
      .returning({ id: socialAccounts.id });
    const listed = (await api().get('/api/social-accounts/?include_inactive=true').set(a.auth)).body.accounts;
    expect(listed.map((x: { id: number }) => x.id)).not.toContain(row!.id);
    for (const [method, path] of [['get', 'status/'], ['post', 'sync/'], ['post', 'disconnect/']] as const) {
      expect((await api()[method](`/api/social-accounts/${row!.id}/${path}`).set(a.auth)).status, path).toBe(404);
    }
    fake.metricsCalls = 0;
    await syncDueAccounts(ctx.deps);
    expect((await accountRow(row!.id)).lastSync).toBeNull();
  });
});

