import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, isNull, lte } from 'drizzle-orm';
import { idempotencyKeys } from './schema';
import type { Db } from './types';

/**
 * The stored side of the Idempotency-Key header (the HTTP side is http/idempotency.ts). A key is claimed before
 * the create runs (one insert: of two concurrent requests only one wins), marked committed inside the create's
 * own transaction (transact() does it), and answered with the first reply, which is kept until it expires.
 */

export interface IdempotencyRef {
  scope: string;
  route: string;
  key: string;
}

/** The key of the request being handled, for transact() to mark in the create's transaction. */
export interface IdempotencyScope extends IdempotencyRef {
  now: () => Date;
}
export const idempotencyScope = new AsyncLocalStorage<IdempotencyScope>();

type Row = typeof idempotencyKeys.$inferSelect;

export type ClaimResult =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: string | null; type: string | null }
  | { kind: 'mismatch' }
  | { kind: 'in_progress'; retryAfterSeconds: number }
  /** The first request committed its change but its answer was never stored (the process stopped). */
  | { kind: 'lost' };

const whereKey = (ref: IdempotencyRef) =>
  and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.route, ref.route), eq(idempotencyKeys.key, ref.key));

export async function claimIdempotencyKey(
  db: Db,
  ref: IdempotencyRef,
  input: { fingerprint: string; now: Date; leaseMs: number; ttlMs: number },
): Promise<ClaimResult> {
  const { now } = input;
  const lockedUntil = new Date(now.getTime() + input.leaseMs);
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({
        ...ref,
        fingerprint: input.fingerprint,
        lockedUntil,
        createdAt: now,
        expiresAt: new Date(now.getTime() + input.ttlMs),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'claimed' };

    const [row]: Row[] = await db.select().from(idempotencyKeys).where(whereKey(ref));
    if (!row) continue; // pruned in between: claim again
    if (row.expiresAt <= now) {
      // Expired but not pruned yet: it no longer exists for the caller.
      await db.delete(idempotencyKeys).where(and(whereKey(ref), lte(idempotencyKeys.expiresAt, now)));
      continue;
    }
    if (row.fingerprint !== input.fingerprint) return { kind: 'mismatch' };
    if (row.status !== null) return { kind: 'replay', status: row.status, body: row.responseBody, type: row.responseType };
    if (row.lockedUntil > now) {
      return { kind: 'in_progress', retryAfterSeconds: Math.max(1, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000)) };
    }
    if (row.committedAt) return { kind: 'lost' };
    // The first request stopped before it changed anything (its process died): this one takes the key over.
    const taken = await db
      .update(idempotencyKeys)
      .set({ lockedUntil })
      .where(and(whereKey(ref), isNull(idempotencyKeys.status), isNull(idempotencyKeys.committedAt), lte(idempotencyKeys.lockedUntil, now)))
      .returning({ key: idempotencyKeys.key });
    if (taken.length > 0) return { kind: 'claimed' };
  }
  return { kind: 'in_progress', retryAfterSeconds: 1 };
}

/** Inside the create's transaction: from its commit on, the key's request is never run again. */
export async function markIdempotencyKeyCommitted(tx: Db, scope: IdempotencyScope): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ committedAt: scope.now() })
    .where(and(whereKey(scope), isNull(idempotencyKeys.committedAt)));
}

/** Keeps the first answer for the retries. */
export async function storeIdempotentAnswer(
  db: Db,
  ref: IdempotencyRef,
  answer: { status: number; body: string | null; type: string | null; now: Date },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: answer.status, responseBody: answer.body, responseType: answer.type, lockedUntil: answer.now })
    .where(whereKey(ref));
}

/**
 * The request failed without an answer worth keeping (5xx): a key whose change never committed is freed (a retry
 * runs again); one whose change committed stays, unlocked, so a retry learns it was done instead of doing it twice.
 */
export async function releaseIdempotencyKey(db: Db, ref: IdempotencyRef, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(and(whereKey(ref), isNull(idempotencyKeys.status), isNull(idempotencyKeys.committedAt)));
  await db
    .update(idempotencyKeys)
    .set({ lockedUntil: now })
    .where(and(whereKey(ref), isNull(idempotencyKeys.status)));
}

/** Prune: keys past their 24 h. */
export async function deleteExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const rows = await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, now)).returning({ key: idempotencyKeys.key });
  return rows.length;
}
