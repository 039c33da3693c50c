import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricSnapshots, socialAccounts } from '../src/db/schema';
import { createClientViaApi, signUp, type Session } from './support/factories';
import { createTestContext, type TestContext } from './support/test-app';

const clock = new Date('2026-11-15T12:00:00.000Z');
let ctx: TestContext;
let admin: Session;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  admin = await signUp(ctx, { role: 'admin' });
});

afterAll(async () => {
  await ctx?.close();
});

/** A client with one Instagram account that has `followers` followers, yesterday and today. */
async function clientWithFollowers(name: string, followers: number) {
  const client = await createClientViaApi(ctx, admin, { name, company: `${name} Co` });
  const [account] = await ctx.deps.db
    .insert(socialAccounts)
    .values({ clientId: client.id, platform: 'instagram', providerAccountId: `top-${client.id}`, username: `@${name}`, isActive: true, connectedAt: new Date('2025-01-01T00:00:00Z') })
    .returning({ id: socialAccounts.id });
  await ctx.deps.db.insert(metricSnapshots).values(
    [1, 0].map((daysAgo) => ({ socialAccountId: account!.id, capturedAt: new Date(clock.getTime() - daysAgo * 86_400_000 - 3_600_000), followersCount: followers })),
  );
  return client;
}

describe('agency analytics overview: top clients', () => {
  it('are the five live clients with the most followers, archived ones and clients without followers left out', async () => {
    const made = [];
    for (let i = 1; i <= 9; i++) made.push(await clientWithFollowers(`Client ${i}`, i * 100));
    const idle = await createClientViaApi(ctx, admin, { name: 'No Accounts' });
    // The two biggest are archived.
    for (const gone of [made[8]!, made[7]!]) expect((await ctx.request().delete(`/api/clients/${gone.id}/`).set(admin.auth)).status).toBe(204);

    const res = await ctx.request().get('/api/analytics/overview/?period=1month').set(admin.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.top_clients.map((c: { name: string; followers: number }) => [c.name, c.followers])).toEqual([
      ['Client 7', 700],
      ['Client 6', 600],
      ['Client 5', 500],
      ['Client 4', 400],
      ['Client 3', 300],
    ]);
    expect(res.body.top_clients[0]).toMatchObject({ id: made[6]!.id, company: 'Client 7 Co' });
    expect(res.body.top_clients.map((c: { id: number }) => c.id)).not.toContain(idle.id);
  });
});
