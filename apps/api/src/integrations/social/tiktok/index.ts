import {
  DEFAULT_TIMEOUT_MS,
  checkRevocation,
  count,
  dayBounds,
  expiresAt,
  fail,
  formBody,
  isRecord,
  ratio,
  request,
  retryAfterSeconds,
  type HttpAnswer,
  type HttpOptions,
} from '../http';
import type { SocialMetrics, SocialProfile, SocialProvider, SocialTokens } from '../provider';

/**
 * TikTok Login Kit for Web (OAuth v2) and the Display API, per developers.tiktok.com:
 *  - authorize at www.tiktok.com/v2/auth/authorize/ with client_key, scope, response_type, redirect_uri, state. No
 *    PKCE: the token endpoint documents `code_verifier` as "required for mobile and desktop apps" only, and the web
 *    guide's authorization parameters have no code_challenge (so `usesPkce` is false);
 *  - tokens at open.tiktokapis.com/v2/oauth/token/; refresh tokens rotate (the previous one stops working), so the
 *    newest from every answer is returned; lifetimes come from `expires_in` / `refresh_expires_in` only;
 *  - OAuth errors are flat `{ error, error_description, log_id }`; API errors are `{ data, error: { code, message,
 *    log_id } }` where code 'ok' is success;
 *  - `username` needs the user.info.profile scope (TikTok's 2024 user-info scope migration), which we do not ask for:
 *    the profile's name is `display_name`;
 *  - there is no account reach in the Display API, so `reach` is null; the engagement rate is interactions ÷ views
 *    over the most recent videos (video.list), their lifetime counts.
 */

export const TIKTOK_SCOPES = ['user.info.basic', 'user.info.stats', 'video.list'] as const;
export const TIKTOK_USER_FIELDS = ['open_id', 'union_id', 'display_name', 'follower_count', 'following_count', 'likes_count', 'video_count'] as const;
export const TIKTOK_VIDEO_FIELDS = ['id', 'view_count', 'like_count', 'comment_count', 'share_count'] as const;
/** The largest page /v2/video/list/ gives. */
const RECENT_VIDEOS = 20;

export interface TiktokEndpoints {
  /** https://www.tiktok.com/v2/auth/authorize/ */
  authorize: string;
  /** https://open.tiktokapis.com */
  api: string;
}

const DEFAULT_ENDPOINTS: TiktokEndpoints = {
  authorize: 'https://www.tiktok.com/v2/auth/authorize/',
  api: 'https://open.tiktokapis.com',
};

export interface TiktokProviderOptions {
  /** TikTok calls it the client key. */
  clientId: string;
  clientSecret: string;
  /** tests: base URLs of a local stand-in */
  endpoints?: Partial<TiktokEndpoints>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const REAUTHORIZE_CODES = new Set(['access_token_invalid', 'scope_not_authorized']);

export function createTiktokProvider(options: TiktokProviderOptions): SocialProvider {
  const endpoints = { ...DEFAULT_ENDPOINTS, ...options.endpoints };
  const http: HttpOptions = {
    provider: 'tiktok',
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };

  function tokens(answer: HttpAnswer, what: 'code exchange' | 'token refresh', secrets: Array<string | null>): SocialTokens {
    const body = answer.body;
    const error = isRecord(body) && typeof body.error === 'string' && body.error !== '' ? body.error : null;
    if (answer.status >= 400 || error || !isRecord(body) || typeof body.access_token !== 'string') {
      const description = isRecord(body) && typeof body.error_description === 'string' ? body.error_description : '';
      const detail = `HTTP ${answer.status}${error ? ` ${error}` : ''}${description ? `: ${description}` : ''}`;
      if (answer.status === 429 || answer.status >= 500) fail(http, what, 'retry_later', detail, secrets, retryAfterSeconds(answer.headers));
      if (what === 'token refresh' && error === 'invalid_grant') fail(http, what, 'reauthorize', detail, secrets);
      fail(http, what, 'rejected', error || answer.status >= 400 ? detail : 'answer without access_token', secrets);
    }
    return {
      accessToken: body.access_token,
      refreshToken: typeof body.refresh_token === 'string' && body.refresh_token !== '' ? body.refresh_token : null,
      accessTokenExpiresAt: expiresAt(body.expires_in),
      refreshTokenExpiresAt: expiresAt(body.refresh_expires_in),
      scopes: typeof body.scope === 'string' ? body.scope.split(',').map((s) => s.trim()).filter(Boolean) : [],
    };
  }

  async function api(what: string, url: string, accessToken: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
    const secrets = [accessToken, options.clientSecret];
    const answer = await request(http, what, url, {
      ...init,
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', ...(init.headers as Record<string, string> | undefined) },
    });
    const body = answer.body;
    const error = isRecord(body) && isRecord(body.error) ? body.error : null;
    const code = typeof error?.code === 'string' ? error.code : null;
    if (answer.status < 400 && code === 'ok' && isRecord(body) && isRecord(body.data)) return body.data;
    const message = typeof error?.message === 'string' ? error.message : '';
    const detail = `HTTP ${answer.status}${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}`;
    if ((code && REAUTHORIZE_CODES.has(code)) || (answer.status === 401 && !code)) fail(http, what, 'reauthorize', detail, secrets);
    if (answer.status === 429 || code === 'rate_limit_exceeded' || code === 'internal_error' || answer.status >= 500) {
      fail(http, what, 'retry_later', detail, secrets, retryAfterSeconds(answer.headers));
    }
    fail(http, what, 'rejected', code || answer.status >= 400 ? detail : 'unreadable answer', secrets);
  }

  async function user(accessToken: string): Promise<Record<string, unknown>> {
    const data = await api('user info', `${endpoints.api}/v2/user/info/?fields=${TIKTOK_USER_FIELDS.join(',')}`, accessToken);
    if (!isRecord(data.user) || typeof data.user.open_id !== 'string') {
      fail(http, 'user info', 'rejected', 'answer without open_id', [accessToken]);
    }
    return data.user;
  }

  return {
    name: 'tiktok',
    sandbox: false,
    usesPkce: false,

    authorizationUrl({ state, redirectUri }) {
      const query = new URLSearchParams({
        client_key: options.clientId,
        scope: TIKTOK_SCOPES.join(','),
        response_type: 'code',
        redirect_uri: redirectUri,
        state,
      });
      return `${endpoints.authorize}?${query.toString()}`;
    },

    async exchangeCode({ code, redirectUri }) {
      const secrets = [code, options.clientSecret];
      const answer = await request(
        http,
        'code exchange',
        `${endpoints.api}/v2/oauth/token/`,
        formBody({
          client_key: options.clientId,
          client_secret: options.clientSecret,
          code,
          grant_type: 'authorization_code',
          redirect_uri: redirectUri,
        }),
      );
      return tokens(answer, 'code exchange', secrets);
    },

    async refresh({ accessToken, refreshToken }) {
      const secrets = [accessToken, refreshToken, options.clientSecret];
      if (!refreshToken) fail(http, 'token refresh', 'reauthorize', 'no refresh token stored', secrets);
      const answer = await request(
        http,
        'token refresh',
        `${endpoints.api}/v2/oauth/token/`,
        formBody({ client_key: options.clientId, client_secret: options.clientSecret, grant_type: 'refresh_token', refresh_token: refreshToken }),
      );
      return tokens(answer, 'token refresh', secrets);
    },

    async revoke({ accessToken, refreshToken }) {
      // POST /v2/oauth/revoke/ disconnects the app from the user's TikTok account (it leaves their connected apps).
      const answer = await request(
        http,
        'token revocation',
        `${endpoints.api}/v2/oauth/revoke/`,
        formBody({ client_key: options.clientId, client_secret: options.clientSecret, token: accessToken }),
      );
      checkRevocation(http, answer, [accessToken, refreshToken, options.clientSecret]);
    },

    async profile(accessToken): Promise<SocialProfile> {
      const found = await user(accessToken);
      const name = typeof found.display_name === 'string' && found.display_name !== '' ? found.display_name : String(found.open_id);
      return { accountId: String(found.open_id), username: name };
    },

    async metrics(accessToken, _accountId, day): Promise<SocialMetrics> {
      dayBounds(day); // validates the day; TikTok reports no per-day numbers
      const [found, engagementRate] = await Promise.all([user(accessToken), recentEngagement(accessToken)]);
      return {
        followers: count(found.follower_count),
        posts: count(found.video_count),
        reach: null,
        engagementRate,
      };
    },
  };

  /** Σ(likes + comments + shares) ÷ Σ views over the most recent videos; null without videos, views or the scope. */
  async function recentEngagement(accessToken: string): Promise<number | null> {
    let data: Record<string, unknown>;
    try {
      data = await api('video list', `${endpoints.api}/v2/video/list/?fields=${TIKTOK_VIDEO_FIELDS.join(',')}`, accessToken, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ max_count: RECENT_VIDEOS }),
      });
    } catch (error) {
      // The user may untick video.list on TikTok's consent screen: then there is no rate, and the account is fine.
      if (error instanceof Error && error.message.includes('scope_not_authorized')) return null;
      throw error;
    }
    let views = 0;
    let interactions = 0;
    for (const video of Array.isArray(data.videos) ? data.videos : []) {
      if (!isRecord(video)) continue;
      const v = count(video.view_count);
      const likes = count(video.like_count);
      const comments = count(video.comment_count);
      const shares = count(video.share_count);
      if (v === null || likes === null || comments === null || shares === null) continue;
      views += v;
      interactions += likes + comments + shares;
    }
    return ratio(interactions, views);
  }
}
