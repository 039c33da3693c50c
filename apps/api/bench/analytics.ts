/**
 * Latency of every analytics route at the issue's scale, run by hand (not in CI):
 *   pnpm --filter @agency/api bench:analytics            # on postgres://postgres@127.0.0.1:5432/bench_analytics
 *   DATABASE_URL=postgres://… pnpm --filter @agency/api bench:analytics
 * Options (environment): BENCH_ACCOUNTS (default 1000), BENCH_DAYS (default 365), BENCH_CALLS (timed calls per
 * route, default 30), BENCH_RESEED=1 (wipe the bench rows and seed again).
 *
 * The database is created when missing and migrated; the first run seeds 100 clients with BENCH_ACCOUNTS social
 * accounts between them and one snapshot per account per day for BENCH_DAYS days (about one metric in twenty left
 * missing, as providers do), in SQL, then ANALYZE. Later runs reuse it. The API runs in this process on a loopback
 * port; each route is called 3 times to warm up (fewer when BENCH_CALLS is), then BENCH_CALLS times one after
 * another, and the wall time of each HTTP call (request to last byte) is reported as p50 / p95 / max, with a trivial
 * authenticated route as a baseline (what the machine's load adds to any call). The issue's bar: every analytics call
 * under 100 ms.
 * test/system/bench-smoke.test.ts runs runAnalyticsBench with a handful of accounts and days on a scratch database.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrateDatabase, openDatabase, type Database } from '../src/db/client';
import { authTokens, clients, users } from '../src/db/schema';
import { createDeps } from '../src/deps';
import { newSecret } from '../src/modules/auth/tokens';
import { isMainModule } from './lib/main';

const int = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v > 0 ? v : fallback;
};
const CLIENTS = 100;
const MARK = '@analytics-bench.invalid';

export interface AnalyticsBenchOptions {
  /** A migrated database; the bench's rows stay there for the next run (its two users are removed). */
  database: Database;
  /** Social accounts, days of snapshots, timed calls per route (defaults: BENCH_ACCOUNTS, BENCH_DAYS, BENCH_CALLS). */
  accounts?: number;
  days?: number;
  calls?: number;
  /** Wipe the bench rows and seed again (default: BENCH_RESEED=1); a database without them is always seeded. */
  reseed?: boolean;
  log?: (line: string) => void;
}

export interface AnalyticsRouteResult {
  name: string;
  /** Wall time per HTTP call, ms. */
  p50: number;
  p95: number;
  max: number;
  /** Size of the last answer's body. */
  bytes: number;
}

async function ensureDatabase(url: string): Promise<void> {
  const { Client } = await import('pg');
  const name = new URL(url).pathname.slice(1);
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new Client({ connectionString: server.toString() });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  await admin.end();
}

async function seed(db: Database['db'], accounts: number, days: number, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  await db.execute(sql`delete from clients where email like ${`%${MARK}`}`);
  await db.execute(sql`delete from users where email like ${`%${MARK}`}`);
  await db.execute(sql`
    insert into clients (name, email, company, package, monthly_fee, status, payment_status, created_at)
    select 'Bench Client ' || g, 'client' || g || ${MARK}, 'Bench Co ' || g,
           (array['starter','growth','professional','enterprise'])[1 + g % 4], (array[1500,3000,5000,8000])[1 + g % 4],
           (array['active','active','active','paused'])[1 + g % 4], 'paid', now() - interval '2 years'
    from generate_series(1, ${CLIENTS}) g`);
  await db.execute(sql`
    insert into social_accounts (client_id, platform, provider_account_id, username, is_active, connected_at, disconnected_at)
    select c.ids[1 + g % ${CLIENTS}], (array['instagram','youtube','tiktok'])[1 + g % 3], 'bench-' || g, '@bench_' || g,
           g % 20 <> 0, now() - interval '2 years', case when g % 20 = 0 then now() - interval '40 days' end
    from generate_series(1, ${accounts}) g,
         (select array_agg(id order by id) as ids from clients where email like ${`%${MARK}`}) c`);
  // One snapshot per account per day at 09:00 UTC; a disconnected account stops 40 days ago; ~5% of each metric missing.
  await db.execute(sql`
    insert into metric_snapshots (social_account_id, captured_at, followers_count, engagement_rate, reach, posts_count)
    select a.id, date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' + interval '9 hours' - d * interval '1 day',
           case when (a.id + d) % 23 = 0 then null else 1000 + a.id * 7 + (${days} - d) * (1 + a.id % 5) end,
           case when (a.id + d) % 19 = 0 then null else round((0.01 + ((a.id * 31 + d * 7) % 60) / 1000.0)::numeric, 4) end,
           case when (a.id + d) % 17 = 0 then null else 300 + (a.id * 13 + d * 11) % 900 end,
           case when (a.id + d) % 29 = 0 then null else 10 + (${days} - d) / 7 end
    from social_accounts a cross join generate_series(0, ${days - 1}) d
    where a.provider_account_id like 'bench-%' and (a.is_active or d >= 40)`);
  await db.execute(sql`vacuum analyze metric_snapshots`);
  await db.execute(sql`analyze social_accounts`);
  await db.execute(sql`analyze clients`);
  log(`seeded ${CLIENTS} clients, ${accounts} accounts × ${days} days in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** Every analytics route the bench times, as [name, who calls it, path], for a client `clientId` of the bench data. */
export function analyticsRoutes(clientId: number): [string, 'admin' | 'client', string][] {
  const c = clientId;
  return [
    // Not analytics: a one-row authenticated read, the floor that machine load puts under every number.
    ['baseline: getMe', 'admin', '/api/auth/me/'],
    ['getAnalyticsOverview 1month', 'admin', '/api/analytics/overview/?period=1month'],
    ['getAnalyticsOverview 1year', 'admin', '/api/analytics/overview/?period=1year'],
    ['listPerformance agency 6months', 'admin', '/api/performance/?period=6months'],
    ['listPerformance agency 1year', 'admin', '/api/performance/?period=1year'],
    ['listPerformance client monthly 1year', 'admin', `/api/performance/?period=1year&client_id=${c}&monthly=true`],
    ['getMonthlyReport agency', 'admin', '/api/performance/monthly_report/'],
    ['getMonthlyReport client', 'admin', `/api/performance/monthly_report/?client_id=${c}`],
    ['exportPerformance csv 1year', 'admin', '/api/performance/export/?period=1year'],
    ['exportPerformance pdf 1year', 'admin', '/api/performance/export/?period=1year&format=pdf'],
    ['getClientReport 1year', 'admin', `/api/analytics/client/${c}/?period=1year`],
    ['downloadClientReport pdf 1year', 'admin', `/api/analytics/client/${c}/report/?period=1year`],
    ['downloadClientReport csv 1year', 'client', `/api/analytics/client/${c}/report/?period=1year&format=csv`],
    ['getReportSchedule', 'admin', `/api/analytics/client/${c}/report-schedule/`],
    ['getRealtimeMetrics all accounts', 'admin', '/api/metrics/realtime/'],
    ['getRealtimeMetrics client', 'client', '/api/metrics/realtime/'],
    ['getClientAnalyticsOverview 1year', 'client', '/api/analytics/client-overview/?period=1year'],
    ['listPerformance client 1year', 'client', '/api/performance/?period=1year'],
  ];
}

/** Seeds when needed, then times every route of analyticsRoutes through an in-process API; prints and answers the table. */
export async function runAnalyticsBench(o: AnalyticsBenchOptions): Promise<AnalyticsRouteResult[]> {
  const accounts = o.accounts ?? int('BENCH_ACCOUNTS', 1000);
  const days = o.days ?? int('BENCH_DAYS', 365);
  const calls = o.calls ?? int('BENCH_CALLS', 30);
  const log = o.log ?? ((line: string) => console.log(line));
  const { database } = o;
  const { db } = database;
  const [{ n } = { n: 0 }] = (
    (await db.execute(sql`select count(*)::int as n from metric_snapshots ms join social_accounts a on a.id = ms.social_account_id
      where a.provider_account_id like 'bench-%'`)) as unknown as { rows: { n: number }[] }
  ).rows;
  if ((o.reseed ?? process.env.BENCH_RESEED === '1') || Number(n) === 0) await seed(db, accounts, days, log);
  else log(`reusing ${Number(n).toLocaleString('en-US')} bench snapshots (BENCH_RESEED=1 to seed again)`);

  // An admin and a client user with tokens, made directly (bcrypt through the API is not what is measured).
  const runId = randomBytes(4).toString('hex');
  const expiresAt = new Date(Date.now() + 3_600_000);
  const [adminRow] = await db
    .insert(users)
    .values({ email: `admin-${runId}${MARK}`, username: `bench-admin-${runId}`, role: 'admin', staffRole: 'owner', passwordHash: 'x', company: 'Bench Agency' })
    .returning({ id: users.id });
  const [clientUser] = await db
    .insert(users)
    .values({ email: `client-${runId}${MARK}`, username: `bench-client-${runId}`, role: 'client', passwordHash: 'x' })
    .returning({ id: users.id });
  const [someClient] = await db.select({ id: clients.id }).from(clients).where(sql`${clients.email} like ${`%${MARK}`}`).orderBy(clients.id).offset(1).limit(1);
  await db.update(clients).set({ userId: clientUser!.id }).where(eq(clients.id, someClient!.id));
  const adminToken = newSecret();
  const clientToken = newSecret();
  await db.insert(authTokens).values([
    { userId: adminRow!.id, tokenHash: adminToken.hash, expiresAt, absoluteExpiresAt: expiresAt },
    { userId: clientUser!.id, tokenHash: clientToken.hash, expiresAt, absoluteExpiresAt: expiresAt },
  ]);

  const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: randomBytes(32).toString('hex'), DEMO_DATA: 'off', LOG_LEVEL: 'silent' });
  const deps = createDeps({ config, database, logger: pino({ level: 'silent' }) });
  await deps.jobs.start(deps, { work: false });
  const server = createServer(createApp(deps));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const routes = analyticsRoutes(someClient!.id);
  const results: AnalyticsRouteResult[] = [];
  try {
    for (const [name, who, path] of routes) {
      const headers = { Authorization: `Token ${who === 'admin' ? adminToken.key : clientToken.key}` };
      const call = async () => {
        const t = performance.now();
        const res = await fetch(`${base}${path}`, { headers });
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.toString().slice(0, 300)}`);
        return { ms: performance.now() - t, bytes: body.length };
      };
      for (let i = 0; i < Math.min(3, calls); i++) await call(); // warm-up
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < calls; i++) {
        const r = await call();
        times.push(r.ms);
        bytes = r.bytes;
      }
      times.sort((x, y) => x - y);
      results.push({ name, p50: quantile(times, 0.5), p95: quantile(times, 0.95), max: times.at(-1)!, bytes });
    }
  } finally {
    server.close();
    await deps.jobs.stop();
    await db.delete(users).where(sql`${users.id} in (${adminRow!.id}, ${clientUser!.id})`);
  }
  const pad = Math.max(...results.map((r) => r.name.length));
  log(`\n${accounts} accounts × ${days} days, ${calls} calls per route (ms, wall time per HTTP call)`);
  log(`${'route'.padEnd(pad)}    p50    p95    max   bytes`);
  for (const r of results) {
    log(`${r.name.padEnd(pad)} ${r.p50.toFixed(1).padStart(6)} ${r.p95.toFixed(1).padStart(6)} ${r.max.toFixed(1).padStart(6)} ${String(r.bytes).padStart(7)}`);
  }
  return results;
}

async function main(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_analytics';
  await ensureDatabase(databaseUrl);
  const database = await openDatabase({ databaseUrl });
  try {
    await migrateDatabase(database);
    const results = await runAnalyticsBench({ database });
    const slow = results.filter((r) => !r.name.startsWith('baseline') && r.p95 >= 100);
    console.log(slow.length ? `\nabove 100 ms at p95: ${slow.map((r) => r.name).join(', ')}` : '\nevery route under 100 ms at p95');
    return slow.length ? 1 : 0;
  } finally {
    await database.close();
  }
}

if (isMainModule(import.meta.url)) {
  main()
    .then((code) => process.exit(code))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
