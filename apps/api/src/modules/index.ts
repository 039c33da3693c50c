import { contract } from '@agency/contract';
import type { AppDeps } from '../deps';
import { notImplementedRouter } from '../http/not-implemented';
import type { LoginLimits } from '../http/rate-limit';
import { createAdminRouter } from './admin/admin.router';
import { createAuthRouter, type DemoLoginsSource } from './auth/auth.router';
import { createHealthRouter } from './health/health.router';
import { createClientsRouter } from './clients/clients.router';
import { createContentRouter } from './content/content.router';
import { createDashboardRouter } from './dashboard/dashboard.router';
import { createFilesRouter } from './files/files.router';
import { createInvoicesRouter } from './invoices/invoices.router';
import { createLeadsRouter } from './leads/leads.router';
import { createMessagesRouter } from './messages/messages.router';
import { createNotificationsRouter } from './notifications/notifications.router';
import { createTasksRouter } from './tasks/tasks.router';

/**
 * The handler tree for the whole contract. A section not built yet answers 501 through notImplementedRouter;
 * the key set must match the contract (registerContract refuses a missing handler).
 */
export function buildRouterImplementation(
  deps: AppDeps,
  loginLimits: LoginLimits,
  demoLogins?: DemoLoginsSource,
): Record<string, unknown> {
  const built: Record<string, unknown> = {
    auth: createAuthRouter(deps, loginLimits, demoLogins),
    admin: createAdminRouter(deps),
    health: createHealthRouter(deps),
    clients: createClientsRouter(deps),
    leads: createLeadsRouter(deps),
    dashboard: createDashboardRouter(deps),
    tasks: createTasksRouter(deps),
    content: createContentRouter(deps),
    invoices: createInvoicesRouter(deps),
    notifications: createNotificationsRouter(deps),
    messages: createMessagesRouter(deps),
    files: createFilesRouter(deps),
  };
  return Object.fromEntries(
    Object.entries(contract).map(([section, routes]) => [section, built[section] ?? notImplementedRouter(routes as never)]),
  );
}
