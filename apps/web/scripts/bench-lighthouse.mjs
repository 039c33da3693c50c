#!/usr/bin/env node
/**
 * `pnpm --filter @agency/web bench:lighthouse`: Lighthouse (mobile preset, simulated throttling) on the public
 * pages of the BUILT app. Builds nothing: run `pnpm --filter @agency/web build` first. Starts the app
 * (scripts/start.mjs, fresh data folder, PORT 4330 unless BENCH_PORT) or uses BENCH_URL when given.
 * The app runs on the embedded database in that folder, whatever DATABASE_URL says.
 * Prints performance / accessibility / LCP / CLS / TBT per page (median of BENCH_RUNS runs, default 3) and writes
 * the whole result to .test-reports/lighthouse.json (or BENCH_OUT). Pages: BENCH_PAGES (comma-separated paths,
 * default /,/pricing,/services/instagram); the browser: CHROMIUM_PATH (default /usr/bin/chromium).
 * apps/api/test/system/bench-smoke.test.ts runs it once on one page.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(webDir, '../..');
const PAGES = (process.env.BENCH_PAGES ?? '/,/pricing,/services/instagram').split(',');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const OUT = path.resolve(root, process.env.BENCH_OUT ?? '.test-reports/lighthouse.json');

async function waitFor(url, timeoutMs, child) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function startApp() {
  if (process.env.BENCH_URL) return { base: process.env.BENCH_URL.replace(/\/$/, ''), stop: async () => {} };
  if (!existsSync(path.join(webDir, 'dist', 'index.html'))) {
    console.error('No built web app: run `pnpm --filter @agency/web build` first.');
    process.exit(1);
  }
  const port = process.env.BENCH_PORT ?? '4330';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agency-bench-'));
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: port, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', DEMO_DATA: 'off', NODE_ENV: 'production', APP_SECRET: 'bench-app-secret-0123456789abcdef0123456789' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health/`, 120_000, child);
  return {
    base,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const app = await startApp();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const results = [];
  try {
    for (const page of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        // The default config is the mobile preset (Moto G Power, slow 4G, 4x CPU slowdown, simulated).
        const { lhr } = await lighthouse(`${app.base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
        runs.push({
          performance: Math.round(lhr.categories.performance.score * 100),
          accessibility: Math.round(lhr.categories.accessibility.score * 100),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
          fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
          cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
          tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
          transferKb: Math.round(lhr.audits['total-byte-weight'].numericValue / 1024),
        });
      }
      const summary = Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k]))]));
      results.push({ page, ...summary, runs });
      console.log(
        `${page.padEnd(22)} performance ${summary.performance}  accessibility ${summary.accessibility}  LCP ${(summary.lcpMs / 1000).toFixed(1)} s  ` +
          `FCP ${(summary.fcpMs / 1000).toFixed(1)} s  CLS ${summary.cls}  TBT ${summary.tbtMs} ms  transfer ${summary.transferKb} KB`,
      );
    }
  } finally {
    await chrome.kill();
    await app.stop();
  }
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, JSON.stringify({ date: new Date().toISOString(), preset: 'mobile', runs: RUNS, pages: results }, null, 2));
  console.log(`Written ${path.relative(root, OUT)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
