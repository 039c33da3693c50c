/**
 * The authorization matrix, generated from the contract: every route × {anonymous, client A, client B, admin}.
 * ROUTE_ACCESS must name every contract route; a route added later fails here until it is classified.
 */
import type { AppRoute, AppRouter } from '@ts-rest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type TRouteMetadata } from '@agency/contract';
import { createTestContext, type TestContext } from './support/test-app';
import { signUp, type Session } from './support/factories';

type Access = 'public' | 'admin' | 'client' | 'user';

const ROUTE_ACCESS: Record<string, Access> = {
  'auth.listDemoLogins': 'public',
  'auth.login': 'public',
  'auth.register': 'public',
  'auth.logout': 'user',
  'auth.getMe': 'user',
  'auth.updateMe': 'user',
  'auth.changePassword': 'user',
  'auth.exportMyData': 'user',
  'auth.wsTicket': 'user',
  'admin.getBillingSettings': 'admin',
  'admin.deleteAdminAccount': 'admin',
  'admin.listStaff': 'admin',
  'health.getHealth': 'public',
  'clients.getClientSummary': 'admin',
  'clients.listClients': 'admin',
  'clients.createClient': 'admin',
  'clients.getClient': 'admin',
  'clients.updateClient': 'admin',
  'clients.archiveClient': 'admin',
  'clients.updatePaymentStatus': 'admin',
  'leads.submitContact': 'public',
  'leads.listLeads': 'admin',
  'leads.updateLead': 'admin',
  'leads.convertLead': 'admin',
  'dashboard.getDashboardStats': 'admin',
  'dashboard.getClientDashboardStats': 'client',
  'tasks.getTaskStats': 'admin',
  'tasks.bulkUpdateTasks': 'admin',
  'tasks.bulkDeleteTasks': 'admin',
  'tasks.listTasks': 'admin',
  'tasks.createTask': 'admin',
  'tasks.getTask': 'admin',
  'tasks.updateTask': 'admin',
  'tasks.deleteTask': 'admin',
  'content.getContentStats': 'user',
  'content.bulkApproveContent': 'admin',
  'content.listContent': 'user',
  'content.createContent': 'user',
  'content.getContent': 'user',
  'content.updateContent': 'user',
  'content.submitContent': 'client',
  'content.approveContent': 'admin',
  'content.rejectContent': 'admin',
  'performance.listPerformance': 'user',
  'performance.getMonthlyReport': 'user',
  'performance.exportPerformance': 'admin',
  'analytics.getAnalyticsOverview': 'admin',
  'analytics.getClientAnalyticsOverview': 'client',
  'analytics.getClientReport': 'admin',
  'analytics.downloadClientReport': 'user',
  'metrics.getRealtimeMetrics': 'user',
  'socialAccounts.listSocialAccounts': 'user',
  'socialAccounts.disconnectSocialAccount': 'user',
  'socialAccounts.syncSocialAccount': 'user',
  'socialAccounts.getSocialAccountStatus': 'user',
  'oauth.initiateOAuth': 'client',
  'oauth.completeOAuth': 'client',
  'messages.listMessages': 'user',
  'messages.sendMessage': 'user',
  'messages.sendToAdmin': 'client',
  'messages.sendToClient': 'admin',
  'messages.listAdminConversations': 'admin',
  'messages.listConversations': 'user',
  'messages.getConversation': 'user',
  'messages.getTeam': 'client',
  'messages.markMessageRead': 'user',
  'invoices.getInvoiceSummary': 'user',
  'invoices.exportInvoices': 'admin',
  'invoices.listRecentPayments': 'admin',
  'invoices.listOverdueInvoices': 'admin',
  'invoices.listInvoices': 'user',
  'invoices.createInvoice': 'admin',
  'invoices.getInvoice': 'user',
  'invoices.markInvoicePaid': 'admin',
  'invoices.sendInvoiceReminder': 'admin',
  'invoices.downloadInvoicePdf': 'user',
  'invoices.payInvoice': 'client',
  'notifications.listNotifications': 'user',
  'notifications.markAllNotificationsRead': 'user',
  'notifications.clearNotifications': 'user',
  'notifications.getNotificationPreferences': 'user',
  'notifications.updateNotificationPreferences': 'user',
  'notifications.markNotificationRead': 'user',
  'notifications.deleteNotification': 'user',
  'files.uploadFile': 'user',
  'files.downloadFile': 'user',
  'billing.getBillingConfig': 'public',
  'billing.listBillingPlans': 'public',
  'billing.getSubscription': 'client',
  'billing.createSubscription': 'client',
  'billing.cancelSubscription': 'client',
  'billing.changePlan': 'client',
  'billing.createPaymentIntent': 'client',
  'billing.listPaymentMethods': 'client',
  'billing.createSetupIntent': 'client',
  'billing.deletePaymentMethod': 'client',
  'billing.confirmPayment': 'client',
  'billing.handleBillingWebhook': 'public',
  'orders.validatePromo': 'public',
  'orders.createOrder': 'user',
  'orders.listOrders': 'user',
  'orders.getOrder': 'user',
};

const ACCESS_ROLES: Record<Access, string[]> = {
  public: ['public'],
  admin: ['admin'],
  client: ['client'],
  user: ['admin', 'client'],
};

/** Routes whose success would spoil the shared personas (they sign out or delete the caller). */
const DESTRUCTIVE = new Set(['auth.logout', 'auth.changePassword', 'admin.deleteAdminAccount']);

function collect(router: AppRouter, prefix = ''): { key: string; route: AppRoute }[] {
  return Object.entries(router).flatMap(([k, node]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return 'method' in node && typeof node.method === 'string'
      ? [{ key, route: node as AppRoute }]
      : collect(node as AppRouter, key);
  });
}

const routes = collect(contract);

describe('route classification', () => {
  it('classifies every contract route, and only those', () => {
    expect(Object.keys(ROUTE_ACCESS).sort()).toEqual(routes.map((r) => r.key).sort());
  });

  it.each(routes.map((r) => [r.key, r.route] as const))('%s declares the roles of the matrix', (key, route) => {
    const roles = [...((route.metadata as TRouteMetadata | undefined)?.roles ?? [])].sort();
    expect(roles).toEqual([...ACCESS_ROLES[ROUTE_ACCESS[key]!]].sort());
  });
});

let ctx: TestContext;
let admin: Session;
let clientA: Session;
let clientB: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUp(ctx, { role: 'admin' });
  clientA = await signUp(ctx, { name: 'Client A' });
  clientB = await signUp(ctx, { name: 'Client B' });
});
afterAll(async () => {
  await ctx.close();
});

function concretePath(path: string): string {
  return path.replace(/:provider/g, 'instagram').replace(/:id/g, '999999');
}

async function call(route: AppRoute, auth?: { Authorization: string }) {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let req = ctx.request()[method](concretePath(route.path));
  if (auth) req = req.set(auth);
  if (method !== 'get' && method !== 'delete') req = req.send({});
  return req;
}

/** Allowed means: neither 401 nor 403, and never a crash (501 is the honest answer of a route not built yet). */
function expectAllowed(status: number, who: string, key: string) {
  expect([401, 403], `${who} → ${key} answered ${status}`).not.toContain(status);
  expect(status === 501 || status < 500, `${who} → ${key} answered ${status}`).toBe(true);
}

describe('authorization matrix', () => {
  it.each(routes.filter((r) => !DESTRUCTIVE.has(r.key)).map((r) => [r.key, r.route] as const))(
    '%s',
    async (key, route) => {
      const access = ROUTE_ACCESS[key]!;
      const anonymous = await call(route);
      const asAdmin = await call(route, admin.auth);
      const asClientA = await call(route, clientA.auth);
      const asClientB = await call(route, clientB.auth);

      if (access === 'public') {
        expectAllowed(anonymous.status, 'anonymous', key);
      } else {
        expect(anonymous.status, `anonymous → ${key}`).toBe(401);
        expect(anonymous.body.code).toBe('not_authenticated');
      }
      if (access === 'admin') {
        expect(asClientA.status, `client → ${key}`).toBe(403);
        expect(asClientB.status, `client → ${key}`).toBe(403);
        expect(asClientA.body.code).toBe('permission_denied');
      } else {
        expectAllowed(asClientA.status, 'client A', key);
        expectAllowed(asClientB.status, 'client B', key);
      }
      if (access === 'client') {
        expect(asAdmin.status, `admin → ${key}`).toBe(403);
      } else {
        expectAllowed(asAdmin.status, 'admin', key);
      }
    },
  );

  it('keeps the destructive routes behind their roles', async () => {
    for (const key of DESTRUCTIVE) {
      const route = routes.find((r) => r.key === key)!.route;
      expect((await call(route)).status).toBe(401);
      if (ROUTE_ACCESS[key] === 'admin') expect((await call(route, clientA.auth)).status).toBe(403);
    }
  });
});
