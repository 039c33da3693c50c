import {
  DEFAULT_TIMEOUT_MS,
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
 * Instagram API with Instagram Login (Business Login for Instagram), per developers.facebook.com/docs/instagram-platform:
 *  - authorize at www.instagram.com/oauth/authorize; code → short-lived token (1 hour) at api.instagram.com/oauth/access_token
 *    (the code arrives with a trailing `#_` that is not part of it); → long-lived token (60 days) at
 *    graph.instagram.com/access_token?grant_type=ig_exchange_token;
 *  - there is no refresh token: a long-lived token that is at least 24 hours old and unexpired refreshes itself at
 *    graph.instagram.com/refresh_access_token?grant_type=ig_refresh_token (valid 60 days from then). So `refresh`
 *    takes the access token and `refreshToken` is always null;
 *  - account insights: reach, views, accounts_engaged, total_interactions with period=day and metric_type=total_value
 *    (views, accounts_engaged and total_interactions are total_value metrics; `impressions` is deprecated since
 *    v22.0 / 2025-04-21 and the profile-click metrics since v21.0, so they are never asked for). A metric the API
 *    leaves out ("empty data set instead of 0") is null.
 */

export const INSTAGRAM_SCOPES = ['instagram_business_basic', 'instagram_business_manage_insights'] as const;
export const INSTAGRAM_GRAPH_VERSION = 'v25.0';
export const INSTAGRAM_INSIGHT_METRICS = ['reach', 'views', 'accounts_engaged', 'total_interactions'] as const;

export interface InstagramEndpoints {
  /** https://www.instagram.com/oauth/authorize */
  authorize: string;
  /** https://api.instagram.com (short-lived token) */
  api: string;
  /** https://graph.instagram.com (long-lived token, refresh, profile, insights) */
  graph: string;
}

const DEFAULT_ENDPOINTS: InstagramEndpoints = {
  authorize: 'https://www.instagram.com/oauth/authorize',
  api: 'https://api.instagram.com',
  graph: 'https://graph.instagram.com',
};

export interface InstagramProviderOptions {
  clientId: string;
  clientSecret: string;
  /** tests: base URLs of a local stand-in */
  endpoints?: Partial<InstagramEndpoints>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Graph API rate limits: 4 app, 17 user, 32 page, 613 custom; 2 is "service temporarily unavailable". */
const RETRY_CODES = new Set([2, 4, 17, 32, 613]);

export function createInstagramProvider(options: InstagramProviderOptions): SocialProvider {
  const endpoints = { ...DEFAULT_ENDPOINTS, ...options.endpoints };
  const http: HttpOptions = {
    provider: 'instagram',
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  const graph = (path: string, query: Record<string, string>) =>
    `${endpoints.graph}${path}?${new URLSearchParams(query).toString()}`;

  /** Graph `{ error: { message, type, code, error_subcode } }` and api.instagram.com `{ error_type, code, error_message }`. */
  function check(answer: HttpAnswer, what: string, secrets: Array<string | null>): Record<string, unknown> {
    const body = answer.body;
    const graphError = isRecord(body) && isRecord(body.error) ? body.error : null;
    const oauthError = isRecord(body) && typeof body.error_type === 'string' ? body : null;
    if (answer.status < 400 && !graphError && !oauthError && isRecord(body)) return body;

    const code = count(graphError?.code);
    const type = String(graphError?.type ?? oauthError?.error_type ?? '');
    const message = String(graphError?.message ?? oauthError?.error_message ?? '');
    const detail = `HTTP ${answer.status}${type ? ` ${type}` : ''}${code !== null ? ` code ${code}` : ''}${message ? `: ${message}` : ''}`;
    if (code === 190) fail(http, what, 'reauthorize', detail, secrets);
    if ((code !== null && RETRY_CODES.has(code)) || answer.status === 429 || answer.status >= 500) {
      fail(http, what, 'retry_later', detail, secrets, retryAfterSeconds(answer.headers));
    }
    if (!graphError && !oauthError && answer.status < 400) fail(http, what, 'rejected', 'unreadable answer', secrets);
    fail(http, what, 'rejected', detail, secrets);
  }

  /** The long-lived token answer `{ access_token, token_type, expires_in }` (exchange and refresh alike). */
  function longLived(body: Record<string, unknown>, what: string, scopes: string[], secrets: Array<string | null>): SocialTokens {
    if (typeof body.access_token !== 'string' || body.access_token === '') {
      fail(http, what, 'rejected', 'answer without access_token', secrets);
    }
    return {
      accessToken: body.access_token,
      refreshToken: null,
      accessTokenExpiresAt: expiresAt(body.expires_in),
      refreshTokenExpiresAt: null,
      scopes,
    };
  }

  return {
    name: 'instagram',
    sandbox: false,
    usesPkce: false,

    authorizationUrl({ state, redirectUri }) {
      const query = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: INSTAGRAM_SCOPES.join(','),
        state,
      });
      return `${endpoints.authorize}?${query.toString()}`;
    },

    async exchangeCode({ code: rawCode, redirectUri }) {
      const code = rawCode.replace(/#_$/, '');
      const secrets = [code, options.clientSecret];
      const shortAnswer = await request(
        http,
        'code exchange',
        `${endpoints.api}/oauth/access_token`,
        formBody({
          client_id: options.clientId,
          client_secret: options.clientSecret,
          grant_type: 'authorization_code',
          redirect_uri: redirectUri,
          code,
        }),
      );
      const body = check(shortAnswer, 'code exchange', secrets);
      // Documented both flat and as `{ data: [ { access_token, user_id, permissions } ] }`.
      const grant = Array.isArray(body.data) && isRecord(body.data[0]) ? body.data[0] : body;
      const shortToken = grant.access_token;
      if (typeof shortToken !== 'string' || shortToken === '') {
        fail(http, 'code exchange', 'rejected', 'answer without access_token', secrets);
      }
      const permissions = grant.permissions;
      const scopes = Array.isArray(permissions)
        ? permissions.filter((p): p is string => typeof p === 'string')
        : typeof permissions === 'string'
          ? permissions.split(',').map((p) => p.trim()).filter(Boolean)
          : [];

      const longSecrets = [...secrets, shortToken];
      const longAnswer = await request(
        http,
        'long-lived token exchange',
        graph('/access_token', { grant_type: 'ig_exchange_token', client_secret: options.clientSecret, access_token: shortToken }),
      );
      return longLived(check(longAnswer, 'long-lived token exchange', longSecrets), 'long-lived token exchange', scopes, longSecrets);
    },

    async refresh({ accessToken }) {
      const secrets = [accessToken, options.clientSecret];
      const answer = await request(
        http,
        'token refresh',
        graph('/refresh_access_token', { grant_type: 'ig_refresh_token', access_token: accessToken }),
      );
      // The refresh answer lists no permissions: the scopes stay what the user granted ([] here = "not said").
      return longLived(check(answer, 'token refresh', secrets), 'token refresh', [], secrets);
    },

    async revoke() {
      // The Instagram API with Instagram Login documents no revocation endpoint: the person removes the app under
      // Instagram's Settings › Apps and websites. Disconnecting deletes our copy of the token, which is all we hold.
    },

    async profile(accessToken): Promise<SocialProfile> {
      const secrets = [accessToken, options.clientSecret];
      const answer = await request(
        http,
        'profile',
        graph(`/${INSTAGRAM_GRAPH_VERSION}/me`, { fields: 'user_id,username', access_token: accessToken }),
      );
      const body = check(answer, 'profile', secrets);
      const id = body.user_id ?? body.id;
      if ((typeof id !== 'string' && typeof id !== 'number') || typeof body.username !== 'string') {
        fail(http, 'profile', 'rejected', 'answer without user_id or username', secrets);
      }
      return { accountId: String(id), username: body.username };
    },

    async metrics(accessToken, accountId, day): Promise<SocialMetrics> {
      const secrets = [accessToken, options.clientSecret];
      const { since, until } = dayBounds(day);
      const [meAnswer, insightsAnswer] = await Promise.all([
        request(
          http,
          'profile counts',
          graph(`/${INSTAGRAM_GRAPH_VERSION}/me`, { fields: 'followers_count,media_count', access_token: accessToken }),
        ),
        request(
          http,
          'insights',
          graph(`/${INSTAGRAM_GRAPH_VERSION}/${encodeURIComponent(accountId)}/insights`, {
            metric: INSTAGRAM_INSIGHT_METRICS.join(','),
            period: 'day',
            metric_type: 'total_value',
            since: String(since),
            until: String(until),
            access_token: accessToken,
          }),
        ),
      ]);
      const me = check(meAnswer, 'profile counts', secrets);
      const insights = check(insightsAnswer, 'insights', secrets);

      const values = new Map<string, number | null>();
      for (const item of Array.isArray(insights.data) ? insights.data : []) {
        if (!isRecord(item) || typeof item.name !== 'string') continue;
        const total = isRecord(item.total_value) ? count(item.total_value.value) : null;
        values.set(item.name, total);
      }
      const reach = values.get('reach') ?? null;
      return {
        followers: count(me.followers_count),
        posts: count(me.media_count),
        reach,
        engagementRate: ratio(values.get('total_interactions') ?? null, reach),
      };
    },
  };
}
