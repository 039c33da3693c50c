#!/usr/bin/env node
// `pnpm test`: typecheck and lint (side by side), dependency audit, then the test tiers one after another — unit,
// integration, system (vitest projects, vitest.config.ts) and end-to-end (Playwright) — then a table of each step's
// time and one closing line "N passed, N failed[, N skipped]" summed over every suite. Exits non-zero on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import { runAudit } from './audit.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** The failing tests by name, repeated at the very end (CI logs are often read from their tail). */
const failedTests = [];
/** Each step's name and seconds, printed as a table before the closing line. */
const timings = [];
const firstLine = (text) => stripVTControlCharacters(String(text ?? '')).split('\n').find((l) => l.trim())?.trim().slice(0, 300) ?? '';

/** pnpm itself, however it was started (global install or npx). */
function pnpmCommand(args) {
  const execPath = process.env.npm_execpath;
  const [cmd, pre] = execPath && /pnpm/.test(execPath) ? [process.execPath, [execPath]] : ['pnpm', []];
  return [cmd, [...pre, ...args]];
}

function pnpm(args, opts = {}) {
  const [cmd, argv] = pnpmCommand(args);
  return spawnSync(cmd, argv, { cwd: root, stdio: 'inherit', ...opts });
}

function step(name, run) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = run();
  const seconds = Math.round((Date.now() - started) / 1000);
  timings.push({ name, seconds });
  console.log(`--- ${name}: ${result.label ?? (result.ok ? 'ok' : 'FAILED')} (${seconds} s)`);
  return result;
}

function countCheck(name, ok) {
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(name);
  }
}

/**
 * Checks that do not depend on each other, run side by side (typecheck and lint are one core each); each one's output
 * is printed whole when it ends, so the two do not interleave.
 */
async function parallelChecks(checks) {
  console.log(`\n=== ${checks.map((c) => c.name).join(' + ')} (side by side) ===`);
  const results = await Promise.all(
    checks.map(
      ({ name, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const [cmd, argv] = pnpmCommand(args);
          const child = spawn(cmd, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (code) => {
            const seconds = Math.round((Date.now() - started) / 1000);
            console.log(`\n--- ${name} ---\n${output.trim()}\n--- ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
            resolve({ name, ok: code === 0, seconds });
          });
        }),
    ),
  );
  for (const r of results) {
    timings.push({ name: r.name, seconds: r.seconds });
    countCheck(r.name, r.ok);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Debian's browsers, installed with apt-get when missing (as root): Chromium (the Lighthouse smoke run) and its old
 * headless shell, which apps/web/playwright.config.ts picks for the browser tests when it is there (about half the
 * CPU of the full Chromium in headless mode, measured on this 2-core machine). Playwright cannot download its own
 * browsers here.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
function findBrowsers() {
  const chromiumCandidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  const find = () => ({ chromium: chromiumCandidates.find((p) => existsSync(p)), headlessShell: existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : undefined });
  let found = find();
  const missing = [!found.chromium && 'chromium', !found.headlessShell && 'chromium-headless-shell'].filter(Boolean);
  if (missing.length > 0 && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing Debian's ${missing.join(' and ')} (needed by the browser tests)...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    let r = spawnSync('apt-get', ['install', '-y', '-q', ...missing], { stdio: 'inherit', env });
    if (r.status !== 0) {
      spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
      r = spawnSync('apt-get', ['install', '-y', '-q', ...missing], { stdio: 'inherit', env });
    }
    found = find();
  }
  return found;
}

await parallelChecks([
  { name: 'typecheck', args: ['-r', 'typecheck'] },
  { name: 'lint', args: ['exec', 'eslint', '.', '--max-warnings=0'] },
]);

// High or critical advisories in production dependencies fail; an audit the registry refuses is skipped, said so
// (AUDIT_REQUIRED=1 fails it instead). scripts/audit.mjs.
step('dependency audit (pnpm audit --prod)', () => {
  const verdict = runAudit();
  console.log(`${verdict.outcome.toUpperCase()}: ${verdict.message}`);
  if (verdict.outcome === 'passed') totals.passed += 1;
  else if (verdict.outcome === 'skipped') totals.skipped += 1;
  else {
    totals.failed += 1;
    failures.push('dependency audit');
  }
  return { ok: verdict.outcome !== 'failed', label: verdict.outcome === 'skipped' ? 'SKIPPED (not performed)' : undefined };
});

/** One vitest tier (its projects in vitest.config.ts), counted from its JSON report. */
function vitestTier(name, projects) {
  step(name, () => {
    const file = path.join(reports, `vitest-${name.split(' ')[0]}.json`);
    const projectArgs = projects.flatMap((p) => ['--project', p]);
    const r = pnpm(['exec', 'vitest', 'run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
    const report = readJson(file);
    if (!report) {
      totals.failed += 1;
      failures.push(`${name} (no report)`);
      return { ok: false };
    }
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    // A suite that failed to load counts as a failure even when no test inside it ran.
    const brokenSuites = (report.testResults ?? []).filter((s) => s.status === 'failed' && s.assertionResults.length === 0).length;
    totals.failed += brokenSuites;
    for (const suite of report.testResults ?? []) {
      const file = path.relative(root, suite.name);
      if (suite.status === 'failed' && suite.assertionResults.length === 0) failedTests.push(`${file}: ${firstLine(suite.message)}`);
      for (const t of suite.assertionResults.filter((a) => a.status === 'failed')) {
        failedTests.push(`${file} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      }
    }
    if (report.numFailedTests || brokenSuites || r.status !== 0) failures.push(name);
    return { ok: r.status === 0 };
  });
}

vitestTier('unit tests', ['api:unit', 'web', 'web:isolated', 'web:logic', 'scripts']);
vitestTier('integration tests', ['api:int']);
// The production build of the web app: the browser tests run on it, and the system tier's benchmark smoke runs
// (start-up time, Lighthouse) measure it.
const { ok: webBuilt } = step('web build', () => ({ ok: pnpm(['--filter', '@agency/web', 'build']).status === 0 }));
if (!webBuilt) countCheck('web build', false);
vitestTier('system tests', ['api:system']);

/** Playwright's JSON report nests suites (files, describes) holding specs; a spec's tests hold its results. */
function collectPlaywrightFailures(suites, titles = []) {
  for (const suite of suites) {
    const path_ = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const error = t.results?.find((res) => res.error)?.error?.message;
        failedTests.push(`${[...path_, spec.title].join(' › ')}: ${firstLine(error)}`);
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], path_);
  }
}

step('end-to-end tests (Playwright)', () => {
  const { chromium, headlessShell } = findBrowsers();
  if (!headlessShell && !chromium && !process.env.E2E_BROWSER_PATH) {
    console.error('No Chromium found (install Debian\'s chromium-headless-shell or chromium, or set E2E_BROWSER_PATH): the browser tests cannot run.');
    totals.failed += 1;
    failures.push('e2e (no browser)');
    return { ok: false };
  }
  if (!webBuilt) {
    totals.failed += 1;
    failures.push('e2e (no web build)');
    return { ok: false };
  }
  const file = path.join(reports, 'e2e.json');
  const r = pnpm(['--filter', '@agency/web', 'exec', 'playwright', 'test'], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
  });
  const report = readJson(file);
  if (!report) {
    totals.failed += 1;
    failures.push('e2e (no report)');
    return { ok: false };
  }
  const s = report.stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
  collectPlaywrightFailures(report.suites ?? []);
  if (s.unexpected || r.status !== 0) failures.push('e2e');
  return { ok: r.status === 0 };
});

console.log('\nTime per step:');
for (const t of timings) console.log(`  ${t.name.padEnd(40)} ${String(t.seconds).padStart(5)} s`);
if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
for (const name of failedTests) console.log(`  ✗ ${name}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || failures.length > 0 ? 1 : 0);
