#!/usr/bin/env node
/**
 * `pnpm --filter @agency/api bench:start`: how long `pnpm start` takes to serve its first page, on a built install.
 *
 * On a built install (`scripts/start.mjs --build-only` first, not timed), runs the root `scripts/start.mjs` (what
 * `pnpm start` runs) twice on a fresh, empty DATA_DIR (embedded PGlite):
 *   1. empty data directory: open, migrations, demo seed, listen;
 *   2. restart on the same directory.
 * Each time it polls `GET /` and `GET /api/health/` until both answer 200, then checks that the first page's data
 * is real (the demo logins are listed and the seeded clients are there) and prints the seconds.
 * Budgets (issue 12): ≤ 5 s empty, ≤ 2 s restart; `--no-budget` only reports. Exit code 1 when over budget.
 *
 * Options (environment): START_BENCH_RUNS=n repeats the pair n times (the best and worst are printed);
 * START_BENCH_ROOT=<checkout> times another checkout's `scripts/start.mjs` as it is (no build step).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(process.env.START_BENCH_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..'));
const BUDGET = { empty: 5, restart: 2 };
const TIMEOUT_MS = 120_000;
const enforce = !process.argv.includes('--no-budget');
const runs = Math.max(1, Number(process.env.START_BENCH_RUNS ?? 1));

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function ok(url, init) {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * CPU seconds used so far by a process and everything it started (Linux /proc; null elsewhere): what the start costs
 * regardless of how busy the machine is (wall time on a shared 2-core machine varies several-fold).
 */
function treeCpuSeconds(pid) {
  if (!existsSync(`/proc/${pid}/stat`)) return null;
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  const visit = (p) => {
    try {
      // Fields after the command name: utime, stime, cutime, cstime are fields 14–17 (waited-for children included).
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      const children = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) visit(child);
    } catch {
      // The process ended meanwhile.
    }
  };
  visit(pid);
  return total / ticks;
}

/** Starts `node scripts/start.mjs`, resolves with the seconds until `/` and `/api/health/` both answer 200. */
async function timeStart(dataDir, port) {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let exited = null;
  child.on('exit', (code) => (exited = code));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    if (exited !== null) throw new Error(`the server exited (${exited}) before it answered:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`no answer within ${TIMEOUT_MS / 1000} s:\n${output}`);
    }
    const [page, health] = await Promise.all([ok(`${base}/`), ok(`${base}/api/health/`)]);
    if (page && health) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = treeCpuSeconds(child.pid);
  await checkRealData(base);
  return { seconds, cpu, stop: () => stop(child) };
}

/** The first page must show real data: the demo logins are listed and an admin sees the seeded clients. */
async function checkRealData(base) {
  const logins = await (await fetch(`${base}/api/demo-logins`)).json().catch(() => null);
  const admin = logins?.logins?.find((l) => l.role === 'admin');
  if (!admin?.password) throw new Error(`no demo admin login at first answer: ${JSON.stringify(logins)}`);
  const login = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const { token } = await login.json();
  const clients = await (await fetch(`${base}/api/clients/`, { headers: { authorization: `Token ${token}` } })).json();
  if (!(clients.count > 0)) throw new Error(`no clients at first answer: ${JSON.stringify(clients).slice(0, 200)}`);
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

// A built install: the API, the SPA and the embedded database template are built first (not timed).
// START_BENCH_ROOT=<another checkout> measures that one instead, as it is (e.g. an older commit, for before/after).
const build = process.env.START_BENCH_ROOT ? { status: 0 } : spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], { cwd: root, stdio: 'inherit', env: { ...process.env, DATABASE_URL: '' } });
if (build.status !== 0) process.exit(build.status ?? 1);

const results = { empty: [], restart: [] };
const cpu = { empty: [], restart: [] };
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agency-start-bench-'));
  try {
    const port = await freePort();
    const first = await timeStart(dataDir, port);
    results.empty.push(first.seconds);
    cpu.empty.push(first.cpu);
    await first.stop();
    const second = await timeStart(dataDir, port);
    results.restart.push(second.seconds);
    cpu.restart.push(second.cpu);
    await second.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let over = false;
for (const kind of /** @type {const} */ (['empty', 'restart'])) {
  const times = results[kind];
  const worst = Math.max(...times);
  const line = times.length > 1 ? `best ${Math.min(...times).toFixed(2)} s, worst ${worst.toFixed(2)} s` : `${worst.toFixed(2)} s`;
  const within = worst <= BUDGET[kind];
  if (!within) over = true;
  const cpuLine = cpu[kind].every((c) => c !== null) ? `, ${Math.max(...cpu[kind]).toFixed(2)} CPU s` : '';
  console.log(`${kind === 'empty' ? 'empty data directory' : 'restart             '}: ${line} (budget ${BUDGET[kind]} s${within ? '' : ', OVER'})${cpuLine}`);
}
console.log(JSON.stringify({ empty_s: results.empty, restart_s: results.restart, empty_cpu_s: cpu.empty, restart_cpu_s: cpu.restart, budget_s: BUDGET }));
if (over && enforce) process.exit(1);
