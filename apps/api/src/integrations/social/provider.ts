/**
 * A social network the product reads a client's account from: Instagram, YouTube and TikTok through their
 * official OAuth and APIs when their credentials are configured, else the built-in sandbox (a consent page of
 * ours and plausible, deterministic metrics that grow day by day). The same services, routes and screens serve
 * both; only `integrations/social/<provider>/` knows a provider's URLs and shapes.
 */
export type SocialProviderName = 'instagram' | 'youtube' | 'tiktok';

/** Tokens a provider granted. A refresh token or an expiry the provider did not send is null (never guessed). */
export interface SocialTokens {
  accessToken: string;
  refreshToken: string | null;
  /** When the access token stops working. */
  accessTokenExpiresAt: Date | null;
  /** When the refresh token stops working (TikTok says; others do not). */
  refreshTokenExpiresAt: Date | null;
  /** The scopes granted, as the provider lists them. */
  scopes: string[];
}

/** Who the account is at the provider. */
export interface SocialProfile {
  /** The provider's stable id of the account (Instagram user id, YouTube channel id, TikTok open_id). */
  accountId: string;
  username: string;
}

/**
 * One reading of an account's metrics. A metric the provider did not give is null: stored as missing, never as
 * 0 or an estimate.
 */
export interface SocialMetrics {
  followers: number | null;
  /** Posts / videos / media on the account. */
  posts: number | null;
  /** People reached over the provider's last day (or the period it reports). */
  reach: number | null;
  /** Interactions ÷ reach (or views), a fraction 0..1; null when either is missing. */
  engagementRate: number | null;
}

/** Why a provider call failed, in the terms the product acts on. */
export type SocialErrorKind =
  /** The token expired or was revoked: the account needs reconnecting (the client and admins are told once). */
  | 'reauthorize'
  /** Rate limited or an outage: retried later with backoff; the account stays healthy. */
  | 'retry_later'
  /** Anything else the provider refused (our bug, a bad code): not retried. */
  | 'rejected';

export class SocialProviderError extends Error {
  constructor(
    message: string,
    readonly kind: SocialErrorKind,
    /** Seconds the provider asked us to wait (429 Retry-After), when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'SocialProviderError';
  }
}

export interface AuthorizationRequest {
  /** Our signed, single-use state (verified by us on the callback, never by the provider). */
  state: string;
  /** PKCE S256 challenge, for providers that support it on the web (YouTube/Google); ignored by the others. */
  codeChallenge: string | null;
  /** Where the provider sends the browser back (PUBLIC_URL/oauth/callback/<provider>). */
  redirectUri: string;
}

export interface SocialProvider {
  readonly name: SocialProviderName;
  /** True for the built-in sandbox (no credentials configured for this network). */
  readonly sandbox: boolean;
  /** Whether this provider uses PKCE (then the verifier is kept with the state). */
  readonly usesPkce: boolean;

  /** The URL the 500×600 popup opens. */
  authorizationUrl(request: AuthorizationRequest): string;
  /** Code → tokens (Instagram: short-lived → long-lived). */
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier: string | null }): Promise<SocialTokens>;
  /**
   * New tokens before the access token expires. Providers that rotate refresh tokens (TikTok) return the new one;
   * the caller keeps the stored refresh token when the answer has none.
   */
  refresh(tokens: { accessToken: string; refreshToken: string | null }): Promise<SocialTokens>;
  profile(accessToken: string): Promise<SocialProfile>;
  /**
   * Tells the provider we no longer hold the grant (the client disconnected the account), where it documents a way.
   * A token the provider already considers dead counts as revoked.
   */
  revoke(tokens: { accessToken: string; refreshToken: string | null }): Promise<void>;
  /** The account's metrics now (`day` is the UTC day being recorded, for providers that report by day). */
  metrics(accessToken: string, accountId: string, day: string): Promise<SocialMetrics>;
}
