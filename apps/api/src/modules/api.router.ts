import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../deps';
import type { LoginLimits } from '../http/rate-limit';
import { adminRoutes } from './admin/admin.router';
import { agencyRoutes } from './agency/agency.router';
import { apiKeysRoutes } from './api-keys/api-keys.router';
import { auditRoutes } from './audit/audit.router';
import { webhooksRoutes } from './webhooks/webhooks.router';
import { analyticsRoutes, metricsRoutes, performanceRoutes } from './analytics/analytics.router';
import { accountRoutes, authRoutes, passkeysRoutes, profileRoutes, sessionsRoutes, twoFactorRoutes } from './auth/auth.router';
import { billingRoutes, payInvoiceRoute, payInvoiceWithCardRoute } from './billing/billing.router';
import { clientsRoutes, registerRoute } from './clients/clients.router';
import { contentRoutes } from './content/content.router';
import { dashboardRoutes } from './dashboard/dashboard.router';
import { filesRoutes } from './files/files.router';
import { healthRoutes } from './health/health.router';
import { intakeRoutes } from './intake/intake.router';
import { teamRoutes } from './team/team.router';
import { invoicesRoutes } from './invoices/invoices.router';
import { ordersRoutes } from './orders/orders.router';
import { leadsRoutes } from './leads/leads.router';
import { messagesRoutes } from './messages/messages.router';
import { notificationsRoutes } from './notifications/notifications.router';
import { oauthRoutes, socialAccountsRoutes } from './social/social.router';
import { tasksRoutes } from './tasks/tasks.router';

const s = initServer();

export interface RouterOptions {
  loginLimits: LoginLimits;
}

/**
 * The whole contract, implemented once: a route without a handler is a type error. (http/not-implemented.ts
 * answers 501 by name for a capability that has not landed yet; none is left.)
 */
export function apiRouter(deps: AppDeps, options: RouterOptions) {
  return s.router(contract, {
    auth: { ...authRoutes(deps, options.loginLimits), register: registerRoute(deps) },
    account: accountRoutes(deps),
    admin: adminRoutes(deps),
    agency: agencyRoutes(deps),
    health: healthRoutes(deps),
    clients: clientsRoutes(deps),
    leads: leadsRoutes(deps),
    dashboard: dashboardRoutes(deps),
    tasks: tasksRoutes(deps),
    content: contentRoutes(deps),
    invoices: { ...invoicesRoutes(deps), payInvoice: payInvoiceRoute(deps), payInvoiceWithCard: payInvoiceWithCardRoute(deps) },
    notifications: notificationsRoutes(deps),
    messages: messagesRoutes(deps),
    files: filesRoutes(deps),
    // Social accounts, metrics and analytics (issue 10).
    performance: performanceRoutes(deps),
    analytics: analyticsRoutes(deps),
    metrics: metricsRoutes(deps),
    socialAccounts: socialAccountsRoutes(deps),
    oauth: oauthRoutes(deps),
    billing: billingRoutes(deps),
    orders: ordersRoutes(deps),
    apiKeys: apiKeysRoutes(deps),
    audit: auditRoutes(deps),
    webhooks: webhooksRoutes(deps),
    intake: intakeRoutes(deps),
    team: teamRoutes(deps),
    profile: profileRoutes(deps),
    twoFactor: twoFactorRoutes(deps),
    sessions: sessionsRoutes(deps),
    passkeys: passkeysRoutes(deps),
  });
}
