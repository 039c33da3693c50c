import { createHash, randomBytes } from 'node:crypto';
import {
  CONTENT_PLATFORM_LABELS,
  type TOAuthCallback,
  type TOAuthInitiate,
  type TOAuthProviders,
  type TSocialAccount,
  type TSocialAccountList,
  type TSocialAccountListQuery,
  type TSocialAccountStatus,
  type TSyncAccountResponse,
} from '@agency/contract';
import { ALL_CLIENTS, clientScope, isStaff, requireOwnClient, type Actor } from '../../core/actor';
import { utcDate } from '../../core/clock';
import { AppError } from '../../core/errors';
import { appSecretOf, deriveKey, hmacBase64Url, sameText, sha256Hex } from '../../core/secret';
import type { AppDeps } from '../../deps';
import { emit, transact } from '../../events/outbox';
import { recordAudit } from '../audit';
import { SocialProviderError, type SocialProvider, type SocialProviderName, type SocialTokens } from '../../integrations/social/provider';
import { sandboxGrant } from '../../integrations/social/sandbox/sandbox-provider';
import { isConnectable, publicUrlOf, SOCIAL_PROVIDER_NAMES } from '../../integrations/social/select';
import { pastMonthEngagement } from '../analytics';
import * as q from './social.queries';

/**
 * Connecting a client's social accounts (OAuth), listing them with their latest numbers, and syncing their
 * metrics (a manual sync and the daily job call the same `syncAccount`). Provider calls happen outside
 * database transactions; what they answer is recorded in one.
 */

export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** A manual sync is refused this soon after the previous one started. */
export const SYNC_MIN_INTERVAL_MS = 60_000;
/** Access tokens expiring within this are refreshed before a sync. */
const REFRESH_MARGIN_MS = 10 * 60_000;

const label = (provider: SocialProviderName) => CONTENT_PLATFORM_LABELS[provider];

// --- OAuth state: v1.<provider>.<userId>.<expires (s)>.<nonce>.<HMAC> -----------------------------------------

const stateKey = (deps: AppDeps) => deriveKey(appSecretOf(deps.config), 'oauth-state-v1');

function signState(deps: AppDeps, provider: SocialProviderName, userId: number, expiresAt: Date): string {
  const body = ['v1', provider, userId, Math.floor(expiresAt.getTime() / 1000), randomBytes(18).toString('base64url')].join('.');
  return `${body}.${hmacBase64Url(stateKey(deps), body)}`;
}

const badState = (detail: string) => new AppError('bad_request', detail, { state: [detail] });

/** Checks a returned state and consumes it (once); answers the PKCE verifier kept with it. */
async function consumeState(deps: AppDeps, userId: number, provider: SocialProviderName, state: string): Promise<string | null> {
  const parts = state.split('.');
  const [version, stateProvider, stateUser, expires, nonce, signature] = parts;
  const body = parts.slice(0, 5).join('.');
  if (parts.length !== 6 || version !== 'v1' || !nonce || !signature || !sameText(signature, hmacBase64Url(stateKey(deps), body))) {
    throw badState('Invalid OAuth state: it was not issued by this server or was altered.');
  }
  if (stateProvider !== provider) throw badState(`Invalid OAuth state: it was issued for ${label(stateProvider as SocialProviderName) ?? stateProvider}, not ${label(provider)}.`);
  if (Number(stateUser) !== userId) throw badState('Invalid OAuth state: it was issued to another user.');
  if (Number(expires) * 1000 <= deps.now().getTime()) throw badState('The OAuth state has expired. Please start connecting again.');
  const hash = sha256Hex(state);
  const consumed = await q.consumeState(deps.db, hash, userId, provider, deps.now());
  if (!consumed) {
    const known = await q.findState(deps.db, hash);
    throw badState(known?.usedAt ? 'This OAuth state was already used. Please start connecting again.' : 'Unknown OAuth state. Please start connecting again.');
  }
  return consumed.codeVerifier;
}

const redirectUriOf = (deps: AppDeps, provider: SocialProviderName) => `${publicUrlOf(deps.config)}/oauth/callback/${provider}`;

export function listOAuthProviders(deps: AppDeps): TOAuthProviders {
  return {
    providers: SOCIAL_PROVIDER_NAMES.map((provider) => {
      const available = isConnectable(deps.config, provider);
      return { provider, available, sandbox: available && deps.social[provider].sandbox };
    }),
  };
}

export async function initiateOAuth(deps: AppDeps, actor: Actor, provider: SocialProviderName): Promise<TOAuthInitiate> {
  requireOwnClient(actor);
  if (!isConnectable(deps.config, provider)) {
    throw new AppError('service_unavailable', `${label(provider)} accounts cannot be connected yet. Coming soon!`);
  }
  const userId = (actor as { id: number }).id;
  const social = deps.social[provider];
  const expiresAt = new Date(deps.now().getTime() + OAUTH_STATE_TTL_MS);
  const state = signState(deps, provider, userId, expiresAt);
  const verifier = social.usesPkce ? randomBytes(32).toString('base64url') : null;
  await q.insertState(deps.db, { stateHash: sha256Hex(state), userId, provider, codeVerifier: verifier, expiresAt, createdAt: deps.now() });
  const codeChallenge = verifier ? createHash('sha256').update(verifier).digest('base64url') : null;
  return { oauth_url: social.authorizationUrl({ state, codeChallenge, redirectUri: redirectUriOf(deps, provider) }), state };
}

function encryptTokens(deps: AppDeps, tokens: SocialTokens): q.AccountTokens {
  return {
    accessTokenEncrypted: deps.tokenCipher.encrypt(tokens.accessToken),
    refreshTokenEncrypted: tokens.refreshToken ? deps.tokenCipher.encrypt(tokens.refreshToken) : null,
    tokenExpiresAt: tokens.accessTokenExpiresAt,
  };
}

export async function completeOAuth(deps: AppDeps, actor: Actor, provider: SocialProviderName, input: TOAuthCallback): Promise<TSocialAccount> {
  const clientId = requireOwnClient(actor);
  const verifier = await consumeState(deps, (actor as { id: number }).id, provider, input.state);
  const social = deps.social[provider];
  let tokens: SocialTokens;
  let profile: { accountId: string; username: string };
  try {
    tokens = await social.exchangeCode({ code: input.code, redirectUri: redirectUriOf(deps, provider), codeVerifier: verifier });
    profile = await social.profile(tokens.accessToken);
  } catch (err) {
    if (!(err instanceof SocialProviderError)) throw err;
    deps.logger.warn({ provider, kind: err.kind, message: err.message }, 'social provider refused a connection');
    throw new AppError('social_provider_error', `Failed to connect ${label(provider)} account`);
  }
  const now = deps.now();
  const accountId = await transact(deps, async (tx) => {
    const id = await q.upsertAccount(tx.db, { clientId, platform: provider, providerAccountId: profile.accountId, username: profile.username, now, ...encryptTokens(deps, tokens) });
    await emit(tx, 'social.account_changed', { clientId, accountIds: [id], change: 'connected' });
    await recordAudit(tx, actor, { action: 'social_account.connected', object: { type: 'social_account', id, label: `${label(provider)} @${profile.username}`, clientId } });
    return id;
  });
  // The first numbers right away (a failure here leaves the connection in place; the daily sync retries).
  await syncAccount(deps, accountId).catch((err: unknown) => deps.logger.warn({ err, accountId }, 'first sync after connecting failed'));
  return accountDto(deps, accountId);
}

/**
 * A demo account's grant, made through the sandbox's own OAuth exchange (a PKCE pair of ours and the grant the
 * consent page would have carried), encrypted as a connection stores it. Null for a network whose real
 * provider is configured (demo accounts there are history only).
 */
export async function demoSocialTokens(deps: AppDeps, provider: SocialProviderName, handle: string): Promise<q.AccountTokens | null> {
  const social = deps.social[provider];
  if (!social.sandbox) return null;
  const verifier = randomBytes(32).toString('base64url');
  const grant = sandboxGrant(appSecretOf(deps.config), provider, createHash('sha256').update(verifier).digest('base64url'));
  const tokens = await social.exchangeCode({ code: `${grant}.${handle}`, redirectUri: redirectUriOf(deps, provider), codeVerifier: verifier });
  return encryptTokens(deps, tokens);
}

// --- accounts ----------------------------------------------------------------------------------------------

/** The grant can still be used: not refused by the network, readable with our secret, unexpired or refreshable. */
function grantUsable(deps: AppDeps, row: q.AccountRow): boolean {
  const readable = row.accessTokenEncrypted !== null && deps.tokenCipher.decrypt(row.accessTokenEncrypted) !== null;
  const refreshable = row.refreshTokenEncrypted !== null && deps.tokenCipher.decrypt(row.refreshTokenEncrypted) !== null;
  const unexpired = row.tokenExpiresAt === null || row.tokenExpiresAt.getTime() > deps.now().getTime();
  return !row.needsReconnect && readable && (unexpired || refreshable);
}

/** Accounts as the API shows them; engagement is the past month's (the analytics' rule, as on the overview). */
async function toAccountDtos(deps: AppDeps, rows: readonly q.AccountRow[]): Promise<TSocialAccount[]> {
  const engagement = await pastMonthEngagement(deps.db, rows.map((r) => r.id), deps.now());
  return rows.map((row) => toAccountDto(deps, row, engagement.get(row.id) ?? null));
}

async function accountDto(deps: AppDeps, id: number): Promise<TSocialAccount> {
  const [dto] = await toAccountDtos(deps, [(await q.findAccount(deps.db, id, ALL_CLIENTS))!]);
  return dto!;
}

function toAccountDto(deps: AppDeps, row: q.AccountRow, engagement: number | null): TSocialAccount {
  return {
    id: row.id,
    platform: row.platform as SocialProviderName,
    username: row.username,
    followers_count: row.followers,
    engagement_rate: engagement,
    posts_count: row.posts,
    last_sync: row.lastSync?.toISOString() ?? null,
    is_active: row.isActive,
    needs_reconnect: row.isActive && !grantUsable(deps, row),
    client: row.clientId,
    client_name: row.clientName,
  };
}

export async function listAccounts(deps: AppDeps, actor: Actor, query: TSocialAccountListQuery): Promise<TSocialAccountList> {
  const rows = await q.listAccounts(deps.db, {
    scope: clientScope(actor),
    clientId: isStaff(actor) ? query.client_id : undefined,
    includeInactive: query.include_inactive === true,
  });
  return { accounts: await toAccountDtos(deps, rows) };
}

async function accountOf(deps: AppDeps, actor: Actor, id: number): Promise<q.AccountRow> {
  const row = await q.findAccount(deps.db, id, clientScope(actor));
  if (!row) throw new AppError('not_found', 'Social account not found.');
  return row;
}

export async function disconnectAccount(deps: AppDeps, actor: Actor, id: number): Promise<TSocialAccount> {
  const row = await accountOf(deps, actor, id);
  await transact(deps, async (tx) => {
    await q.disconnectAccount(tx.db, id, deps.now());
    await emit(tx, 'social.account_changed', { clientId: row.clientId, accountIds: [id], change: 'disconnected' });
    await recordAudit(tx, actor, { action: 'social_account.disconnected', object: accountObject(row) });
  });
  await revokeGrant(deps, row);
  return accountDto(deps, id);
}

/**
 * Tells the provider the grant is no longer wanted, once our copy of the tokens is gone. Best effort: the
 * disconnection stands whatever the provider answers (a failure is logged, without the token).
 */
async function revokeGrant(deps: AppDeps, row: q.AccountRow): Promise<void> {
  const accessToken = row.accessTokenEncrypted ? deps.tokenCipher.decrypt(row.accessTokenEncrypted) : null;
  if (accessToken === null) return;
  const refreshToken = row.refreshTokenEncrypted ? deps.tokenCipher.decrypt(row.refreshTokenEncrypted) : null;
  const provider = deps.social[row.platform as SocialProviderName];
  try {
    await provider.revoke({ accessToken, refreshToken });
  } catch (err) {
    if (!(err instanceof SocialProviderError)) throw err;
    deps.logger.warn({ accountId: row.id, provider: provider.name, kind: err.kind, message: err.message }, 'revoking a disconnected grant failed');
  }
}

export async function getAccountStatus(deps: AppDeps, actor: Actor, id: number): Promise<TSocialAccountStatus> {
  const row = await accountOf(deps, actor, id);
  return {
    id: row.id,
    platform: row.platform as SocialProviderName,
    username: row.username,
    is_active: row.isActive,
    connected: row.isActive && grantUsable(deps, row),
    sandbox: deps.social[row.platform as SocialProviderName].sandbox,
    sync_in_progress: syncInProgress(row, deps.now()),
    last_sync: row.lastSync?.toISOString() ?? null,
    last_error: row.lastError,
    token_expires_at: row.tokenExpiresAt?.toISOString() ?? null,
  };
}

/** Longer than any sync takes: an attempt older than this without an outcome was cut off (a restart). */
const SYNC_STALE_MS = 5 * 60_000;

/** A sync was claimed and has neither recorded a snapshot nor failed yet. */
function syncInProgress(row: q.AccountRow, now: Date): boolean {
  const attempt = row.lastSyncAttemptAt;
  if (!attempt || row.lastError !== null || now.getTime() - attempt.getTime() > SYNC_STALE_MS) return false;
  return row.lastSync === null || attempt.getTime() > row.lastSync.getTime();
}

/** How the audit log names an account: its network and handle, in its client's log. */
const accountObject = (row: q.AccountRow) => ({
  type: 'social_account',
  id: row.id,
  label: `${label(row.platform as SocialProviderName)} @${row.username}`,
  clientId: row.clientId,
});

/** A manual sync: now, unless one started less than a minute ago. */
export async function requestSync(deps: AppDeps, actor: Actor, id: number): Promise<TSyncAccountResponse> {
  const row = await accountOf(deps, actor, id);
  const platform = label(row.platform as SocialProviderName);
  if (!row.isActive) throw new AppError('bad_request', `This ${platform} account is disconnected. Connect it again to sync it.`);
  const now = deps.now();
  const claimed = await transact(deps, async (tx) => {
    if (!(await q.claimSync(tx.db, id, now, SYNC_MIN_INTERVAL_MS))) return false;
    await recordAudit(tx, actor, { action: 'social_account.sync_requested', object: accountObject(row) });
    return true;
  });
  if (!claimed) {
    const wait = Math.max(1, Math.ceil((row.lastSyncAttemptAt!.getTime() + SYNC_MIN_INTERVAL_MS - now.getTime()) / 1000));
    throw new AppError('rate_limited', `This account was synced less than a minute ago. Please try again in ${wait} seconds.`, undefined, wait);
  }
  const outcome = await syncAccount(deps, id);
  if (outcome.status !== 'synced') throw new AppError('social_provider_error', `Failed to sync ${platform} account: ${outcome.message}`);
  return { detail: `${platform} account synced.`, account: await accountDto(deps, id) };
}

// --- sync (manual and the job) -----------------------------------------------------------------------------

export type SyncOutcome =
  | { status: 'synced' }
  | { status: 'needs_reconnect'; message: string }
  | { status: 'retry_later'; message: string; retryAfterSeconds: number | null }
  | { status: 'failed'; message: string };

const RECONNECT = 'The connection has expired or was revoked. Please reconnect the account.';

/**
 * Reads today's numbers of one account into its snapshot of the UTC day, refreshing the access token first
 * when it is about to expire. A refused token marks the account for reconnection (and tells people once);
 * an outage or rate limit leaves it healthy for a later try.
 */
export async function syncAccount(deps: AppDeps, id: number): Promise<SyncOutcome> {
  const row = await q.findAccount(deps.db, id, ALL_CLIENTS);
  if (!row?.isActive) return { status: 'failed', message: 'The account is disconnected.' };
  const provider = deps.social[row.platform as SocialProviderName];
  try {
    const accessToken = await usableAccessToken(deps, provider, row);
    const now = deps.now();
    const metrics = await provider.metrics(accessToken, row.providerAccountId, utcDate(now));
    await transact(deps, async (tx) => {
      await q.upsertSnapshot(tx.db, id, now, metrics);
      await q.markSynced(tx.db, id, now);
      await emit(tx, 'social.account_changed', { clientId: row.clientId, accountIds: [id], change: 'synced' });
    });
    return { status: 'synced' };
  } catch (err) {
    if (!(err instanceof SocialProviderError)) throw err;
    deps.logger.warn({ accountId: id, provider: provider.name, kind: err.kind, message: err.message }, 'social sync failed');
    if (err.kind === 'reauthorize') {
      await markBroken(deps, row, RECONNECT);
      return { status: 'needs_reconnect', message: RECONNECT };
    }
    const message = err.kind === 'retry_later' ? `${label(provider.name)} is unavailable right now; the sync will be retried later.` : err.message;
    await q.recordError(deps.db, id, message);
    return err.kind === 'retry_later' ? { status: 'retry_later', message, retryAfterSeconds: err.retryAfterSeconds } : { status: 'failed', message };
  }
}

async function usableAccessToken(deps: AppDeps, provider: SocialProvider, row: q.AccountRow): Promise<string> {
  const access = row.accessTokenEncrypted ? deps.tokenCipher.decrypt(row.accessTokenEncrypted) : null;
  // A token we cannot read (APP_SECRET changed, or a development secret of an earlier start) needs a new grant.
  if (access === null) throw new SocialProviderError('The stored token cannot be read', 'reauthorize');
  const refresh = row.refreshTokenEncrypted ? deps.tokenCipher.decrypt(row.refreshTokenEncrypted) : null;
  const expiring = row.tokenExpiresAt !== null && row.tokenExpiresAt.getTime() - REFRESH_MARGIN_MS <= deps.now().getTime();
  if (!expiring || refresh === null) return access;
  const tokens = await provider.refresh({ accessToken: access, refreshToken: refresh });
  await q.saveTokens(deps.db, row.id, encryptTokens(deps, tokens));
  return tokens.accessToken;
}

async function markBroken(deps: AppDeps, row: q.AccountRow, reason: string): Promise<void> {
  await transact(deps, async (tx) => {
    if (await q.markNeedsReconnect(tx.db, row.id, reason)) {
      await emit(tx, 'social.connection_broken', {
        accountId: row.id,
        clientId: row.clientId,
        clientName: row.clientName,
        platform: row.platform as SocialProviderName,
        username: row.username,
        reason,
      });
    }
  });
}

/** The daily sync and its hourly catch-up: every active, healthy account without a snapshot today. */
export async function syncDueAccounts(deps: AppDeps): Promise<Record<SyncOutcome['status'], number>> {
  const counts = { synced: 0, needs_reconnect: 0, retry_later: 0, failed: 0 };
  const dayStart = new Date(`${utcDate(deps.now())}T00:00:00Z`);
  for (const { id } of await q.accountsDueForSync(deps.db, dayStart)) {
    if (!(await q.claimSync(deps.db, id, deps.now(), SYNC_MIN_INTERVAL_MS))) continue;
    counts[(await syncAccount(deps, id)).status] += 1;
  }
  return counts;
}
