/**
 * WebSocket delivery latency, run by hand (not in CI):
 *   pnpm bench --only ws                             # what `pnpm bench` measures: the production build on a scratch
 *                                                    # Postgres database (BENCH_DATABASE_URL, see bench/run.ts)
 *   pnpm exec tsx bench/ws-latency.ts                # alone: an in-process server on an in-memory PGlite
 *   DATABASE_URL=postgres://… pnpm exec tsx bench/ws-latency.ts   # in-process server on a fresh scratch database
 *   BENCH_URL=http://127.0.0.1:3000 DATABASE_URL=<the server's database> pnpm exec tsx bench/ws-latency.ts
 * Options (environment): BENCH_SOCKETS (default 1000), BENCH_MESSAGES (default 500, at most BENCH_SOCKETS),
 * BENCH_CONCURRENCY (parallel POSTs, default 10), BENCH_TIMEOUT_MS (whole run, default 180000).
 * Run alone, it exits 1 when an event never arrived; `pnpm bench` holds the result to its budgets.
 *
 * Creates BENCH_SOCKETS client users directly in the database (bcrypt through the API would dominate), takes a
 * ticket for each through POST /api/auth/ws-ticket/, opens one socket per user, then an admin (staff role owner)
 * sends BENCH_MESSAGES messages (one per client) with POST /api/messages/send-to-client/. Latency = start of the
 * POST → the `message.created` event on that client's socket. Loopback only; everything it created is removed at
 * the end. test/system/bench-smoke.test.ts runs it with a handful of sockets.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import bcrypt from 'bcryptjs';
import { inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { WebSocket } from 'ws';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrateDatabase, openDatabase, type Database } from '../src/db/client';
import { authTokens, clients, users } from '../src/db/schema';
import { createDeps } from '../src/deps';
import { startEventRuntime } from '../src/events/runtime';
import { newSecret } from '../src/modules/auth/tokens';
import { attachRealtime } from '../src/realtime';
import { scratchDatabase } from '../test/support/scratch-db';
import { isMainModule } from './lib/main';
import { startServer } from './lib/server';

const int = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v > 0 ? v : fallback;
};

/** How big a run is; each defaults to its BENCH_* variable (header). */
export interface WsLatencySizes {
  sockets?: number;
  messages?: number;
  concurrency?: number;
  timeoutMs?: number;
}

/** Where the bench runs; without `url` or `database`, an in-process server on a scratch database of `databaseUrl` or an in-memory PGlite. */
export interface WsLatencyOptions extends WsLatencySizes {
  /** A running API on loopback; `databaseUrl` must then be its database (users are inserted there directly). */
  url?: string;
  databaseUrl?: string;
  /** An in-process server on this migrated database, which stays open (the caller's). */
  database?: Database;
}

interface Target {
  base: string;
  database: Database;
  stop: () => Promise<void>;
}

async function scratchPostgres(url: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const scratch = await scratchDatabase(url);
  const database = await openDatabase({ databaseUrl: scratch.url });
  return {
    database,
    drop: async () => {
      await database.close().catch(() => undefined);
      await scratch.drop();
    },
  };
}

async function openOwnDatabase(o: WsLatencyOptions): Promise<{ database: Database; release: () => Promise<void> }> {
  if (o.database) return { database: o.database, release: async () => undefined };
  if (o.databaseUrl) {
    const scratch = await scratchPostgres(o.databaseUrl);
    return { database: scratch.database, release: scratch.drop };
  }
  const database = await openDatabase({});
  return { database, release: () => database.close() };
}

async function startTarget(o: WsLatencyOptions): Promise<Target> {
  if (o.url) {
    const url = new URL(o.url);
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) throw new Error('BENCH_URL must be a loopback address');
    if (!o.databaseUrl) throw new Error('BENCH_URL needs DATABASE_URL of the same database (users are created directly)');
    const database = await openDatabase({ databaseUrl: o.databaseUrl });
    return { base: url.origin, database, stop: () => database.close() };
  }
  const { database, release } = await openOwnDatabase(o);
  await migrateDatabase(database);
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    DEMO_DATA: 'off',
    LOG_LEVEL: 'silent',
    BCRYPT_ROUNDS: '4',
  });
  const deps = createDeps({ config, database, logger: pino({ level: 'silent' }) });
  await deps.jobs.start(deps, { work: false });
  const events = await startEventRuntime(deps);
  const server = createServer(createApp(deps));
  const realtime = await attachRealtime(server, deps);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    database,
    stop: async () => {
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await events.close();
      await deps.jobs.stop();
      await release();
    },
  };
}

/** Runs fn over items with at most `limit` in flight. */
async function pool<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface WsLatencyResult {
  sockets: number;
  messages: number;
  delivered: number;
  /** POST start → the event on the recipient's socket. */
  p50: number;
  p99: number;
  postP50: number;
  postP99: number;
}

export async function runWsLatencyBench(o: WsLatencyOptions = {}): Promise<WsLatencyResult> {
  const N = o.sockets ?? int('BENCH_SOCKETS', 1000);
  const M = Math.min(o.messages ?? int('BENCH_MESSAGES', 500), N);
  const concurrency = o.concurrency ?? int('BENCH_CONCURRENCY', 10);
  const deadline = Date.now() + (o.timeoutMs ?? int('BENCH_TIMEOUT_MS', 180_000));
  const left = () => Math.max(0, deadline - Date.now());

  const t0 = performance.now();
  const target = await startTarget(o);
  const db = target.database.db;
  const runId = randomUUID().slice(0, 8);
  const passwordHash = bcrypt.hashSync(randomBytes(12).toString('hex'), 4); // nobody signs in with it
  const tokenExpiry = new Date(Date.now() + 86_400_000);
  const createdUsers: number[] = [];
  const createdClients: number[] = [];
  const sockets: WebSocket[] = [];
  try {
    // ---- users, clients and tokens, inserted in batches ----
    const [adminRow] = await db
      .insert(users)
      .values({ email: `bench-admin-${runId}@bench.invalid`, username: `bench-admin-${runId}`, role: 'admin', staffRole: 'owner', passwordHash, firstName: 'Bench' })
      .returning({ id: users.id });
    createdUsers.push(adminRow!.id);
    const adminToken = newSecret();
    await db.insert(authTokens).values({ userId: adminRow!.id, tokenHash: adminToken.hash, expiresAt: tokenExpiry, absoluteExpiresAt: tokenExpiry });

    const people: { userId: number; clientId: number; token: string }[] = [];
    for (let start = 0; start < N; start += 500) {
      const batch = Array.from({ length: Math.min(500, N - start) }, (_, k) => start + k);
      const rows = await db
        .insert(users)
        .values(batch.map((i) => ({ email: `bench-${runId}-${i}@bench.invalid`, username: `bench-${runId}-${i}`, role: 'client' as const, passwordHash })))
        .returning({ id: users.id });
      createdUsers.push(...rows.map((r) => r.id));
      const clientRows = await db
        .insert(clients)
        .values(rows.map((r, k) => ({ name: `Bench ${start + k}`, email: `bench-${runId}-${start + k}@bench.invalid`, userId: r.id, status: 'active' as const })))
        .returning({ id: clients.id, userId: clients.userId });
      createdClients.push(...clientRows.map((c) => c.id));
      const tokens = clientRows.map((c) => ({ c, secret: newSecret() }));
      await db.insert(authTokens).values(tokens.map(({ c, secret }) => ({ userId: c.userId!, tokenHash: secret.hash, expiresAt: tokenExpiry, absoluteExpiresAt: tokenExpiry })));
      people.push(...tokens.map(({ c, secret }) => ({ userId: c.userId!, clientId: c.id, token: secret.key })));
    }
    const tSeeded = performance.now();

    // ---- a ticket and a socket per user ----
    const wsBase = `${target.base.replace(/^http/, 'ws')}/api/ws`;
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    let allDelivered: () => void = () => undefined;
    const delivered = new Promise<void>((resolve) => (allDelivered = resolve));
    await pool(people, 50, async (p) => {
      if (left() === 0) throw new Error('timed out while opening sockets');
      const res = await fetch(`${target.base}/api/auth/ws-ticket/`, { method: 'POST', headers: { Authorization: `Token ${p.token}` } });
      if (res.status !== 201) throw new Error(`ws-ticket answered ${res.status}`);
      const { ticket } = (await res.json()) as { ticket: string };
      const ws = new WebSocket(`${wsBase}?ticket=${ticket}`);
      sockets.push(ws);
      ws.on('message', (data) => {
        const event = JSON.parse(data.toString()) as { type: string; clientId?: number };
        if (event.type !== 'message.created' || event.clientId !== p.clientId) return;
        const start = sentAt.get(p.clientId);
        if (start === undefined) return;
        sentAt.delete(p.clientId);
        latencies.push(performance.now() - start);
        if (latencies.length === M) allDelivered();
      });
      await new Promise<void>((resolve, reject) => {
        ws.once('message', () => resolve()); // `ready`: the socket is registered
        ws.once('error', reject);
        ws.once('unexpected-response', (_req, r) => reject(new Error(`upgrade refused: ${r.statusCode}`)));
      });
    });
    const tOpen = performance.now();

    // ---- M messages, one per client, POST-start → receipt ----
    const postMs: number[] = [];
    const targets = people.slice(0, M);
    const tSendStart = performance.now();
    await pool(targets, concurrency, async (p, i) => {
      if (left() === 0) return;
      const start = performance.now();
      sentAt.set(p.clientId, start);
      const res = await fetch(`${target.base}/api/messages/send-to-client/`, {
        method: 'POST',
        headers: { Authorization: `Token ${adminToken.key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_id: p.clientId, content: `bench message ${i}` }),
      });
      postMs.push(performance.now() - start);
      if (res.status !== 201) throw new Error(`send-to-client answered ${res.status}: ${await res.text()}`);
    });
    await Promise.race([delivered, new Promise((r) => setTimeout(r, Math.min(10_000, left())))]);
    const tDone = performance.now();

    const sorted = [...latencies].sort((a, b) => a - b);
    const postSorted = [...postMs].sort((a, b) => a - b);
    const f = (n: number) => `${n.toFixed(1)} ms`;
    console.log(`\nWebSocket delivery benchmark (${target.database.kind}, ${o.url ? 'external server' : 'in-process server'})`);
    console.log(`  sockets open           ${sockets.filter((s) => s.readyState === WebSocket.OPEN).length} / ${N}  (seed ${((tSeeded - t0) / 1000).toFixed(1)} s, tickets+sockets ${((tOpen - tSeeded) / 1000).toFixed(1)} s)`);
    console.log(`  messages sent          ${postMs.length} (concurrency ${concurrency}, ${((tDone - tSendStart) / 1000).toFixed(1)} s)`);
    console.log(`  delivered              ${latencies.length} / ${M}`);
    console.log(`  POST→receipt  p50 ${f(percentile(sorted, 50))}   p99 ${f(percentile(sorted, 99))}   max ${f(sorted.at(-1) ?? NaN)}`);
    console.log(`  POST response p50 ${f(percentile(postSorted, 50))}   p99 ${f(percentile(postSorted, 99))}`);
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      sockets: N,
      messages: M,
      delivered: latencies.length,
      p50: round(percentile(sorted, 50)),
      p99: round(percentile(sorted, 99)),
      postP50: round(percentile(postSorted, 50)),
      postP99: round(percentile(postSorted, 99)),
    };
  } finally {
    for (const ws of sockets) ws.terminate();
    if (o.url && createdUsers.length > 0) {
      // Only on a server's own database; a scratch or in-memory one simply goes away.
      if (createdClients.length > 0) await db.delete(clients).where(inArray(clients.id, createdClients)).catch(() => undefined);
      await db.delete(users).where(inArray(users.id, createdUsers)).catch(() => undefined);
    }
    await target.stop();
  }
}

/** What `pnpm bench --only ws` runs: the production build (`entry`) on a fresh scratch database of the Postgres server `serverUrl`. */
export async function runWsLatencyOnBuild(
  o: WsLatencySizes & { serverUrl: string; entry: string[]; port: number; nodeArgs?: string[] },
): Promise<WsLatencyResult> {
  const { serverUrl, entry, port, nodeArgs, ...sizes } = o;
  const scratch = await scratchDatabase(serverUrl, 'agency_bench_ws');
  try {
    const server = await startServer(entry, scratch.url, port, nodeArgs);
    try {
      return await runWsLatencyBench({ ...sizes, url: server.base, databaseUrl: scratch.url });
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
}

if (isMainModule(import.meta.url)) {
  runWsLatencyBench({ url: process.env.BENCH_URL, databaseUrl: process.env.DATABASE_URL })
    .then((r) => process.exit(r.delivered < r.messages ? 1 : 0))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
