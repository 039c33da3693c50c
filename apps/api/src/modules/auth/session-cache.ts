import type { TClientPermission, TRole, TStaffRole } from '@agency/contract';
import type { AppDeps } from '../../deps';
import type { EventBus } from '../../events/bus';
import type { DomainEventMap } from '../../events/catalog';
import { emit, onCommit } from '../../events/outbox';

/** How long a token lookup is reused. Revocations reach every instance at once (session.revoked); this bounds the rest. */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 20_000;

/** What the guard needs of a live token (modules/auth/auth.queries.ts findUserByTokenHash). */
export interface Session {
  tokenId: number;
  userId: number;
  role: TRole;
  staffRole: TStaffRole | null;
  email: string;
  clientId: number | null;
  clientPermission: TClientPermission | null;
  expiresAt: Date;
  lastUsedAt: Date | null;
  /** An account (staff or client login) the agency requires a second factor of, without one: it may only enrol (see http/guard.ts). */
  mustEnrolSecondFactor?: boolean;
}

/**
 * Token lookups of the last few seconds, so an authenticated request does not cost a statement each time.
 * Ending a session forgets its user's entries: on the instance that ended it right at the commit (onCommit), on
 * the others when its `session.revoked` arrives, which Postgres sends at that same commit. A lookup that was
 * already under way when something was forgotten is not kept (it may have read the row before the change).
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: Session; until: number }>();
  /** Bumped by every forget; a lookup started before it is not stored. */
  private generation = 0;

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  /** Taken before a lookup, handed back to `set`. */
  mark(): number {
    return this.generation;
  }

  get(tokenHash: string, now: number): Session | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= now || entry.session.expiresAt.getTime() <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  set(tokenHash: string, session: Session, mark: number, now: number): void {
    if (mark !== this.generation || this.ttlMs <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Oldest first (a Map keeps insertion order); expired entries go with them.
      for (const [key, entry] of this.entries) {
        if (this.entries.size < MAX_ENTRIES && entry.until > now) break;
        this.entries.delete(key);
      }
    }
    this.entries.set(tokenHash, { session, until: now + this.ttlMs });
  }

  forgetUser(userId: number): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (entry.session.userId === userId) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The cache of one instance, forgetting a user as soon as any instance ends one of their sessions. */
export function createSessionCache(events: EventBus): SessionCache {
  const cache = new SessionCache();
  events.on('session.revoked', ({ userId }) => cache.forgetUser(userId));
  return cache;
}

/**
 * Records that sessions of a user ended (inside transact, after deleting what must go): their sockets close on every
 * instance and no instance keeps serving the user from its cache.
 */
export async function endSessions(deps: AppDeps, ended: DomainEventMap['session.revoked']): Promise<void> {
  await emit(deps, 'session.revoked', ended);
  onCommit(deps, () => deps.sessions.forgetUser(ended.userId));
}
