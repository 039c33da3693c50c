import type {
  TClient,
  TClientFormParsed,
  TClientSummary,
  TClientListQuery,
  TPaginationQuery,
  TUpdatePaymentStatus,
} from '@agency/contract';
import type { Actor } from '../../core/actor';
import { isRealDate } from '../../core/clock';
import { AppError } from '../../core/errors';
import { toMoney, toNumeric } from '../../core/money';
import { likePattern, pageOf, pageWindow, type Page } from '../../core/paging';
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';
import { findUserRoleAndClient } from '../auth/auth.queries';
import { endSessions } from '../auth/session-cache';
import * as q from './clients.queries';
import { emit, transact } from '../../events/outbox';

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
    account_manager: row.accountManager ? row.accountManager : null,
    total_spent: toMoney(totalSpent),
    next_payment: row.nextPayment ?? null,
    user_id: row.userId,
    user_first_name: row.userId ? row.userFirstName : null,
    user_last_name: row.userId ? row.userLastName : null,
    user_email: row.userId ? row.userEmail : null,
    user_avatar: row.userId ? (row.userAvatar ?? null) : null,
    created_at: row.createdAt.toISOString(),
    archived_at: row.archivedAt ? row.archivedAt.toISOString() : null,
    approval_mode: row.approvalMode,
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

async function loadClient(db: Db, id: number): Promise<TClient> {
  const row = await q.findClient(db, id);
  if (!row) throw new AppError('not_found', 'Client not found.');
  const totals = await q.paidTotals(db, [id]);
  return toClientDto(row, totals.get(id) ?? 0);
}

export function getClient(deps: AppDeps, _actor: Actor, id: number): Promise<TClient> {
  return loadClient(deps.db, id);
}

export async function listClients(deps: AppDeps, _actor: Actor, query: ListQuery): Promise<Page<TClient>> {
  const { limit, offset } = pageWindow(query);
  const params: q.ClientListParams = {
    status: query.status,
    paymentStatus: query.payment_status,
    includeArchived: query.include_archived === true,
    hasLogin: typeof query.has_login === 'boolean' ? query.has_login : undefined,
    pattern: query.search ? likePattern(query.search) : undefined,
    ordering: query.ordering,
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

export async function getSummary(deps: AppDeps, _actor: Actor): Promise<TClientSummary> {
  const s = await q.clientSummary(deps.db);
  return { total: s.total, active: s.active, monthly_revenue: toMoney(s.monthlyRevenue), overdue: s.overdue };
}

/** Creates a client (in the caller's transaction when `deps.db` is one: converting a lead does). */
export async function createClient(deps: AppDeps, _actor: Actor, input: TClientFormParsed): Promise<TClient> {
  const db = deps.db;
  checkCalendarDate(input.next_payment);
  await checkEmailFree(db, input.email);
  await checkUserLink(db, input.user_id);
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
      accountManager: input.account_manager ?? '',
      nextPayment: input.next_payment ?? null,
      userId: input.user_id ?? null,
      ...(input.approval_mode ? { approvalMode: input.approval_mode } : {}),
    });
    await loginsChangedClient(tx, [input.user_id]);
    await emit(tx, 'client.created', { clientId: created, name: input.name, email: input.email, company: input.company, package: input.package });
    return created;
  });
  return loadClient(db, id);
}

export async function updateClient(deps: AppDeps, _actor: Actor, { id, changes: input }: { id: number; changes: UpdateInput }): Promise<TClient> {
  checkCalendarDate(input.next_payment);
  const before = await q.findClient(deps.db, id);
  if (!before) throw new AppError('not_found', 'Client not found.');
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
  if (input.account_manager !== undefined) values.accountManager = input.account_manager ?? '';
  if (input.next_payment !== undefined) values.nextPayment = input.next_payment;
  if (input.user_id !== undefined) values.userId = input.user_id;
  if (input.approval_mode !== undefined) values.approvalMode = input.approval_mode;
  const relinked = input.user_id !== undefined && input.user_id !== before.userId;
  const updated = relinked
    ? await transact(deps, async (tx) => {
        const ok = await q.updateClient(tx.db, id, values);
        if (ok) await loginsChangedClient(tx, [before.userId, input.user_id]);
        return ok;
      })
    : await q.updateClient(deps.db, id, values);
  if (!updated) throw new AppError('not_found', 'Client not found.');
  return loadClient(deps.db, id);
}

export async function archiveClient(deps: AppDeps, _actor: Actor, id: number): Promise<void> {
  if (!(await q.archiveClient(deps.db, id, deps.now()))) throw new AppError('not_found', 'Client not found.');
}

export async function updatePaymentStatus(
  deps: AppDeps,
  _actor: Actor,
  { id, payment_status }: TUpdatePaymentStatus & { id: number },
): Promise<TClient> {
  const ok = await q.updateClient(deps.db, id, { paymentStatus: payment_status, updatedAt: deps.now() });
  if (!ok) throw new AppError('not_found', 'Client not found.');
  return loadClient(deps.db, id);
}
