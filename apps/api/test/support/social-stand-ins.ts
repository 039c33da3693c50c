import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the endpoints our Instagram, YouTube (Google) and TikTok providers call, answering with the
 * documented shapes, error shapes included. Each real host is a path prefix, so a request the provider sends to
 * https://graph.instagram.com/v25.0/me arrives here as /graph.instagram.com/v25.0/me:
 *
 *   const standIn = await startSocialStandIn();
 *   createInstagramProvider({ clientId, clientSecret, endpoints: standIn.endpoints.instagram });
 *   standIn.requests          // every request: method, host, path, query, form (parsed), json, headers
 *   standIn.state.…           // the accounts, tokens and numbers it answers with (reset() between tests)
 *   standIn.failNext('/v2/user/info/', { status: 429, body, headers: { 'retry-after': '30' } })
 *
 * Shapes follow developers.facebook.com/docs/instagram-platform, developers.google.com (OAuth 2.0 for web server
 * apps, YouTube Data API v3 channels.list, YouTube Analytics reports.query) and developers.tiktok.com (OAuth v2
 * tokens, /v2/user/info/, /v2/video/list/, v2 error handling).
 */

export interface RecordedRequest {
  method: string;
  /** The real host the provider aimed at, e.g. graph.instagram.com */
  host: string;
  /** Path at that host, without the query string, e.g. /v25.0/me */
  path: string;
  query: Record<string, string>;
  /** A form-encoded body, parsed. */
  form: Record<string, string>;
  /** A JSON body, parsed (null otherwise). */
  json: unknown;
  rawBody: string;
  headers: IncomingHttpHeaders;
}

export interface Canned {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const CLIENT = {
  instagram: { id: 'ig-client-id', secret: 'ig-client-secret-DO-NOT-LEAK' },
  youtube: { id: 'yt-client-id.apps.googleusercontent.com', secret: 'GOCSPX-yt-secret-DO-NOT-LEAK' },
  tiktok: { id: 'tt-client-key', secret: 'tt-client-secret-DO-NOT-LEAK' },
} as const;

export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function freshState() {
  return {
    instagram: {
      /** The code the popup returns (the callback's value carries a trailing `#_`). */
      validCode: 'AQBx-ig-auth-code',
      shortTokenShape: 'data' as 'data' | 'flat',
      shortTokens: new Set<string>(),
      longTokens: new Set<string>(),
      issued: 0,
      profile: { user_id: '17841400000000001', id: '9876543210', username: 'bluebottle', followers_count: 1520, follows_count: 80, media_count: 214 },
      /** Insight totals by metric name; a metric left out is missing from `data`, as the API does. */
      insights: { reach: 400, views: 1800, accounts_engaged: 60, total_interactions: 90 } as Record<string, number>,
    },
    youtube: {
      validCode: '4/0Ab-yt-auth-code',
      codeVerifier: 'yt-verifier-0123456789-0123456789-0123456789-abc',
      accessTokens: new Set<string>(),
      refreshTokens: new Set<string>(['1//yt-refresh-token-initial']),
      issued: 0,
      channel: { id: 'UC_x5XG1OV2P6uZZ5FSM9Ttw', title: 'Blue Bottle', customUrl: '@bluebottle' },
      statistics: { viewCount: '123456', subscriberCount: '4200', hiddenSubscriberCount: false, videoCount: '87' },
      /** Analytics rows by day: views, likes, comments, shares, subscribersGained, subscribersLost. */
      days: new Map<string, [number, number, number, number, number, number]>([['2025-05-01', [1000, 40, 6, 4, 12, 2]]]),
    },
    tiktok: {
      validCode: 'tt-auth-code',
      accessTokens: new Set<string>(),
      /** Only the newest refresh token works: TikTok rotates them. */
      refreshToken: 'rft.tiktok-initial',
      issued: 0,
      scope: 'user.info.basic,user.info.stats,video.list',
      user: { open_id: '-000OtT1qUAJE8r0GoADOsmB2t46Ss9Xpnp', union_id: 'c9c60f44-a68e-4f5d-84dd-ce22faeb0ba1', display_name: 'Blue Bottle', follower_count: 3300, following_count: 12, likes_count: 45000, video_count: 52 },
      videos: [
        { id: '7001', view_count: 1000, like_count: 80, comment_count: 10, share_count: 10 },
        { id: '7002', view_count: 3000, like_count: 150, comment_count: 30, share_count: 20 },
      ] as Array<Record<string, number | string>>,
    },
  };
}

export type SocialStandInState = ReturnType<typeof freshState>;

export interface SocialStandIn {
  url: string;
  endpoints: {
    instagram: { authorize: string; api: string; graph: string };
    youtube: { authorize: string; token: string; revoke: string; data: string; analytics: string };
    tiktok: { authorize: string; api: string };
  };
  requests: RecordedRequest[];
  state: SocialStandInState;
  /** The next request whose path contains `pathPart` gets this answer instead (once). */
  failNext(pathPart: string, answer: Canned): void;
  reset(): void;
  close(): Promise<void>;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Canned => ({ status, body, headers });
const graphError = (status: number, code: number, message: string, type = 'OAuthException', subcode?: number): Canned =>
  json(status, { error: { message, type, code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: 'AbCdEfGh' } });
const googleApiError = (status: number, reason: string, message: string, statusText: string): Canned =>
  json(status, { error: { code: status, message, errors: [{ message, domain: 'global', reason }], status: statusText } });
const tiktokApiError = (status: number, code: string, message: string): Canned =>
  json(status, { data: {}, error: { code, message, log_id: '20250501123456ABCDEF' } });
const tiktokOk = (data: unknown): Canned => json(200, { data, error: { code: 'ok', message: '', log_id: '20250501123456ABCDEF' } });

export async function startSocialStandIn(): Promise<SocialStandIn> {
  const requests: RecordedRequest[] = [];
  let state = freshState();
  const failures: Array<{ pathPart: string; answer: Canned }> = [];

  const bearer = (headers: IncomingHttpHeaders) => /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1] ?? null;

  function instagram(r: RecordedRequest): Canned {
    const ig = state.instagram;
    if (r.host === 'api.instagram.com' && r.method === 'POST' && r.path === '/oauth/access_token') {
      const f = r.form;
      if (f.client_id !== CLIENT.instagram.id || f.client_secret !== CLIENT.instagram.secret) {
        return json(400, { error_type: 'OAuthException', code: 400, error_message: 'Invalid platform app' });
      }
      if (f.grant_type !== 'authorization_code' || !f.redirect_uri || f.code !== ig.validCode) {
        return json(400, { error_type: 'OAuthException', code: 400, error_message: 'Invalid authorization code' });
      }
      const token = `IGQVJshort${++ig.issued}`;
      ig.shortTokens.add(token);
      const grant = { access_token: token, user_id: ig.profile.user_id, permissions: 'instagram_business_basic,instagram_business_manage_insights' };
      return json(200, ig.shortTokenShape === 'data' ? { data: [grant] } : grant);
    }
    if (r.host !== 'graph.instagram.com' || r.method !== 'GET') return graphError(404, 803, 'Unknown path components', 'OAuthException');
    const q = r.query;
    if (r.path === '/access_token') {
      if (q.grant_type !== 'ig_exchange_token' || q.client_secret !== CLIENT.instagram.secret) return graphError(400, 101, 'Error validating client secret.');
      if (!q.access_token || !ig.shortTokens.has(q.access_token)) return graphError(400, 190, 'Invalid OAuth access token - Cannot parse access token');
      const token = `IGQVJlong${++ig.issued}`;
      ig.longTokens.add(token);
      return json(200, { access_token: token, token_type: 'bearer', expires_in: 5_183_944 });
    }
    if (r.path === '/refresh_access_token') {
      if (q.grant_type !== 'ig_refresh_token') return graphError(400, 100, 'Invalid parameter', 'IGApiException');
      if (!q.access_token || !ig.longTokens.has(q.access_token)) {
        return graphError(400, 190, `Error validating access token: Session has expired. Token ${q.access_token ?? ''} is invalid.`, 'OAuthException', 463);
      }
      const token = `IGQVJlong${++ig.issued}`;
      ig.longTokens.add(token);
      return json(200, { access_token: token, token_type: 'bearer', expires_in: 5_184_000 });
    }
    if (!q.access_token || !ig.longTokens.has(q.access_token)) {
      return graphError(400, 190, 'Error validating access token: The session has been invalidated because the user changed their password.', 'OAuthException', 460);
    }
    if (r.path === '/v25.0/me') {
      const fields = (q.fields ?? 'id').split(',');
      const all: Record<string, unknown> = ig.profile;
      return json(200, Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]])));
    }
    const insights = /^\/v25\.0\/([^/]+)\/insights$/.exec(r.path);
    if (insights) {
      if (insights[1] !== ig.profile.user_id) return graphError(400, 100, 'Unsupported get request.', 'GraphMethodException', 33);
      const metrics = (q.metric ?? '').split(',');
      const deprecated = metrics.find((m) => ['impressions', 'profile_views', 'website_clicks', 'email_contacts', 'phone_call_clicks', 'text_message_clicks', 'get_directions_clicks'].includes(m));
      if (deprecated) return graphError(400, 100, `(#100) metric[0] must be one of the following values: reach, views, …`, 'IGApiException');
      if (q.period !== 'day' || q.metric_type !== 'total_value') return graphError(400, 100, '(#100) The following metrics (views, accounts_engaged, total_interactions) should be specified with parameter metric_type=total_value', 'IGApiException');
      const data = metrics
        .filter((m) => ig.insights[m] !== undefined)
        .map((m) => ({ name: m, period: 'day', title: m, description: '', total_value: { value: ig.insights[m] }, id: `${insights[1]}/insights/${m}/day` }));
      return json(200, { data });
    }
    return graphError(400, 100, 'Unsupported get request.', 'GraphMethodException');
  }

  function youtube(r: RecordedRequest): Canned {
    const yt = state.youtube;
    if (r.host === 'oauth2.googleapis.com' && r.method === 'POST' && r.path === '/token') {
      const f = r.form;
      if (f.client_id !== CLIENT.youtube.id || f.client_secret !== CLIENT.youtube.secret) {
        return json(401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
      }
      const access = `ya29.yt-access-${++yt.issued}`;
      if (f.grant_type === 'authorization_code') {
        if (f.code !== yt.validCode || !f.redirect_uri) return json(400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
        if (f.code_verifier !== yt.codeVerifier) return json(400, { error: 'invalid_grant', error_description: 'Missing code verifier.' });
        yt.accessTokens.add(access);
        const refresh = `1//yt-refresh-${yt.issued}`;
        yt.refreshTokens.add(refresh);
        return json(200, {
          access_token: access,
          expires_in: 3599,
          refresh_token: refresh,
          scope: 'https://www.googleapis.com/auth/youtube.readonly https://www.googleapis.com/auth/yt-analytics.readonly',
          token_type: 'Bearer',
        });
      }
      if (f.grant_type === 'refresh_token') {
        if (!f.refresh_token || !yt.refreshTokens.has(f.refresh_token)) {
          return json(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        }
        yt.accessTokens.add(access);
        // No refresh_token in a refresh answer: the one the client has keeps working.
        return json(200, {
          access_token: access,
          expires_in: 3599,
          scope: 'https://www.googleapis.com/auth/yt-analytics.readonly https://www.googleapis.com/auth/youtube.readonly',
          token_type: 'Bearer',
        });
      }
      return json(400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
    }
    if (r.host === 'oauth2.googleapis.com' && r.method === 'POST' && r.path === '/revoke') {
      // Revoking a refresh token ends the grant: it and every access token stop working.
      const t = r.form.token ?? '';
      if (!yt.refreshTokens.has(t) && !yt.accessTokens.has(t)) return json(400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
      yt.refreshTokens.clear();
      yt.accessTokens.clear();
      return json(200, {});
    }
    const token = bearer(r.headers);
    if (!token || !yt.accessTokens.has(token)) {
      return googleApiError(401, 'authError', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.', 'UNAUTHENTICATED');
    }
    if (r.host === 'www.googleapis.com' && r.path === '/youtube/v3/channels') {
      if (r.query.mine !== 'true') return googleApiError(400, 'missingRequiredParameter', 'No filter selected.', 'INVALID_ARGUMENT');
      const parts = (r.query.part ?? '').split(',');
      return json(200, {
        kind: 'youtube#channelListResponse',
        etag: 'etag',
        pageInfo: { totalResults: 1, resultsPerPage: 5 },
        items: [
          {
            kind: 'youtube#channel',
            etag: 'etag',
            id: yt.channel.id,
            ...(parts.includes('snippet') ? { snippet: { title: yt.channel.title, description: '', customUrl: yt.channel.customUrl, publishedAt: '2015-01-01T00:00:00Z' } } : {}),
            ...(parts.includes('statistics') ? { statistics: yt.statistics } : {}),
          },
        ],
      });
    }
    if (r.host === 'youtubeanalytics.googleapis.com' && r.path === '/v2/reports') {
      const q = r.query;
      const metrics = (q.metrics ?? '').split(',');
      if (q.ids !== 'channel==MINE' || !q.startDate || !q.endDate || q.dimensions !== 'day') {
        return googleApiError(400, 'badRequest', 'Required', 'INVALID_ARGUMENT');
      }
      const known = ['views', 'likes', 'comments', 'shares', 'subscribersGained', 'subscribersLost'];
      const rows = [...yt.days.entries()]
        .filter(([day]) => day >= (q.startDate ?? '') && day <= (q.endDate ?? ''))
        .map(([day, values]) => [day, ...metrics.map((m) => values[known.indexOf(m)] ?? 0)]);
      return json(200, {
        kind: 'youtubeAnalytics#resultTable',
        columnHeaders: [
          { name: 'day', columnType: 'DIMENSION', dataType: 'STRING' },
          ...metrics.map((name) => ({ name, columnType: 'METRIC', dataType: 'INTEGER' })),
        ],
        ...(rows.length ? { rows } : {}),
      });
    }
    return googleApiError(404, 'notFound', 'Not Found', 'NOT_FOUND');
  }

  function tiktok(r: RecordedRequest): Canned {
    const tt = state.tiktok;
    if (r.method === 'POST' && r.path === '/v2/oauth/token/') {
      const f = r.form;
      const logId = '20250501123456TOKEN';
      if (f.client_key !== CLIENT.tiktok.id || f.client_secret !== CLIENT.tiktok.secret) {
        return json(401, { error: 'invalid_client', error_description: 'Client key or secret is incorrect.', log_id: logId });
      }
      const issue = () => {
        const access = `act.tt-access-${++tt.issued}`;
        tt.accessTokens.add(access);
        tt.refreshToken = `rft.tt-refresh-${tt.issued}`;
        return json(200, {
          access_token: access,
          expires_in: 86_400,
          open_id: tt.user.open_id,
          // Not a round year: what is left of the refresh token's life, as TikTok counts it.
          refresh_expires_in: 31_536_000 - 18_000 * tt.issued,
          refresh_token: tt.refreshToken,
          scope: tt.scope,
          token_type: 'Bearer',
        });
      };
      if (f.grant_type === 'authorization_code') {
        if (f.code !== tt.validCode || !f.redirect_uri) return json(400, { error: 'invalid_grant', error_description: 'Authorization code is expired.', log_id: logId });
        return issue();
      }
      if (f.grant_type === 'refresh_token') {
        if (f.refresh_token !== tt.refreshToken) {
          return json(400, { error: 'invalid_grant', error_description: `Refresh token ${f.refresh_token ?? ''} is invalid or expired.`, log_id: logId });
        }
        return issue();
      }
      return json(400, { error: 'unsupported_grant_type', error_description: 'grant_type is not supported', log_id: logId });
    }
    if (r.method === 'POST' && r.path === '/v2/oauth/revoke/') {
      const f = r.form;
      if (f.client_key !== CLIENT.tiktok.id || f.client_secret !== CLIENT.tiktok.secret) {
        return json(401, { error: 'invalid_client', error_description: 'Client key or secret is incorrect.', log_id: '20250501123456REVOKE' });
      }
      if (!f.token || !tt.accessTokens.has(f.token)) {
        return json(400, { error: 'invalid_token', error_description: 'The access token is invalid.', log_id: '20250501123456REVOKE' });
      }
      tt.accessTokens.clear();
      tt.refreshToken = '';
      return json(200, {});
    }
    const token = bearer(r.headers);
    if (!token || !tt.accessTokens.has(token)) {
      return tiktokApiError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    }
    const fields = (r.query.fields ?? '').split(',');
    if (r.method === 'GET' && r.path === '/v2/user/info/') {
      const all: Record<string, unknown> = tt.user;
      if (fields.includes('username') && !tt.scope.split(',').includes('user.info.profile')) {
        return tiktokApiError(401, 'scope_not_authorized', 'The user did not authorize the scope required for completing this request.');
      }
      return tiktokOk({ user: Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]])) });
    }
    if (r.method === 'POST' && r.path === '/v2/video/list/') {
      if (!tt.scope.split(',').includes('video.list')) {
        return tiktokApiError(401, 'scope_not_authorized', 'The user did not authorize the scope required for completing this request.');
      }
      const body = (r.json ?? {}) as { max_count?: number };
      const videos = tt.videos
        .slice(0, body.max_count ?? 10)
        .map((v) => Object.fromEntries(fields.filter((f) => f in v).map((f) => [f, v[f]])));
      return tiktokOk({ videos, cursor: 1_714_000_000_000, has_more: false });
    }
    return tiktokApiError(404, 'invalid_params', 'Not found');
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const [, host = '', ...rest] = url.pathname.split('/');
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const type = req.headers['content-type'] ?? '';
      let parsedJson: unknown = null;
      if (type.includes('application/json') && rawBody) {
        try {
          parsedJson = JSON.parse(rawBody) as unknown;
        } catch {
          parsedJson = null;
        }
      }
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        host,
        path: `/${rest.join('/')}`,
        query: Object.fromEntries(url.searchParams),
        form: type.includes('application/x-www-form-urlencoded') ? Object.fromEntries(new URLSearchParams(rawBody)) : {},
        json: parsedJson,
        rawBody,
        headers: req.headers,
      };
      requests.push(recorded);

      const failureIndex = failures.findIndex((f) => recorded.path.includes(f.pathPart));
      let answer: Canned;
      if (failureIndex >= 0) {
        answer = failures[failureIndex]!.answer;
        failures.splice(failureIndex, 1);
      } else if (host.endsWith('instagram.com')) answer = instagram(recorded);
      else if (host.endsWith('googleapis.com')) answer = youtube(recorded);
      else if (host === 'open.tiktokapis.com') answer = tiktok(recorded);
      else answer = json(404, { error: 'no such host' });

      const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...answer.headers });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    endpoints: {
      instagram: { authorize: 'https://www.instagram.com/oauth/authorize', api: `${url}/api.instagram.com`, graph: `${url}/graph.instagram.com` },
      youtube: {
        authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
        token: `${url}/oauth2.googleapis.com/token`,
        revoke: `${url}/oauth2.googleapis.com/revoke`,
        data: `${url}/www.googleapis.com/youtube/v3`,
        analytics: `${url}/youtubeanalytics.googleapis.com/v2`,
      },
      tiktok: { authorize: 'https://www.tiktok.com/v2/auth/authorize/', api: `${url}/open.tiktokapis.com` },
    },
    requests,
    get state() {
      return state;
    },
    failNext(pathPart, answer) {
      failures.push({ pathPart, answer });
    },
    reset() {
      requests.length = 0;
      failures.length = 0;
      state = freshState();
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
