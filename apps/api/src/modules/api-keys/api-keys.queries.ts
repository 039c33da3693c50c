import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { apiKeys, apiKeyUses, users } from '../../db/schema';
import { cappedCount } from '../../db/list-queries';
import { preparedPerDatabase } from '../../db/prepared';
import type { Db } from '../../db/types';

export type ApiKeyInsert = typeof apiKeys.$inferInsert;

const keyColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  createdByName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
  createdByEmail: users.email,
};

/** A key that works at `now`: not revoked, not expired. */
const live = (now: Date) => and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)));

export async function insertApiKey(db: Db, values: ApiKeyInsert): Promise<number> {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  return row!.id;
}

export async function findApiKey(db: Db, id: number) {
  const [row] = await db.select(keyColumns).from(apiKeys).leftJoin(users, eq(users.id, apiKeys.createdBy)).where(eq(apiKeys.id, id)).limit(1);
  return row;
}

export function countApiKeys(db: Db, includeRevoked: boolean, now: Date) {
  return cappedCount(db, db.select({ one: sql`1` }).from(apiKeys).where(includeRevoked ? undefined : live(now)).$dynamic());
}

export async function listApiKeys(db: Db, includeRevoked: boolean, now: Date, window: { limit: number; offset: number }) {
  return db
    .select(keyColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(includeRevoked ? undefined : live(now))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(window.limit)
    .offset(window.offset);
}

export type ApiKeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];

/** Revokes once: a second revoke keeps the first date. */
export async function revokeApiKey(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(apiKeys.id, id))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/**
 * Every request with a key looks it up: built once. A revoked or expired key is found too (`live` false), so its
 * refused uses reach its log; only a live key of an admin account may act.
 */
const keyLookup = preparedPerDatabase((db) =>
  db
    .select({
      id: apiKeys.id,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      live: sql<boolean>`(${apiKeys.revokedAt} is null and (${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > ${sql.placeholder('now')}) and ${users.role} = 'admin')`,
      userId: users.id,
      staffRole: users.staffRole,
      email: users.email,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.keyHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('api_key_by_hash'),
);

export async function findKeyByHash(db: Db, hash: string, now: Date) {
  const [row] = await keyLookup(db).execute({ hash, now });
  return row;
}

export interface ApiKeyUse {
  keyId: number;
  method: string;
  path: string;
  status: number;
  ip: string;
  at: Date;
}

/** The audit row of one request; the key's last use moves with it. */
export async function recordApiKeyUse(db: Db, use: ApiKeyUse): Promise<void> {
  await db.insert(apiKeyUses).values(use);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: use.at })
    .where(and(eq(apiKeys.id, use.keyId), or(isNull(apiKeys.lastUsedAt), sql`${apiKeys.lastUsedAt} < ${use.at.toISOString()}::timestamptz`)));
}

export function countApiKeyUses(db: Db, keyId: number) {
  return cappedCount(db, db.select({ one: sql`1` }).from(apiKeyUses).where(eq(apiKeyUses.keyId, keyId)).$dynamic());
}

export function listApiKeyUses(db: Db, keyId: number, window: { limit: number; offset: number }) {
  return db
    .select({ id: apiKeyUses.id, at: apiKeyUses.at, method: apiKeyUses.method, path: apiKeyUses.path, status: apiKeyUses.status, ip: apiKeyUses.ip })
    .from(apiKeyUses)
    .where(eq(apiKeyUses.keyId, keyId))
    .orderBy(desc(apiKeyUses.at), desc(apiKeyUses.id))
    .limit(window.limit)
    .offset(window.offset);
}
