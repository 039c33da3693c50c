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
 * YouTube through Google OAuth 2.0 for web server apps with PKCE (S256), the YouTube Data API v3 (channels.list
 * mine=true: counts arrive as strings; a hidden subscriber count is not a count) and the YouTube Analytics API v2
 * (reports.query by day: a day without a row is not reported yet, so its numbers are null, not 0).
 */

export const YOUTUBE_SCOPES = [
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/yt-analytics.readonly',
] as const;
export const YOUTUBE_REPORT_METRICS = ['views', 'likes', 'comments', 'shares', 'subscribersGained', 'subscribersLost'] as const;

export interface YoutubeEndpoints {
  /** https://accounts.google.com/o/oauth2/v2/auth */
  authorize: string;
  /** https://oauth2.googleapis.com/token */
  token: string;
  /** https://oauth2.googleapis.com/revoke */
  revoke: string;
  /** https://www.googleapis.com/youtube/v3 */
  data: string;
  /** https://youtubeanalytics.googleapis.com/v2 */
  analytics: string;
}

const DEFAULT_ENDPOINTS: YoutubeEndpoints = {
  authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  revoke: 'https://oauth2.googleapis.com/revoke',
  data: 'https://www.googleapis.com/youtube/v3',
  analytics: 'https://youtubeanalytics.googleapis.com/v2',
};

export interface YoutubeProviderOptions {
  clientId: string;
  clientSecret: string;
  /** tests: base URLs of a local stand-in */
  endpoints?: Partial<YoutubeEndpoints>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const RETRY_REASONS = new Set(['quotaExceeded', 'rateLimitExceeded', 'userRateLimitExceeded', 'backendError']);
/** A scope the user unticked on Google's consent screen: reconnecting (and ticking it) is the fix. */
const REAUTHORIZE_REASONS = new Set(['authError', 'insufficientPermissions']);

export function createYoutubeProvider(options: YoutubeProviderOptions): SocialProvider {
  const endpoints = { ...DEFAULT_ENDPOINTS, ...options.endpoints };
  const http: HttpOptions = {
    provider: 'youtube',
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };

  /** Token endpoint: `{ error: 'invalid_grant', error_description }`. invalid_grant means a dead refresh token on refresh. */
  function tokens(answer: HttpAnswer, what: 'code exchange' | 'token refresh', secrets: Array<string | null>): SocialTokens {
    const body = answer.body;
    if (answer.status >= 400 || !isRecord(body) || typeof body.access_token !== 'string') {
      const error = isRecord(body) && typeof body.error === 'string' ? body.error : '';
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
      refreshTokenExpiresAt: null,
      scopes: typeof body.scope === 'string' ? body.scope.split(' ').filter(Boolean) : [],
    };
  }

  /** Google APIs: `{ error: { code, message, errors: [{ reason, domain, message }], status } }`. */
  async function api(what: string, url: string, accessToken: string): Promise<Record<string, unknown>> {
    const secrets = [accessToken, options.clientSecret];
    const answer = await request(http, what, url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
    const body = answer.body;
    if (answer.status < 400 && isRecord(body)) return body;
    const error = isRecord(body) && isRecord(body.error) ? body.error : {};
    const reasons = (Array.isArray(error.errors) ? error.errors : [])
      .map((e) => (isRecord(e) && typeof e.reason === 'string' ? e.reason : ''))
      .filter(Boolean);
    const message = typeof error.message === 'string' ? error.message : '';
    const detail = `HTTP ${answer.status}${reasons.length ? ` ${reasons.join(',')}` : ''}${message ? `: ${message}` : ''}`;
    if (answer.status === 401 || (answer.status === 403 && reasons.some((r) => REAUTHORIZE_REASONS.has(r)))) {
      fail(http, what, 'reauthorize', detail, secrets);
    }
    if (answer.status === 429 || answer.status >= 500 || (answer.status === 403 && reasons.some((r) => RETRY_REASONS.has(r)))) {
      fail(http, what, 'retry_later', detail, secrets, retryAfterSeconds(answer.headers));
    }
    fail(http, what, 'rejected', answer.status < 400 ? 'unreadable answer' : detail, secrets);
  }

  async function channel(accessToken: string): Promise<Record<string, unknown>> {
    const query = new URLSearchParams({ part: 'statistics,snippet', mine: 'true' });
    const body = await api('channel', `${endpoints.data}/channels?${query.toString()}`, accessToken);
    const first = Array.isArray(body.items) ? body.items[0] : undefined;
    if (!isRecord(first) || typeof first.id !== 'string') {
      fail(http, 'channel', 'rejected', 'the Google account has no YouTube channel', [accessToken]);
    }
    return first;
  }

  return {
    name: 'youtube',
    sandbox: false,
    usesPkce: true,

    authorizationUrl({ state, codeChallenge, redirectUri }) {
      if (!codeChallenge) throw new Error('YouTube (Google) sign-in uses PKCE: a code challenge is required');
      const query = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: YOUTUBE_SCOPES.join(' '),
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
      return `${endpoints.authorize}?${query.toString()}`;
    },

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const secrets = [code, codeVerifier, options.clientSecret];
      if (!codeVerifier) fail(http, 'code exchange', 'rejected', 'no PKCE code verifier', secrets);
      const answer = await request(
        http,
        'code exchange',
        endpoints.token,
        formBody({
          client_id: options.clientId,
          client_secret: options.clientSecret,
          code,
          code_verifier: codeVerifier,
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
        endpoints.token,
        formBody({ client_id: options.clientId, client_secret: options.clientSecret, grant_type: 'refresh_token', refresh_token: refreshToken }),
      );
      // Google usually sends no new refresh_token here: null, and the caller keeps the stored one.
      return tokens(answer, 'token refresh', secrets);
    },

    async revoke({ accessToken, refreshToken }) {
      // Revoking the refresh token ends the whole grant (its access tokens too); POST keeps it out of URLs.
      const token = refreshToken ?? accessToken;
      const answer = await request(http, 'token revocation', endpoints.revoke, formBody({ token }));
      checkRevocation(http, answer, [accessToken, refreshToken, options.clientSecret]);
    },

    async profile(accessToken): Promise<SocialProfile> {
      const found = await channel(accessToken);
      const snippet = isRecord(found.snippet) ? found.snippet : {};
      const username =
        typeof snippet.customUrl === 'string' && snippet.customUrl !== ''
          ? snippet.customUrl
          : typeof snippet.title === 'string'
            ? snippet.title
            : String(found.id);
      return { accountId: String(found.id), username };
    },

    async metrics(accessToken, _accountId, day): Promise<SocialMetrics> {
      dayBounds(day); // validates the day
      const query = new URLSearchParams({
        ids: 'channel==MINE',
        startDate: day,
        endDate: day,
        metrics: YOUTUBE_REPORT_METRICS.join(','),
        dimensions: 'day',
      });
      const [found, report] = await Promise.all([
        channel(accessToken),
        api('analytics report', `${endpoints.analytics}/reports?${query.toString()}`, accessToken),
      ]);
      const statistics = isRecord(found.statistics) ? found.statistics : {};

      const headers = (Array.isArray(report.columnHeaders) ? report.columnHeaders : []).map((h) =>
        isRecord(h) && typeof h.name === 'string' ? h.name : '',
      );
      const dayColumn = headers.indexOf('day');
      const row = (Array.isArray(report.rows) ? report.rows : []).find(
        (r): r is unknown[] => Array.isArray(r) && r[dayColumn] === day,
      );
      const value = (name: string): number | null => {
        const column = headers.indexOf(name);
        return row && column >= 0 ? count(row[column]) : null;
      };
      const views = value('views');
      const likes = value('likes');
      const comments = value('comments');
      const shares = value('shares');
      const interactions = likes === null || comments === null || shares === null ? null : likes + comments + shares;

      return {
        followers: statistics.hiddenSubscriberCount === true ? null : count(statistics.subscriberCount),
        posts: count(statistics.videoCount),
        reach: views,
        engagementRate: ratio(interactions, views),
      };
    },
  };
}
