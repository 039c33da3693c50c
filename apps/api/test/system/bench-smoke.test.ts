import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { analyticsRoutes, runAnalyticsBench } from '../../bench/analytics';
import { ROUTES, runHttpBench } from '../../bench/http-bench';
import { productionEntry } from '../../bench/lib/server';
import { runUploadMemoryBench } from '../../bench/upload-memory';
import { runWsLatencyBench, runWsLatencyOnBuild, type WsLatencyResult } from '../../bench/ws-latency';
import { freePort } from '../support/api-process';
import { openTestDatabase } from '../support/test-app';

/**
 * Benchmarks cannot rot: each committed benchmark runs here for seconds with tiny parameters, through the same
 * functions or script its own command runs, and what it reports must be complete and sane (every route answered
 * 200 with a latency, every WebSocket event arrived, every upload stored). Its budgets are not checked: they are for
 * `pnpm bench` and friends on a quiet machine; a loaded CI runner cannot meet latency budgets.
 *
 * On Postgres (DATABASE_URL) the API benchmarks run as `pnpm bench` does: the production build (apps/api/dist,
 * built here when stale: esbuild, seconds) on scratch databases. Without it, the HTTP bench (Postgres by design) is
 * skipped and the WebSocket bench runs its in-process server on PGlite. The start-time and Lighthouse benches need
 * the built web app, which `pnpm test` builds before this tier; they are skipped without it.
 */

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROOT = path.resolve(API_DIR, '../..');
const POSTGRES = process.env.DATABASE_URL;
const ENGINE = POSTGRES ? 'postgres' : 'pglite';
const WEB_BUILT = existsSync(path.join(ROOT, 'apps/web/dist/index.html'));

let entry: string[] | undefined;
/** How node starts the production build of the API, built first when a source is newer than it. */
const apiBuild = () => (entry ??= productionEntry({ ifStale: true }));

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Runs a bench script with node; answers its exit code and output. */
function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

const positive = (n: number) => Number.isFinite(n) && n > 0;

function expectAllDelivered(r: WsLatencyResult, sockets: number): void {
  expect(r).toMatchObject({ sockets, messages: sockets, delivered: sockets });
  for (const ms of [r.p50, r.p99, r.postP50, r.postP99]) expect(positive(ms), `latencies ${JSON.stringify(r)}`).toBe(true);
  expect(r.p99).toBeGreaterThanOrEqual(r.p50);
}

describe(`benchmark smoke runs (${ENGINE})`, () => {
  it.skipIf(!POSTGRES)(
    `pnpm bench, HTTP: every route answers 200 with a latency on the small profile, and the bare replay is measured${POSTGRES ? '' : ' (skipped: needs Postgres, DATABASE_URL)'}`,
    async () => {
      const result = await runHttpBench({
        serverUrl: POSTGRES!,
        entry: apiBuild(),
        profiles: ['small'],
        connections: [2],
        seconds: 0.25,
        port: await freePort(),
        log: () => undefined,
      });
      expect(result.measurements.map((m) => `${m.as} ${m.route}`)).toEqual(ROUTES.map((r) => `${r.as} ${r.path}`));
      for (const m of result.measurements) {
        const what = `${m.as} ${m.route}: ${JSON.stringify(m)}`;
        expect(m.bad, what).toBe(0);
        expect(m.answered, what).toBeGreaterThan(0);
        expect(positive(m.p50) && m.p99 >= m.p50 && positive(m.rps), what).toBe(true);
      }
      expect(result.bare).toHaveLength(1);
      const [bare] = result.bare;
      expect(bare!.api.bad + bare!.bare.bad, JSON.stringify(bare)).toBe(0);
      expect(positive(bare!.ratio), JSON.stringify(bare)).toBe(true);
    },
  );

  if (POSTGRES) {
    it('pnpm bench, WebSocket: every one of 20 sockets gets its message (production build, scratch database)', async () => {
      const result = await runWsLatencyOnBuild({ serverUrl: POSTGRES, entry: apiBuild(), port: await freePort(), sockets: 20, messages: 20, concurrency: 5, timeoutMs: 60_000 });
      expectAllDelivered(result, 20);
    });
  } else {
    it('pnpm bench, WebSocket: every one of 20 sockets gets its message (in-process server)', async () => {
      const { database, drop } = await openTestDatabase('bench_ws');
      cleanups.push(drop);
      const result = await runWsLatencyBench({ database, sockets: 20, messages: 20, concurrency: 5, timeoutMs: 60_000 });
      expectAllDelivered(result, 20);
    });
  }

  it('bench:analytics: every analytics route answers 200 and is timed (6 accounts × 5 days)', async () => {
    const { database, drop } = await openTestDatabase('bench_analytics');
    cleanups.push(drop);
    const results = await runAnalyticsBench({ database, accounts: 6, days: 5, calls: 1, log: () => undefined });
    expect(results.map((r) => r.name)).toEqual(analyticsRoutes(0).map(([name]) => name));
    for (const r of results) expect(positive(r.p50) && r.max >= r.p50 && r.bytes > 0, JSON.stringify(r)).toBe(true);
  });

  it('bench:upload: 3 concurrent uploads are stored and the server memory is sampled', async () => {
    const rounds = await runUploadMemoryBench({
      uploads: 3,
      rounds: 1,
      bytes: 64 * 1024,
      databaseUrl: POSTGRES ?? '',
      entry: apiBuild(),
      // The bench lets the server idle before and after the uploads, for a steady reading; not needed here.
      idleMs: 0,
      afterMs: 0,
    });
    expect(rounds).toHaveLength(1);
    const [round] = rounds;
    expect(round!.statuses).toEqual({ 201: 3 });
    expect(round!.rssBefore).toBeGreaterThan(0);
    expect(round!.rssPeak).toBeGreaterThanOrEqual(Math.max(round!.rssBefore, round!.rssAfter));
  });

  it.skipIf(!WEB_BUILT)(
    `bench:start: an empty start and a restart are timed and serve the demo data${WEB_BUILT ? '' : ' (skipped: needs the built web app, apps/web/dist)'}`,
    // Longer than the bench's own limits (a cold build of the install, then 120 s for each start), so a stuck start
    // fails with the bench's message and the server's output rather than a bare timeout.
    { timeout: 360_000 },
    async () => {
      const { code, output } = await runScript(path.join(API_DIR, 'bench/start-time.mjs'), ['--no-budget'], { START_BENCH_RUNS: '1' });
      expect(code, output).toBe(0);
      // The bench's last JSON line is its report.
      const report = JSON.parse(output.split('\n').findLast((line) => line.startsWith('{'))!) as Record<'empty_s' | 'restart_s', number[]>;
      expect(report.empty_s.length === 1 && report.empty_s.every(positive), output).toBe(true);
      expect(report.restart_s.length === 1 && report.restart_s.every(positive), output).toBe(true);
    },
  );

  it.skipIf(!WEB_BUILT)(
    `bench:lighthouse: the home page gets its scores and timings${WEB_BUILT ? '' : ' (skipped: needs the built web app, apps/web/dist)'}`,
    { timeout: 180_000 },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const out = path.join(dir, 'lighthouse.json');
      const env = { BENCH_RUNS: '1', BENCH_PAGES: '/', BENCH_PORT: String(await freePort()), BENCH_OUT: out };
      const run = () => runScript(path.join(ROOT, 'apps/web/scripts/bench-lighthouse.mjs'), [], env);
      let { code, output } = await run();
      // Lighthouse sometimes fails to record the page load's trace on a loaded machine and asks to be run again.
      if (code !== 0 && output.includes('NO_NAVSTART')) ({ code, output } = await run());
      expect(code, output).toBe(0);
      const { pages } = JSON.parse(readFileSync(out, 'utf8')) as { pages: Record<string, number | string>[] };
      expect(pages).toHaveLength(1);
      const { page, performance, accessibility, lcpMs, fcpMs, cls, transferKb } = pages[0]!;
      expect(page).toBe('/');
      for (const score of [performance, accessibility]) expect(score).toSatisfy((n: number) => n >= 0 && n <= 100);
      for (const n of [lcpMs, fcpMs, transferKb]) expect(n).toSatisfy(positive);
      expect(cls).toSatisfy((n: number) => n >= 0);
    },
  );
});
