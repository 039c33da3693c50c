/**
 * `pnpm bench`: the product's performance budgets, measured against the production build of the API on real
 * PostgreSQL, and compared with the committed baseline (bench/budgets.json). Not part of CI (minutes of load).
 *
 *   pnpm bench                          # everything: lists at 1k rows and full size, bare replay, WebSocket latency
 *   pnpm bench --seconds 3 --only http  # shorter runs; --only http|ws
 *   pnpm bench --update-baseline        # measure, then write the numbers as the new baseline
 *   pnpm bench --cpu-prof               # the API runs with --cpu-prof (profiles in apps/api/bench/results/)
 *   pnpm bench --route search --connections 10   # only the routes whose path contains "search", at 10 connections
 *   pnpm bench --only http --profile small       # only the 1k-row profile (no size budget; the bare replay runs there)
 * Postgres: BENCH_DATABASE_URL (a server URL; the bench makes and drops its own databases), default
 * postgres://postgres@127.0.0.1:5432/postgres. Results: bench/results/latest.json. Exits 1 when a budget fails.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBudgets, type Budgets, type BenchReport } from './budgets';
import { runHttpBench } from './http-bench';
import { productionEntry } from './lib/server';
import { runWsLatencyOnBuild } from './ws-latency';
import { LARGE_PROFILES, type LargeProfile } from '../src/db/seed/large';

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
const profiles = option('profile', 'small,full').split(',') as LargeProfile[];
const resultsDir = path.join(here, 'results');
const budgetsFile = path.join(here, 'budgets.json');
mkdirSync(resultsDir, { recursive: true });

async function main(): Promise<number> {
  const unknown = profiles.filter((p) => !(p in LARGE_PROFILES));
  if (unknown.length > 0) throw new Error(`Unknown --profile ${unknown.join(', ')}: use ${Object.keys(LARGE_PROFILES).join(', ')}`);
  const entry = productionEntry();
  const nodeArgs = flag('cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${resultsDir}`] : [];
  const report: BenchReport = { at: new Date().toISOString(), seconds, http: undefined, ws: undefined };
  if (only === 'all' || only === 'http') {
    report.http = await runHttpBench({
      serverUrl,
      entry,
      profiles,
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
    report.ws = await runWsLatencyOnBuild({ serverUrl, entry, port: 4611, nodeArgs });
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
