import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * Proof that the API's module walls in the root eslint.config.js fail a deliberate violation and let the allowed
 * directions through: import-x/no-restricted-paths (another module only through its index.ts) and
 * import-x/no-cycle (no two modules import each other). A probe is linted as if it were at the given path; a cycle
 * probe lints an existing file's own text plus one import, so the files on disk lead back to it.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SRC = path.join(ROOT, 'apps/api/src');
let eslint: ESLint;

// Loading the config, the plugins and the TypeScript resolver takes seconds on a busy machine: do it once here.
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  await eslint.lintText('export {};\n', { filePath: path.join(SRC, 'core/probe.ts') });
}, 120_000);

/** The rule ids that fire for `code` placed at apps/api/src/<file>. */
async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(SRC, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

/** The rule ids that fire for an existing file of apps/api/src with `extra` appended to its text. */
async function ruleIdsWith(file: string, extra: string): Promise<string[]> {
  return ruleIds(file, `${readFileSync(path.join(SRC, file), 'utf8')}${extra}`);
}

const WALL = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';

describe('walls between the API modules', { timeout: 60_000 }, () => {
  it('a module reaching into another module’s files fails; so do http/, jobs/, realtime/ and deps.ts', async () => {
    expect(await ruleIds('modules/tasks/probe.ts', "export { staffIds } from '../admin/staff.queries';\n")).toEqual([WALL]);
    expect(await ruleIds('modules/orders/probe.ts', "export type { InvoiceRow } from '../invoices/invoices.queries';\n")).toEqual([WALL]);
    expect(await ruleIds('http/probe.ts', "export { hashSecret } from '../modules/auth/tokens';\n")).toEqual([WALL]);
    expect(await ruleIds('jobs/probe.ts', "export { syncDueAccounts } from '../modules/social/social.service';\n")).toEqual([WALL]);
    expect(await ruleIds('realtime/probe.ts', "export { findUserRoleAndClient } from '../modules/auth/auth.queries';\n")).toEqual([WALL]);
    expect(await ruleIds('deps.ts', "export { registerOrderListeners } from './modules/orders/orders.listeners';\n")).toEqual([WALL]);
    // A lazy import is an import too.
    expect(await ruleIds('modules/tasks/probe.ts', "export const later = () => import('../admin/staff.service');\n")).toEqual([WALL]);
  });

  it('two modules importing each other fail, even through their indexes', async () => {
    // invoices uses the agency's name: the agency using invoices closes a cycle.
    expect(await ruleIdsWith('modules/agency/agency.service.ts', "export { getBillingSettings } from '../invoices';\n")).toEqual([CYCLE]);
    // orders issue their paid invoice through invoices: invoices reaching back to orders closes a cycle.
    expect(await ruleIdsWith('modules/invoices/invoices.service.ts', "export { startDelivery } from '../orders';\n")).toEqual([CYCLE]);
  });

  it('an import the resolver cannot follow fails instead of slipping past the walls', async () => {
    expect(await ruleIds('modules/tasks/probe.ts', "export { x } from '../nowhere/missing';\n")).toEqual(['import-x/no-unresolved']);
  });

  it('allows a module its own files, other modules’ indexes, shared code, and api.router.ts the routers it mounts', async () => {
    const allowed = [
      "export { staffIds } from '../admin';",
      "export { agencyName } from '../agency';",
      "export { AppError } from '../../core/errors';",
      "export { emit } from '../../events/outbox';",
      "export { renderPdf } from '../../integrations/pdf';",
      "export { getOrder } from './orders.service';",
    ].join('\n');
    expect(await ruleIds('modules/orders/probe.ts', `${allowed}\n`)).toEqual([]);
    expect(await ruleIds('jobs/probe.ts', "export { syncDueAccounts } from '../modules/social';\n")).toEqual([]);
    expect(await ruleIds('modules/api.router.ts', "export { tasksRoutes } from './tasks/tasks.router';\n")).toEqual([]);
    expect(await ruleIds('modules/api.router.ts', "export { listTasks } from './tasks/tasks.service';\n")).toEqual([WALL]);
  });
});
