import type { z } from 'zod';
import {
  BULK_REJECT_FEEDBACK,
  type TBulkApproveContent,
  type TContent,
  type TContentStats,
  type TCreateContent,
  type TRejectContent,
  type ZContentListQuery,
  type ZUpdateContentSchema,
} from '@agency/contract';
import { clientScope, isStaff, userIdOf, type Actor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { likePattern, pageOf, pageWindow, type Page } from '../../core/paging';
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';
import { emit, transact } from '../../events/outbox';
import * as q from './content.queries';

type ListQuery = z.output<typeof ZContentListQuery>;
type UpdateInput = z.output<typeof ZUpdateContentSchema>;
type Status = TContent['status'];

const WEEK_MS = 7 * 86_400_000;

export function toContentDto(row: q.ContentRow): TContent {
  return {
    id: row.id,
    client: row.clientId,
    client_name: row.clientName,
    platform: row.platform,
    content: row.content,
    scheduled_date: row.scheduledDate.toISOString(),
    image_url: row.imageUrl,
    status: row.status as Status,
    engagement_rate: Number(row.engagementRate),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    approved_by_name: row.approvedByName,
    approved_at: row.approvedAt ? row.approvedAt.toISOString() : null,
    feedback: row.feedback,
  };
}

/** YYYY-MM-DD or an ISO date-time (UTC when no offset is given); `endOfDay` turns a bare date into the next midnight. */
export function parseDateBound(value: string | undefined, field: string, endOfDay: boolean): Date | undefined {
  if (!value) return undefined;
  const bareDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
  let text = value.replace(' ', 'T');
  if (bareDate) text = `${value}T00:00:00Z`;
  else if (!/(Z|[+-]\d{2}:?\d{2})$/.test(text)) text = `${text}Z`;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) {
    throw new AppError('validation_error', `Invalid query: ${field}: Use YYYY-MM-DD or an ISO date-time`, {
      [field]: ['Use YYYY-MM-DD or an ISO date-time'],
    });
  }
  if (bareDate && endOfDay) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

export async function listContent(deps: AppDeps, actor: Actor, query: ListQuery): Promise<Page<TContent>> {
  const scheduledFrom = parseDateBound(query.scheduled_from, 'scheduled_from', false);
  const scheduledTo = parseDateBound(query.scheduled_to, 'scheduled_to', true);
  const filter: q.ContentFilter = {
    scope: clientScope(actor),
    searchPattern: query.search ? likePattern(query.search) : undefined,
    clientId: isStaff(actor) ? query.client : undefined,
    status: query.status,
    platform: query.platform,
    scheduledFrom,
    scheduledTo,
  };
  const { limit, offset } = pageWindow(query);
  const [total, rows] = await Promise.all([
    q.countContent(deps.db, filter),
    q.listContent(deps.db, filter, { ordering: query.ordering, limit, offset }),
  ]);
  return pageOf(total, rows.map(toContentDto));
}

export async function getContentStats(deps: AppDeps, actor: Actor): Promise<TContentStats> {
  const s = await q.contentStats(deps.db, clientScope(actor), new Date(deps.now().getTime() - WEEK_MS));
  return {
    total: s.total,
    pending: s.pending,
    approved: s.approved,
    posted: s.posted,
    drafts: s.drafts,
    created_last_7_days: s.createdLast7Days,
  };
}

async function loadOrThrow(db: Db, scope: q.ContentScope, id: number): Promise<q.ContentRow> {
  const row = await q.findContent(db, scope, id);
  if (!row) throw new AppError('not_found', 'Content not found.');
  return row;
}

export async function getContent(deps: AppDeps, actor: Actor, id: number): Promise<TContent> {
  return toContentDto(await loadOrThrow(deps.db, clientScope(actor), id));
}

/** Content may be created for (or moved to) a client that exists and is not archived. */
async function assertUsableClient(db: Db, clientId: number, own: boolean) {
  const client = await q.findClientRef(db, clientId);
  if (!client) throw new AppError('bad_request', 'Client not found.', { client: ['Client not found.'] });
  if (client.archivedAt) {
    const detail = own
      ? 'Your client account is archived; new content cannot be created.'
      : 'This client is archived; content cannot be created for it.';
    throw new AppError('bad_request', detail, { client: ['This client is archived.'] });
  }
}

const isApprovedStatus = (s: string) => s === 'approved' || s === 'posted';

export async function createContent(deps: AppDeps, actor: Actor, input: TCreateContent): Promise<TContent> {
  const now = deps.now();
  let clientId: number;
  let status: Status;
  if (isStaff(actor)) {
    if (!input.client) throw new AppError('validation_error', 'Client is required', { client: ['Client is required'] });
    clientId = Number(input.client);
    status = input.status ?? 'approved';
    await assertUsableClient(deps.db, clientId, false);
  } else {
    const ownClient = clientScope(actor);
    if (!ownClient || ownClient < 0) {
      throw new AppError('bad_request', 'Your account has no client record; please contact the agency.');
    }
    clientId = ownClient;
    status = input.status ?? 'pending-approval';
    if (status !== 'draft' && status !== 'pending-approval') {
      throw new AppError('validation_error', 'Invalid body: status: Choose draft or pending-approval', {
        status: ['Choose draft or pending-approval'],
      });
    }
    await assertUsableClient(deps.db, clientId, true);
  }
  const approved = isApprovedStatus(status);
  const id = await transact(deps, (tx) => q.insertContent(tx.db, {
    clientId,
    platform: input.platform ?? 'instagram',
    content: input.content,
    scheduledDate: new Date(input.scheduled_date),
    imageUrl: input.image_url ?? null,
    status,
    createdBy: userIdOf(actor),
    approvedBy: approved ? userIdOf(actor) : null,
    approvedAt: approved ? now : null,
    createdAt: now,
    updatedAt: now,
  }));
  return getContent(deps, actor, id);
}

export async function updateContent(deps: AppDeps, actor: Actor, { id, changes: input }: { id: number; changes: UpdateInput }): Promise<TContent> {
  const now = deps.now();
  const scope = clientScope(actor);
  const current = await loadOrThrow(deps.db, scope, id);
  const values: Partial<q.ContentInsert> = { updatedAt: now };
  if (input.platform !== undefined) values.platform = input.platform;
  if (input.content !== undefined) values.content = input.content;
  if (input.scheduled_date !== undefined) values.scheduledDate = new Date(input.scheduled_date);
  if (input.image_url !== undefined) values.imageUrl = input.image_url;

  if (!isStaff(actor)) {
    if (current.status !== 'draft') {
      throw new AppError('conflict', `Only drafts can be edited; this item is ${current.status}.`);
    }
    if (input.client !== undefined && input.client !== current.clientId) {
      throw new AppError('validation_error', 'Invalid body: client: You cannot move content to another client', {
        client: ['You cannot move content to another client'],
      });
    }
    if (input.status !== undefined && input.status !== 'draft') {
      throw new AppError('validation_error', 'Invalid body: status: Use submit to send a draft for approval', {
        status: ['Use submit to send a draft for approval'],
      });
    }
    // Conditional on the status, so a draft submitted meanwhile is not edited behind the reviewer's back.
    if (!(await q.updateContent(deps.db, scope, id, values, 'draft'))) {
      throw new AppError('conflict', 'Only drafts can be edited; this item is no longer a draft.');
    }
    return getContent(deps, actor, id);
  }

  if (input.client !== undefined && input.client !== current.clientId) {
    await assertUsableClient(deps.db, input.client, false);
    values.clientId = input.client;
  }
  if (input.status !== undefined && input.status !== current.status) {
    values.status = input.status;
    if (isApprovedStatus(input.status)) {
      if (!current.approvedAt) {
        values.approvedBy = userIdOf(actor);
        values.approvedAt = now;
      }
      values.feedback = null;
    } else {
      values.approvedBy = null;
      values.approvedAt = null;
    }
  }
  await q.updateContent(deps.db, scope, id, values);
  return getContent(deps, actor, id);
}

export async function submitContent(deps: AppDeps, actor: Actor, id: number): Promise<TContent> {
  const scope = clientScope(actor);
  const current = await loadOrThrow(deps.db, scope, id);
  const notDraft = (s: string) => new AppError('conflict', `Only drafts can be submitted for approval; this item is ${s}.`);
  if (current.status !== 'draft') throw notDraft(current.status);
  return transact(deps, async (tx) => {
    const ok = await q.updateContent(tx.db, scope, id, { status: 'pending-approval', updatedAt: deps.now() }, 'draft');
    if (!ok) throw notDraft('no longer a draft');
    await emit(tx, 'content.submitted', {
      clientId: current.clientId,
      clientName: current.clientName,
      items: [{ id, platform: current.platform, scheduledDate: current.scheduledDate.toISOString() }],
    });
    return getContent(tx, actor, id);
  });
}

/** Records that content items of one client were reviewed (the client is told by the notifications listener). */
async function announceReview(
  deps: AppDeps,
  clientId: number,
  action: 'approved' | 'rejected',
  items: { id: number; platform: TContent['platform']; scheduledDate: Date }[],
  feedback: string | null,
) {
  await emit(deps, 'content.reviewed', {
    clientId,
    action,
    items: items.map((i) => ({ id: i.id, platform: i.platform, scheduledDate: i.scheduledDate.toISOString() })),
    feedback,
  });
}

function reviewValues(action: 'approve' | 'reject', actor: Actor, now: Date, feedback: string | null) {
  return action === 'approve'
    ? { status: 'approved' as const, approvedBy: userIdOf(actor), approvedAt: now, feedback: null, updatedAt: now }
    : { status: 'draft' as const, approvedBy: null, approvedAt: null, feedback, updatedAt: now };
}

async function reviewOne(
  deps: AppDeps,
  actor: Actor,
  id: number,
  action: 'approve' | 'reject',
  feedback: string | null,
): Promise<TContent> {
  const verb = action === 'approve' ? 'approved' : 'rejected';
  const notPending = (s: string) => new AppError('conflict', `Only items pending approval can be ${verb}; this item is ${s}.`);
  return transact(deps, async (tx) => {
    const current = await loadOrThrow(tx.db, null, id);
    if (current.status !== 'pending-approval') throw notPending(current.status);
    const ok = await q.updateContent(tx.db, null, id, reviewValues(action, actor, deps.now(), feedback), 'pending-approval');
    if (!ok) throw notPending('no longer pending approval');
    await announceReview(tx, current.clientId, verb, [current], feedback);
    return getContent(tx, actor, id);
  });
}

export function approveContent(deps: AppDeps, actor: Actor, id: number) {
  return reviewOne(deps, actor, id, 'approve', null);
}

export function rejectContent(deps: AppDeps, actor: Actor, { id, feedback }: Partial<TRejectContent> & { id: number }) {
  return reviewOne(deps, actor, id, 'reject', feedback?.trim() || null);
}

/**
 * Approve or reject many items. Every id must exist (else 404 naming the missing ones, nothing changes);
 * items that are not pending approval are skipped and not counted, as the contract says.
 */
export async function bulkApproveContent(deps: AppDeps, actor: Actor, input: TBulkApproveContent) {
  const now = deps.now();
  const feedback = input.action === 'reject' ? input.feedback?.trim() || BULK_REJECT_FEEDBACK : null;
  const ids = [...new Set(input.content_ids)];
  return transact(deps, async (tx) => {
    const rows = await q.lockContent(tx.db, ids);
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((i) => !found.has(i));
    if (missing.length) {
      throw new AppError('not_found', `Content not found: ${missing.join(', ')}. Nothing was changed.`, {
        content_ids: missing.map((m) => `Content ${m} not found.`),
      });
    }
    const pendingIds = rows.filter((r) => r.status === 'pending-approval').map((r) => r.id);
    await q.setStatusOfMany(tx.db, pendingIds, reviewValues(input.action, actor, now, feedback));
    if (pendingIds.length) {
      // One after the other: a transaction is one connection, which runs one query at a time.
      const items: q.ContentRow[] = [];
      for (const id of pendingIds) items.push(await loadOrThrow(tx.db, null, id));
      const byClient = new Map<number, q.ContentRow[]>();
      for (const item of items) byClient.set(item.clientId, [...(byClient.get(item.clientId) ?? []), item]);
      const verb = input.action === 'approve' ? 'approved' : 'rejected';
      for (const [clientId, list] of byClient) await announceReview(tx, clientId, verb, list, feedback);
    }
    return { updated: pendingIds.length };
  });
}
