/**
 * The authorization matrix, generated from the contract: every route × {anonymous, owner, client A, client B,
 * manager of A, manager of B, read-only staff, content-only and billing-only members of A's team}, on real rows made through the API (see support/authz/world.ts).
 *
 * - ROUTE_ACCESS classifies every contract route; a route added later fails here until it is classified.
 * - PATH_PARAMS says, for every route with a path parameter, which row of client A (or of the caller) it names.
 *   Client B asking for A's row gets 404 not_found; A (and the admin, where allowed) gets a 2xx.
 * - A route above the caller's role answers 403 permission_denied; no token answers 401 not_authenticated.
 * - Client teams: a member with content-only or billing-only access gets 403 on routes for the other part (and
 *   on the full-access ones), and reads A's rows where its permission reaches.
 * - Staff roles: a route for the whole agency (`metadata.staff` without manager) answers managers 403; every writing
 *   route but the caller's own account's (`metadata.personal`) answers read-only staff 403; the manager of B naming
 *   any of A's rows gets 404 (reads and writes alike), the manager of A reads A's rows.
 * - NOT_BUILT lists the routes that still answer 501; they must answer exactly 501 not_implemented once the
 *   role checks pass, and every other route fails on a 501. No caller ever gets a 5xx otherwise.
 */
import type supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  type TNotificationList,
  type TRouteMetadata,
  type TRouteRole,
  type TSendToClient,
  type TTaskForm,
} from '@agency/contract';
import type { TestContext } from './support/test-app';
import type { Session } from './support/factories';
import { contractRoutes, type ContractRoute, type ParamRouteKey, type RouteKey } from './support/contract-routes';
import { NOT_BUILT, PATH_PARAMS, inDays, paramFor, sendRoute, type Caller, type ParamRule } from './support/route-inputs';
import {
  TEXT_FILE,
  secondSession,
  throwawayUser,
  type Persona,
  type Role,
  type World,
} from './support/authz/world';
import { useSeededWorld } from './support/authz/seeded-world';

type Access = 'public' | 'admin' | 'client' | 'user';

const ROUTE_ACCESS: Record<RouteKey, Access> = {
  'auth.listDemoLogins': 'public',
  'auth.login': 'public',
  'auth.register': 'public',
  'auth.openInvite': 'public',
  'auth.acceptInvite': 'public',
  'auth.logout': 'user',
  'auth.getMe': 'user',
  'auth.updateMe': 'user',
  'auth.changePassword': 'user',
  'auth.exportMyData': 'user',
  'auth.wsTicket': 'user',
  'account.requestPasswordReset': 'public',
  'account.openAccountLink': 'public',
  'account.resetPassword': 'public',
  'account.verifyEmail': 'public',
  'account.resendEmailVerification': 'user',
  'account.requestEmailChange': 'user',
  'account.confirmEmailChange': 'public',
  'account.undoEmailChange': 'public',
  'profile.uploadAvatar': 'user',
  'profile.removeAvatar': 'user',
  'profile.getAvatar': 'public',
  'twoFactor.verifySecondFactor': 'public',
  'twoFactor.getTwoFactorStatus': 'user',
  'twoFactor.startTotpEnrolment': 'user',
  'twoFactor.confirmTotpEnrolment': 'user',
  'twoFactor.regenerateRecoveryCodes': 'user',
  'twoFactor.disableTotp': 'user',
  'twoFactor.getSecurityPolicy': 'admin',
  'twoFactor.updateSecurityPolicy': 'admin',
  'sessions.listSessions': 'user',
  'sessions.revokeSession': 'user',
  'sessions.revokeOtherSessions': 'user',
  'passkeys.listPasskeys': 'user',
  'passkeys.startPasskeyRegistration': 'user',
  'passkeys.finishPasskeyRegistration': 'user',
  'passkeys.renamePasskey': 'user',
  'passkeys.removePasskey': 'user',
  'passkeys.startPasskeySignIn': 'public',
  'passkeys.passkeySignIn': 'public',
  'passkeys.secondFactorPasskeyOptions': 'public',
  'passkeys.verifySecondFactorPasskey': 'public',
  'admin.getBillingSettings': 'admin',
  'agency.getAgencyProfile': 'public',
  'agency.updateAgencyProfile': 'admin',
  'admin.deleteAdminAccount': 'admin',
  'admin.listStaff': 'admin',
  'admin.inviteStaff': 'admin',
  'admin.updateStaff': 'admin',
  'admin.resendStaffInvite': 'admin',
  'admin.endStaffSessions': 'admin',
  'admin.removeStaff': 'admin',
  'health.getHealth': 'public',
  'clients.getClientSummary': 'admin',
  'clients.getMyBillingDetails': 'client',
  'clients.updateMyBillingDetails': 'client',
  'clients.listClients': 'admin',
  'clients.createClient': 'admin',
  'clients.getClient': 'admin',
  'clients.updateClient': 'admin',
  'clients.archiveClient': 'admin',
  'clients.restoreClient': 'admin',
  'clients.endClientPortalSessions': 'admin',
  'clients.inviteClientToPortal': 'admin',
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
  'content.submitContent': 'user',
  'content.deleteContent': 'admin',
  'content.getContentMedia': 'public',
  'content.approveContent': 'admin',
  'content.rejectContent': 'admin',
  'performance.listPerformance': 'user',
  'performance.getMonthlyReport': 'user',
  'performance.exportPerformance': 'admin',
  'analytics.getAnalyticsOverview': 'admin',
  'analytics.getClientAnalyticsOverview': 'client',
  'analytics.getClientReport': 'admin',
  'analytics.downloadClientReport': 'user',
  'analytics.getReportSchedule': 'admin',
  'oauth.listOAuthProviders': 'user',
  'analytics.setReportSchedule': 'admin',
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
  'invoices.exportInvoices': 'user',
  'invoices.listRecentPayments': 'admin',
  'invoices.listOverdueInvoices': 'admin',
  'invoices.listInvoices': 'user',
  'invoices.createInvoice': 'admin',
  'invoices.getInvoice': 'user',
  'invoices.markInvoicePaid': 'admin',
  'invoices.listInvoicePayments': 'user',
  'invoices.recordInvoicePayment': 'admin',
  'invoices.reverseInvoicePayment': 'admin',
  'invoices.sendInvoiceReminder': 'admin',
  'invoices.downloadInvoicePdf': 'user',
  'invoices.payInvoice': 'client',
  'invoices.payInvoiceWithCard': 'client',
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
  'billing.pauseSubscription': 'client',
  'billing.resumeSubscription': 'client',
  'billing.previewPlanChange': 'client',
  'billing.changePlan': 'client',
  'billing.createPaymentIntent': 'client',
  'billing.listPaymentMethods': 'client',
  'billing.createSetupIntent': 'client',
  'billing.confirmSetup': 'client',
  'billing.setDefaultPaymentMethod': 'client',
  'billing.deletePaymentMethod': 'client',
  'billing.confirmPayment': 'client',
  'billing.handleBillingWebhook': 'public',
  'orders.validatePromo': 'public',
  'orders.createOrder': 'client',
  'orders.listOrders': 'user',
  'orders.getOrder': 'user',
  'orders.updateOrderLine': 'admin',
  'orders.bulkUpdateOrderLines': 'admin',
  'orders.requestRefill': 'client',
  'orders.listPromoCodes': 'admin',
  'orders.createPromoCode': 'admin',
  'orders.updatePromoCode': 'admin',
  'apiKeys.listApiKeys': 'admin',
  'apiKeys.createApiKey': 'admin',
  'apiKeys.revokeApiKey': 'admin',
  'apiKeys.listApiKeyUses': 'admin',
  'content.listContentReviews': 'user',
  'content.getContentWaiting': 'admin',
  'content.listContentComments': 'user',
  'content.createContentComment': 'user',
  'content.listMentionable': 'user',
  'content.reviewContentAsClient': 'client',
  'content.sendReviewLink': 'admin',
  'content.openReviewLink': 'public',
  'content.decideReviewLink': 'public',
  'intake.listIntakeForms': 'user',
  'intake.getIntakeForm': 'user',
  'intake.submitIntakeForm': 'client',
  'intake.skipIntakeForm': 'admin',
  'team.listClientMembers': 'client',
  'team.inviteClientMember': 'client',
  'team.updateClientMember': 'client',
  'team.resendClientMemberInvite': 'client',
  'team.removeClientMember': 'client',
  'webhooks.listWebhooks': 'admin',
  'webhooks.createWebhook': 'admin',
  'webhooks.updateWebhook': 'admin',
  'webhooks.deleteWebhook': 'admin',
  'webhooks.listWebhookDeliveries': 'admin',
  'webhooks.sendTestWebhook': 'admin',
  'webhooks.redeliverWebhook': 'admin',
  'audit.listAuditLog': 'user',
  'audit.listAuditActors': 'user',
  'audit.exportAuditLog': 'user',
};

const ACCESS_ROLES: Record<Access, TRouteRole[]> = {
  public: ['public'],
  admin: ['admin'],
  client: ['client'],
  user: ['admin', 'client'],
};

/** Allowed callers get a 2xx, except here (with the reason). */
const ALLOWED_ANSWER: Partial<Record<RouteKey, { status: number; code: string }>> = {
  // Tests run with DEMO_DATA=off; the route then answers 404 by contract.
  'auth.listDemoLogins': { status: 404, code: 'not_found' },
  // Every tenant is subscribed already (seeding); a second subscription is refused.
  'billing.createSubscription': { status: 409, code: 'conflict' },
  // The sandbox provider sends no webhooks; Stripe's webhook is tested in stripe-webhook.test.ts.
  'billing.handleBillingWebhook': { status: 400, code: 'bad_request' },
  // A callback needs a state its caller just got from initiate (single use); the matrix's fixed body has none.
  // The round trip itself is tested in social.test.ts.
  'oauth.completeOAuth': { status: 400, code: 'bad_request' },
  // The matrix's order line was just paid: a refill needs a completed delivery whose measured count dropped
  // (the rules are tested in orders.test.ts); the answer names the reason.
  'orders.requestRefill': { status: 400, code: 'bad_request' },
  // The matrix holds no magic link (they are only mailed); the links themselves are tested in content-approval.test.ts.
  'content.openReviewLink': { status: 404, code: 'not_found' },
  'content.decideReviewLink': { status: 404, code: 'not_found' },
  // Nor a signed media address (handed out with a post's media); those are tested in content-staff-workflow.test.ts.
  'content.getContentMedia': { status: 404, code: 'not_found' },
  // Nor an avatar's signed address (a user's `avatar`); avatars are tested in client-settings.test.ts.
  'profile.getAvatar': { status: 404, code: 'not_found' },
  // Likewise no invite link (mailed only); invites are tested in staff-roles.test.ts.
  'auth.openInvite': { status: 404, code: 'not_found' },
  'auth.acceptInvite': { status: 404, code: 'not_found' },
  // No sign-in challenge (only an account with a second factor gets one), nor an authenticator app set up whose code
  // the matrix could compute: the challenge, the enrolment and a code are refused on their fields, and an app that is
  // not on cannot be renewed or turned off. The flows themselves are tested in two-factor.test.ts.
  'twoFactor.verifySecondFactor': { status: 400, code: 'bad_request' },
  'twoFactor.confirmTotpEnrolment': { status: 400, code: 'bad_request' },
  'twoFactor.regenerateRecoveryCodes': { status: 409, code: 'conflict' },
  'twoFactor.disableTotp': { status: 409, code: 'conflict' },
  // Nor an account link (mailed only): the token is refused on its field; the links are tested in account-links.test.ts.
  'account.openAccountLink': { status: 400, code: 'bad_request' },
  'account.resetPassword': { status: 400, code: 'bad_request' },
  'account.verifyEmail': { status: 400, code: 'bad_request' },
  'account.confirmEmailChange': { status: 400, code: 'bad_request' },
  'account.undoEmailChange': { status: 400, code: 'bad_request' },
  // No authenticator answers here: a registration, a sign-in and a second step made up by the matrix are refused on
  // their fields, and removing asks for the password (given wrong). The ceremonies are tested in passkeys.test.ts.
  'passkeys.finishPasskeyRegistration': { status: 400, code: 'bad_request' },
  'passkeys.removePasskey': { status: 400, code: 'bad_request' },
  'passkeys.passkeySignIn': { status: 400, code: 'bad_request' },
  'passkeys.secondFactorPasskeyOptions': { status: 400, code: 'bad_request' },
  'passkeys.verifySecondFactorPasskey': { status: 400, code: 'bad_request' },
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
  'sessions.revokeOtherSessions': {
    session: async (p) => {
      const session = await throwawayUser(ctx, p.role);
      otherSessionOf.set(session.token, await secondSession(ctx, session));
      return session;
    },
    verify: async (_res, session) => [
      ...(await statusIs('the session that ended the others', getMe(session), 200)),
      ...(await statusIs('an other session of the same user', getMe(otherSessionOf.get(session.token)!), 401)),
    ],
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
      const before = await ctx.request().get('/api/notifications/').set(session.auth);
      notifiedBeforeClear = new Set(((before.body as TNotificationList).results ?? []).map((n) => n.id));
      return session;
    },
    verify: async (res, session, p) => {
      const mine = await ctx.request().get('/api/notifications/').set(session.auth);
      const shared = await ctx.request().get('/api/notifications/').set(p.session.auth);
      const problems: Problems = [];
      if (((res.body as { deleted?: number }).deleted ?? 0) < 1) problems.push(`clear deleted nothing: ${JSON.stringify(res.body)}`);
      // What the user had when the clear was asked is gone. A staff-wide notice of another route may land just after
      // it, even dated before it (a notification is dated when its transaction began, and is seen when it commits).
      const left = ((mine.body as TNotificationList).results ?? []).filter((n) => notifiedBeforeClear.has(n.id));
      if (left.length !== 0) problems.push(`notifications left after clear: ${JSON.stringify(left)}`);
      const ids = ((shared.body as TNotificationList).results ?? []).map((n) => n.id);
      if (!ids.includes(p.own.notificationId)) problems.push(`clearing one user's notifications removed ${p.label}'s`);
      return problems;
    },
  },
};

/** The second session of each throwaway user of revokeOtherSessions (what the call must end). */
const otherSessionOf = new Map<string, Session>();

/** When the throwaway user of clearNotifications had its notification (what the clear must remove). */
let notifiedBeforeClear = new Set<number>();

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

useSeededWorld('authz-matrix', (made) => ({ ctx, world } = made));

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

const metadataOf = (r: ContractRoute) => r.route.metadata as TRouteMetadata | undefined;
/** Managers may call the route (it is not one of the agency-wide ones). */
const managersMay = (r: ContractRoute) => metadataOf(r)?.staff?.includes('manager') ?? true;
/** Read-only staff may call the route: it reads, or it acts on the caller's own account. */
const readOnlyMay = (r: ContractRoute) => r.route.method === 'GET' || metadataOf(r)?.personal === true;

/** Staff below owner on a staff route: refused by role, and the manager of B refused A's rows (as if missing). */
function staffRefusedCases(r: ContractRoute, rule: ParamRule | undefined): Case[] {
  const { a, managerA, managerB, readOnly } = world;
  const cases: Case[] = [];
  const as = (p: Persona, param: string | number | undefined, expect: Expectation): Case => ({ who: p.label, caller: { persona: p, session: p.session }, param, expect });
  if (!managersMay(r)) for (const m of [managerA, managerB]) cases.push(as(m, paramFor(world, rule, 'admin', a), denied(403, 'permission_denied')));
  if (!readOnlyMay(r)) cases.push(as(readOnly, paramFor(world, rule, 'admin', a), denied(403, 'permission_denied')));
  if (managersMay(r) && rule?.kind === 'tenant') {
    for (const id of [rule.pick(a.tenant, 'admin'), ...(rule.also?.(a.tenant) ?? [])]) {
      cases.push({ ...as(managerB, id, notFound(r.key)), who: "manager of B → client A's row" });
    }
  }
  return cases;
}

/** Staff below owner reading: the manager of A A's rows and lists, the manager of B lists, read-only staff all reads. */
function staffAllowedCases(r: ContractRoute, rule: ParamRule | undefined): Case[] {
  if (r.route.method !== 'GET' || DESTRUCTIVE[r.key]) return [];
  const { a, managerA, managerB, readOnly } = world;
  const ok: Expectation = { kind: 'allowed' };
  const callers: Persona[] = [];
  if (managersMay(r) && (!rule || rule.kind === 'tenant' || rule.kind === 'fixed')) callers.push(managerA);
  if (managersMay(r) && !rule) callers.push(managerB);
  if (!rule || rule.kind !== 'own') callers.push(readOnly);
  return callers.map((p) => ({ who: p.label, caller: { persona: p, session: p.session }, param: paramFor(world, rule, 'admin', a), expect: ok }));
}

/** What a member's permission covers: full access everything, the others their part (metadata.clientPermission). */
const permissionCovers = (r: ContractRoute, permission: 'content' | 'billing') => {
  const needed = metadataOf(r)?.clientPermission;
  return !needed || needed === permission;
};

/** Members of A's team: refused what their permission does not cover; reading A's rows that it does. */
function memberCases(r: ContractRoute, rule: ParamRule | undefined): { refused: Case[]; allowed: Case[] } {
  const { a, contentMemberA, billingMemberA } = world;
  const refused: Case[] = [];
  const allowed: Case[] = [];
  for (const m of [contentMemberA, billingMemberA]) {
    const call = { who: m.label, caller: { persona: m, session: m.session }, param: paramFor(world, rule, 'client', a) };
    if (!permissionCovers(r, m.permission)) refused.push({ ...call, expect: denied(403, 'permission_denied') });
    else if (r.route.method === 'GET' && !DESTRUCTIVE[r.key] && (!rule || rule.kind === 'tenant' || rule.kind === 'fixed')) {
      allowed.push({ ...call, expect: { kind: 'allowed' } });
    }
  }
  return { refused, allowed };
}

/** Calls that must be refused: run first, so a refusal that wrongly acted shows in the allowed calls after. */
function refusedCases(r: ContractRoute, allows: (role: Role) => boolean): Case[] {
  const rule = r.param ? PATH_PARAMS[r.key as ParamRouteKey] : undefined;
  const { admin, a, b } = world;
  const cases: Case[] = allows('admin') && !r.roles.includes('public') ? staffRefusedCases(r, rule) : [];
  if (allows('client') && !r.roles.includes('public')) cases.push(...memberCases(r, rule).refused);
  if (!r.roles.includes('public')) {
    cases.push({
      who: 'anonymous',
      caller: { persona: undefined, session: undefined },
      param: paramFor(world, rule, 'client', a),
      expect: denied(401, 'not_authenticated'),
    });
  }
  for (const p of [admin, a, b]) {
    if (allows(p.role)) continue;
    cases.push({ who: p.label, caller: { persona: p, session: p.session }, param: paramFor(world, rule, p.role, a), expect: denied(403, 'permission_denied') });
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
    cases.push({ who: 'anonymous', caller: { persona: undefined, session: undefined }, param: paramFor(world, rule, 'client', a), expect: ok });
  }
  const callers: Persona[] = [];
  if (allows('admin')) callers.push(admin);
  if (allows('client')) callers.push(a);
  // B is checked against A's rows above; on routes without a row it is a second caller of the role.
  if (allows('client') && (!rule || rule.kind === 'fixed')) callers.push(b);
  if (allows('admin') && !r.roles.includes('public')) cases.push(...staffAllowedCases(r, rule));
  if (allows('client') && !r.roles.includes('public')) cases.push(...memberCases(r, rule).allowed);
  for (const p of callers) {
    // A caller names its own row (`own`), or A's (`tenant`: A itself, or the admin who reaches every tenant).
    const owner = rule?.kind === 'own' ? p : a;
    cases.push({ who: p.label, caller: { persona: p, session: p.session }, param: paramFor(world, rule, p.role, owner), expect: ok });
    if (rule?.kind === 'tenant') {
      for (const id of rule.also?.(a.tenant) ?? []) cases.push({ who: `${p.label} (another row of A)`, caller: { persona: p, session: p.session }, param: id, expect: ok });
    }
  }
  return cases;
}

const send = (r: ContractRoute, c: Case): Promise<Response> => sendRoute(ctx, world, r, c.caller, c.param);

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
