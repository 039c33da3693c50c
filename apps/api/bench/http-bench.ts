import { eq } from 'drizzle-orm';
import { captureRequest, startBareServer } from './lib/bare';
import { load, type LoadResult } from './lib/load';
import { startServer } from './lib/server';
import { migrateDatabase, openDatabase } from '../src/db/client';
import { authTokens, users } from '../src/db/schema';
import { DEMO_LOGINS, seedDemoData } from '../src/db/seed/demo';
import { LARGE_PROFILES, seedLarge, type LargeProfile } from '../src/db/seed/large';
import { newSecret } from '../src/modules/auth/tokens';
import { scratchDatabase } from '../test/support/scratch-db';

/** A busy route: lists are held to the size budget (full-size p50 ≤ 1.3 × the 1k-row p50); aggregates are measured. */
export interface RouteCase {
  path: string;
  as: 'admin' | 'client';
  kind: 'list' | 'aggregate';
}

export const ROUTES: RouteCase[] = [
  { path: '/api/clients/?page_size=50', as: 'admin', kind: 'list' },
  { path: '/api/clients/?search=client9', as: 'admin', kind: 'list' },
  { path: '/api/clients/?ordering=name&status=active', as: 'admin', kind: 'list' },
  { path: '/api/tasks/?ordering=due_date', as: 'admin', kind: 'list' },
  { path: '/api/tasks/?status=review&search=reel', as: 'admin', kind: 'list' },
  { path: '/api/content/?status=pending-approval', as: 'admin', kind: 'list' },
  { path: '/api/content/?search=launch&platform=instagram', as: 'admin', kind: 'list' },
  { path: '/api/invoices/?search=INV', as: 'admin', kind: 'list' },
  { path: '/api/invoices/?status=overdue&ordering=-amount', as: 'admin', kind: 'list' },
  { path: '/api/orders/?page_size=50', as: 'admin', kind: 'list' },
  { path: '/api/messages/admin-conversations/', as: 'admin', kind: 'list' },
  { path: '/api/dashboard/stats/', as: 'admin', kind: 'aggregate' },
  { path: '/api/analytics/overview/', as: 'admin', kind: 'aggregate' },
  { path: '/api/dashboard/client-stats/', as: 'client', kind: 'aggregate' },
  { path: '/api/invoices/', as: 'client', kind: 'list' },
  { path: '/api/messages/conversations/', as: 'client', kind: 'list' },
];

/** The route whose framework cost is compared with a bare node:http + pg server running the same SQL. */
export const BARE_ROUTE = '/api/clients/?page_size=50';

export interface Measurement extends LoadResult {
  route: string;
  as: RouteCase['as'];
  kind: RouteCase['kind'];
  profile: LargeProfile;
  connections: number;
}

export interface HttpBenchResult {
  measurements: Measurement[];
  bare: { route: string; connections: number; api: LoadResult; bare: LoadResult; ratio: number }[];
}

export interface HttpBenchOptions {
  /** postgres://user@host:port (the server; the bench makes its own databases there). */
  serverUrl: string;
  entry: string[];
  profiles: LargeProfile[];
  connections: number[];
  seconds: number;
  port: number;
  /** Only the routes whose path contains this text (the bare comparison runs only when its route is among them). */
  routeFilter?: string;
  /** Extra node flags for the API (e.g. --cpu-prof). */
  nodeArgs?: string[];
  log: (line: string) => void;
}

/**
 * Waits until the API is quiet again: requests whose callers the load tool dropped at the end of a run still hold
 * the database (a slow aggregate at 50 connections for seconds), and would be measured against the next route.
 * At most 12 times as long as the run (60 s after a 5 s run), and 5 s: a busy machine may never answer in 50 ms.
 */
async function settle(base: string, seconds: number): Promise<void> {
  const deadline = Date.now() + Math.max(5_000, seconds * 12_000);
  while (Date.now() < deadline) {
    const started = Date.now();
    const ok = await fetch(`${base}/api/health/`).then((r) => r.ok, () => false);
    if (ok && Date.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Migrates the scratch database and loads the demo agency and the profile's large data into it (what
 * `pnpm db:seed:large --profile <profile>` does); answers API tokens of the demo admin and client, made directly
 * (signing in would measure bcrypt).
 */
async function seedProfile(databaseUrl: string, profile: LargeProfile, log: (line: string) => void): Promise<Record<RouteCase['as'], string>> {
  const database = await openDatabase({ databaseUrl });
  try {
    await migrateDatabase(database);
    await seedDemoData(database.db);
    const started = Date.now();
    await seedLarge(database.db, LARGE_PROFILES[profile]);
    log(`  loaded ${JSON.stringify(LARGE_PROFILES[profile])} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const tokenFor = async (role: RouteCase['as']) => {
      const email = DEMO_LOGINS.find((l) => l.role === role)!.email;
      const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) throw new Error(`the demo data has no ${email}`);
      const secret = newSecret();
      await database.db.insert(authTokens).values({ userId: user.id, tokenHash: secret.hash, expiresAt: new Date(Date.now() + 86_400_000), absoluteExpiresAt: new Date(Date.now() + 86_400_000) });
      return secret.key;
    };
    return { admin: await tokenFor('admin'), client: await tokenFor('client') };
  } finally {
    await database.close();
  }
}

export async function runHttpBench(o: HttpBenchOptions): Promise<HttpBenchResult> {
  const result: HttpBenchResult = { measurements: [], bare: [] };
  // The framework cost is measured at full size, or on the one profile of a shorter run (`--profile small`).
  const bareProfile: LargeProfile | undefined = o.profiles.includes('full') ? 'full' : o.profiles.at(-1);
  for (const profile of o.profiles) {
    const scratch = await scratchDatabase(o.serverUrl, `agency_bench_${profile}`);
    const databaseUrl = scratch.url;
    o.log(`\n[${profile}] seeding ${databaseUrl.replace(/\/\/[^@]*@/, '//')} ...`);
    const tokens = await seedProfile(databaseUrl, profile, o.log);
    const server = await startServer(o.entry, databaseUrl, o.port, o.nodeArgs);
    try {
      const routes = ROUTES.filter((r) => r.path.includes(o.routeFilter ?? ''));
      for (const route of routes) {
        for (const connections of o.connections) {
          const r = await load(`${server.base}${route.path}`, { authorization: `Token ${tokens[route.as]}` }, connections, o.seconds);
          await settle(server.base, o.seconds);
          result.measurements.push({ route: route.path, as: route.as, kind: route.kind, profile, connections, ...r });
          o.log(`  ${profile.padEnd(5)} c${String(connections).padEnd(3)} ${route.path.padEnd(48)} p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ${String(r.rps).padStart(5)} req/s${r.bad ? `  ${r.bad} BAD` : ''}`);
        }
      }
      if (profile === bareProfile && routes.some((r) => r.path === BARE_ROUTE)) {
        const { statements, body } = await captureRequest(databaseUrl, BARE_ROUTE, tokens.admin);
        o.log(`  bare replay of ${BARE_ROUTE}: ${statements.length} statements`);
        const bare = await startBareServer(databaseUrl, statements, body);
        try {
          for (const connections of o.connections) {
            const headers = { authorization: `Token ${tokens.admin}` };
            // Alternated, twice each, the better of each kept: the two servers share the machine.
            const apiRuns: LoadResult[] = [];
            const bareRuns: LoadResult[] = [];
            for (let round = 0; round < 2; round++) {
              apiRuns.push(await load(`${server.base}${BARE_ROUTE}`, headers, connections, o.seconds));
              bareRuns.push(await load(`${bare.base}${BARE_ROUTE}`, headers, connections, o.seconds));
            }
            const best = (runs: LoadResult[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
            const api = best(apiRuns);
            const bareBest = best(bareRuns);
            const ratio = Math.round((api.rps / bareBest.rps) * 100) / 100;
            result.bare.push({ route: BARE_ROUTE, connections, api, bare: bareBest, ratio });
            o.log(`  c${connections}: API ${api.rps} req/s (p99 ${api.p99} ms) vs bare ${bareBest.rps} req/s (p99 ${bareBest.p99} ms): ${Math.round(ratio * 100)}%`);
          }
        } finally {
          bare.stop();
        }
      }
    } finally {
      await server.stop();
      await scratch.drop();
    }
  }
  return result;
}
