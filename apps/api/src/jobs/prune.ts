import { and, isNotNull, lt } from 'drizzle-orm';
import { authTokens, domainEvents, rateLimits, wsTickets } from '../db/schema';
import type { AppDeps } from '../deps';

/** Dispatched domain events are kept this long (for tracing what happened), then pruned. */
export const DISPATCHED_EVENTS_KEPT_DAYS = 7;

/**
 * Housekeeping: expired WebSocket tickets, sign-in tokens and rate-limit windows, and old dispatched events.
 * Answers how many rows of each went.
 */
export async function pruneExpiredRows(deps: AppDeps): Promise<Record<string, number>> {
  const now = deps.now();
  const eventsBefore = new Date(now.getTime() - DISPATCHED_EVENTS_KEPT_DAYS * 86_400_000);
  const counted = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    ws_tickets: await counted(deps.db.delete(wsTickets).where(lt(wsTickets.expiresAt, now)).returning({ id: wsTickets.id })),
    auth_tokens: await counted(deps.db.delete(authTokens).where(lt(authTokens.expiresAt, now)).returning({ id: authTokens.id })),
    rate_limits: await counted(deps.db.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ key: rateLimits.key })),
    domain_events: await counted(
      deps.db
        .delete(domainEvents)
        .where(and(isNotNull(domainEvents.dispatchedAt), lt(domainEvents.dispatchedAt, eventsBefore)))
        .returning({ id: domainEvents.id }),
    ),
  };
}
