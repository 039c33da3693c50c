/**
 * The dependency audit's verdicts on recorded `pnpm audit --prod --audit-level high --json` answers: a high advisory
 * fails, a low one passes, an audit endpoint that refuses (405, as on this network) is reported as not performed and
 * counted as skipped, or as failed when AUDIT_REQUIRED=1.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { judgeAudit } from './audit.mjs';

const recorded = (name) => readFileSync(new URL(`./fixtures/audit/${name}.json`, import.meta.url), 'utf8');

describe('dependency audit verdict', () => {
  it('fails on a high advisory and names it', () => {
    const verdict = judgeAudit({ status: 1, stdout: recorded('high') });
    expect(verdict.outcome).toBe('failed');
    expect(verdict.advisories).toEqual([
      { module: 'lodash', severity: 'high', title: 'Command Injection in lodash', url: 'https://github.com/advisories/GHSA-35jh-r3h4-6jhm' },
    ]);
    expect(verdict.message).toContain('lodash');
    expect(verdict.message).not.toContain('minimist');
  });

  it('fails on a critical advisory counted in the summary', () => {
    const report = JSON.parse(recorded('low-only'));
    report.metadata.vulnerabilities.critical = 1;
    report.advisories['1'] = { module_name: 'pkg', severity: 'critical', title: 'RCE', url: 'https://example.test/a' };
    expect(judgeAudit({ status: 1, stdout: JSON.stringify(report) }).outcome).toBe('failed');
  });

  it('passes with low advisories only, and says what was below the bar', () => {
    const verdict = judgeAudit({ status: 0, stdout: recorded('low-only') });
    expect(verdict.outcome).toBe('passed');
    expect(verdict.message).toContain('1 low');
  });

  it('passes a clean report', () => {
    const clean = { actions: [], advisories: {}, muted: [], metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0 } } };
    expect(judgeAudit({ status: 0, stdout: JSON.stringify(clean) }).outcome).toBe('passed');
  });

  it('is skipped, saying the audit could not be performed, when the endpoint refuses', () => {
    const verdict = judgeAudit({ status: 1, stdout: recorded('endpoint-405') });
    expect(verdict.outcome).toBe('skipped');
    expect(verdict.message).toMatch(/could not be performed/);
    expect(verdict.message).toContain('405');
  });

  it('fails instead of skipping when AUDIT_REQUIRED=1', () => {
    expect(judgeAudit({ status: 1, stdout: recorded('endpoint-405') }, { required: true }).outcome).toBe('failed');
  });

  it('is skipped when pnpm gives no report at all (no network, a crash)', () => {
    const verdict = judgeAudit({ status: null, stdout: '', stderr: 'spawn pnpm ENOENT' });
    expect(verdict.outcome).toBe('skipped');
    expect(verdict.message).toContain('ENOENT');
  });
});
