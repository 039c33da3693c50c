import { and, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { SOCIAL_PROVIDERS } from '@agency/contract';
import { clients, metricSnapshots, oauthStates, socialAccounts } from '../../db/schema';
import type { Db } from '../../db/types';
import { inClientScope } from '../../db/client-scope';
import type { ClientScope } from '../../core/actor';
import type { SocialMetrics, SocialProviderName } from '../../integrations/social/provider';

export async function insertState(
  db: Db,
  row: { stateHash: string; userId: number; provider: SocialProviderName; codeVerifier: string | null; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(oauthStates).values(row);
}

/**
 * Marks a state used, once: only the first of concurrent callbacks gets the row back (the update is atomic);
 * null when it is unknown, used already, or not this user's and provider's.
 */
export async function consumeState(db: Db, stateHash: string, userId: number, provider: string, now: Date) {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(and(eq(oauthStates.stateHash, stateHash), isNull(oauthStates.usedAt), eq(oauthStates.userId, userId), eq(oauthStates.provider, provider)))
    .returning({ codeVerifier: oauthStates.codeVerifier, expiresAt: oauthStates.expiresAt });
  return row ?? null;
}

export async function findState(db: Db, stateHash: string) {
  const [row] = await db.select({ usedAt: oauthStates.usedAt }).from(oauthStates).where(eq(oauthStates.stateHash, stateHash));
  return row ?? null;
}

export interface AccountTokens {
  accessTokenEncrypted: string;
  /** null: the grant brought no refresh token, keep the stored one. */
  refreshTokenEncrypted: string | null;
  tokenExpiresAt: Date | null;
}

/**
 * The client's account, made or reconnected: a reconnect of the same provider account reactivates its row
 * (history kept) and keeps a stored refresh token the new grant did not replace.
 */
export async function upsertAccount(
  db: Db,
  row: { clientId: number; platform: SocialProviderName; providerAccountId: string; username: string; now: Date } & AccountTokens,
): Promise<number> {
  const [saved] = await db
    .insert(socialAccounts)
    .values({
      clientId: row.clientId,
      platform: row.platform,
      providerAccountId: row.providerAccountId,
      username: row.username,
      accessTokenEncrypted: row.accessTokenEncrypted,
      refreshTokenEncrypted: row.refreshTokenEncrypted,
      tokenExpiresAt: row.tokenExpiresAt,
      connectedAt: row.now,
    })
    .onConflictDoUpdate({
      target: [socialAccounts.clientId, socialAccounts.platform, socialAccounts.providerAccountId],
      set: {
        username: row.username,
        accessTokenEncrypted: row.accessTokenEncrypted,
        refreshTokenEncrypted: sql`coalesce(excluded.refresh_token_encrypted, ${socialAccounts.refreshTokenEncrypted})`,
        tokenExpiresAt: row.tokenExpiresAt,
        isActive: true,
        disconnectedAt: null,
        needsReconnect: false,
        lastError: null,
      },
    })
    .returning({ id: socialAccounts.id });
  return saved!.id;
}

const latest = (column: string): SQL =>
  sql.raw(
    `(select ms.${column} from metric_snapshots ms where ms.social_account_id = social_accounts.id order by ms.captured_at desc limit 1)`,
  );

const accountColumns = {
  id: socialAccounts.id,
  clientId: socialAccounts.clientId,
  clientName: clients.name,
  platform: socialAccounts.platform,
  providerAccountId: socialAccounts.providerAccountId,
  username: socialAccounts.username,
  isActive: socialAccounts.isActive,
  lastSync: socialAccounts.lastSync,
  lastSyncAttemptAt: socialAccounts.lastSyncAttemptAt,
  needsReconnect: socialAccounts.needsReconnect,
  lastError: socialAccounts.lastError,
  tokenExpiresAt: socialAccounts.tokenExpiresAt,
  accessTokenEncrypted: socialAccounts.accessTokenEncrypted,
  refreshTokenEncrypted: socialAccounts.refreshTokenEncrypted,
  followers: sql<number | null>`${latest('followers_count')}`,
  posts: sql<number | null>`${latest('posts_count')}`,
};
export type AccountRow = Awaited<ReturnType<typeof listAccounts>>[number];

/** Accounts with their latest snapshot's numbers; `scope` confines a client user to its own client, a manager to theirs. */
/**
 * Accounts on a network a provider reads. Rows of another platform (Facebook, left by an older version or an
 * import) keep their history for the analytics but are not accounts the API shows, syncs or revokes.
 */
const onProviderNetwork = inArray(socialAccounts.platform, [...SOCIAL_PROVIDERS]);

export function listAccounts(db: Db, p: { scope: ClientScope; clientId?: number | undefined; includeInactive: boolean; id?: number }) {
  const where = and(
    onProviderNetwork,
    inClientScope(socialAccounts.clientId, p.scope),
    p.clientId !== undefined ? eq(socialAccounts.clientId, p.clientId) : undefined,
    p.includeInactive ? undefined : eq(socialAccounts.isActive, true),
    p.id !== undefined ? eq(socialAccounts.id, p.id) : undefined,
  );
  return db
    .select(accountColumns)
    .from(socialAccounts)
    .innerJoin(clients, eq(clients.id, socialAccounts.clientId))
    .where(where)
    .orderBy(socialAccounts.platform, socialAccounts.id);
}

export async function findAccount(db: Db, id: number, scope: ClientScope): Promise<AccountRow | null> {
  const [row] = await listAccounts(db, { scope, includeInactive: true, id });
  return row ?? null;
}

export async function disconnectAccount(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(socialAccounts)
    .set({ isActive: false, disconnectedAt: now, accessTokenEncrypted: null, refreshTokenEncrypted: null, tokenExpiresAt: null })
    .where(eq(socialAccounts.id, id));
}

/** Claims a sync of the account unless one started within `minIntervalMs` (atomic: one of two racing wins). */
export async function claimSync(db: Db, id: number, now: Date, minIntervalMs: number): Promise<boolean> {
  const rows = await db
    .update(socialAccounts)
    // The previous failure is cleared: while this attempt runs, the account reads as syncing (see getAccountStatus).
    .set({ lastSyncAttemptAt: now, lastError: null })
    .where(
      and(
        eq(socialAccounts.id, id),
        or(isNull(socialAccounts.lastSyncAttemptAt), lt(socialAccounts.lastSyncAttemptAt, new Date(now.getTime() - minIntervalMs))),
      ),
    )
    .returning({ id: socialAccounts.id });
  return rows.length > 0;
}

export async function saveTokens(db: Db, id: number, tokens: AccountTokens): Promise<void> {
  await db
    .update(socialAccounts)
    .set({
      accessTokenEncrypted: tokens.accessTokenEncrypted,
      ...(tokens.refreshTokenEncrypted ? { refreshTokenEncrypted: tokens.refreshTokenEncrypted } : {}),
      tokenExpiresAt: tokens.tokenExpiresAt,
    })
    .where(eq(socialAccounts.id, id));
}

/** Today's snapshot of the account (one per UTC day: a later reading that day replaces it). */
export async function upsertSnapshot(db: Db, accountId: number, capturedAt: Date, m: SocialMetrics): Promise<void> {
  const rate = m.engagementRate === null ? null : m.engagementRate.toFixed(4);
  await db.execute(sql`
    insert into ${metricSnapshots} (social_account_id, captured_at, followers_count, engagement_rate, reach, posts_count)
    values (${accountId}, ${capturedAt.toISOString()}::timestamptz, ${m.followers}, ${rate}, ${m.reach}, ${m.posts})
    on conflict (social_account_id, ((captured_at at time zone 'UTC')::date)) do update set
      captured_at = excluded.captured_at, followers_count = excluded.followers_count, engagement_rate = excluded.engagement_rate,
      reach = excluded.reach, posts_count = excluded.posts_count`);
}

export async function markSynced(db: Db, id: number, now: Date): Promise<void> {
  await db.update(socialAccounts).set({ lastSync: now, lastError: null, needsReconnect: false }).where(eq(socialAccounts.id, id));
}

export async function recordError(db: Db, id: number, message: string): Promise<void> {
  await db.update(socialAccounts).set({ lastError: message }).where(eq(socialAccounts.id, id));
}

/** Flags the account as needing reconnection; true only for the call that flipped it (so it is told once). */
export async function markNeedsReconnect(db: Db, id: number, message: string): Promise<boolean> {
  const rows = await db
    .update(socialAccounts)
    .set({ needsReconnect: true, lastError: message })
    .where(and(eq(socialAccounts.id, id), eq(socialAccounts.needsReconnect, false)))
    .returning({ id: socialAccounts.id });
  if (rows.length === 0) await recordError(db, id, message);
  return rows.length > 0;
}

/** Active, healthy accounts holding a token, without a snapshot since `dayStart` (the daily sync and its hourly catch-up). */
export function accountsDueForSync(db: Db, dayStart: Date) {
  return db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.isActive, true),
        eq(socialAccounts.needsReconnect, false),
        // Demo-seeded accounts have history but were never granted a token: nothing to sync, nobody to alarm.
        isNotNull(socialAccounts.accessTokenEncrypted),
        onProviderNetwork,
        or(isNull(socialAccounts.lastSync), lt(socialAccounts.lastSync, dayStart)),
      ),
    )
    .orderBy(socialAccounts.id);
}
