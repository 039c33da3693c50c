import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SocialProviderError, type SocialProvider } from '../src/integrations/social/provider';
import { createInstagramProvider } from '../src/integrations/social/instagram';
import { createYoutubeProvider } from '../src/integrations/social/youtube';
import { createTiktokProvider } from '../src/integrations/social/tiktok';
import { CLIENT, pkceChallenge, startSocialStandIn, type Canned, type RecordedRequest, type SocialStandIn } from './support/social-stand-ins';

let standIn: SocialStandIn;

beforeAll(async () => {
  standIn = await startSocialStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

const REDIRECT = 'https://agency.example/oauth/callback/instagram';

const only = (predicate: (r: RecordedRequest) => boolean): RecordedRequest => {
  const matching = standIn.requests.filter(predicate);
  expect(matching).toHaveLength(1);
  return matching[0]!;
};

/** The error a call fails with; fails the test when the call succeeds. */
async function failure(promise: Promise<unknown>): Promise<SocialProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SocialProviderError);
  return error as SocialProviderError;
}

function expectNoSecretIn(error: SocialProviderError, secrets: string[]) {
  for (const secret of secrets) expect(error.message).not.toContain(secret);
}

const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

// ---------------------------------------------------------------------------------------------------------------
describe('Instagram (Instagram API with Instagram Login)', () => {
  const provider = (): SocialProvider =>
    createInstagramProvider({ clientId: CLIENT.instagram.id, clientSecret: CLIENT.instagram.secret, endpoints: standIn.endpoints.instagram });

  async function connected() {
    const p = provider();
    const tokens = await p.exchangeCode({ code: `${standIn.state.instagram.validCode}#_`, redirectUri: REDIRECT, codeVerifier: null });
    standIn.requests.length = 0;
    return { p, tokens };
  }

  it('sends the browser to instagram.com with exactly the documented parameters and no PKCE', () => {
    const p = provider();
    expect(p.usesPkce).toBe(false);
    const url = p.authorizationUrl({ state: 'signed-state', codeChallenge: 'ignored', redirectUri: REDIRECT });
    expect(url.startsWith('https://www.instagram.com/oauth/authorize?')).toBe(true);
    expect(queryOf(url)).toEqual({
      client_id: CLIENT.instagram.id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'instagram_business_basic,instagram_business_manage_insights',
      state: 'signed-state',
    });
  });

  it.each(['data', 'flat'] as const)(
    'exchanges the code (without its trailing #_) for a short-lived token, answered %s, then for a 60-day token',
    async (shape) => {
      standIn.state.instagram.shortTokenShape = shape;
      const before = Date.now();
      const tokens = await provider().exchangeCode({ code: `${standIn.state.instagram.validCode}#_`, redirectUri: REDIRECT, codeVerifier: null });

      const short = only((r) => r.path === '/oauth/access_token');
      expect(short.method).toBe('POST');
      expect(short.form).toEqual({
        client_id: CLIENT.instagram.id,
        client_secret: CLIENT.instagram.secret,
        grant_type: 'authorization_code',
        redirect_uri: REDIRECT,
        code: standIn.state.instagram.validCode,
      });
      const long = only((r) => r.path === '/access_token');
      expect(long.method).toBe('GET');
      expect(long.query).toEqual({ grant_type: 'ig_exchange_token', client_secret: CLIENT.instagram.secret, access_token: 'IGQVJshort1' });

      expect(tokens.accessToken).toBe('IGQVJlong2');
      expect(tokens.refreshToken).toBeNull();
      expect(tokens.refreshTokenExpiresAt).toBeNull();
      expect(tokens.scopes).toEqual(['instagram_business_basic', 'instagram_business_manage_insights']);
      const days = (tokens.accessTokenExpiresAt!.getTime() - before) / 86_400_000;
      expect(days).toBeGreaterThan(59.9);
      expect(days).toBeLessThan(60.1);
    },
  );

  it('refreshes the long-lived token with itself (there is no refresh token)', async () => {
    const { p, tokens } = await connected();
    const refreshed = await p.refresh({ accessToken: tokens.accessToken, refreshToken: null });
    const call = only((r) => r.path === '/refresh_access_token');
    expect(call.query).toEqual({ grant_type: 'ig_refresh_token', access_token: tokens.accessToken });
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBeNull();
    expect(refreshed.accessTokenExpiresAt).not.toBeNull();
  });

  it('reads the profile: the Instagram user id and username', async () => {
    const { p, tokens } = await connected();
    expect(await p.profile(tokens.accessToken)).toEqual({ accountId: '17841400000000001', username: 'bluebottle' });
    expect(only((r) => r.path === '/v25.0/me').query.fields).toBe('user_id,username');
  });

  it('reads followers, media and the day’s reach and interactions, never the deprecated metrics', async () => {
    const { p, tokens } = await connected();
    const metrics = await p.metrics(tokens.accessToken, '17841400000000001', '2025-05-01');
    expect(metrics).toEqual({ followers: 1520, posts: 214, reach: 400, engagementRate: 90 / 400 });

    const insights = only((r) => r.path.endsWith('/insights'));
    expect(insights.path).toBe('/v25.0/17841400000000001/insights');
    const asked = insights.query.metric!.split(',');
    expect(asked.sort()).toEqual(['accounts_engaged', 'reach', 'total_interactions', 'views']);
    for (const deprecated of ['impressions', 'profile_views', 'website_clicks']) expect(asked).not.toContain(deprecated);
    expect(insights.query).toMatchObject({
      period: 'day',
      metric_type: 'total_value',
      since: String(Date.UTC(2025, 4, 1) / 1000),
      until: String(Date.UTC(2025, 4, 2) / 1000),
    });
  });

  it('gives null, not 0, for metrics the API leaves out, and no rate when reach is 0', async () => {
    const { p, tokens } = await connected();
    standIn.state.instagram.insights = { total_interactions: 12 };
    expect(await p.metrics(tokens.accessToken, '17841400000000001', '2025-05-01')).toMatchObject({ reach: null, engagementRate: null });
    standIn.state.instagram.insights = { reach: 0, total_interactions: 0 };
    expect(await p.metrics(tokens.accessToken, '17841400000000001', '2025-05-01')).toMatchObject({ reach: 0, engagementRate: null });
  });

  it('classifies an expired or invalidated token (code 190) as reauthorize', async () => {
    const { p, tokens } = await connected();
    const error = await failure(p.refresh({ accessToken: 'IGQVJ-expired-token-value', refreshToken: null }));
    expect(error.kind).toBe('reauthorize');
    expect(error.message).toContain('190');
    // The stand-in echoes the token in its message: it must not reach ours.
    expectNoSecretIn(error, ['IGQVJ-expired-token-value', CLIENT.instagram.secret]);
    expect((await failure(p.profile('IGQVJ-revoked-token'))).kind).toBe('reauthorize');
    expect(tokens.accessToken).toBeTruthy();
  });

  it.each<[string, Canned, number | null]>([
    ['app rate limit (4)', { status: 400, body: { error: { message: 'Application request limit reached', type: 'OAuthException', code: 4 } } }, null],
    ['user rate limit (17)', { status: 400, body: { error: { message: 'User request limit reached', type: 'OAuthException', code: 17 } } }, null],
    ['custom rate limit (613)', { status: 400, body: { error: { message: 'Calls to this api have exceeded the rate limit.', type: 'OAuthException', code: 613 } }, headers: { 'retry-after': '120' } }, 120],
    ['an outage (503)', { status: 503, body: { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2 } } }, null],
  ])('classifies %s as retry_later', async (_name, answer, retryAfter) => {
    const { p, tokens } = await connected();
    standIn.failNext('/insights', answer);
    const error = await failure(p.metrics(tokens.accessToken, '17841400000000001', '2025-05-01'));
    expect(error.kind).toBe('retry_later');
    expect(error.retryAfterSeconds).toBe(retryAfter);
    expectNoSecretIn(error, [tokens.accessToken, CLIENT.instagram.secret]);
  });

  it('classifies a bad code as rejected, without the code or the client secret in the message', async () => {
    const error = await failure(provider().exchangeCode({ code: 'AQB-wrong-code#_', redirectUri: REDIRECT, codeVerifier: null }));
    expect(error.kind).toBe('rejected');
    expect(error.message).toContain('Invalid authorization code');
    expectNoSecretIn(error, ['AQB-wrong-code', CLIENT.instagram.secret]);
  });

  it('treats an unreachable API as retry_later', async () => {
    const p = createInstagramProvider({
      clientId: CLIENT.instagram.id,
      clientSecret: CLIENT.instagram.secret,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const error = await failure(p.profile('IGQVJ-some-token'));
    expect(error.kind).toBe('retry_later');
    expectNoSecretIn(error, ['IGQVJ-some-token']);
  });
});

// ---------------------------------------------------------------------------------------------------------------
describe('YouTube (Google OAuth 2.0 with PKCE, Data API v3, Analytics API v2)', () => {
  const YT_REDIRECT = 'https://agency.example/oauth/callback/youtube';
  const provider = (): SocialProvider =>
    createYoutubeProvider({ clientId: CLIENT.youtube.id, clientSecret: CLIENT.youtube.secret, endpoints: standIn.endpoints.youtube });

  async function connected() {
    const p = provider();
    const tokens = await p.exchangeCode({
      code: standIn.state.youtube.validCode,
      redirectUri: YT_REDIRECT,
      codeVerifier: standIn.state.youtube.codeVerifier,
    });
    standIn.requests.length = 0;
    return { p, tokens };
  }

  it('sends the browser to Google with offline access, forced consent, both read-only scopes and an S256 challenge', () => {
    const p = provider();
    expect(p.usesPkce).toBe(true);
    const challenge = pkceChallenge(standIn.state.youtube.codeVerifier);
    const url = p.authorizationUrl({ state: 'signed-state', codeChallenge: challenge, redirectUri: YT_REDIRECT });
    expect(url.startsWith('https://accounts.google.com/o/oauth2/v2/auth?')).toBe(true);
    expect(queryOf(url)).toEqual({
      client_id: CLIENT.youtube.id,
      redirect_uri: YT_REDIRECT,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/youtube.readonly https://www.googleapis.com/auth/yt-analytics.readonly',
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state: 'signed-state',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the code with its verifier, form-encoded, and keeps the refresh token and the granted scopes', async () => {
    const { tokens } = await connected();
    expect(tokens.accessToken).toBe('ya29.yt-access-1');
    expect(tokens.refreshToken).toBe('1//yt-refresh-1');
    expect(tokens.scopes).toEqual([
      'https://www.googleapis.com/auth/youtube.readonly',
      'https://www.googleapis.com/auth/yt-analytics.readonly',
    ]);
    expect(tokens.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
  });

  it('posts the documented form to the token endpoint', async () => {
    await provider().exchangeCode({ code: standIn.state.youtube.validCode, redirectUri: YT_REDIRECT, codeVerifier: standIn.state.youtube.codeVerifier });
    const call = only((r) => r.path === '/token');
    expect(call.method).toBe('POST');
    expect(call.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(call.form).toEqual({
      client_id: CLIENT.youtube.id,
      client_secret: CLIENT.youtube.secret,
      code: standIn.state.youtube.validCode,
      code_verifier: standIn.state.youtube.codeVerifier,
      grant_type: 'authorization_code',
      redirect_uri: YT_REDIRECT,
    });
  });

  it('refreshes; Google’s answer without a refresh_token gives null (the stored one is kept by the caller)', async () => {
    const { p, tokens } = await connected();
    const refreshed = await p.refresh({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    expect(only((r) => r.path === '/token').form).toEqual({
      client_id: CLIENT.youtube.id,
      client_secret: CLIENT.youtube.secret,
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
    });
    expect(refreshed.accessToken).toBe('ya29.yt-access-2');
    expect(refreshed.refreshToken).toBeNull();
  });

  it('reads the channel id and handle', async () => {
    const { p, tokens } = await connected();
    expect(await p.profile(tokens.accessToken)).toEqual({ accountId: 'UC_x5XG1OV2P6uZZ5FSM9Ttw', username: '@bluebottle' });
    const call = only((r) => r.path === '/youtube/v3/channels');
    expect(call.query).toEqual({ part: 'statistics,snippet', mine: 'true' });
    expect(call.headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
  });

  it('parses string counts and the day’s views, likes, comments and shares', async () => {
    const { p, tokens } = await connected();
    const metrics = await p.metrics(tokens.accessToken, 'UC_x5XG1OV2P6uZZ5FSM9Ttw', '2025-05-01');
    expect(metrics).toEqual({ followers: 4200, posts: 87, reach: 1000, engagementRate: (40 + 6 + 4) / 1000 });
    expect(only((r) => r.path === '/v2/reports').query).toEqual({
      ids: 'channel==MINE',
      startDate: '2025-05-01',
      endDate: '2025-05-01',
      metrics: 'views,likes,comments,shares,subscribersGained,subscribersLost',
      dimensions: 'day',
    });
  });

  it('gives null followers for a hidden subscriber count, and null (not 0) for a day Analytics has no row for yet', async () => {
    const { p, tokens } = await connected();
    standIn.state.youtube.statistics = { ...standIn.state.youtube.statistics, hiddenSubscriberCount: true };
    const metrics = await p.metrics(tokens.accessToken, 'UC_x5XG1OV2P6uZZ5FSM9Ttw', '2025-05-03');
    expect(metrics).toEqual({ followers: null, posts: 87, reach: null, engagementRate: null });
  });

  it('classifies invalid_grant on refresh and a 401 as reauthorize, without tokens or the secret in the message', async () => {
    const { p, tokens } = await connected();
    const revoked = await failure(p.refresh({ accessToken: tokens.accessToken, refreshToken: '1//yt-revoked-refresh' }));
    expect(revoked.kind).toBe('reauthorize');
    expect(revoked.message).toContain('invalid_grant');
    expectNoSecretIn(revoked, ['1//yt-revoked-refresh', tokens.accessToken, CLIENT.youtube.secret]);

    const unauthenticated = await failure(p.profile('ya29.not-a-live-token'));
    expect(unauthenticated.kind).toBe('reauthorize');
    expectNoSecretIn(unauthenticated, ['ya29.not-a-live-token']);
  });

  it('revokes the whole grant through the refresh token on disconnect; a token already dead counts as revoked', async () => {
    const { p, tokens } = await connected();
    await p.revoke({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    const call = only((r) => r.path === '/revoke');
    expect(call.method).toBe('POST');
    expect(call.form).toEqual({ token: tokens.refreshToken });
    expect(call.query).toEqual({});
    expect((await failure(p.profile(tokens.accessToken))).kind).toBe('reauthorize');
    await expect(p.revoke({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken })).resolves.toBeUndefined();
    standIn.failNext('/revoke', { status: 503, body: { error: 'backendError' } });
    expect((await failure(p.revoke({ accessToken: 'a', refreshToken: 'b' }))).kind).toBe('retry_later');
  });

  it('classifies a bad code as rejected (not reauthorize)', async () => {
    const error = await failure(provider().exchangeCode({ code: '4/0Ab-wrong', redirectUri: YT_REDIRECT, codeVerifier: standIn.state.youtube.codeVerifier }));
    expect(error.kind).toBe('rejected');
    expectNoSecretIn(error, ['4/0Ab-wrong', standIn.state.youtube.codeVerifier, CLIENT.youtube.secret]);
  });

  it.each<[string, Canned, number | null]>([
    ['quotaExceeded', { status: 403, body: { error: { code: 403, message: 'The request cannot be completed because you have exceeded your quota.', errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota', message: 'quota' }] } } }, null],
    ['rateLimitExceeded', { status: 403, body: { error: { code: 403, message: 'Rate Limit Exceeded', errors: [{ reason: 'rateLimitExceeded', domain: 'usageLimits', message: 'Rate Limit Exceeded' }] } } }, null],
    ['429 with Retry-After', { status: 429, body: { error: { code: 429, message: 'Too many requests', status: 'RESOURCE_EXHAUSTED' } }, headers: { 'retry-after': '45' } }, 45],
    ['503', { status: 503, body: { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } } }, null],
  ])('classifies %s as retry_later', async (_name, answer, retryAfter) => {
    const { p, tokens } = await connected();
    standIn.failNext('/v2/reports', answer);
    const error = await failure(p.metrics(tokens.accessToken, 'UC_x5XG1OV2P6uZZ5FSM9Ttw', '2025-05-01'));
    expect(error.kind).toBe('retry_later');
    expect(error.retryAfterSeconds).toBe(retryAfter);
    expectNoSecretIn(error, [tokens.accessToken]);
  });

  it('classifies any other refusal (403 forbidden) as rejected', async () => {
    const { p, tokens } = await connected();
    standIn.failNext('/youtube/v3/channels', { status: 403, body: { error: { code: 403, message: 'Forbidden', errors: [{ reason: 'forbidden', domain: 'youtube.channel', message: 'Forbidden' }] } } });
    expect((await failure(p.profile(tokens.accessToken))).kind).toBe('rejected');
  });
});

// ---------------------------------------------------------------------------------------------------------------
describe('TikTok (Login Kit for Web v2, Display API)', () => {
  const TT_REDIRECT = 'https://agency.example/oauth/callback/tiktok';
  const provider = (): SocialProvider =>
    createTiktokProvider({ clientId: CLIENT.tiktok.id, clientSecret: CLIENT.tiktok.secret, endpoints: standIn.endpoints.tiktok });

  async function connected() {
    const p = provider();
    const tokens = await p.exchangeCode({ code: standIn.state.tiktok.validCode, redirectUri: TT_REDIRECT, codeVerifier: null });
    standIn.requests.length = 0;
    return { p, tokens };
  }

  it('sends the browser to TikTok with exactly the web parameters (no PKCE on the web flow)', () => {
    const p = provider();
    expect(p.usesPkce).toBe(false);
    const url = p.authorizationUrl({ state: 'signed-state', codeChallenge: null, redirectUri: TT_REDIRECT });
    expect(url.startsWith('https://www.tiktok.com/v2/auth/authorize/?')).toBe(true);
    expect(queryOf(url)).toEqual({
      client_key: CLIENT.tiktok.id,
      scope: 'user.info.basic,user.info.stats,video.list',
      response_type: 'code',
      redirect_uri: TT_REDIRECT,
      state: 'signed-state',
    });
  });

  it('exchanges the code with the documented form; expiries come from the answer', async () => {
    const before = Date.now();
    const tokens = await provider().exchangeCode({ code: standIn.state.tiktok.validCode, redirectUri: TT_REDIRECT, codeVerifier: null });
    expect(only((r) => r.path === '/v2/oauth/token/').form).toEqual({
      client_key: CLIENT.tiktok.id,
      client_secret: CLIENT.tiktok.secret,
      code: standIn.state.tiktok.validCode,
      grant_type: 'authorization_code',
      redirect_uri: TT_REDIRECT,
    });
    expect(tokens.accessToken).toBe('act.tt-access-1');
    expect(tokens.refreshToken).toBe('rft.tt-refresh-1');
    expect(tokens.scopes).toEqual(['user.info.basic', 'user.info.stats', 'video.list']);
    const secondsFromNow = (date: Date | null) => (date!.getTime() - before) / 1000;
    expect(Math.abs(secondsFromNow(tokens.accessTokenExpiresAt) - 86_400)).toBeLessThan(5);
    // The stand-in's refresh_expires_in is five hours short of a year: a fixed 365 (or 180) days would be far off.
    expect(Math.abs(secondsFromNow(tokens.refreshTokenExpiresAt) - 31_518_000)).toBeLessThan(5);
  });

  it('returns the rotated refresh token on every refresh; the previous one no longer works', async () => {
    const { p, tokens } = await connected();
    const first = await p.refresh({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    expect(only((r) => r.path === '/v2/oauth/token/').form).toEqual({
      client_key: CLIENT.tiktok.id,
      client_secret: CLIENT.tiktok.secret,
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
    });
    expect(first.refreshToken).toBe('rft.tt-refresh-2');
    const second = await p.refresh({ accessToken: first.accessToken, refreshToken: first.refreshToken });
    expect(second.refreshToken).toBe('rft.tt-refresh-3');

    const stale = await failure(p.refresh({ accessToken: second.accessToken, refreshToken: tokens.refreshToken }));
    expect(stale.kind).toBe('reauthorize');
    expectNoSecretIn(stale, [tokens.refreshToken!, second.accessToken, CLIENT.tiktok.secret]);
  });

  it('revokes the access token with the documented form on disconnect; the refresh token dies with it', async () => {
    const { p, tokens } = await connected();
    await p.revoke({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    expect(only((r) => r.path === '/v2/oauth/revoke/').form).toEqual({
      client_key: CLIENT.tiktok.id,
      client_secret: CLIENT.tiktok.secret,
      token: tokens.accessToken,
    });
    expect((await failure(p.profile(tokens.accessToken))).kind).toBe('reauthorize');
    expect((await failure(p.refresh({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }))).kind).toBe('reauthorize');
    await expect(p.revoke({ accessToken: tokens.accessToken, refreshToken: null })).resolves.toBeUndefined();
  });

  it('reads the profile by open_id and display name, asking only for fields the scopes grant', async () => {
    const { p, tokens } = await connected();
    expect(await p.profile(tokens.accessToken)).toEqual({ accountId: '-000OtT1qUAJE8r0GoADOsmB2t46Ss9Xpnp', username: 'Blue Bottle' });
    const call = only((r) => r.path === '/v2/user/info/');
    expect(call.headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
    expect(call.query.fields!.split(',')).not.toContain('username');
  });

  it('reads followers and videos, no reach, and the engagement of recent videos', async () => {
    const { p, tokens } = await connected();
    const metrics = await p.metrics(tokens.accessToken, '-000OtT1qUAJE8r0GoADOsmB2t46Ss9Xpnp', '2025-05-01');
    expect(metrics).toEqual({ followers: 3300, posts: 52, reach: null, engagementRate: (80 + 10 + 10 + 150 + 30 + 20) / 4000 });
    const list = only((r) => r.path === '/v2/video/list/');
    expect(list.method).toBe('POST');
    expect(list.json).toEqual({ max_count: 20 });
    expect(list.query.fields!.split(',').sort()).toEqual(['comment_count', 'id', 'like_count', 'share_count', 'view_count']);
  });

  it('gives a null rate (not 0, not an error) without videos or without the video.list scope', async () => {
    const { p, tokens } = await connected();
    standIn.state.tiktok.videos = [];
    expect((await p.metrics(tokens.accessToken, 'x', '2025-05-01')).engagementRate).toBeNull();
    standIn.state.tiktok.scope = 'user.info.basic,user.info.stats';
    expect(await p.metrics(tokens.accessToken, 'x', '2025-05-01')).toMatchObject({ followers: 3300, engagementRate: null });
  });

  it('classifies an invalid access token as reauthorize', async () => {
    const error = await failure(provider().profile('act.revoked-token-value'));
    expect(error.kind).toBe('reauthorize');
    expect(error.message).toContain('access_token_invalid');
    expectNoSecretIn(error, ['act.revoked-token-value']);
  });

  it('classifies a 429 as retry_later with its Retry-After, and an internal error as retry_later', async () => {
    const { p, tokens } = await connected();
    standIn.failNext('/v2/user/info/', {
      status: 429,
      body: { data: {}, error: { code: 'rate_limit_exceeded', message: 'The API rate limit was exceeded.', log_id: 'x' } },
      headers: { 'retry-after': '30' },
    });
    const limited = await failure(p.profile(tokens.accessToken));
    expect(limited).toMatchObject({ kind: 'retry_later', retryAfterSeconds: 30 });
    standIn.failNext('/v2/user/info/', { status: 500, body: { data: {}, error: { code: 'internal_error', message: 'Internal error', log_id: 'x' } } });
    expect((await failure(p.profile(tokens.accessToken))).kind).toBe('retry_later');
  });

  it('classifies a bad code and invalid params as rejected, without the code or secret in the message', async () => {
    const bad = await failure(provider().exchangeCode({ code: 'tt-wrong-code', redirectUri: TT_REDIRECT, codeVerifier: null }));
    expect(bad.kind).toBe('rejected');
    expect(bad.message).toContain('invalid_grant');
    expectNoSecretIn(bad, ['tt-wrong-code', CLIENT.tiktok.secret]);

    const { p, tokens } = await connected();
    standIn.failNext('/v2/user/info/', { status: 400, body: { data: {}, error: { code: 'invalid_params', message: 'fields is invalid', log_id: 'x' } } });
    expect((await failure(p.profile(tokens.accessToken))).kind).toBe('rejected');
  });
});
