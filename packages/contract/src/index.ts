import { initContract } from '@ts-rest/core';
import { adminContract } from './admin/admin.contract';
import { agencyContract } from './agency/agency.contract';
import { authContract } from './auth/auth.contract';
import { accountContract } from './account/account.contract';
import { healthContract } from './health/health.contract';
import { clientsContract } from './clients/clients.contract';
import { leadsContract } from './leads/leads.contract';
import { dashboardContract } from './dashboard/dashboard.contract';
import { tasksContract } from './tasks/tasks.contract';
import { contentContract } from './content/content.contract';
import { performanceContract } from './performance/performance.contract';
import { analyticsContract } from './analytics/analytics.contract';
import { metricsContract } from './metrics/metrics.contract';
import { socialAccountsContract } from './social-accounts/social-accounts.contract';
import { oauthContract } from './oauth/oauth.contract';
import { messagesContract } from './messages/messages.contract';
import { invoicesContract } from './invoices/invoices.contract';
import { notificationsContract } from './notifications/notifications.contract';
import { filesContract } from './files/files.contract';
import { billingContract } from './billing/billing.contract';
import { ordersContract } from './orders/orders.contract';
import { apiKeysContract } from './api-keys/api-keys.contract';
import { auditContract } from './audit/audit.contract';
import { webhooksContract } from './webhooks/webhooks.contract';
import { intakeContract } from './intake/intake.contract';
import { teamContract } from './team/team.contract';
import { profileContract } from './profile/profile.contract';
import { twoFactorContract } from './security/two-factor.contract';
import { sessionsContract } from './security/sessions.contract';
import { passkeysContract } from './security/passkeys.contract';

const c = initContract();

/**
 * The resource contracts, each in its own folder. The types are spelled by name (`typeof authContract`, not the routes
 * themselves) so the declaration of `contract` stays within what the compiler will serialize (TS7056).
 */
type TRouters = {
  auth: typeof authContract;
  account: typeof accountContract;
  admin: typeof adminContract;
  agency: typeof agencyContract;
  health: typeof healthContract;
  clients: typeof clientsContract;
  leads: typeof leadsContract;
  dashboard: typeof dashboardContract;
  tasks: typeof tasksContract;
  content: typeof contentContract;
  performance: typeof performanceContract;
  analytics: typeof analyticsContract;
  metrics: typeof metricsContract;
  socialAccounts: typeof socialAccountsContract;
  oauth: typeof oauthContract;
  messages: typeof messagesContract;
  invoices: typeof invoicesContract;
  notifications: typeof notificationsContract;
  files: typeof filesContract;
  billing: typeof billingContract;
  orders: typeof ordersContract;
  apiKeys: typeof apiKeysContract;
  audit: typeof auditContract;
  webhooks: typeof webhooksContract;
  intake: typeof intakeContract;
  team: typeof teamContract;
  profile: typeof profileContract;
  twoFactor: typeof twoFactorContract;
  sessions: typeof sessionsContract;
  passkeys: typeof passkeysContract;
};
const routers: TRouters = {
  auth: authContract,
  account: accountContract,
  admin: adminContract,
  agency: agencyContract,
  health: healthContract,
  clients: clientsContract,
  leads: leadsContract,
  dashboard: dashboardContract,
  tasks: tasksContract,
  content: contentContract,
  performance: performanceContract,
  analytics: analyticsContract,
  metrics: metricsContract,
  socialAccounts: socialAccountsContract,
  oauth: oauthContract,
  messages: messagesContract,
  invoices: invoicesContract,
  notifications: notificationsContract,
  files: filesContract,
  billing: billingContract,
  orders: ordersContract,
  apiKeys: apiKeysContract,
  audit: auditContract,
  webhooks: webhooksContract,
  intake: intakeContract,
  team: teamContract,
  profile: profileContract,
  twoFactor: twoFactorContract,
  sessions: sessionsContract,
  passkeys: passkeysContract,
};
type TOptions = {
  readonly pathPrefix: '/api';
  readonly strictStatusCodes: true;
};
const options: TOptions = { pathPrefix: '/api', strictStatusCodes: true };
declare const _contractInstance: ReturnType<typeof initContract>;
type TRouter = ReturnType<typeof _contractInstance.router<TRouters, '/api', TOptions>>;

/** Every /api route of the product. */
export const contract: TRouter = c.router(routers, options);
export type TContract = typeof contract;

export * from './figures';
export * from './constants';
export * from './catalogue/catalogue';
export * from './common/common.schemas';
export * from './auth/auth.schemas';
export * from './account/account.schemas';
export * from './admin/admin.schemas';
export * from './agency/agency.schemas';
export * from './api-keys/api-keys.schemas';
export * from './audit/audit.schemas';
export * from './webhooks/webhooks.schemas';
export * from './health/health.contract';
export * from './health/health.schemas';
export * from './shared/shared.schemas';
export * from './clients/clients.schemas';
export * from './leads/leads.schemas';
export * from './dashboard/dashboard.schemas';
export * from './tasks/tasks.schemas';
export * from './content/content.schemas';
export * from './content/approval.schemas';
export * from './performance/performance.schemas';
export * from './analytics/analytics.schemas';
export * from './metrics/metrics.schemas';
export * from './social-accounts/social-accounts.schemas';
export * from './oauth/oauth.schemas';
export * from './messages/messages.schemas';
export * from './invoices/invoices.schemas';
export * from './notifications/notifications.schemas';
export * from './files/files.schemas';
export * from './billing/billing.schemas';
export * from './billing/cards';
export * from './orders/orders.schemas';
export * from './intake/intake.schemas';
export * from './team/team.schemas';
export * from './profile/profile.schemas';
export * from './security/two-factor.schemas';
export * from './security/sessions.schemas';
export * from './security/passkeys.schemas';
export * from './realtime/realtime.schemas';
export * from './openapi/components';
export * from './cart/cart';
export * from './pages/pages';
