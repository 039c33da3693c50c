// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * Proof that the ESLint zone rule of the root eslint.config.js (import-x/no-restricted-paths with the TypeScript
 * resolver, so `@/` aliases and relative paths are both resolved) fails a deliberate violation and lets the
 * allowed directions through. The probe files do not exist: ESLint lints the text as if it were at that path.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let eslint: ESLint;

// Loading the config, the plugins and the TypeScript resolver takes seconds on a busy machine: do it once here.
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  await eslint.lintText('export {};\n', { filePath: path.join(ROOT, 'apps/web/src/lib/probe.ts') });
}, 120_000);

/** The rule ids that fire for `code` placed at apps/web/src/<file>. */
async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, 'apps/web/src', file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

const ZONE = 'import-x/no-restricted-paths';

describe('ESLint zones of the web app', { timeout: 60_000 }, () => {
  it('a feature importing another feature fails, through the @/ alias and through a relative path', async () => {
    expect(
      await ruleIds('features/cart/probe.ts', "export { notificationKeys } from '@/features/notifications/api/notifications.queries';\n"),
    ).toEqual([ZONE]);
    expect(
      await ruleIds('features/admin/tasks/probe.ts', "export { clientsKeys } from '@/features/admin/clients/api/clients.queries';\n"),
    ).toEqual([ZONE]);
    expect(await ruleIds('features/admin/tasks/probe.ts', "export { contentKeys } from '../content/api/content.queries';\n")).toEqual([
      ZONE,
    ]);
    expect(await ruleIds('features/auth/probe.ts', "export const page = () => import('@/features/cart/cart.page');\n")).toEqual([ZONE]);
  });

  it('components/ui importing a feature, the layout, a domain component or data access fails', async () => {
    expect(await ruleIds('components/ui/probe.ts', "export { messageKeys } from '@/features/messages/api/messages.queries';\n")).toContain(
      ZONE,
    );
    expect(await ruleIds('components/ui/probe.ts', "export { navFor } from '@/layout/nav';\n")).toContain(ZONE);
    expect(await ruleIds('components/ui/probe.ts', "export { ClientPicker } from '../../entities/clients/components/client-picker';\n")).toContain(ZONE);
    expect(await ruleIds('components/ui/probe.ts', "export { tsr } from '@/lib/tsr';\n")).toEqual([ZONE]);
    expect(await ruleIds('components/ui/probe.ts', "export { contract } from '@agency/contract';\n")).toEqual(['no-restricted-imports']);
  });

  it('an entity importing a feature, the layout or the app fails; components/ui and lib import no entity', async () => {
    expect(
      await ruleIds('entities/invoices/probe.ts', "export { useInvoiceList } from '@/features/admin/invoices/api/invoices.queries';\n"),
    ).toEqual([ZONE]);
    expect(await ruleIds('entities/content/probe.ts', "export { messageKeys } from '../../features/messages/api/messages.queries';\n")).toEqual([
      ZONE,
    ]);
    expect(await ruleIds('entities/clients/probe.ts', "export { navFor } from '@/layout/nav';\n")).toEqual([ZONE]);
    expect(await ruleIds('entities/clients/probe.ts', "export { AppProviders } from '@/app/providers';\n")).toEqual([ZONE]);
    expect(await ruleIds('components/ui/probe.ts', "export { invoiceKeys } from '@/entities/invoices/invoice-keys';\n")).toEqual([ZONE]);
    expect(await ruleIds('lib/probe.ts', "export { AFFECTED_KEYS } from '@/entities/refresh/affected-keys';\n")).toEqual([ZONE]);
  });

  it('shared components and lib import no feature, and features stay out of the dashboard shell', async () => {
    expect(await ruleIds('components/probe.ts', "export { taskKeys } from '@/features/admin/tasks/api/tasks.queries';\n")).toEqual([ZONE]);
    expect(await ruleIds('components/charts/probe.ts', "export { PayNowButton } from '@/entities/billing/components/pay-now';\n")).toEqual([ZONE]);
    expect(await ruleIds('lib/probe.ts', "export { authKeys } from '@/features/auth/api/auth.queries';\n")).toEqual([ZONE]);
    expect(await ruleIds('features/admin/clients/probe.ts', "export { DashboardShell } from '@/layout/dashboard-shell';\n")).toEqual([
      ZONE,
    ]);
  });

  it('an import the resolver cannot follow fails instead of slipping past the zones', async () => {
    expect(await ruleIds('features/auth/probe.ts', "export { x } from '@/features/nowhere/missing';\n")).toEqual(['import-x/no-unresolved']);
  });

  it('allows a feature its own files, shared code and the contract; the layout and app may mount features', async () => {
    const allowed = [
      "export { taskKeys } from '../api/tasks.queries';",
      "export { Button } from '@/components/ui';",
      "export { ClientPicker } from '@/entities/clients/components/client-picker';",
      "export { formatUsd } from '@/lib/format';",
      "export { invoiceKeys } from '@/entities/invoices/invoice-keys';",
      "export { AccessDenied } from '@/layout/access-denied';",
      "export { contract } from '@agency/contract';",
    ].join('\n');
    expect(await ruleIds('features/admin/tasks/components/probe.ts', `${allowed}\n`)).toEqual([]);
    // The admin and client Messages screens live inside the one messages feature and share its chat.
    expect(await ruleIds('features/messages/admin/components/probe.ts', "export { ChatComposer } from '../../components/chat';\n")).toEqual(
      [],
    );
    expect(
      await ruleIds('layout/probe.ts', "export { NotificationBellSlot } from '@/features/notifications/components/notification-bell';\n"),
    ).toEqual([]);
    expect(await ruleIds('components/ui/probe.ts', "export { LIMITS } from '@agency/contract';\nexport { cn } from '@/lib/cn';\n")).toEqual([]);
    // An entity composes other entities, shared components and lib.
    const entityAllowed = [
      "export { clientKeys } from '../clients/client-keys';",
      "export { Button } from '@/components/ui';",
      "export { tsr } from '@/lib/tsr';",
    ].join('\n');
    expect(await ruleIds('entities/invoices/probe.ts', `${entityAllowed}\n`)).toEqual([]);
  });
});
