import { and, isNotNull, lt, ne } from 'drizzle-orm';
import { accountLinks, apiKeyUses, authChallenges, authTokens, domainEvents, emailOutbox, jobScheduleSlots, rateLimits, webhookDeliveries, webhookEvents, wsTickets } from '../db/schema';
import { deleteExpiredIdempotencyKeys } from '../db/idempotency';
import type { AppDeps } from '../deps';
import { pruneAuditLog } from '../modules/audit';

/** Dispatched domain events are kept this long (for tracing what happened), then pruned. */
export const DISPATCHED_EVENTS_KEPT_DAYS = 7;
/** Applied payment-provider events are remembered this long (Stripe redelivers for up to 3 days), then pruned. */
export const WEBHOOK_EVENTS_KEPT_DAYS = 30;
/**
 * The usage log of API keys, the finished deliveries of outbound webhooks and the e-mails sent (or given up on) are
 * kept this long. An e-mail's body may hold a one-time link: long dead by then, but no reason to keep it.
 */
export const INTEGRATION_LOGS_KEPT_DAYS = 90;

/**
 * Housekeeping: expired WebSocket tickets, sign-in tokens, sign-in challenges and rate-limit windows, e-mailed account
 * links a week after they expired (until then an old link still says it expired rather than that it is unknown), old dispatched events and
 * the ids of old provider webhooks, Idempotency-Keys past their 24 h, old API key uses and finished webhook deliveries,
 * the claims of cron slots older than a week (a slot is only ever claimed within a minute of its time), e-mails sent or
 * given up on, and audit log entries over a year old.
 * Answers how many rows of each went.
 */
export async function pruneExpiredRows(deps: AppDeps): Promise<Record<string, number>> {
  const now = deps.now();
  const eventsBefore = new Date(now.getTime() - DISPATCHED_EVENTS_KEPT_DAYS * 86_400_000);
  const webhooksBefore = new Date(now.getTime() - WEBHOOK_EVENTS_KEPT_DAYS * 86_400_000);
  const logsBefore = new Date(now.getTime() - INTEGRATION_LOGS_KEPT_DAYS * 86_400_000);
  const counted = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    ws_tickets: await counted(deps.db.delete(wsTickets).where(lt(wsTickets.expiresAt, now)).returning({ id: wsTickets.id })),
    auth_tokens: await counted(deps.db.delete(authTokens).where(lt(authTokens.expiresAt, now)).returning({ id: authTokens.id })),
    account_links: await counted(deps.db.delete(accountLinks).where(lt(accountLinks.expiresAt, eventsBefore)).returning({ id: accountLinks.id })),
    auth_challenges: await counted(deps.db.delete(authChallenges).where(lt(authChallenges.expiresAt, now)).returning({ id: authChallenges.id })),
    rate_limits: await counted(deps.db.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ key: rateLimits.key })),
    domain_events: await counted(
      deps.db
        .delete(domainEvents)
        .where(and(isNotNull(domainEvents.dispatchedAt), lt(domainEvents.dispatchedAt, eventsBefore)))
        .returning({ id: domainEvents.id }),
    ),
    webhook_events: await counted(
      deps.db.delete(webhookEvents).where(lt(webhookEvents.receivedAt, webhooksBefore)).returning({ id: webhookEvents.id }),
    ),
    idempotency_keys: await deleteExpiredIdempotencyKeys(deps.db, now),
    job_schedule_slots: await counted(
      deps.db.delete(jobScheduleSlots).where(lt(jobScheduleSlots.claimedAt, eventsBefore)).returning({ job: jobScheduleSlots.job }),
    ),
    api_key_uses: await counted(deps.db.delete(apiKeyUses).where(lt(apiKeyUses.at, logsBefore)).returning({ id: apiKeyUses.id })),
    webhook_deliveries: await counted(
      deps.db
        .delete(webhookDeliveries)
        .where(and(ne(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.createdAt, logsBefore)))
        .returning({ id: webhookDeliveries.id }),
    ),
    email_outbox: await counted(
      deps.db
        .delete(emailOutbox)
        .where(and(ne(emailOutbox.status, 'queued'), lt(emailOutbox.createdAt, logsBefore)))
        .returning({ id: emailOutbox.id }),
    ),
    audit_log: await pruneAuditLog(deps),
  };
}
