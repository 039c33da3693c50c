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
import { ALL_CLIENTS, clientScope, isStaff, ownClient, userIdOf, type Actor } from '../../core/actor';
import { reachesClient } from '../../db/client-scope';
import { AppError } from '../../core/errors';
import { likePattern, pageOf, pageWindow, type Page } from '../../core/paging';
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';
import { emit, transact } from '../../events/outbox';
import { staffCreatedStatus, stepOnSubmit } from './approval';
import * as q from './content.queries';
import { announceDecision, decide, requestClientReview } from './review.service';

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
    review_step: row.reviewStep,
    waiting_since: row.waitingSince?.toISOString() ?? null,
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
    waitingOn: query.waiting_on,
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
async function assertUsableClient(db: Db, actor: Actor, clientId: number, own: boolean): Promise<NonNullable<Awaited<ReturnType<typeof q.findClientRef>>>> {
  const client = await q.findClientRef(db, clientId);
  // A client a manager is not assigned is as unknown as one that does not exist.
  if (!client || !(await reachesClient(db, clientScope(actor), clientId))) throw new AppError('bad_request', 'Client not found.', { client: ['Client not found.'] });
  if (client.archivedAt) {
    const detail = own
      ? 'Your client account is archived; new content cannot be created.'
      : 'This client is archived; content cannot be created for it.';
    throw new AppError('bad_request', detail, { client: ['This client is archived.'] });
  }
  return client;
}

const isApprovedStatus = (s: string) => s === 'approved' || s === 'posted';

export async function createContent(deps: AppDeps, actor: Actor, input: TCreateContent): Promise<TContent> {
  const now = deps.now();
  let clientId: number;
  let status: Status;
  if (isStaff(actor)) {
    if (!input.client) throw new AppError('validation_error', 'Client is required', { client: ['Client is required'] });
    clientId = Number(input.client);
    const client = await assertUsableClient(deps.db, actor, clientId, false);
    status = input.status ?? staffCreatedStatus(client.approvalMode);
  } else {
    const own = ownClient(actor);
    if (!own || own < 0) {
      throw new AppError('bad_request', 'Your account has no client record; please contact the agency.');
    }
    clientId = own;
    status = input.status ?? 'pending-approval';
    if (status !== 'draft' && status !== 'pending-approval') {
      throw new AppError('validation_error', 'Invalid body: status: Choose draft or pending-approval', {
        status: ['Choose draft or pending-approval'],
      });
    }
    const client = await assertUsableClient(deps.db, actor, clientId, true);
    // Sent for approval to a client without approvals: approved at once.
    if (status === 'pending-approval' && stepOnSubmit(client.approvalMode) === 'approved') status = 'approved';
  }
  const approved = isApprovedStatus(status);
  const id = await transact(deps, (tx) => q.insertContent(tx.db, {
    clientId,
    platform: input.platform ?? 'instagram',
    content: input.content,
    scheduledDate: new Date(input.scheduled_date),
    imageUrl: input.image_url ?? null,
    status,
    ...(status === 'pending-approval' ? { reviewStep: 'staff' as const, waitingSince: now } : {}),
    createdBy: userIdOf(actor),
    approvedBy: approved && isStaff(actor) ? userIdOf(actor) : null,
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
    await assertUsableClient(deps.db, actor, input.client, false);
    values.clientId = input.client;
  }
  if (input.status !== undefined && input.status !== current.status) {
    values.status = input.status;
    // Sent for approval by staff: the review starts at the staff step; any other status ends a wait.
    values.reviewStep = input.status === 'pending-approval' ? 'staff' : null;
    values.waitingSince = input.status === 'pending-approval' ? now : null;
    values.remindedAt = null;
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
  const changesPost = (['platform', 'content', 'scheduled_date', 'image_url', 'client'] as const).some((k) => input[k] !== undefined);
  await transact(deps, async (tx) => {
    await q.updateContent(tx.db, scope, id, values);
    // The client reviews what will be posted: a change voids its links, and a fresh one goes out if it still waits.
    if (changesPost || values.status !== undefined) await q.revokeReviewLinks(tx.db, id, now);
    if (!changesPost) return;
    const after = await q.findContent(tx.db, ALL_CLIENTS, id);
    if (after?.status === 'pending-approval' && after.reviewStep === 'client') await requestClientReview(tx, after, false);
  });
  return getContent(deps, actor, id);
}

export async function submitContent(deps: AppDeps, actor: Actor, id: number): Promise<TContent> {
  const scope = clientScope(actor);
  const current = await loadOrThrow(deps.db, scope, id);
  const notDraft = (s: string) => new AppError('conflict', `Only drafts can be submitted for approval; this item is ${s}.`);
  if (current.status !== 'draft') throw notDraft(current.status);
  const now = deps.now();
  return transact(deps, async (tx) => {
    const noApproval = stepOnSubmit(current.approvalMode) === 'approved';
    const values: Partial<q.ContentInsert> = noApproval
      ? { status: 'approved', approvedAt: now, feedback: null, updatedAt: now }
      : { status: 'pending-approval', reviewStep: 'staff', waitingSince: now, remindedAt: null, updatedAt: now };
    const ok = await q.updateContent(tx.db, scope, id, values, 'draft');
    if (!ok) throw notDraft('no longer a draft');
    if (!noApproval) {
      await emit(tx, 'content.submitted', {
        clientId: current.clientId,
        clientName: current.clientName,
        items: [{ id, platform: current.platform, scheduledDate: current.scheduledDate.toISOString() }],
      });
    }
    return getContent(tx, actor, id);
  });
}

/**
 * Staff decisions keep their meaning: approve moves a pending item on (to the client's review when the client's
 * mode asks for it, else approved; at the client's step staff approve on the client's behalf); reject sends it
 * back to draft with the feedback.
 */
async function reviewOne(
  deps: AppDeps,
  actor: Actor,
  id: number,
  action: 'approve' | 'reject',
  feedback: string | null,
): Promise<TContent> {
  const verb = action === 'approve' ? 'approved' : 'rejected';
  return transact(deps, async (tx) => {
    const [current] = await q.lockContent(tx.db, clientScope(actor), [id]);
    if (!current) throw new AppError('not_found', 'Content not found.');
    if (current.status !== 'pending-approval') {
      throw new AppError('conflict', `Only items pending approval can be ${verb}; this item is ${current.status}.`);
    }
    const outcome = await decide(tx, current, action, { id: userIdOf(actor), via: 'app' }, feedback);
    if (outcome !== 'advanced') await announceDecision(tx, [current], outcome, 'staff', feedback);
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
  const feedback = input.action === 'reject' ? input.feedback?.trim() || BULK_REJECT_FEEDBACK : null;
  const ids = [...new Set(input.content_ids)];
  return transact(deps, async (tx) => {
    const rows = await q.lockContent(tx.db, clientScope(actor), ids);
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((i) => !found.has(i));
    if (missing.length) {
      throw new AppError('not_found', `Content not found: ${missing.join(', ')}. Nothing was changed.`, {
        content_ids: missing.map((m) => `Content ${m} not found.`),
      });
    }
    const pending = rows.filter((r) => r.status === 'pending-approval');
    const decided: Record<'approved' | 'rejected', q.ContentRow[]> = { approved: [], rejected: [] };
    // One after the other: a transaction is one connection, which runs one query at a time.
    for (const item of pending) {
      const outcome = await decide(tx, item, input.action, { id: userIdOf(actor), via: 'app' }, feedback);
      if (outcome !== 'advanced') decided[outcome].push(item);
    }
    for (const outcome of ['approved', 'rejected'] as const) {
      if (decided[outcome].length) await announceDecision(tx, decided[outcome], outcome, 'staff', feedback);
    }
    return { updated: pending.length };
  });
}
