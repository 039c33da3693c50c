import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountLinks, authChallenges, authTokens, domainEvents, emailOutbox, rateLimits, webhookEvents, wsTickets } from '../src/db/schema';
import { transact } from '../src/events/outbox';
import { PRUNE_JOB } from '../src/jobs/definitions';
import { JobQueue } from '../src/jobs/queue';
import { hashSecret, newSecret } from '../src/modules/auth/tokens';
import { signUp, type Session } from './support/factories';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
let user: Session;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: true });
  user = await signUp(ctx, { name: 'Pru Ning' });
});
afterAll(async () => {
  await ctx.close();
});

describe('the maintenance.prune job', () => {
  it('removes expired tickets, tokens, rate-limit windows, week-old dispatched events, month-old webhook ids and e-mails sent 90 days ago, and keeps the live ones', async () => {
    const { db } = ctx.deps;
    const now = Date.now();
    const past = new Date(now - 60_000);
    const future = new Date(now + DAY);
    const expiredToken = newSecret();
    await db.insert(authTokens).values({ userId: user.user.id, tokenHash: expiredToken.hash, expiresAt: past, absoluteExpiresAt: past });
    const [liveToken] = await db
      .insert(authTokens)
      .values({ userId: user.user.id, tokenHash: newSecret().hash, expiresAt: future, absoluteExpiresAt: future })
      .returning({ id: authTokens.id });
    await db.insert(wsTickets).values([
      { userId: user.user.id, tokenId: liveToken!.id, ticketHash: hashSecret('expired-ticket-000000000000'), expiresAt: past },
      { userId: user.user.id, tokenId: liveToken!.id, ticketHash: hashSecret('live-ticket-00000000000000000'), expiresAt: future },
    ]);
    const [old, live] = await db
      .insert(accountLinks)
      .values([
        { userId: user.user.id, purpose: 'password_reset', tokenHash: newSecret().hash, expiresAt: new Date(now - 8 * DAY) },
        { userId: user.user.id, purpose: 'password_reset', tokenHash: newSecret().hash, expiresAt: past },
      ])
      .returning({ id: accountLinks.id });
    await db.insert(authChallenges).values({ tokenHash: newSecret().hash, userId: user.user.id, purpose: 'second_factor', expiresAt: past });
    await db.insert(rateLimits).values([
      { key: 'prune:old', hits: 3, resetAt: past },
      { key: 'prune:live', hits: 1, resetAt: future },
    ]);
    const [oldEvent, recentEvent, pendingEvent] = await db
      .insert(domainEvents)
      .values([
        { name: 'lead.submitted', payload: {}, dispatchedAt: new Date(now - 8 * DAY) },
        { name: 'lead.submitted', payload: {}, dispatchedAt: new Date(now - DAY) },
        // Never dispatched yet (its listener keeps failing): kept whatever its age.
        { name: 'lead.submitted', payload: {}, createdAt: new Date(now - 30 * DAY), availableAt: future },
      ])
      .returning({ id: domainEvents.id });
    await db.insert(webhookEvents).values([
      { provider: 'stripe', eventId: 'evt_prune_old', type: 'invoice.paid', receivedAt: new Date(now - 31 * DAY) },
      { provider: 'stripe', eventId: 'evt_prune_recent', type: 'invoice.paid', receivedAt: new Date(now - 2 * DAY) },
    ]);

    const [oldSent, oldQueued, recentSent] = await db
      .insert(emailOutbox)
      .values([
        { toAddress: 'old@example.test', subject: 'Old', bodyText: 'reset link', status: 'sent', createdAt: new Date(now - 91 * DAY) },
        // Still waiting for its delivery (SMTP down for months): kept.
        { toAddress: 'old@example.test', subject: 'Waiting', bodyText: 'x', status: 'queued', createdAt: new Date(now - 91 * DAY) },
        { toAddress: 'recent@example.test', subject: 'Recent', bodyText: 'x', status: 'sent', createdAt: new Date(now - 89 * DAY) },
      ])
      .returning({ id: emailOutbox.id });

    await ctx.deps.jobs.send(ctx.deps, PRUNE_JOB, {});
    await vi.waitFor(async () => expect(await db.select().from(authTokens).where(eq(authTokens.tokenHash, expiredToken.hash))).toEqual([]), {
      timeout: 15_000,
      interval: 200,
    });

    expect((await db.select().from(wsTickets)).map((t) => t.ticketHash)).toEqual([hashSecret('live-ticket-00000000000000000')]);
    // An account link goes a week after it expired (until then it still says it expired); a sign-in challenge at once.
    expect((await db.select({ id: accountLinks.id }).from(accountLinks).where(inArray(accountLinks.id, [old!.id, live!.id]))).map((l) => l.id)).toEqual([live!.id]);
    expect(await db.select().from(authChallenges).where(eq(authChallenges.userId, user.user.id))).toEqual([]);
    expect((await db.select().from(rateLimits)).map((r) => r.key).filter((k) => k.startsWith('prune:'))).toEqual(['prune:live']);
    const events = (await db.select({ id: domainEvents.id }).from(domainEvents)).map((e) => e.id);
    expect(events).not.toContain(oldEvent!.id);
    expect(events).toEqual(expect.arrayContaining([recentEvent!.id, pendingEvent!.id]));
    // E-mails go 90 days after they were sent or given up on.
    const mails = (await db.select({ id: emailOutbox.id }).from(emailOutbox)).map((m) => m.id);
    expect(mails).not.toContain(oldSent!.id);
    expect(mails).toEqual(expect.arrayContaining([oldQueued!.id, recentSent!.id]));
    // Webhook ids are remembered past Stripe's 3 days of redelivery, then forgotten.
    expect((await db.select({ id: webhookEvents.eventId }).from(webhookEvents)).map((e) => e.id)).toEqual(['evt_prune_recent']);
    // The user's own sign-in token is live and still works.
    expect((await ctx.request().get('/api/auth/me/').set(user.auth)).status).toBe(200);
  });
});

describe('a burst of jobs', () => {
  it('is worked off one job after another as soon as each is queued, not one job per polling interval', async () => {
    // Polling once a minute: only the wake-ups (a job queued here, a job done) can start these within the wait.
    const queue = new JobQueue(ctx.deps.database, { pollingIntervalSeconds: 60, schedule: false });
    const ran: number[] = [];
    queue.define<{ n: number }>({ name: 'test.burst', retryLimit: 0, retryDelaySeconds: 0, run: async ({ n }) => void ran.push(n) });
    await queue.start(ctx.deps, { work: true });
    try {
      for (let n = 1; n <= 6; n++) await queue.send(ctx.deps, 'test.burst', { n });
      // One queued in a transaction starts once it commits; one rolled back never does.
      await transact(ctx.deps, (tx) => queue.send(tx, 'test.burst', { n: 7 }));
      await transact(ctx.deps, async (tx) => {
        await queue.send(tx, 'test.burst', { n: 8 });
        throw new Error('rolled back');
      }).catch(() => undefined);
      await vi.waitFor(() => expect([...ran].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]), { timeout: 15_000, interval: 100 });
    } finally {
      await queue.stop();
    }
  });
});
