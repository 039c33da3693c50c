/**
 * The authorization matrix, generated from the contract: every route × {anonymous, admin, client A, client B},
 * on real rows made through the API (see support/authz/world.ts).
 *
 * - ROUTE_ACCESS classifies every contract route; a route added later fails here until it is classified.
 * - PATH_PARAMS says, for every route with a path parameter, which row of client A (or of the caller) it names.
 *   Client B asking for A's row gets 404 not_found; A (and the admin, where allowed) gets a 2xx.
 * - A route above the caller's role answers 403 permission_denied; no token answers 401 not_authenticated.
 * - NOT_BUILT lists the routes that still answer 501; they must answer exactly 501 not_implemented once the
 *   role checks pass, and every other route fails on a 501. No caller ever gets a 5xx otherwise.
 */
import type supertest from 'supertest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELETE_ACCOUNT_PHRASE,
  PACKAGE_CATALOG,
  type TAdminContentForm,
  type TBulkApproveContent,
  type TBulkUpdateTasks,
  type TChangePassword,
  type TChoosePlan,
  type TClientContentForm,
  type TConfirmPayment,
  type TContact,
  type TCreateOrder,
  type TCreatePaymentIntent,
  type TInvoiceForm,
  type TNotificationList,
  type TOAuthCallback,
  type TRegister,
  type TRouteRole,
  type TSendMessage,
  type TSendToClient,
  type TTaskForm,
} from '@agency/contract';
import { createTestContext, type TestContext } from './support/test-app';
import { uniqueEmail, type Session } from './support/factories';
import { concretePath, contractRoutes, type ContractRoute, type ParamRouteKey, type RouteKey } from './support/contract-routes';
import {
  TEXT_FILE,
  secondSession,
  seedWorld,
  throwawayUser,
  type AgencyObjects,
  type ClientPersona,
  type Persona,
  type Role,
  type TenantObjects,
  type UserObjects,
  type World,
} from './support/authz/world';

type Access = 'public' | 'admin' | 'client' | 'user';

const ROUTE_ACCESS: Record<RouteKey, Access> = {
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

const ACCESS_ROLES: Record<Access, TRouteRole[]> = {
  public: ['public'],
  admin: ['admin'],
  client: ['client'],
  user: ['admin', 'client'],
};

/**
 * The routes that still answer 501 not_implemented. Building one makes its row here fail: take it out of this
 * list and the matrix gives it the real expectation (2xx for its callers, 404 for another tenant's row).
 */
const NOT_BUILT: ReadonlySet<RouteKey> = new Set<RouteKey>([
  'invoices.payInvoice',
  'billing.getBillingConfig',
  'billing.listBillingPlans',
  'billing.getSubscription',
  'billing.createSubscription',
  'billing.cancelSubscription',
  'billing.changePlan',
  'billing.createPaymentIntent',
  'billing.listPaymentMethods',
  'billing.createSetupIntent',
  'billing.deletePaymentMethod',
  'billing.confirmPayment',
  'billing.handleBillingWebhook',
  'orders.validatePromo',
  'orders.createOrder',
  'orders.listOrders',
  'orders.getOrder',
  'performance.listPerformance',
  'performance.getMonthlyReport',
  'performance.exportPerformance',
  'analytics.getAnalyticsOverview',
  'analytics.getClientAnalyticsOverview',
  'analytics.getClientReport',
  'analytics.downloadClientReport',
  'metrics.getRealtimeMetrics',
  'socialAccounts.listSocialAccounts',
  'socialAccounts.disconnectSocialAccount',
  'socialAccounts.syncSocialAccount',
  'socialAccounts.getSocialAccountStatus',
  'oauth.initiateOAuth',
  'oauth.completeOAuth',
]);

/** What a path parameter names. */
type ParamRule =
  /** A row of client A. Client B asking for it gets 404; A and the admin (admins reach every tenant) get a 2xx. */
  | { kind: 'tenant'; pick: (a: TenantObjects, callerRole: Role) => number; also?: (a: TenantObjects) => number[] }
  /** A row of the caller itself (the admin too): each names its own; anyone naming another's gets 404. */
  | { kind: 'own'; pick: (o: UserObjects) => number }
  /** A row of the agency that belongs to no tenant (admin-only routes). */
  | { kind: 'agency'; pick: (g: AgencyObjects) => number }
  /** Not a row: the same value for every caller. */
  | { kind: 'fixed'; value: string }
  /** A row nothing can make before the route family is built; only allowed for a NOT_BUILT route. */
  | { kind: 'unseedable'; value: string };

const tenant = (pick: (a: TenantObjects) => number, also?: (a: TenantObjects) => number[]): ParamRule => ({
  kind: 'tenant',
  pick,
  ...(also ? { also } : {}),
});

const PATH_PARAMS: Record<ParamRouteKey, ParamRule> = {
  'clients.getClient': tenant((a) => a.clientId),
  'clients.updateClient': tenant((a) => a.clientId),
  'clients.updatePaymentStatus': tenant((a) => a.clientId),
  // Archiving A's record would take A out of the other rows' routes: a client made for this.
  'clients.archiveClient': { kind: 'agency', pick: (g) => g.clientToArchiveId },
  'leads.updateLead': { kind: 'agency', pick: (g) => g.leadId },
  'leads.convertLead': { kind: 'agency', pick: (g) => g.leadToConvertId },
  'tasks.getTask': tenant((a) => a.taskId),
  'tasks.updateTask': tenant((a) => a.taskId),
  'tasks.deleteTask': tenant((a) => a.taskToDeleteId),
  'content.getContent': tenant(
    (a) => a.contentDraftId,
    (a) => [a.contentByAdminId],
  ),
  'content.updateContent': tenant((a) => a.contentDraftId),
  'content.submitContent': tenant((a) => a.contentToSubmitId),
  'content.approveContent': tenant((a) => a.contentToApproveId),
  'content.rejectContent': tenant((a) => a.contentToRejectId),
  'analytics.getClientReport': tenant((a) => a.clientId),
  'analytics.downloadClientReport': tenant((a) => a.clientId),
  // Social accounts are connected through OAuth, which is not built: no account can exist yet.
  'socialAccounts.disconnectSocialAccount': { kind: 'unseedable', value: '999999' },
  'socialAccounts.syncSocialAccount': { kind: 'unseedable', value: '999999' },
  'socialAccounts.getSocialAccountStatus': { kind: 'unseedable', value: '999999' },
  // :provider names a social network, not a row; every client may connect each.
  'oauth.initiateOAuth': { kind: 'fixed', value: 'instagram' },
  'oauth.completeOAuth': { kind: 'fixed', value: 'instagram' },
  // :id names a user, not a row: A's own user id opens A's thread (for A, and for the admin, who reads every
  // thread); B naming A gets 404 (a client's only conversation is its own thread with the staff).
  'messages.getConversation': tenant((a) => a.userId),
  // Only the receiving side marks a message read: a client the agency's message in its thread, an admin the
  // client's message to the agency. Both are rows of A's thread.
  'messages.markMessageRead': {
    kind: 'tenant',
    pick: (a, role) => (role === 'admin' ? a.messageFromClientId : a.messageFromAgencyId),
  },
  'invoices.getInvoice': tenant((a) => a.invoiceId),
  'invoices.markInvoicePaid': tenant((a) => a.invoiceToMarkPaidId),
  'invoices.sendInvoiceReminder': tenant((a) => a.invoiceId),
  'invoices.downloadInvoicePdf': tenant((a) => a.invoiceId),
  'invoices.payInvoice': tenant((a) => a.invoiceId),
  'notifications.markNotificationRead': { kind: 'own', pick: (o) => o.notificationId },
  'notifications.deleteNotification': { kind: 'own', pick: (o) => o.notificationToDeleteId },
  'files.downloadFile': tenant(
    (a) => a.fileId,
    (a) => [a.fileByAdminId],
  ),
  // :id is the payment provider's id (pm_...); saved cards need the billing provider, which is not built.
  'billing.deletePaymentMethod': { kind: 'unseedable', value: 'pm_authz_matrix' },
  // Orders are placed through orders.createOrder, which is not built.
  'orders.getOrder': { kind: 'unseedable', value: '999999' },
};

/** Who makes the call: the persona whose rows and role the body is built for, and the session it uses. */
interface Caller {
  persona: Persona | undefined;
  session: Session | undefined;
}

type BodyOf = (caller: Caller, w: World) => object;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const tenantOf = (persona: Persona | undefined, w: World): TenantObjects =>
  persona && 'tenant' in persona ? (persona as ClientPersona).tenant : w.a.tenant;

/** A valid body for each route that takes one, so a caller who may call the route gets past validation. */
const BODIES: Partial<Record<RouteKey, BodyOf>> = {
  'auth.login': (_c, w) => ({ email: w.a.session.user.email, password: w.a.session.password }),
  'auth.register': (): TRegister => ({ email: uniqueEmail('visitor'), password: 'Passw0rd!long', name: 'Vic Visitor', role: 'client' }),
  'auth.updateMe': () => ({ company: 'Renamed Co' }),
  'auth.changePassword': ({ session }): TChangePassword => ({
    current_password: session?.password ?? 'not-signed-in',
    new_password: 'An0ther-passw0rd',
  }),
  'admin.deleteAdminAccount': () => ({ confirmation: DELETE_ACCOUNT_PHRASE }),
  'clients.createClient': () => ({ name: 'Matrix Brand', email: uniqueEmail('brand'), company: 'Brand Co', monthly_fee: 900 }),
  'clients.updateClient': () => ({ account_manager: 'Alex Staff' }),
  'clients.updatePaymentStatus': () => ({ payment_status: 'paid' }),
  'leads.submitContact': (): TContact => ({
    name: 'Pat Prospect',
    email: 'pat.prospect@example.test',
    subject: 'A quote',
    message: 'Hello',
  }),
  'leads.updateLead': () => ({ status: 'contacted' }),
  'leads.convertLead': () => ({}),
  'tasks.bulkUpdateTasks': (_c, w): TBulkUpdateTasks => ({ task_ids: [w.a.tenant.taskId], status: 'in-progress' }),
  'tasks.bulkDeleteTasks': (_c, w) => ({ task_ids: [w.a.tenant.taskToBulkDeleteId] }),
  'tasks.createTask': (_c, w): TTaskForm => ({
    title: 'Made by the matrix',
    description: 'Check',
    client: w.a.tenant.clientId,
    assigned_to: w.admin.session.user.name,
    due_date: inDays(2),
  }),
  'tasks.updateTask': () => ({ status: 'review' }),
  'content.bulkApproveContent': (_c, w): TBulkApproveContent => ({
    content_ids: [w.a.tenant.contentToBulkApproveId],
    action: 'approve',
  }),
  'content.createContent': ({ persona }, w): TAdminContentForm | TClientContentForm =>
    persona?.role === 'admin'
      ? { client: w.a.tenant.clientId, content: 'By the agency', scheduled_date: inDays(4) }
      : { content: 'By the client', scheduled_date: inDays(4), status: 'draft' },
  'content.updateContent': () => ({ content: 'Edited by the matrix' }),
  'content.rejectContent': () => ({ feedback: 'Not on brand' }),
  'messages.sendMessage': ({ persona }, w): TSendMessage => ({
    receiver: persona?.role === 'admin' ? w.a.session.user.id : w.admin.session.user.id,
    content: 'Hello',
  }),
  'messages.sendToAdmin': () => ({ content: 'Hello team' }),
  'messages.sendToClient': (_c, w): TSendToClient => ({ client_id: w.a.tenant.clientId, content: 'Hello client' }),
  'invoices.createInvoice': (_c, w): TInvoiceForm => ({
    client: w.a.tenant.clientId,
    amount: 120,
    due_date: inDays(30).slice(0, 10),
    description: 'Made by the matrix',
  }),
  'notifications.updateNotificationPreferences': () => ({ weekly_reports: false }),
  'files.uploadFile': () => ({ name: 'matrix.txt' }),
  'billing.createSubscription': (): TChoosePlan => ({ price_id: 'price_pro_monthly', plan_name: 'Pro' }),
  'billing.changePlan': (): TChoosePlan => ({ price_id: 'price_premium_monthly', plan_name: 'Premium' }),
  'billing.cancelSubscription': () => ({ at_period_end: true }),
  'billing.createPaymentIntent': ({ persona }, w): TCreatePaymentIntent => ({ invoice_id: tenantOf(persona, w).invoiceId }),
  'billing.confirmPayment': (): TConfirmPayment => ({ payment_intent_id: 'pi_authz_matrix', card_number: '4242424242424242' }),
  'billing.handleBillingWebhook': () => ({ type: 'ping' }),
  'orders.validatePromo': () => ({ code: 'WELCOME10', subtotal: 100 }),
  'orders.createOrder': (): TCreateOrder => ({ lines: [{ package_id: PACKAGE_CATALOG[0]!.id, quantity: 1 }] }),
  'oauth.completeOAuth': (): TOAuthCallback => ({ code: 'matrix-code', state: 'matrix-state' }),
};

/** Allowed callers get a 2xx, except here (with the reason). */
const ALLOWED_ANSWER: Partial<Record<RouteKey, { status: number; code: string }>> = {
  // Tests run with DEMO_DATA=off; the route then answers 404 by contract.
  'auth.listDemoLogins': { status: 404, code: 'not_found' },
};

type Response = supertest.Response;
type Problems = string[];

/**
 * Routes whose success spoils the caller (revokes its token, deletes it or its rows). Allowed callers use a
 * throwaway session instead of the shared one, and `verify` asserts that the call did its work.
 */
interface Destructive {
  session: (persona: Persona) => Promise<Session>;
  verify: (res: Response, session: Session, persona: Persona) => Promise<Problems>;
}

let ctx: TestContext;
let dataDir: string;
let world: World;

const getMe = (session: Session) => ctx.request().get('/api/auth/me/').set(session.auth);
const statusIs = async (what: string, req: PromiseLike<Response>, status: number): Promise<Problems> => {
  const res = await req;
  return res.status === status ? [] : [`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`];
};

const DESTRUCTIVE: Partial<Record<RouteKey, Destructive>> = {
  'auth.logout': {
    session: (p) => secondSession(ctx, p.session),
    verify: async (_res, session, p) => [
      ...(await statusIs('the logged-out token', getMe(session), 401)),
      ...(await statusIs(`${p.label}'s other session`, getMe(p.session), 200)),
    ],
  },
  'auth.changePassword': {
    session: (p) => throwawayUser(ctx, p.role),
    verify: async (res, session) => {
      const fresh = (res.body as { token?: string }).token ?? '';
      return [
        ...(await statusIs('the token from before the change', getMe(session), 401)),
        ...(await statusIs('the token the change returned', ctx.request().get('/api/auth/me/').set({ Authorization: `Token ${fresh}` }), 200)),
        ...(await statusIs(
          'sign-in with the new password',
          ctx.request().post('/api/auth/login/').send({ email: session.user.email, password: 'An0ther-passw0rd' }),
          200,
        )),
      ];
    },
  },
  'admin.deleteAdminAccount': {
    session: (p) => throwawayUser(ctx, p.role),
    verify: async (_res, session) => [
      ...(await statusIs('the deleted admin token', getMe(session), 401)),
      ...(await statusIs(
        'sign-in of the deleted admin',
        ctx.request().post('/api/auth/login/').send({ email: session.user.email, password: session.password }),
        400,
      )),
    ],
  },
  'notifications.clearNotifications': {
    session: async (p) => {
      const session = await throwawayUser(ctx, p.role);
      // Something to clear: a message for a client, a task assigned to an admin.
      const notify =
        p.role === 'client'
          ? ctx
              .request()
              .post('/api/messages/send-to-client/')
              .set(world.admin.session.auth)
              .send({ client_id: session.user.client_id ?? 0, content: 'Hello' } satisfies TSendToClient)
          : ctx
              .request()
              .post('/api/tasks/')
              .set(world.admin.session.auth)
              .send({
                title: 'For the throwaway admin',
                description: 'Check',
                client: world.a.tenant.clientId,
                assigned_to: session.user.name,
                assigned_to_user: session.user.id,
                due_date: inDays(2),
              } satisfies TTaskForm);
      const res = await notify;
      if (res.status !== 201) throw new Error(`could not notify the throwaway ${p.role}: ${res.status} ${JSON.stringify(res.body)}`);
      return session;
    },
    verify: async (res, session, p) => {
      const mine = await ctx.request().get('/api/notifications/').set(session.auth);
      const shared = await ctx.request().get('/api/notifications/').set(p.session.auth);
      const problems: Problems = [];
      if (((res.body as { deleted?: number }).deleted ?? 0) < 1) problems.push(`clear deleted nothing: ${JSON.stringify(res.body)}`);
      if ((mine.body as TNotificationList).count !== 0) problems.push(`notifications left after clear: ${JSON.stringify(mine.body)}`);
      const ids = ((shared.body as TNotificationList).results ?? []).map((n) => n.id);
      if (!ids.includes(p.own.notificationId)) problems.push(`clearing one user's notifications removed ${p.label}'s`);
      return problems;
    },
  },
};

const routes = contractRoutes();

describe('route classification', () => {
  it('classifies every contract route, and only those', () => {
    expect(Object.keys(ROUTE_ACCESS).sort()).toEqual(routes.map((r) => r.key).sort());
  });

  it.each(routes.map((r) => [r.key, r] as const))('%s declares the roles of the matrix', (key, r) => {
    expect([...r.roles].sort()).toEqual([...ACCESS_ROLES[ROUTE_ACCESS[key]]].sort());
  });

  it('maps the path parameter of every route that has one, and of no other', () => {
    expect(Object.keys(PATH_PARAMS).sort()).toEqual(routes.filter((r) => r.param !== null).map((r) => r.key).sort());
  });

  it('lists only contract routes as not built, and only those can name a row nothing can make yet', () => {
    const keys = new Set<string>(routes.map((r) => r.key));
    expect([...NOT_BUILT].filter((k) => !keys.has(k))).toEqual([]);
    const unseedable = Object.entries(PATH_PARAMS).filter(([, rule]) => rule.kind === 'unseedable').map(([k]) => k);
    expect(unseedable.filter((k) => !NOT_BUILT.has(k as RouteKey))).toEqual([]);
  });
});

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'authz-matrix-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
  world = await seedWorld(ctx);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// ---- One route: the cases, the calls, the checks ----

type Expectation = { kind: 'allowed' } | { kind: 'error'; status: number; code: string };

interface Case {
  who: string;
  caller: Caller;
  param: string | number | undefined;
  expect: Expectation;
}

const denied = (status: number, code: string): Expectation => ({ kind: 'error', status, code });
/** Another tenant's (or user's) row: 404, or the 501 of a route not built yet. */
const notFound = (key: RouteKey): Expectation => (NOT_BUILT.has(key) ? denied(501, 'not_implemented') : denied(404, 'not_found'));

/** The parameter a caller of `role` uses to name `owner`'s row. */
function paramFor(rule: ParamRule | undefined, role: Role, owner: Persona): string | number | undefined {
  if (!rule) return undefined;
  switch (rule.kind) {
    case 'tenant':
      return rule.pick(tenantOf(owner, world), role);
    case 'own':
      return rule.pick(owner.own);
    case 'agency':
      return rule.pick(world.agency);
    case 'fixed':
    case 'unseedable':
      return rule.value;
  }
}

/** Calls that must be refused: run first, so a refusal that wrongly acted shows in the allowed calls after. */
function refusedCases(r: ContractRoute, allows: (role: Role) => boolean): Case[] {
  const rule = r.param ? PATH_PARAMS[r.key as ParamRouteKey] : undefined;
  const { admin, a, b } = world;
  const cases: Case[] = [];
  if (!r.roles.includes('public')) {
    cases.push({
      who: 'anonymous',
      caller: { persona: undefined, session: undefined },
      param: paramFor(rule, 'client', a),
      expect: denied(401, 'not_authenticated'),
    });
  }
  for (const p of [admin, a, b]) {
    if (allows(p.role)) continue;
    cases.push({ who: p.label, caller: { persona: p, session: p.session }, param: paramFor(rule, p.role, a), expect: denied(403, 'permission_denied') });
  }
  if (!rule) return cases;
  // Naming another tenant's (or user's) row.
  if (rule.kind === 'tenant' && allows('client')) {
    for (const id of [rule.pick(a.tenant, 'client'), ...(rule.also?.(a.tenant) ?? [])]) {
      cases.push({ who: "client B → client A's row", caller: { persona: b, session: b.session }, param: id, expect: notFound(r.key) });
    }
  }
  if (rule.kind === 'own') {
    if (allows('client')) cases.push({ who: "client B → client A's row", caller: { persona: b, session: b.session }, param: rule.pick(a.own), expect: notFound(r.key) });
    if (allows('admin')) cases.push({ who: "admin → client A's row", caller: { persona: admin, session: admin.session }, param: rule.pick(a.own), expect: notFound(r.key) });
    if (allows('client')) cases.push({ who: "client A → the admin's row", caller: { persona: a, session: a.session }, param: rule.pick(admin.own), expect: notFound(r.key) });
  }
  return cases;
}

/** Calls that must succeed (or answer 501 when the route is not built). */
function allowedCases(r: ContractRoute, allows: (role: Role) => boolean): Case[] {
  const rule = r.param ? PATH_PARAMS[r.key as ParamRouteKey] : undefined;
  const { admin, a, b } = world;
  const ok: Expectation = { kind: 'allowed' };
  const cases: Case[] = [];
  if (r.roles.includes('public')) {
    cases.push({ who: 'anonymous', caller: { persona: undefined, session: undefined }, param: paramFor(rule, 'client', a), expect: ok });
  }
  const callers: Persona[] = [];
  if (allows('admin')) callers.push(admin);
  if (allows('client')) callers.push(a);
  // B is checked against A's rows above; on routes without a row it is a second caller of the role.
  if (allows('client') && (!rule || rule.kind === 'fixed')) callers.push(b);
  for (const p of callers) {
    // A caller names its own row (`own`), or A's (`tenant`: A itself, or the admin who reaches every tenant).
    const owner = rule?.kind === 'own' ? p : a;
    cases.push({ who: p.label, caller: { persona: p, session: p.session }, param: paramFor(rule, p.role, owner), expect: ok });
    if (rule?.kind === 'tenant') {
      for (const id of rule.also?.(a.tenant) ?? []) cases.push({ who: `${p.label} (another row of A)`, caller: { persona: p, session: p.session }, param: id, expect: ok });
    }
  }
  return cases;
}

async function send(r: ContractRoute, c: Case): Promise<Response> {
  const method = r.route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let req = ctx.request()[method](concretePath(r, c.param));
  if (c.caller.session) req = req.set(c.caller.session.auth);
  const body = BODIES[r.key]?.(c.caller, world);
  if (r.key === 'files.uploadFile') {
    for (const [name, value] of Object.entries(body ?? {})) req = req.field(name, String(value));
    return req.attach('file', TEXT_FILE, 'matrix.txt');
  }
  return body === undefined ? req : req.send(body);
}

/** What is wrong with one answer, if anything. */
function judge(key: RouteKey, c: Case, res: Response): string | null {
  const got = `${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`;
  const special = ALLOWED_ANSWER[key];
  let expected = c.expect;
  if (expected.kind === 'allowed' && NOT_BUILT.has(key)) expected = denied(501, 'not_implemented');
  else if (expected.kind === 'allowed' && special) expected = denied(special.status, special.code);
  if (expected.kind === 'allowed') {
    if (res.status === 501) return `${c.who}: answered 501, but ${key} is not in NOT_BUILT: ${got}`;
    return res.status >= 200 && res.status < 300 ? null : `${c.who}: expected a 2xx, got ${got}`;
  }
  const code = (res.body as { code?: unknown } | undefined)?.code;
  if (res.status === expected.status && code === expected.code) return null;
  return `${c.who}${c.param === undefined ? '' : ` (:${c.param})`}: expected ${expected.status} ${expected.code}, got ${got}`;
}

async function runAll(key: RouteKey, cases: Case[]): Promise<{ problems: Problems; answers: Response[] }> {
  const route = routes.find((x) => x.key === key)!;
  const answers = await Promise.all(cases.map((c) => send(route, c)));
  const problems = cases.map((c, i) => judge(key, c, answers[i]!)).filter((p): p is string => p !== null);
  return { problems, answers };
}

describe('authorization matrix', () => {
  // Routes run a few at a time: every route works on rows of its own or on reads, so none spoils another.
  it.concurrent.for(routes.map((x) => [x.key, x] as const))('%s', async ([key, route], { expect }) => {
    const allows = (role: Role) => route.roles.includes('public') || route.roles.includes(role);
    const refused = await runAll(key, refusedCases(route, allows));

    const destructive = DESTRUCTIVE[key];
    let allowed = allowedCases(route, allows);
    const throwaways = new Map<Case, { session: Session; persona: Persona }>();
    if (destructive) {
      allowed = await Promise.all(
        allowed.map(async (c) => {
          if (!c.caller.persona) return c;
          const session = await destructive.session(c.caller.persona);
          const swapped: Case = { ...c, who: `${c.who} (throwaway session)`, caller: { persona: c.caller.persona, session } };
          throwaways.set(swapped, { session, persona: c.caller.persona });
          return swapped;
        }),
      );
    }
    const done = await runAll(key, allowed);
    const problems = [...refused.problems, ...done.problems];
    if (destructive && done.problems.length === 0) {
      for (const [i, c] of allowed.entries()) {
        const t = throwaways.get(c);
        if (t) problems.push(...(await destructive.verify(done.answers[i]!, t.session, t.persona)));
      }
    }
    expect(problems, `${key} (${route.route.method} ${route.route.path})`).toEqual([]);
  });
});

describe("client B reaches none of client A's rows through lists, filters and bodies", () => {
  it("B's lists, even filtered by A's client, hold only B's rows; A's rows named in a body are refused or ignored", async () => {
    const { admin, a, b } = world;
    const asB = (url: string) => ctx.request().get(url).set(b.session.auth);
    const mine = b.tenant.clientId;
    const problems: Problems = [];
    /** API rows carry `client`; the data export's raw rows `clientId` (the client row itself: `id`). */
    const onlyB = (what: string, res: Response, rows: { client?: unknown; clientId?: unknown; id?: unknown }[] | undefined) => {
      if (res.status !== 200 || !rows) {
        problems.push(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
        return;
      }
      const foreign = rows.filter((row) => (row.client ?? row.clientId ?? row.id) !== mine);
      if (foreign.length > 0) problems.push(`${what} shows rows of another client: ${JSON.stringify(foreign)}`);
    };
    type Rows = { results?: { client?: number }[] };
    const [invoices, content, messages, thread, notifications, exported] = await Promise.all([
      asB(`/api/invoices/?client=${a.tenant.clientId}`),
      asB(`/api/content/?client=${a.tenant.clientId}`),
      asB(`/api/messages/?client=${a.tenant.clientId}`),
      asB(`/api/messages/conversation/${admin.session.user.id}/`),
      asB('/api/notifications/'),
      asB('/api/auth/export/'),
    ]);
    onlyB('invoices ?client=A', invoices, (invoices.body as Rows).results);
    onlyB('content ?client=A', content, (content.body as Rows).results);
    onlyB('messages ?client=A', messages, (messages.body as Rows).results);
    onlyB("B's conversation with the admin", thread, (thread.body as Rows).results);
    const notificationIds = ((notifications.body as TNotificationList).results ?? []).map((n) => n.id);
    const leaked = [a.own.notificationId, a.own.notificationToDeleteId].filter((id) => notificationIds.includes(id));
    if (leaked.length > 0) problems.push(`B's notifications include A's: ${leaked.join(', ')}`);
    const data = (exported.body as { data?: Record<string, { clientId?: number; id?: number }[]> }).data ?? {};
    for (const table of ['client', 'invoices', 'content', 'messages'] as const) onlyB(`B's data export (${table})`, exported, data[table]);

    const [attachForeign, writeToA, contentForA, fileForA] = await Promise.all([
      ctx.request().post('/api/messages/send-to-admin/').set(b.session.auth).send({ content: 'See file', attachment: a.tenant.fileId }),
      ctx.request().post('/api/messages/').set(b.session.auth).send({ receiver: a.session.user.id, content: 'Hi A' }),
      ctx
        .request()
        .post('/api/content/')
        .set(b.session.auth)
        .send({ client: a.tenant.clientId, content: 'Filed under A?', scheduled_date: inDays(2), status: 'draft' }),
      ctx.request().post('/api/files/').set(b.session.auth).field('client', String(a.tenant.clientId)).attach('file', TEXT_FILE, 'b.txt'),
    ]);
    if (attachForeign.status !== 400) problems.push(`B attaching A's file: expected 400, got ${attachForeign.status} ${JSON.stringify(attachForeign.body)}`);
    if (writeToA.status !== 400) problems.push(`B writing to A's user: expected 400, got ${writeToA.status} ${JSON.stringify(writeToA.body)}`);
    if (contentForA.status !== 201 || (contentForA.body as { client?: number }).client !== mine) {
      problems.push(`B creating content with client=A: expected 201 filed under B, got ${contentForA.status} ${JSON.stringify(contentForA.body)}`);
    }
    if (fileForA.status !== 201 || (fileForA.body as { client?: number }).client !== mine) {
      problems.push(`B uploading with client=A: expected 201 filed under B, got ${fileForA.status} ${JSON.stringify(fileForA.body)}`);
    }
    const stillHidden = await asB(`/api/files/${a.tenant.fileId}/download/`);
    if (stillHidden.status !== 404) problems.push(`A's file after B tried to attach it: expected 404, got ${stillHidden.status}`);
    expect(problems).toEqual([]);
  });
});
