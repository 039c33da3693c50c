import {
  DEFAULT_CLIENT_PACKAGE,
  DEFAULT_MONTHLY_FEE,
  type TClient,
  type TRevokedSessions,
  type TClientFormParsed,
  type TClientSummary,
  type TClientListQuery,
  type TPaginationQuery,
  type TUpdatePaymentStatus,
} from '@agency/contract';
import { ALL_CLIENTS, clientScope, userIdOf, type Actor } from '../../core/actor';
import { isRealDate, utcDate } from '../../core/clock';
import { AppError } from '../../core/errors';
import { toMoney, toNumeric } from '../../core/money';
import { likePattern, pageOf, pageWindow, type Page } from '../../core/paging';
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';
import { createInvitedAccount, endEverySessionOf, endSessions, findUserRoleAndClient, loginsOfClient, unusablePasswordHash } from '../auth';
import * as q from './clients.queries';
import { resolveStaffPick } from '../admin';
import { changedFields, recordAudit } from '../audit';
import { emit, transact } from '../../events/outbox';
import type { DomainEventMap } from '../../events/catalog';

type ListQuery = TPaginationQuery & Omit<TClientListQuery, 'page' | 'page_size'> & { ordering: string };
type UpdateInput = Partial<TClientFormParsed>;

export function toClientDto(row: q.ClientRow, totalSpent: string | number = 0): TClient {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    package: row.package,
    monthly_fee: toMoney(row.monthlyFee),
    platforms: row.platforms ?? [],
    status: row.status,
    payment_status: row.paymentStatus,
    payment_status_follows_invoices: row.paymentStatusFollowsInvoices,
    unpaid_invoices: Number(row.unpaidInvoices),
    account_manager: row.accountManager ? row.accountManager : null,
    account_manager_id: row.accountManagerUserId,
    total_spent: toMoney(totalSpent),
    next_payment: row.nextPayment ?? null,
    plan_name: row.planName,
    user_id: row.userId,
    user_first_name: row.userId ? row.userFirstName : null,
    user_last_name: row.userId ? row.userLastName : null,
    user_email: row.userId ? row.userEmail : null,
    user_avatar: row.userId ? (row.userAvatar ?? null) : null,
    portal_invite_pending: row.userId ? row.userInvitePending === true : false,
    created_at: row.createdAt.toISOString(),
    archived_at: row.archivedAt ? row.archivedAt.toISOString() : null,
    approval_mode: row.approvalMode,
    billing_address: row.billingAddress,
    tax_id: row.taxId,
  };
}

/** The regex of the form accepts 2025-02-30; the calendar does not. */
function checkCalendarDate(value: string | null | undefined) {
  if (value === null || value === undefined) return;
  if (!isRealDate(value)) {
    throw new AppError('validation_error', 'Invalid body: next_payment: Enter a valid date', {
      next_payment: ['Enter a valid date'],
    });
  }
}

async function checkEmailFree(db: Db, email: string | undefined, exceptId?: number) {
  if (email === undefined) return;
  if (await q.findLiveClientByEmail(db, email, exceptId)) {
    throw new AppError('conflict', 'A client with this email already exists.', { email: ['already exists'] });
  }
}

/** A login can be linked only when it exists, is a client login, and is not linked to another client. */
async function checkUserLink(db: Db, userId: number | null | undefined, exceptClientId?: number) {
  if (userId === null || userId === undefined) return;
  const user = await findUserRoleAndClient(db, userId);
  if (!user || user.role !== 'client') {
    throw new AppError('bad_request', 'The user to link must be an existing client login.', {
      user_id: ['Not a client login'],
    });
  }
  if (user.clientId && user.clientId !== exceptClientId) {
    throw new AppError('conflict', 'This login is already linked to another client.', { user_id: ['already linked'] });
  }
}

/**
 * Logins that were linked to or unlinked from a client: what their tokens grant changed, so their sockets close
 * (the browser reconnects with the new access) and no instance serves them from its session cache.
 */
async function loginsChangedClient(tx: AppDeps, userIds: (number | null | undefined)[]) {
  for (const userId of new Set(userIds)) {
    if (typeof userId === 'number') await endSessions(tx, { userId, tokenIds: null, reason: 'access_changed' });
  }
}

/** The client's row as the caller may see it, with its payment status as of today. */
function findClientRow(deps: AppDeps, actor: Actor, id: number): Promise<q.ClientRow | undefined> {
  return q.findClient(deps.db, clientScope(actor), id, utcDate(deps.now()));
}

async function loadClient(deps: AppDeps, actor: Actor, id: number): Promise<TClient> {
  const row = await findClientRow(deps, actor, id);
  if (!row) throw new AppError('not_found', 'Client not found.');
  const totals = await q.paidTotals(deps.db, [id]);
  return toClientDto(row, totals.get(id) ?? 0);
}

export function getClient(deps: AppDeps, actor: Actor, id: number): Promise<TClient> {
  return loadClient(deps, actor, id);
}

/**
 * The agency's own payment mark applies only to a client without invoices. A client with invoices is paid, pending or
 * overdue as its invoices are (invoices' rule): a mark that says otherwise is refused, naming what to do instead.
 */
function checkPaymentMark(client: q.ClientRow, requested: q.ClientRow['paymentStatus'] | undefined) {
  if (requested === undefined || !client.paymentStatusFollowsInvoices || requested === client.paymentStatus) return;
  const owed = Number(client.unpaidInvoices);
  const message =
    owed > 0
      ? `${client.name} still owes ${owed === 1 ? 'an invoice' : `${owed} invoices`}. Record the payment on the invoice itself (Invoices → Mark as Paid); the client's payment status follows their invoices.`
      : `${client.name}'s invoices are all paid, so their payment status is paid: it follows their invoices.`;
  throw new AppError('conflict', message, { payment_status: [message] });
}

const notReassignable = () =>
  new AppError('permission_denied', 'Only an owner can reassign a client.', { account_manager_id: ['Only an owner can reassign a client.'] });

/**
 * The account manager a create or an update sets, if it sets one. Owners pick anyone of the staff (by id, or by a
 * name linked when exactly one staff account carries it); a manager's new client is theirs, and a manager cannot
 * hand a client to someone else.
 */
async function accountManagerValues(
  db: Db,
  actor: Actor,
  input: Pick<UpdateInput, 'account_manager' | 'account_manager_id'>,
  current: q.ClientRow | undefined,
): Promise<Pick<q.ClientInsert, 'accountManager' | 'accountManagerUserId'> | undefined> {
  const scope = clientScope(actor);
  if (scope.kind === 'managed') {
    const asked = input.account_manager_id;
    if (asked !== undefined && asked !== (current?.accountManagerUserId ?? scope.managerId)) throw notReassignable();
    if (current) return undefined;
    const me = await resolveStaffPick(db, '', scope.managerId, { field: 'account_manager_id', detail: 'Choose a member of the agency’s staff.' });
    return { accountManager: me.name, accountManagerUserId: me.userId };
  }
  if (input.account_manager_id === undefined && input.account_manager === undefined) return undefined;
  const pick = await resolveStaffPick(db, input.account_manager ?? '', input.account_manager_id, {
    field: 'account_manager_id',
    detail: 'The account manager must be a member of the agency’s staff.',
  });
  return { accountManager: pick.userId === null && input.account_manager_id === null ? '' : pick.name, accountManagerUserId: pick.userId };
}

/** The managers who gain or lose a client reconnect their sockets, which then carry the new reach. */
async function managersChanged(deps: AppDeps, before: number | null | undefined, after: number | null | undefined) {
  if (after === undefined || before === after) return;
  for (const userId of [before, after]) {
    if (typeof userId === 'number') await endSessions(deps, { userId, tokenIds: null, reason: 'access_changed' });
  }
}

export async function listClients(deps: AppDeps, actor: Actor, query: ListQuery): Promise<Page<TClient>> {
  const { limit, offset } = pageWindow(query);
  const scope = clientScope(actor);
  const params: q.ClientListParams = {
    managerId: scope.kind === 'managed' ? scope.managerId : undefined,
    status: query.status,
    paymentStatus: query.payment_status,
    includeArchived: query.include_archived === true,
    archivedOnly: query.archived === true,
    hasLogin: typeof query.has_login === 'boolean' ? query.has_login : undefined,
    pattern: query.search ? likePattern(query.search) : undefined,
    ordering: query.ordering,
    today: utcDate(deps.now()),
    limit,
    offset,
  };
  const [total, rows] = await Promise.all([q.countClients(deps.db, params), q.listClients(deps.db, params)]);
  const totals = await q.paidTotals(
    deps.db,
    rows.map((r) => r.id),
  );
  return pageOf(total, rows.map((r) => toClientDto(r, totals.get(r.id) ?? 0)));
}

export async function getSummary(deps: AppDeps, actor: Actor): Promise<TClientSummary> {
  const s = await q.clientSummary(deps.db, clientScope(actor), utcDate(deps.now()));
  return { total: s.total, active: s.active, monthly_revenue: toMoney(s.monthlyRevenue), overdue: s.overdue };
}

/** Creates a client (in the caller's transaction when `deps.db` is one: converting a lead does). */
export async function createClient(deps: AppDeps, actor: Actor, input: TClientFormParsed): Promise<TClient> {
  const db = deps.db;
  checkCalendarDate(input.next_payment);
  await checkEmailFree(db, input.email);
  await checkUserLink(db, input.user_id);
  const manager = await accountManagerValues(db, actor, input, undefined);
  // In a transaction of its own: a create under an Idempotency-Key is marked in its commit.
  const id = await transact(deps, async (tx) => {
    const created = await q.insertClient(tx.db, {
      name: input.name,
      email: input.email,
      company: input.company,
      package: input.package,
      monthlyFee: toNumeric(input.monthly_fee),
      platforms: [...new Set(input.platforms)],
      status: input.status,
      paymentStatus: input.payment_status,
      ...manager,
      nextPayment: input.next_payment ?? null,
      userId: input.user_id ?? null,
      ...(input.approval_mode ? { approvalMode: input.approval_mode } : {}),
      billingAddress: input.billing_address ?? null,
      taxId: input.tax_id ?? null,
    });
    await loginsChangedClient(tx, [input.user_id]);
    await managersChanged(tx, null, manager?.accountManagerUserId);
    await emit(tx, 'client.created', { clientId: created, name: input.name, email: input.email, company: input.company, package: input.package });
    await recordAudit(tx, actor, {
      action: 'client.created',
      object: { type: 'client', id: created, label: input.name, clientId: created },
      changes: { email: input.email, company: input.company, package: input.package, monthly_fee: toMoney(toNumeric(input.monthly_fee)), status: input.status },
    });
    return created;
  });
  return loadClient(deps, actor, id);
}

/** The client record of a client login that signs up (inside the sign-up's transaction): pending, on the default plan. */
export async function createSignUpClient(txDeps: AppDeps, account: { userId: number; name: string; email: string; company: string }): Promise<number> {
  const clientId = await q.insertClient(txDeps.db, {
    name: account.name,
    email: account.email,
    company: account.company,
    package: DEFAULT_CLIENT_PACKAGE,
    monthlyFee: String(DEFAULT_MONTHLY_FEE),
    status: 'pending',
    paymentStatus: 'pending',
    userId: account.userId,
  });
  await emit(txDeps, 'client.created', { clientId, name: account.name, email: account.email, company: account.company, package: DEFAULT_CLIENT_PACKAGE });
  return clientId;
}

/**
 * A client who subscribes to a plan in the portal pays what billing says: its package, fee, status and next payment
 * follow the subscription (applySubscription). An edit that would say otherwise is refused, field by field.
 */
function checkPlanFollowsBilling(client: q.ClientRow, input: UpdateInput) {
  if (!client.planName) return;
  const differs: Record<string, boolean> = {
    package: input.package !== undefined && input.package !== client.package,
    monthly_fee: input.monthly_fee !== undefined && Number(input.monthly_fee) !== Number(client.monthlyFee),
    status: input.status !== undefined && input.status !== client.status,
    next_payment: input.next_payment !== undefined && (input.next_payment ?? null) !== client.nextPayment,
  };
  const fields = Object.keys(differs).filter((field) => differs[field]);
  if (fields.length === 0) return;
  const message = `${client.name} subscribes to the ${client.planName} plan in the portal: the package, fee, status and next payment follow that subscription.`;
  throw new AppError('conflict', message, Object.fromEntries(fields.map((field) => [field, [message]])));
}

/** The fields of a client an edit shows in the audit log as before → after. */
const CLIENT_AUDITED_FIELDS = [
  'name',
  'email',
  'company',
  'package',
  'monthly_fee',
  'platforms',
  'status',
  'payment_status',
  'account_manager',
  'next_payment',
  'user_id',
  'approval_mode',
  'billing_address',
  'tax_id',
] as const satisfies readonly (keyof TClient)[];

export async function updateClient(deps: AppDeps, actor: Actor, { id, changes: input }: { id: number; changes: UpdateInput }): Promise<TClient> {
  checkCalendarDate(input.next_payment);
  const before = await findClientRow(deps, actor, id);
  if (!before) throw new AppError('not_found', 'Client not found.');
  checkPaymentMark(before, input.payment_status);
  checkPlanFollowsBilling(before, input);
  const manager = await accountManagerValues(deps.db, actor, input, before);
  await checkEmailFree(deps.db, input.email, id);
  await checkUserLink(deps.db, input.user_id, id);
  const values: Partial<q.ClientInsert> = { updatedAt: deps.now() };
  if (input.name !== undefined) values.name = input.name;
  if (input.email !== undefined) values.email = input.email;
  if (input.company !== undefined) values.company = input.company;
  if (input.package !== undefined) values.package = input.package;
  if (input.monthly_fee !== undefined) values.monthlyFee = toNumeric(input.monthly_fee);
  if (input.platforms !== undefined) values.platforms = [...new Set(input.platforms)];
  if (input.status !== undefined) values.status = input.status;
  if (input.payment_status !== undefined) values.paymentStatus = input.payment_status;
  if (manager) Object.assign(values, manager);
  if (input.next_payment !== undefined) values.nextPayment = input.next_payment;
  if (input.user_id !== undefined) values.userId = input.user_id;
  if (input.approval_mode !== undefined) values.approvalMode = input.approval_mode;
  if (input.billing_address !== undefined) values.billingAddress = input.billing_address;
  if (input.tax_id !== undefined) values.taxId = input.tax_id;
  const relinked = input.user_id !== undefined && input.user_id !== before.userId;
  const updated = await transact(deps, async (tx) => {
    const ok = await q.updateClient(tx.db, clientScope(actor), id, values);
    if (ok && relinked) await loginsChangedClient(tx, [before.userId, input.user_id]);
    if (ok) await managersChanged(tx, before.accountManagerUserId, manager?.accountManagerUserId);
    const after = ok ? await findClientRow(tx, actor, id) : undefined;
    if (after) {
      await recordAudit(tx, actor, {
        action: 'client.updated',
        object: { type: 'client', id, label: after.name, clientId: id },
        changes: changedFields(toClientDto(before), toClientDto(after), CLIENT_AUDITED_FIELDS),
      });
    }
    return ok;
  });
  if (!updated) throw new AppError('not_found', 'Client not found.');
  return loadClient(deps, actor, id);
}

/**
 * Invite to portal: a client the agency added (no login yet) gets its own login at its e-mail, with a password nobody
 * knows, and the invite e-mail whose one-time link (/welcome) sets it. The client's record links the login. Asked
 * again while that invite waits, the invite is sent again; once the client signs in, there is nothing to invite.
 */
/**
 * POST /clients/:id/end-sessions/: staff who reach the client sign its portal logins (its own and its team members')
 * out everywhere; their passwords still work. Audited on the client.
 */
export async function endClientPortalSessions(deps: AppDeps, actor: Actor, id: number): Promise<TRevokedSessions> {
  const client = await findClientRow(deps, actor, id);
  if (!client) throw new AppError('not_found', 'Client not found.');
  const ended = await transact(deps, async (tx) => {
    let count = 0;
    for (const userId of await loginsOfClient(tx.db, id)) count += await endEverySessionOf(tx, userId);
    await recordAudit(tx, actor, { action: 'client.portal_sessions_ended', object: { type: 'client', id, label: client.name, clientId: id }, changes: { sessions: count } });
    return count;
  });
  const detail = ended === 0 ? 'Nobody was signed in to this portal.' : `Signed out of ${ended} session${ended === 1 ? '' : 's'}.`;
  return { detail, revoked: ended };
}

export async function inviteClientToPortal(deps: AppDeps, actor: Actor, id: number): Promise<TClient> {
  const client = await findClientRow(deps, actor, id);
  if (!client) throw new AppError('not_found', 'Client not found.');
  if (client.archivedAt) throw new AppError('conflict', `${client.name} is archived: restore the client first.`);
  if (client.userId) {
    if (!client.userInvitePending) throw new AppError('conflict', `${client.name} already signs in to the portal (${client.userEmail ?? client.email}).`);
    // Invited already and not in yet: the invite goes again, with a fresh link.
    const loginId = client.userId;
    await transact(deps, async (tx) => {
      await emit(tx, 'invite.sent', { userId: loginId, invitedBy: userIdOf(actor) ?? loginId, reminder: true });
      await recordAudit(tx, actor, { action: 'client.portal_invite_resent', object: { type: 'client', id, label: client.name, clientId: id }, changes: { email: client.userEmail ?? client.email } });
    });
    return loadClient(deps, actor, id);
  }
  const passwordHash = await unusablePasswordHash(deps);
  const [firstName = '', ...rest] = client.name.trim().split(/\s+/);
  await transact(deps, async (tx) => {
    const userId = await createInvitedAccount(tx, userIdOf(actor) ?? 0, {
      email: client.email,
      firstName,
      lastName: rest.join(' '),
      role: 'client',
      staffRole: null,
      company: client.company,
      passwordHash,
    });
    await q.updateClient(tx.db, clientScope(actor), id, { userId, updatedAt: tx.now() });
    await recordAudit(tx, actor, { action: 'client.portal_invited', object: { type: 'client', id, label: client.name, clientId: id }, changes: { email: client.email } });
  });
  return loadClient(deps, actor, id);
}

/**
 * Restores an archived client: it is listed, billed and reachable again, with everything it had. Its e-mail must
 * not have been taken by a live client meanwhile (two live clients never share one).
 */
export async function restoreClient(deps: AppDeps, actor: Actor, id: number): Promise<TClient> {
  const client = await findClientRow(deps, actor, id);
  if (!client) throw new AppError('not_found', 'Client not found.');
  if (client.archivedAt) {
    if (await q.findLiveClientByEmail(deps.db, client.email, id)) {
      throw new AppError('conflict', `Another client uses ${client.email} now: change that client's e-mail first, then restore ${client.name}.`);
    }
    await transact(deps, async (tx) => {
      await q.restoreClient(tx.db, clientScope(actor), id, tx.now());
      await recordAudit(tx, actor, { action: 'client.restored', object: { type: 'client', id, label: client.name, clientId: id } });
    });
  }
  return loadClient(deps, actor, id);
}

/**
 * The client's plan subscription, as billing reports it, becomes its record: while it runs the client is active on
 * that plan's price, due again at the renewal (none once it is set to end); paused by the client, or ended, the client
 * is paused (with no next payment while paused).
 */
export async function applySubscription(deps: AppDeps, e: DomainEventMap['subscription.changed']): Promise<void> {
  const values: Partial<q.ClientInsert> =
    e.change === 'ended'
      ? { planName: null, nextPayment: null, status: 'paused' }
      : { planName: e.planName, monthlyFee: toNumeric(e.price), status: e.paused ? 'paused' : 'active', nextPayment: e.renews ? e.periodEnd : null };
  await q.updateClient(deps.db, ALL_CLIENTS, e.clientId, { ...values, updatedAt: deps.now() });
}

export async function archiveClient(deps: AppDeps, actor: Actor, id: number): Promise<void> {
  await transact(deps, async (tx) => {
    const client = await findClientRow(tx, actor, id);
    if (!client || !(await q.archiveClient(tx.db, clientScope(actor), id, tx.now()))) throw new AppError('not_found', 'Client not found.');
    await recordAudit(tx, actor, { action: 'client.archived', object: { type: 'client', id, label: client.name, clientId: id } });
    await emit(tx, 'client.archived', { clientId: id });
  });
}

export async function updatePaymentStatus(
  deps: AppDeps,
  actor: Actor,
  { id, payment_status }: TUpdatePaymentStatus & { id: number },
): Promise<TClient> {
  const client = await findClientRow(deps, actor, id);
  if (!client) throw new AppError('not_found', 'Client not found.');
  checkPaymentMark(client, payment_status);
  await transact(deps, async (tx) => {
    await q.updateClient(tx.db, clientScope(actor), id, { paymentStatus: payment_status, updatedAt: tx.now() });
    await recordAudit(tx, actor, {
      action: 'client.payment_status_changed',
      object: { type: 'client', id, label: client.name, clientId: id },
      changes: changedFields({ payment_status: client.paymentStatus }, { payment_status }, ['payment_status']),
    });
  });
  return loadClient(deps, actor, id);
}
