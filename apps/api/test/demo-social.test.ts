/**
 * The demo agency's social accounts: a year of history that a sync continues (the sandbox's own numbers, so no
 * jump on the first sync), and real sandbox grants, so Sync and the daily job work on them on a demo start.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_PASSWORD, DEMO_LOGINS, seedDemoData } from '../src/db/seed/demo';
import { metricSnapshots } from '../src/db/schema';
import { sandboxMetrics } from '../src/integrations/social/sandbox/sandbox-metrics';
import { demoSocialTokens, syncDueAccounts } from '../src/modules/social/social.service';
import { createTestContext, type TestContext } from './support/test-app';

const seededAt = new Date();
let clock = seededAt;
let ctx: TestContext;
let auth: { Authorization: string };

type Account = { id: number; platform: 'instagram' | 'youtube' | 'tiktok'; username: string; followers_count: number | null; last_sync: string };

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  await seedDemoData(ctx.deps.db, { now: seededAt, socialTokens: (p, h) => demoSocialTokens(ctx.deps, p, h) });
  const client = DEMO_LOGINS.find((l) => l.role === 'client')!;
  const login = await ctx.request().post('/api/auth/login/').send({ email: client.email, password: DEMO_CLIENT_PASSWORD });
  auth = { Authorization: `Token ${login.body.token}` };
});
afterAll(() => ctx.close());

/** The sandbox's followers of a listed account on a UTC day. */
function sandboxFollowers(account: Account, day: Date): number | null {
  const prefix = { instagram: 'ig', youtube: 'yt', tiktok: 'tt' }[account.platform];
  return sandboxMetrics(account.platform, `sandbox-${prefix}-${account.username.replace(/^@/, '')}`, day.toISOString().slice(0, 10)).followers;
}

const accounts = async (): Promise<Account[]> => (await ctx.request().get('/api/social-accounts/').set(auth)).body.accounts;

describe('demo social accounts', () => {
  it('are connected sandbox accounts with a year of daily history on the sandbox curve', async () => {
    const list = await accounts();
    expect(list.length).toBeGreaterThanOrEqual(2);
    for (const account of list) {
      const status = (await ctx.request().get(`/api/social-accounts/${account.id}/status/`).set(auth)).body;
      expect(status).toMatchObject({ connected: true, sandbox: true });
      const snaps = await ctx.deps.db.select().from(metricSnapshots).where(eq(metricSnapshots.socialAccountId, account.id));
      expect(snaps.length).toBeGreaterThan(300);
      const last = snaps.at(-1)!;
      expect(last.followersCount).toBe(sandboxFollowers(account, last.capturedAt));
    }
  });

  it('the daily job syncs them the next day, continuing the same numbers', async () => {
    clock = new Date(seededAt.getTime() + 86_400_000);
    const counts = await syncDueAccounts(ctx.deps);
    expect(counts.needs_reconnect).toBe(0);
    expect(counts.synced).toBeGreaterThan(0);
    const [first] = await accounts();
    expect(first!.last_sync).toBe(clock.toISOString());
    expect(first!.followers_count).toBe(sandboxFollowers(first!, clock));
  });
});
