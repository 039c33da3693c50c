import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { SOCIAL_ACCOUNT_PLATFORMS, SOCIAL_PROVIDERS } from './enums';
import { fraction, inList, tstz } from './helpers';
import { users } from './users';

/** A client's connected social account. Disconnecting keeps the row (and its history): is_active=false. */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    platform: varchar('platform', { length: 16 }).notNull(),
    /** The provider's id of the account; sandbox accounts look like 'sandbox-ig-123'. */
    providerAccountId: varchar('provider_account_id', { length: 255 }).notNull(),
    username: varchar('username', { length: 255 }).notNull(),
    /** Provider tokens, encrypted at rest (never plain text). */
    accessTokenEncrypted: text('access_token_encrypted'),
    refreshTokenEncrypted: text('refresh_token_encrypted'),
    tokenExpiresAt: tstz('token_expires_at'),
    isActive: boolean('is_active').notNull().default(true),
    connectedAt: tstz('connected_at').notNull().defaultNow(),
    disconnectedAt: tstz('disconnected_at'),
    lastSync: tstz('last_sync'),
    /** When a sync was last started (manual syncs within a minute of it are refused). */
    lastSyncAttemptAt: tstz('last_sync_attempt_at'),
    /** The provider refused the token (expired, revoked): the client must reconnect; cleared by a reconnect. */
    needsReconnect: boolean('needs_reconnect').notNull().default(false),
    /** What the last failed sync said; cleared by a successful one. */
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('social_accounts_client_platform_account_unique').on(t.clientId, t.platform, t.providerAccountId),
    index('social_accounts_client_idx').on(t.clientId),
    index('social_accounts_active_idx').on(t.isActive, t.lastSync),
    check('social_accounts_platform_check', inList(t.platform, SOCIAL_ACCOUNT_PLATFORMS)),
  ],
);

/** A point-in-time reading of an account's metrics (recorded by the sync job). */
export const metricSnapshots = pgTable(
  'metric_snapshots',
  {
    id: serial('id').primaryKey(),
    socialAccountId: integer('social_account_id')
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    capturedAt: tstz('captured_at').notNull(),
    /** Each metric is NULL when the provider did not give it (never 0 or an estimate). */
    followersCount: integer('followers_count'),
    /** Fraction 0..1. */
    engagementRate: fraction('engagement_rate'),
    reach: integer('reach'),
    postsCount: integer('posts_count'),
    impressions: integer('impressions'),
  },
  (t) => [
    /** One snapshot per account per UTC day (a later sync that day replaces it). */
    uniqueIndex('metric_snapshots_account_day_unique').on(t.socialAccountId, sql`((${t.capturedAt} at time zone 'UTC')::date)`),
    index('metric_snapshots_captured_at_idx').on(t.capturedAt),
    /** An account's snapshots by time: "latest at or before a date" per account, windows per account (analytics). */
    // Also metric_snapshots_captured_cover_idx (captured_at) INCLUDE (social_account_id, followers_count, reach,
    // engagement_rate), made in migration 0007: the analytics' agency windows as index-only scans.
    index('metric_snapshots_account_captured_idx').on(t.socialAccountId, t.capturedAt),
    check('metric_snapshots_engagement_rate_check', sql`${t.engagementRate} >= 0 and ${t.engagementRate} <= 1`),
    check(
      'metric_snapshots_counts_check',
      sql`${t.followersCount} >= 0 and ${t.reach} >= 0 and ${t.postsCount} >= 0 and ${t.impressions} >= 0`,
    ),
  ],
);

/** Pending OAuth round trips: the hash of the signed state, with its PKCE verifier. Single use. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: serial('id').primaryKey(),
    stateHash: varchar('state_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    codeVerifier: text('code_verifier'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    /** Set when the callback consumed it (a second use is refused as a replay). */
    usedAt: tstz('used_at'),
  },
  (t) => [
    uniqueIndex('oauth_states_hash_unique').on(t.stateHash),
    index('oauth_states_expires_at_idx').on(t.expiresAt),
    check('oauth_states_provider_check', inList(t.provider, SOCIAL_PROVIDERS)),
  ],
);
