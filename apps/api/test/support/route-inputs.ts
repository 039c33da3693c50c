/**
 * What a call of each contract route needs to get past validation: a row its path parameter names and a
 * valid body, for each caller. Shared by the authorization matrix and the input fuzz.
 */
import {
  DELETE_ACCOUNT_PHRASE,
  PACKAGE_CATALOG,
  type TBulkUpdateOrderLines,
  type TBulkApproveContent,
  type TBulkUpdateTasks,
  type TChangePassword,
  type TChoosePlan,
  type TClientContentForm,
  type TCreateContent,
  type TConfirmPayment,
  type TConfirmSetup,
  type TContact,
  type TCreateOrder,
  type TCreatePaymentIntent,
  type TInvoiceForm,
  type TRecordPayment,
  type TReversePayment,
  type TOAuthCallback,
  type TPromoCodeForm,
  type TApiKeyCreate,
  type TWebhookCreate,
  type TWebhookUpdate,
  type TRegister,
  type TSendMessage,
  type TSendToClient,
  type TTaskForm,
  type TUpdateOrderLine,
  type TUpdatePromoCode,
  type TIntakeSubmit,
  type TReviewDecision,
  type TReviewLinkDecision,
  type TValidatePromo,
  type TAgencyProfileForm,
  type TInviteStaff,
  type TInviteClientMember,
  type TUpdateClientMember,
  type TUpdateStaff,
} from '@agency/contract';
import { randomUUID } from 'node:crypto';
import { uniqueEmail, type Session } from './factories';
import type supertest from 'supertest';
import { concretePath, type ContractRoute, type ParamRouteKey, type RouteKey } from './contract-routes';
import { TEXT_FILE, type AgencyObjects, type ClientPersona, type Persona, type Role, type TenantObjects, type UserObjects, type World } from './authz/world';
import type { TestContext } from './test-app';

/**
 * The routes that still answer 501 not_implemented. Building one makes its row here fail: take it out of this
 * list and the matrix gives it the real expectation (2xx for its callers, 404 for another tenant's row).
 */
export const NOT_BUILT: ReadonlySet<RouteKey> = new Set<RouteKey>([]);

/** Stripe's test card that succeeds, as the sandbox's card form sends it. */
export const TEST_CARD = { card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } as const;

/** What a path parameter names. */
export type ParamRule =
  /** A row of client A. Client B asking for it gets 404; A and the admin (admins reach every tenant) get a 2xx. */
  | { kind: 'tenant'; pick: (a: TenantObjects, callerRole: Role) => number | string; also?: (a: TenantObjects) => (number | string)[] }
  /** A row of the caller itself (the admin too): each names its own; anyone naming another's gets 404. */
  | { kind: 'own'; pick: (o: UserObjects) => number }
  /** A row of the agency that belongs to no tenant (admin-only routes). */
  | { kind: 'agency'; pick: (g: AgencyObjects) => number }
  /** Not a row: the same value for every caller. */
  | { kind: 'fixed'; value: string }
  /** A row nothing can make before the route family is built; only allowed for a NOT_BUILT route. */
  | { kind: 'unseedable'; value: string };

const tenant = (pick: (a: TenantObjects, callerRole: Role) => number | string, also?: (a: TenantObjects) => (number | string)[]): ParamRule => ({
  kind: 'tenant',
  pick,
  ...(also ? { also } : {}),
});

export const PATH_PARAMS: Record<ParamRouteKey, ParamRule> = {
  'clients.getClient': tenant((a) => a.clientId),
  'clients.updateClient': tenant((a) => a.clientId),
  'clients.updatePaymentStatus': tenant((a) => a.clientId),
  // Archiving A's record would take A out of the other rows' routes: a client made for this.
  'clients.archiveClient': { kind: 'agency', pick: (g) => g.clientToArchiveId },
  // Signing tenant A's portal out would end the walk's own client sessions: the client to archive has no login.
  'clients.endClientPortalSessions': { kind: 'agency', pick: (g) => g.clientToArchiveId },
  // Restoring a live client changes nothing: tenant A's record.
  'clients.restoreClient': tenant((a) => a.clientId),
  // A client the agency added without a login: the first call invites it, the next ones send the invite again.
  'clients.inviteClientToPortal': { kind: 'agency', pick: (g) => g.clientToInviteId },
  'leads.updateLead': { kind: 'agency', pick: (g) => g.leadId },
  // The staff: a role change on a manager made for it, an invite sent again to someone who has not accepted yet,
  // and a removal of a member made for it.
  'admin.updateStaff': { kind: 'agency', pick: (g) => g.staffToChangeId },
  // A client's team: a member's permission changed, an invite sent again, a member removed (user ids).
  'team.updateClientMember': tenant((a) => a.memberToChangeId),
  'team.resendClientMemberInvite': tenant((a) => a.invitedMemberId),
  'team.removeClientMember': tenant((a) => a.memberToRemoveId),
  'admin.resendStaffInvite': { kind: 'agency', pick: (g) => g.invitedStaffId },
  // Signing out everywhere someone who never signed in: nobody else's session of the walk ends.
  'admin.endStaffSessions': { kind: 'agency', pick: (g) => g.invitedStaffId },
  'admin.removeStaff': { kind: 'agency', pick: (g) => g.staffToRemoveId },
  'leads.convertLead': { kind: 'agency', pick: (g) => g.leadToConvertId },
  'tasks.getTask': tenant((a) => a.taskId),
  'tasks.updateTask': tenant((a) => a.taskId),
  'tasks.deleteTask': tenant((a) => a.taskToDeleteId),
  'content.getContent': tenant(
    (a) => a.contentDraftId,
    (a) => [a.contentByAdminId],
  ),
  'content.updateContent': tenant((a) => a.contentDraftId),
  // The client and the staff each submit a draft of their own (a draft is submitted once).
  'content.submitContent': tenant((a, role) => (role === 'admin' ? a.contentToSubmitByStaffId : a.contentToSubmitId)),
  'content.deleteContent': tenant((a) => a.contentToDeleteId),
  // The matrix holds no signed media address (its answer is 404 for everyone); content-staff-workflow.test.ts tests them.
  'content.getContentMedia': { kind: 'fixed', value: '1' },
  'profile.getAvatar': { kind: 'fixed', value: '1' },
  'content.approveContent': tenant((a) => a.contentToApproveId),
  'content.listContentReviews': tenant((a) => a.contentForClientReviewId),
  'content.reviewContentAsClient': tenant((a) => a.contentForClientReviewId),
  'content.sendReviewLink': tenant((a) => a.contentForReviewLinkId),
  'content.listContentComments': tenant((a) => a.contentDraftId),
  'content.createContentComment': tenant((a) => a.contentDraftId),
  'content.listMentionable': tenant((a) => a.contentDraftId),
  'content.rejectContent': tenant((a) => a.contentToRejectId),
  'analytics.getClientReport': tenant((a) => a.clientId),
  'analytics.downloadClientReport': tenant((a) => a.clientId),
  'analytics.getReportSchedule': tenant((a) => a.clientId),
  'analytics.setReportSchedule': tenant((a) => a.clientId),
  // Sandbox accounts the world connects through OAuth. A manual sync is refused for a minute after the last
  // one, so the admin and the client each sync an account of their own.
  'socialAccounts.disconnectSocialAccount': tenant((a) => a.socialAccountToDisconnectId),
  'socialAccounts.syncSocialAccount': {
    kind: 'tenant',
    pick: (a, role) => (role === 'admin' ? a.socialAccountSyncedByAdminId : a.socialAccountId),
  },
  'socialAccounts.getSocialAccountStatus': tenant((a) => a.socialAccountId),
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
  'invoices.listInvoicePayments': tenant((a) => a.invoiceForPaymentsId),
  'invoices.recordInvoicePayment': tenant((a) => a.invoiceForPaymentsId),
  'invoices.reverseInvoicePayment': tenant((a) => a.paymentToReverseId),
  'invoices.sendInvoiceReminder': tenant((a) => a.invoiceId),
  'invoices.downloadInvoicePdf': tenant((a) => a.invoiceId),
  'invoices.payInvoice': tenant((a) => a.invoiceId),
  'invoices.payInvoiceWithCard': tenant((a) => a.invoiceForCardId),
  'notifications.markNotificationRead': { kind: 'own', pick: (o) => o.notificationId },
  'notifications.deleteNotification': { kind: 'own', pick: (o) => o.notificationToDeleteId },
  'sessions.revokeSession': { kind: 'own', pick: (o) => o.sessionToRevokeId },
  'passkeys.renamePasskey': { kind: 'own', pick: (o) => o.passkeyId },
  'passkeys.removePasskey': { kind: 'own', pick: (o) => o.passkeyToRemoveId },
  'files.downloadFile': tenant(
    (a) => a.fileId,
    (a) => [a.fileByAdminId],
  ),
  // :id is the payment provider's id of a saved card (pm_...).
  'billing.setDefaultPaymentMethod': tenant((a) => a.cardId),
  'billing.deletePaymentMethod': tenant((a) => a.cardToDeleteId),
  'orders.getOrder': tenant((a) => a.orderId),
  'orders.updateOrderLine': tenant((a) => a.orderLineId),
  'orders.requestRefill': tenant((a) => a.orderLineId),
  'orders.updatePromoCode': { kind: 'agency', pick: (g) => g.promoCodeId },
  'intake.getIntakeForm': tenant((a) => a.orderIntakeId),
  // The client sends the subscription's form; staff start the order's without it (each can be decided once).
  'intake.submitIntakeForm': tenant((a) => a.subscriptionIntakeId),
  'intake.skipIntakeForm': tenant((a) => a.orderIntakeId),
  'apiKeys.listApiKeyUses': { kind: 'agency', pick: (g) => g.apiKeyId },
  // Revoking the matrix's key is harmless: nothing else uses it.
  'apiKeys.revokeApiKey': { kind: 'agency', pick: (g) => g.apiKeyId },
  'webhooks.updateWebhook': { kind: 'agency', pick: (g) => g.webhookId },
  'webhooks.deleteWebhook': { kind: 'agency', pick: (g) => g.webhookToDeleteId },
  'webhooks.listWebhookDeliveries': { kind: 'agency', pick: (g) => g.webhookId },
  'webhooks.sendTestWebhook': { kind: 'agency', pick: (g) => g.webhookId },
  'webhooks.redeliverWebhook': { kind: 'agency', pick: (g) => g.webhookDeliveryId },
};

/** Who makes the call: the persona whose rows and role the body is built for, and the session it uses. */
export interface Caller {
  persona: Persona | undefined;
  session: Session | undefined;
}

export type BodyOf = (caller: Caller, w: World) => object;

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
export const tenantOf = (persona: Persona | undefined, w: World): TenantObjects =>
  persona && 'tenant' in persona ? (persona as ClientPersona).tenant : w.a.tenant;

/** A valid body for each route that takes one, so a caller who may call the route gets past validation. */
/** A passkey's answer of the right shape that no passkey made (the matrix holds no authenticator for these routes). */
const MATRIX_WEBAUTHN_RESPONSE = { id: 'bWF0cml4', rawId: 'bWF0cml4', type: 'public-key', response: {}, clientExtensionResults: {} };

export const BODIES: Partial<Record<RouteKey, BodyOf>> = {
  'auth.login': (_c, w) => ({ email: w.a.session.user.email, password: w.a.session.password }),
  'auth.register': (): TRegister => ({ email: uniqueEmail('visitor'), password: 'Passw0rd!long', name: 'Vic Visitor', role: 'client' }),
  'auth.updateMe': () => ({ company: 'Renamed Co' }),
  'passkeys.startPasskeyRegistration': ({ session }) => ({ password: session?.password ?? 'not-signed-in' }),
  'passkeys.finishPasskeyRegistration': () => ({ registration: `pkr_${'x'.repeat(43)}`, response: MATRIX_WEBAUTHN_RESPONSE }),
  'passkeys.renamePasskey': () => ({ name: 'Renamed by the matrix' }),
  // A wrong password: removing succeeds in passkeys.test.ts; here it would end the caller's other sessions mid-run.
  'passkeys.removePasskey': () => ({ password: 'not-the-password' }),
  'passkeys.passkeySignIn': () => ({ challenge: `pks_${'x'.repeat(43)}`, response: MATRIX_WEBAUTHN_RESPONSE }),
  'passkeys.secondFactorPasskeyOptions': () => ({ challenge: `sfc_${'x'.repeat(43)}` }),
  'passkeys.verifySecondFactorPasskey': () => ({ challenge: `sfc_${'x'.repeat(43)}`, response: MATRIX_WEBAUTHN_RESPONSE }),
  'clients.updateMyBillingDetails': () => ({ billing_address: '1 Matrix Way\nTestville', tax_id: 'MX-123' }),
  'auth.changePassword': ({ session }): TChangePassword => ({
    current_password: session?.password ?? 'not-signed-in',
    new_password: 'An0ther-passw0rd',
  }),
  'admin.deleteAdminAccount': () => ({ confirmation: DELETE_ACCOUNT_PHRASE }),
  'agency.updateAgencyProfile': (): TAgencyProfileForm => ({ name: 'Matrix Agency', email: 'hello@matrix.example', invoice_prefix: 'INV-' }),
  'admin.inviteStaff': (): TInviteStaff => ({ email: uniqueEmail('invitee'), first_name: 'Ivy', last_name: 'Invitee', staff_role: 'manager' }),
  'admin.updateStaff': (): TUpdateStaff => ({ staff_role: 'read_only' }),
  'team.inviteClientMember': (): TInviteClientMember => ({ email: uniqueEmail('member'), name: 'Mia Member', permission: 'content' }),
  'team.updateClientMember': (): TUpdateClientMember => ({ permission: 'billing' }),
  'auth.openInvite': () => ({ token: `inv_${'x'.repeat(43)}` }),
  'twoFactor.verifySecondFactor': () => ({ challenge: `sfc_${'x'.repeat(43)}`, code: '123456' }),
  'twoFactor.startTotpEnrolment': ({ session }) => ({ password: session?.password ?? 'not-signed-in' }),
  'twoFactor.confirmTotpEnrolment': () => ({ enrolment: `tfe_${'x'.repeat(43)}`, code: '123456' }),
  'twoFactor.regenerateRecoveryCodes': () => ({ code: '123456' }),
  'twoFactor.disableTotp': ({ session }) => ({ password: session?.password ?? 'not-signed-in', code: '123456' }),
  // Turning the policy on would send every staff persona of the matrix to enrolment: off (two-factor.test.ts turns it on).
  'twoFactor.updateSecurityPolicy': () => ({ require_staff_two_factor: false }),
  'auth.acceptInvite': () => ({ token: `inv_${'x'.repeat(43)}`, password: 'A-long-passphrase' }),
  'account.requestPasswordReset': () => ({ email: uniqueEmail('forgot') }),
  'account.openAccountLink': () => ({ token: `pwr_${'x'.repeat(43)}` }),
  'account.resetPassword': () => ({ token: `pwr_${'x'.repeat(43)}`, new_password: 'A-long-passphrase' }),
  'account.verifyEmail': () => ({ token: `evf_${'x'.repeat(43)}` }),
  'account.requestEmailChange': ({ session }) => ({ new_email: uniqueEmail('moving'), current_password: session?.password ?? 'not-signed-in' }),
  'account.confirmEmailChange': () => ({ token: `emc_${'x'.repeat(43)}` }),
  'account.undoEmailChange': () => ({ token: `emu_${'x'.repeat(43)}` }),
  'clients.createClient': () => ({ name: 'Matrix Brand', email: uniqueEmail('brand'), company: 'Brand Co', monthly_fee: 900 }),
  // Tenant A subscribes to a plan and owes invoices: its fee, dates and payment status follow billing and its
  // invoices (a differing value is a 409), so the matrix sends values that agree with them.
  'clients.updateClient': () => ({ approval_mode: 'internal_then_client' }),
  'clients.updatePaymentStatus': () => ({ payment_status: 'pending' }),
  'analytics.setReportSchedule': () => ({ enabled: true }),
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
  'content.createContent': ({ persona }, w): TCreateContent | TClientContentForm =>
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
  'invoices.payInvoiceWithCard': () => ({}),
  'invoices.recordInvoicePayment': (): TRecordPayment => ({ amount: 1, paid_on: new Date().toISOString().slice(0, 10), method: 'cash' }),
  'invoices.reverseInvoicePayment': (): TReversePayment => ({ reason: 'Booked on the wrong invoice' }),
  'notifications.updateNotificationPreferences': () => ({ weekly_reports: false }),
  'files.uploadFile': () => ({ name: 'matrix.txt' }),
  'billing.createSubscription': (): TChoosePlan => ({ price_id: 'price_pro_monthly', plan_name: 'Pro' }),
  'billing.previewPlanChange': (): TChoosePlan => ({ price_id: 'price_starter_monthly', plan_name: 'Starter' }),
  'billing.changePlan': (): TChoosePlan => ({ price_id: 'price_premium_monthly', plan_name: 'Premium' }),
  'billing.cancelSubscription': () => ({ at_period_end: true }),
  'billing.createPaymentIntent': ({ persona }, w): TCreatePaymentIntent => ({ invoice_id: tenantOf(persona, w).invoiceId }),
  'billing.confirmPayment': ({ persona }, w): TConfirmPayment => ({
    payment_intent_id: tenantOf(persona, w).paymentIntentId,
    ...TEST_CARD,
  }),
  'billing.confirmSetup': ({ persona }, w): TConfirmSetup => ({ setup_intent_id: tenantOf(persona, w).setupIntentId, ...TEST_CARD }),
  'billing.handleBillingWebhook': () => ({ type: 'ping' }),
  'orders.validatePromo': (): TValidatePromo => ({ code: 'MATRIX10', subtotal: 100 }),
  'orders.createOrder': (): TCreateOrder => ({ lines: [{ package_id: PACKAGE_CATALOG[0]!.id, quantity: 1, target: '@matrix' }] }),
  'orders.updateOrderLine': (): TUpdateOrderLine => ({ status: 'partial' }),
  'orders.bulkUpdateOrderLines': (_c, w): TBulkUpdateOrderLines => ({ line_ids: [w.a.tenant.orderLineId], status: 'in_progress' }),
  'orders.createPromoCode': (): TPromoCodeForm => ({ code: `M${randomUUID().slice(0, 8)}`, amount_off: 5 }),
  'orders.updatePromoCode': (): TUpdatePromoCode => ({ active: true }),
  'content.reviewContentAsClient': (): TReviewDecision => ({ decision: 'approve' }),
  'content.createContentComment': () => ({ body: 'Matrix comment', visibility: 'shared' }),
  'content.openReviewLink': () => ({ token: 'rvw_matrixMatrixMatrixMatrixMatrix' }),
  'content.decideReviewLink': (): TReviewLinkDecision => ({ token: 'rvw_matrixMatrixMatrixMatrixMatrix', decision: 'approve' }),
  'intake.submitIntakeForm': (): TIntakeSubmit => ({ handle: '@matrix', goals: 'More reach', audience: 'Cyclists' }),
  // A public address literal: no DNS lookup in the test.
  'webhooks.createWebhook': (): TWebhookCreate => ({ url: 'https://93.184.216.34/matrix', events: ['client.created'] }),
  'webhooks.updateWebhook': (): TWebhookUpdate => ({ description: 'Matrix' }),
  'apiKeys.createApiKey': (): TApiKeyCreate => ({ name: 'Matrix', scopes: { tasks: 'write' }, expires_in_days: null }),
  'oauth.completeOAuth': (): TOAuthCallback => ({ code: 'matrix-code', state: 'matrix-state' }),
};

/** The parameter a caller of `role` uses to name `owner`'s row. */
export function paramFor(world: World, rule: ParamRule | undefined, role: Role, owner: Persona): string | number | undefined {
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


/** A 1×1 PNG: an avatar to upload. */
export const PNG_PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Calls a contract route as the caller, naming `param`, with its valid body (BODIES; an upload attaches a text file). */
export function sendRoute(ctx: TestContext, world: World, r: ContractRoute, caller: Caller, param: string | number | undefined): Promise<supertest.Response> {
  const method = r.route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let req = ctx.request()[method](concretePath(r, param));
  if (caller.session) req = req.set(caller.session.auth);
  const body = BODIES[r.key]?.(caller, world);
  if (r.key === 'profile.uploadAvatar') return req.attach('file', PNG_PIXEL, 'avatar.png');
  if (r.key === 'files.uploadFile') {
    for (const [name, value] of Object.entries(body ?? {})) req = req.field(name, String(value));
    return req.attach('file', TEXT_FILE, 'matrix.txt');
  }
  return body === undefined ? req : req.send(body);
}
