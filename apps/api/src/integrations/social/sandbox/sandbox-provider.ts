import { createHash } from 'node:crypto';
import type { Clock } from '../../../core/clock';
import { deriveKey, hmacBase64Url, sameText } from '../../../core/secret';
import { SocialProviderError, type SocialProvider, type SocialProviderName, type SocialTokens } from '../provider';
import { sandboxMetrics } from './sandbox-metrics';

/**
 * The built-in provider of a network whose credentials are not configured. The "provider" is a consent page
 * of our own web app; everything it grants is signed with keys derived from APP_SECRET, so nobody without the
 * secret can make a code or a token it accepts.
 *
 * The consent page contract (web: `/oauth/sandbox/:provider`):
 *   opened at  PUBLIC_URL/oauth/sandbox/<provider>?state=S&redirect_uri=R&code_challenge=C&grant=G
 *   Allow  →   redirect to R?code=<G>.<handle>&state=S     (handle: the account name the person typed,
 *                                                          /^[a-z0-9_]{1,30}$/, e.g. "northstar_demo")
 *   Deny   →   redirect to R?error=access_denied&state=S
 * G = `sandbox-<provider>-<HMAC(key, provider|C)>` is made by the API when the round trip starts and is bound
 * to that round trip's PKCE challenge: exchangeCode recomputes it from the verifier stored with the state, so a
 * code cannot be forged, nor replayed in another round trip. The handle chooses the sandbox account (the same
 * handle is the same account, so a reconnect finds its history).
 */
export const SANDBOX_ACCESS_TOKEN_SECONDS = 3600;
const HANDLE = /^[a-z0-9_]{1,30}$/;
const PREFIX: Record<SocialProviderName, string> = { instagram: 'ig', youtube: 'yt', tiktok: 'tt' };
const SCOPES: Record<SocialProviderName, string[]> = {
  instagram: ['instagram_business_basic', 'instagram_business_manage_insights'],
  youtube: ['https://www.googleapis.com/auth/youtube.readonly', 'https://www.googleapis.com/auth/yt-analytics.readonly'],
  tiktok: ['user.info.basic', 'user.info.stats', 'video.list'],
};

export interface SandboxOptions {
  secret: string;
  /** PUBLIC_URL (where the consent page is). */
  publicUrl: string;
  now: Clock;
}

const challengeOf = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/** The grant the consent page turns into a code (exported for tests and documentation). */
export function sandboxGrant(secret: string, provider: SocialProviderName, codeChallenge: string): string {
  return `sandbox-${provider}-${hmacBase64Url(deriveKey(secret, 'sandbox-oauth-code'), `${provider}|${codeChallenge}`)}`;
}

export function createSandboxSocialProvider(name: SocialProviderName, options: SandboxOptions): SocialProvider {
  const tokenKey = deriveKey(options.secret, 'sandbox-oauth-token');
  const sign = (data: string) => hmacBase64Url(tokenKey, data);

  function tokensFor(handle: string, withRefresh: boolean): SocialTokens {
    const expires = Math.floor(options.now().getTime() / 1000) + SANDBOX_ACCESS_TOKEN_SECONDS;
    const access = `sbxa.${name}.${handle}.${expires}`;
    const refresh = `sbxr.${name}.${handle}`;
    return {
      accessToken: `${access}.${sign(access)}`,
      refreshToken: withRefresh ? `${refresh}.${sign(refresh)}` : null,
      accessTokenExpiresAt: new Date(expires * 1000),
      refreshTokenExpiresAt: null,
      scopes: [...SCOPES[name]],
    };
  }

  /** The handle an access token was granted for; a bad or expired token needs a new grant. */
  function handleOf(accessToken: string): string {
    const [kind, provider, handle, expires, signature, ...rest] = accessToken.split('.');
    const body = `${kind}.${provider}.${handle}.${expires}`;
    if (kind !== 'sbxa' || provider !== name || !handle || !signature || rest.length || !sameText(signature, sign(body))) {
      throw new SocialProviderError('The access token is invalid or was revoked', 'reauthorize');
    }
    if (Number(expires) * 1000 <= options.now().getTime()) throw new SocialProviderError('The access token has expired', 'reauthorize');
    return handle;
  }

  const accountIdOf = (handle: string) => `sandbox-${PREFIX[name]}-${handle}`;

  return {
    name,
    sandbox: true,
    usesPkce: true,
    authorizationUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(`/oauth/sandbox/${name}`, options.publicUrl);
      url.searchParams.set('state', state);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('code_challenge', codeChallenge ?? '');
      url.searchParams.set('grant', sandboxGrant(options.secret, name, codeChallenge ?? ''));
      return url.toString();
    },
    async exchangeCode({ code, codeVerifier }) {
      const dot = code.lastIndexOf('.');
      const grant = code.slice(0, dot);
      const handle = code.slice(dot + 1);
      const expected = sandboxGrant(options.secret, name, codeVerifier ? challengeOf(codeVerifier) : '');
      if (dot < 0 || !HANDLE.test(handle) || !codeVerifier || !sameText(grant, expected)) {
        throw new SocialProviderError('The authorization code is invalid', 'rejected');
      }
      return tokensFor(handle, true);
    },
    async refresh({ refreshToken }) {
      const [kind, provider, handle, signature, ...rest] = (refreshToken ?? '').split('.');
      if (kind !== 'sbxr' || provider !== name || !handle || !signature || rest.length || !sameText(signature, sign(`${kind}.${provider}.${handle}`))) {
        throw new SocialProviderError('The refresh token is invalid or was revoked', 'reauthorize');
      }
      // Like Instagram and YouTube: a new access token, the refresh token stays what it was (null: keep it).
      return tokensFor(handle, false);
    },
    async revoke() {
      // Sandbox tokens are signed, not stored: deleting our copy on disconnect is the revocation.
    },
    async profile(accessToken) {
      const handle = handleOf(accessToken);
      return { accountId: accountIdOf(handle), username: name === 'youtube' ? handle : `@${handle}` };
    },
    async metrics(accessToken, accountId, day) {
      const handle = handleOf(accessToken);
      if (accountIdOf(handle) !== accountId) throw new SocialProviderError('The token belongs to another account', 'rejected');
      return sandboxMetrics(name, accountId, day);
    },
  };
}
