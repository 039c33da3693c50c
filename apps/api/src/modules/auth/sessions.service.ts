import type { TPaginationQuery, TRevokedSessions, TSession } from '@agency/contract';
import { sessionTokenOf, type UserActor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { pageWindow, type Page } from '../../core/paging';
import type { AppDeps } from '../../deps';
import { transact } from '../../events/outbox';
import { recordAudit } from '../audit';
import { describeDevice } from './devices';
import { endSessions } from './session-cache';
import * as q from './sessions.queries';

/** Settings → Security: the caller's live sessions, each with its device and browser; `current` is this request's. */
export async function listSessions(deps: AppDeps, actor: UserActor, query: TPaginationQuery): Promise<Page<TSession>> {
  const { rows, count } = await q.listSessionsOfUser(deps.db, actor.id, new Date(), pageWindow(query));
  return {
    count,
    results: rows.map((row) => {
      const device = describeDevice(row.userAgent);
      return {
        id: row.id,
        device: device.label,
        browser: device.browser,
        os: device.os,
        platform: device.platform,
        ip: row.ip,
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt?.toISOString() ?? null,
        expires_at: row.expiresAt.toISOString(),
        current: row.id === actor.tokenId,
      };
    }),
  };
}

/** Ends one of the caller's sessions: the token stops working and its sockets close on every instance. */
export async function revokeSession(deps: AppDeps, actor: UserActor, sessionId: number): Promise<void> {
  await transact(deps, async (tx) => {
    const ended = await q.deleteTokenOfUser(tx.db, actor.id, sessionId);
    if (!ended) throw new AppError('not_found', 'No such session.');
    await endSessions(tx, { userId: actor.id, tokenIds: [sessionId], reason: 'revoked' });
    const device = describeDevice(ended.userAgent);
    await recordAudit(tx, actor, {
      action: 'auth.session_revoked',
      object: { type: 'session', id: sessionId, label: device.label, clientId: actor.clientId },
      changes: { ip: ended.ip, current: sessionId === actor.tokenId },
    });
  });
}

/** Ends every session of the caller but the one of this request. */
export async function revokeOtherSessions(deps: AppDeps, actor: UserActor): Promise<TRevokedSessions> {
  const keep = sessionTokenOf(actor);
  const revoked = await transact(deps, async (tx) => {
    const ids = await q.deleteOtherTokensOfUser(tx.db, actor.id, keep);
    if (ids.length > 0) {
      await endSessions(tx, { userId: actor.id, tokenIds: ids, reason: 'revoked' });
      await recordAudit(tx, actor, {
        action: 'auth.other_sessions_revoked',
        object: { type: 'account', id: actor.id, label: actor.email, clientId: actor.clientId },
        changes: { sessions: ids },
      });
    }
    return ids.length;
  });
  const detail = revoked === 0 ? 'No other sessions were open.' : `Signed out of ${revoked} other session${revoked === 1 ? '' : 's'}.`;
  return { detail, revoked };
}

/**
 * Ends every session of a user (an owner signing a staff member out everywhere), in the caller's transaction: the
 * tokens stop working and their sockets close on every instance. Answers how many ended.
 */
export async function endEverySessionOf(tx: AppDeps, userId: number): Promise<number> {
  const ids = await q.deleteOtherTokensOfUser(tx.db, userId, null);
  if (ids.length > 0) await endSessions(tx, { userId, tokenIds: ids, reason: 'revoked' });
  return ids.length;
}
