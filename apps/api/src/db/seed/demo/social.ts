/**
 * The demo's social accounts and a year of daily snapshots. Sandbox accounts (`sandbox-<ig|yt|tt>-<handle>`),
 * their history read from the sandbox's own deterministic numbers: a sync today continues the same curves. With
 * `socialTokens` they hold a real sandbox grant, so Sync and the daily job work on them as on an account connected
 * through the consent page.
 */
import { sql } from 'drizzle-orm';
import { SOCIAL_PROVIDERS } from '@agency/contract';
import type { SocialProviderName } from '../../../integrations/social/provider';
import { sandboxMetrics } from '../../../integrations/social/sandbox/sandbox-metrics';
import * as s from '../../schema';
import type { SeedContext, SeededClient } from './context';
import { addDays, frac, maxDate } from './random';

export type DemoAccountTokens = Pick<typeof s.socialAccounts.$inferInsert, 'accessTokenEncrypted' | 'refreshTokenEncrypted' | 'tokenExpiresAt'>;
export type DemoSocialTokens = (platform: SocialProviderName, handle: string) => Promise<DemoAccountTokens | null>;

const SOCIAL_PREFIX: Record<SocialProviderName, string> = { instagram: 'ig', youtube: 'yt', tiktok: 'tt' };

/** An account's history: read each day from `since` to `end`. */
interface AccountHistory {
  key: string;
  platform: SocialProviderName;
  since: Date;
  end: Date;
}

/** A handle from the company's name, unique among the demo's. */
function handleOf(company: string, used: Set<string>): string {
  let handle = company
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24);
  while (used.has(handle)) handle = `${handle.slice(0, 22)}_${used.size}`;
  used.add(handle);
  return handle;
}

async function seedAccounts({ db, now, yearAgo }: SeedContext, clients: SeededClient[], socialTokens: DemoSocialTokens | undefined) {
  const rows: (typeof s.socialAccounts.$inferInsert)[] = [];
  const histories: AccountHistory[] = [];
  const usedHandles = new Set<string>();
  for (const c of clients) {
    if (c.status === 'pending' && c.monthsAgo === 0) continue;
    const socialPlatforms = c.platforms
      .map((p) => p.toLowerCase())
      .filter((p): p is SocialProviderName => (SOCIAL_PROVIDERS as readonly string[]).includes(p))
      .slice(0, c.userId !== null ? 3 : 2);
    const handle = handleOf(c.company, usedHandles);
    for (const [j, platform] of socialPlatforms.entries()) {
      const providerAccountId = `sandbox-${SOCIAL_PREFIX[platform]}-${handle}`;
      const since = maxDate(addDays(c.createdAt, 1), yearAgo);
      const active = !(c.status === 'paused' && j === 0);
      const tokens = active && socialTokens ? await socialTokens(platform, handle) : null;
      rows.push({
        clientId: c.id,
        platform,
        providerAccountId,
        username: platform === 'youtube' ? handle : `@${handle}`,
        isActive: active,
        connectedAt: since,
        disconnectedAt: active ? null : addDays(now, -40),
        ...tokens,
      });
      histories.push({ key: providerAccountId, platform, since, end: active ? now : addDays(now, -40) });
    }
  }
  // Raw: the social module connects an account only through the OAuth callback (completeOAuth, not exported).
  const inserted = await db
    .insert(s.socialAccounts)
    .values(rows)
    .returning({ id: s.socialAccounts.id, providerAccountId: s.socialAccounts.providerAccountId });
  const idByKey = new Map(inserted.map((a) => [a.providerAccountId, a.id]));
  return histories.map((history) => ({ ...history, accountId: idByKey.get(history.key)! }));
}

async function seedSnapshots({ db }: SeedContext, histories: (AccountHistory & { accountId: number })[]) {
  const snapshots: [accountId: number, capturedAt: string, followers: number | null, engagement: string | null, reach: number | null, posts: number | null][] = [];
  const lastSyncByAccount = new Map<number, Date>();
  for (const history of histories) {
    // Read at 06:00 UTC each day, as the daily job does.
    const { since } = history;
    let day = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate(), 6, 0, 0));
    if (day < since) day = addDays(day, 1);
    for (; day <= history.end; day = addDays(day, 1)) {
      const m = sandboxMetrics(history.platform, history.key, day.toISOString().slice(0, 10));
      snapshots.push([history.accountId, day.toISOString(), m.followers, m.engagementRate === null ? null : frac(m.engagementRate), m.reach, m.posts]);
      lastSyncByAccount.set(history.accountId, day);
    }
  }
  // Raw: no service backfills history (a sync records today's snapshot only).
  // A year of days for every account as one JSON parameter (thousands of rows: binding them as parameters of
  // 1,000-row inserts was most of the seed's time on the embedded database), and every last sync in one statement.
  await db.execute(sql`
    insert into ${s.metricSnapshots} (social_account_id, captured_at, followers_count, engagement_rate, reach, posts_count)
    select (r->>0)::integer, (r->>1)::timestamptz, (r->>2)::integer, (r->>3)::numeric, (r->>4)::integer, (r->>5)::integer
    from json_array_elements(${JSON.stringify(snapshots)}::json) as r`);
  const lastSyncs = JSON.stringify([...lastSyncByAccount].map(([id, at]) => ({ id, at: at.toISOString() })));
  await db.execute(
    sql`update ${s.socialAccounts} set last_sync = v.at from json_to_recordset(${lastSyncs}::json) as v(id integer, at timestamptz) where ${s.socialAccounts.id} = v.id`,
  );
}

export async function seedSocial(ctx: SeedContext, clients: SeededClient[], socialTokens: DemoSocialTokens | undefined): Promise<void> {
  const histories = await seedAccounts(ctx, clients, socialTokens);
  await seedSnapshots(ctx, histories);
}
