import { randomBytes } from 'node:crypto';
import { API_KEY_MARK, API_KEY_PREFIX_LENGTH, type TApiKey, type TApiKeyCreate, type TApiKeyUse, type TPaginationQuery } from '@agency/contract';
import type { UserActor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { pageOf, pageWindow, type Page } from '../../core/paging';
import type { AppDeps } from '../../deps';
import { transact } from '../../events/outbox';
import { recordAudit } from '../audit';
import { hashSecret } from '../auth';
import * as q from './api-keys.queries';

const DAY_MS = 86_400_000;

function statusOf(row: q.ApiKeyRow, now: Date): TApiKey['status'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

function toApiKeyDto(row: q.ApiKeyRow, now: Date): TApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    status: statusOf(row, now),
    created_at: row.createdAt.toISOString(),
    created_by_name: row.createdByName ?? row.createdByEmail ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

async function loadKey(deps: AppDeps, id: number) {
  const row = await q.findApiKey(deps.db, id);
  if (!row) throw new AppError('not_found', 'API key not found.');
  return row;
}

/** A new key: the whole key is in this answer only; the database keeps its SHA-256 and its prefix. */
export async function createApiKey(deps: AppDeps, actor: UserActor, input: TApiKeyCreate): Promise<{ api_key: TApiKey; key: string }> {
  const now = deps.now();
  const key = `${API_KEY_MARK}${randomBytes(32).toString('base64url')}`;
  const prefix = key.slice(0, API_KEY_PREFIX_LENGTH);
  const expiresAt = input.expires_in_days === null ? null : new Date(now.getTime() + input.expires_in_days * DAY_MS);
  const id = await transact(deps, async (tx) => {
    const inserted = await q.insertApiKey(tx.db, {
      name: input.name,
      prefix,
      keyHash: hashSecret(key),
      scopes: input.scopes,
      createdBy: actor.id,
      createdAt: now,
      expiresAt,
    });
    // The key by its name and prefix, never the key itself.
    await recordAudit(tx, actor, {
      action: 'api_key.created',
      object: { type: 'api_key', id: inserted, label: `${input.name} (${prefix}…)` },
      changes: { scopes: input.scopes, expires_at: expiresAt?.toISOString() ?? null },
    });
    return inserted;
  });
  return { api_key: toApiKeyDto(await loadKey(deps, id), now), key };
}

export async function listApiKeys(
  deps: AppDeps,
  _actor: UserActor,
  query: TPaginationQuery & { include_revoked?: boolean | undefined },
): Promise<Page<TApiKey>> {
  const now = deps.now();
  const includeRevoked = query.include_revoked === true;
  const [total, rows] = await Promise.all([q.countApiKeys(deps.db, includeRevoked, now), q.listApiKeys(deps.db, includeRevoked, now, pageWindow(query))]);
  return pageOf(total, rows.map((r) => toApiKeyDto(r, now)));
}

/** Stops the key at once: the guard looks every key up, nothing caches it. */
export async function revokeApiKey(deps: AppDeps, actor: UserActor, id: number): Promise<TApiKey> {
  const now = deps.now();
  return transact(deps, async (tx) => {
    if (!(await q.revokeApiKey(tx.db, id, now))) throw new AppError('not_found', 'API key not found.');
    const row = await loadKey(tx, id);
    await recordAudit(tx, actor, { action: 'api_key.revoked', object: { type: 'api_key', id, label: `${row.name} (${row.prefix}…)` } });
    return toApiKeyDto(row, now);
  });
}

export async function listApiKeyUses(deps: AppDeps, _actor: UserActor, id: number, query: TPaginationQuery): Promise<Page<TApiKeyUse>> {
  await loadKey(deps, id);
  const [total, rows] = await Promise.all([q.countApiKeyUses(deps.db, id), q.listApiKeyUses(deps.db, id, pageWindow(query))]);
  return pageOf(
    total,
    rows.map((r) => ({ id: r.id, at: r.at.toISOString(), method: r.method, path: r.path, status: r.status, ip: r.ip })),
  );
}
