#!/usr/bin/env node
/**
 * Dependency audit (issue 12, supply chain): `pnpm audit --prod --audit-level high --json`, judged here.
 *
 *  - passed:  the registry answered and no production dependency has a high or critical advisory;
 *  - failed:  it has one (each is listed: package, severity, title, link);
 *  - skipped: the audit could not be performed (the registry's audit endpoint refused or failed, no network, an
 *             answer that is not an audit report). Said plainly, and counted neither as passed nor as failed,
 *             unless AUDIT_REQUIRED=1 (then it fails: a CI that must prove the audit ran).
 *
 * `scripts/test-all.mjs` runs it after lint; `node scripts/audit.mjs` runs it alone (exit 1 only when failed).
 * `judgeAudit` takes a recorded run, so scripts/audit.test.mjs checks the verdicts without a registry.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BLOCKING = ['high', 'critical'];

/**
 * The verdict on one `pnpm audit --json` run.
 * @param {{ status: number | null, stdout: string, stderr?: string }} run
 * @param {{ required?: boolean }} [options]
 * @returns {{ outcome: 'passed' | 'failed' | 'skipped', message: string, advisories: { module: string, severity: string, title: string, url?: string }[] }}
 */
export function judgeAudit(run, options = {}) {
  const required = options.required ?? false;
  const notPerformed = (why) => ({
    outcome: required ? 'failed' : 'skipped',
    message: `The dependency audit could not be performed: ${why}.${required ? ' AUDIT_REQUIRED=1: failing.' : ' Counted as skipped (neither passed nor failed); set AUDIT_REQUIRED=1 to fail instead.'}`,
    advisories: [],
  });

  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    const detail = `${run.stderr ?? ''} ${run.stdout}`.trim().split('\n')[0]?.slice(0, 300);
    return notPerformed(`pnpm audit gave no JSON report (exit ${run.status}${detail ? `: ${detail}` : ''})`);
  }
  if (report && typeof report === 'object' && report.error) {
    const { code, message } = report.error;
    return notPerformed(`${code ?? 'error'}: ${String(message ?? '').slice(0, 300)}`);
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!report || typeof report !== 'object' || !counts || typeof counts !== 'object') {
    return notPerformed('the answer is not an audit report');
  }

  const advisories = Object.values(report.advisories ?? {})
    .filter((a) => BLOCKING.includes(a?.severity))
    .map((a) => ({ module: String(a.module_name), severity: String(a.severity), title: String(a.title), url: a.url }));
  const blocking = BLOCKING.reduce((n, level) => n + (Number(counts[level]) || 0), 0);
  const summary = Object.entries(counts)
    .filter(([, n]) => Number(n) > 0)
    .map(([level, n]) => `${n} ${level}`)
    .join(', ');
  if (blocking > 0 || advisories.length > 0) {
    const lines = advisories.map((a) => `  ${a.severity.padEnd(8)} ${a.module}: ${a.title}${a.url ? ` (${a.url})` : ''}`);
    return {
      outcome: 'failed',
      message: [`The dependency audit found ${Math.max(blocking, advisories.length)} high or critical advisory(ies) in production dependencies (${summary}):`, ...lines].join('\n'),
      advisories,
    };
  }
  return {
    outcome: 'passed',
    message: `The dependency audit found no high or critical advisory in production dependencies${summary ? ` (below the bar: ${summary})` : ''}.`,
    advisories: [],
  };
}

/** Runs `pnpm audit` (the same pnpm that runs this script when there is one) and judges it. */
export function runAudit(env = process.env) {
  const execPath = env.npm_execpath;
  const [cmd, pre] = execPath && /pnpm/.test(execPath) ? [process.execPath, [execPath]] : ['pnpm', []];
  const r = spawnSync(cmd, [...pre, 'audit', '--prod', '--audit-level', 'high', '--json'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const run = r.error ? { status: null, stdout: '', stderr: String(r.error.message) } : { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
  return judgeAudit(run, { required: env.AUDIT_REQUIRED === '1' });
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const verdict = runAudit();
  console.log(`${verdict.outcome.toUpperCase()}: ${verdict.message}`);
  process.exit(verdict.outcome === 'failed' ? 1 : 0);
}
