/**
 * `pnpm bench`: the product's performance budgets, measured against the production build of the API on real
 * PostgreSQL, and compared with the committed baseline (bench/budgets.json). Not part of CI (minutes of load).
 *
 *   pnpm bench                          # everything: lists at 1k rows and full size, bare replay, WebSocket latency
 *   pnpm bench --seconds 3 --only http  # shorter runs; --only http|ws
 *   pnpm bench --update-baseline        # measure, then write the numbers as the new baseline
 *   pnpm bench --cpu-prof               # the API runs with --cpu-prof (profiles in apps/api/bench/results/)
 *   pnpm bench --route search --connections 10   # only the routes whose path contains "search", at 10 connections
 * Postgres: BENCH_DATABASE_URL (a server URL; the bench makes and drops its own databases), default
 * postgres://postgres@127.0.0.1:5432/postgres. Results: bench/results/latest.json. Exits 1 when a budget fails.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBudgets, type Budgets, type BenchReport } from './budgets';
import { runHttpBench } from './http-bench';
import { productionEntry, startServer } from './lib/server';
import { runWsLatencyBench } from './ws-latency';
import { scratchDatabase } from '../test/support/scratch-db';
import type { LargeProfile } from '../src/db/seed/large';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const only = option('only', 'all');
const seconds = Number(option('seconds', '5'));
const resultsDir = path.join(here, 'results');
const budgetsFile = path.join(here, 'budgets.json');
mkdirSync(resultsDir, { recursive: true });

async function main(): Promise<number> {
  const entry = productionEntry();
  const nodeArgs = flag('cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${resultsDir}`] : [];
  const report: BenchReport = { at: new Date().toISOString(), seconds, http: undefined, ws: undefined };
  if (only === 'all' || only === 'http') {
    report.http = await runHttpBench({
      serverUrl,
      entry,
      profiles: ['small', 'full'] satisfies LargeProfile[],
      connections: option('connections', '10,50').split(',').map(Number),
      routeFilter: option('route', ''),
      seconds,
      port: 4610,
      nodeArgs,
      log: (line) => console.log(line),
    });
  }
  if (only === 'all' || only === 'ws') {
    console.log('\n[ws] 1,000 sockets, 10 concurrent senders, against the production build ...');
    const scratch = await scratchDatabase(serverUrl, 'agency_bench_ws');
    const server = await startServer(entry, scratch.url, 4611, nodeArgs);
    try {
      process.env.BENCH_URL = server.base;
      process.env.DATABASE_URL = scratch.url;
      report.ws = await runWsLatencyBench();
    } finally {
      await server.stop();
      await scratch.drop();
    }
  }
  writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  const budgets = JSON.parse(readFileSync(budgetsFile, 'utf8')) as Budgets;
  if (flag('update-baseline')) {
    budgets.baseline = report;
    writeFileSync(budgetsFile, `${JSON.stringify(budgets, null, 2)}\n`);
    console.log(`\nBaseline written to ${path.relative(process.cwd(), budgetsFile)}.`);
  }
  const failures = checkBudgets(budgets, report, (line) => console.log(line));
  console.log(failures.length === 0 ? '\nAll budgets hold.' : `\n${failures.length} budget(s) failed:\n  ${failures.join('\n  ')}`);
  return failures.length === 0 ? 0 : 1;
}

main()
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
