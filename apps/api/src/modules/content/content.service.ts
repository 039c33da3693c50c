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
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/request-context';
import { likePattern, pageWindow } from '../../http/pagination';
import { notifyClient } from '../notifications/notifications.service';
import * as q from './content.queries';

type ListQuery = z.output<typeof ZContentListQuery>;
type UpdateInput = z.output<typeof ZUpdateContentSchema>;
type Status = TContent['status'];

const WEEK_MS = 7 * 86_400_000;
const nowOf = (deps: AppDeps) => deps.now?.() ?? new Date();

const PLATFORM_LABELS: Record<string, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  facebook: 'Facebook',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
};

/** Admins see every client's content; a client only its own (a client login without a record sees nothing). */
export function scopeOf(caller: AuthUser): q.ContentScope {
  return caller.role === 'admin' ? null : (caller.clientId ?? -1);
}

export function toContentDto(row: q.ContentRow): TContent {
  return {
    id: row.id,
    client: row.clientId,
    client_name: row.clientName,
    platform: row.platform as TContent['platform'],
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

export async function listContent(deps: AppDeps, caller: AuthUser, query: ListQuery) {
  const scheduledFrom = parseDateBound(query.scheduled_from, 'scheduled_from', false);
  const scheduledTo = parseDateBound(query.scheduled_to, 'scheduled_to', true);
  const filter: q.ContentFilter = {
    scope: scopeOf(caller),
    searchPattern: query.search ? likePattern(query.search) : undefined,
    clientId: caller.role === 'admin' ? query.client : undefined,
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
  return { count: total, results: rows.map(toContentDto) };
}

export async function getContentStats(deps: AppDeps, caller: AuthUser): Promise<TContentStats> {
  const s = await q.contentStats(deps.db, scopeOf(caller), new Date(nowOf(deps).getTime() - WEEK_MS));
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

export async function getContent(deps: AppDeps, caller: AuthUser, id: number): Promise<TContent> {
  return toContentDto(await loadOrThrow(deps.db, scopeOf(caller), id));
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

export async function createContent(deps: AppDeps, caller: AuthUser, input: TCreateContent): Promise<TContent> {
  const now = nowOf(deps);
  let clientId: number;
  let status: Status;
  if (caller.role === 'admin') {
    if (!input.client) throw new AppError('validation_error', 'Client is required', { client: ['Client is required'] });
    clientId = Number(input.client);
    status = input.status ?? 'approved';
    await assertUsableClient(deps.db, clientId, false);
  } else {
    if (!caller.clientId) {
      throw new AppError('bad_request', 'Your account has no client record; please contact the agency.');
    }
    clientId = caller.clientId;
    status = input.status ?? 'pending-approval';
    if (status !== 'draft' && status !== 'pending-approval') {
      throw new AppError('validation_error', 'Invalid body: status: Choose draft or pending-approval', {
        status: ['Choose draft or pending-approval'],
      });
    }
    await assertUsableClient(deps.db, clientId, true);
  }
  const approved = isApprovedStatus(status);
  const id = await q.insertContent(deps.db, {
    clientId,
    platform: input.platform ?? 'instagram',
    content: input.content,
    scheduledDate: new Date(input.scheduled_date),
    imageUrl: input.image_url ?? null,
    status,
    createdBy: caller.id,
    approvedBy: approved ? caller.id : null,
    approvedAt: approved ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  return getContent(deps, caller, id);
}

export async function updateContent(deps: AppDeps, caller: AuthUser, id: number, input: UpdateInput): Promise<TContent> {
  const now = nowOf(deps);
  const scope = scopeOf(caller);
  const current = await loadOrThrow(deps.db, scope, id);
  const values: Partial<q.ContentInsert> = { updatedAt: now };
  if (input.platform !== undefined) values.platform = input.platform;
  if (input.content !== undefined) values.content = input.content;
  if (input.scheduled_date !== undefined) values.scheduledDate = new Date(input.scheduled_date);
  if (input.image_url !== undefined) values.imageUrl = input.image_url;

  if (caller.role !== 'admin') {
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
    return getContent(deps, caller, id);
  }

  if (input.client !== undefined && input.client !== current.clientId) {
    await assertUsableClient(deps.db, input.client, false);
    values.clientId = input.client;
  }
  if (input.status !== undefined && input.status !== current.status) {
    values.status = input.status;
    if (isApprovedStatus(input.status)) {
      if (!current.approvedAt) {
        values.approvedBy = caller.id;
        values.approvedAt = now;
      }
      values.feedback = null;
    } else {
      values.approvedBy = null;
      values.approvedAt = null;
    }
  }
  await q.updateContent(deps.db, scope, id, values);
  return getContent(deps, caller, id);
}

export async function submitContent(deps: AppDeps, caller: AuthUser, id: number): Promise<TContent> {
  const scope = scopeOf(caller);
  const current = await loadOrThrow(deps.db, scope, id);
  const notDraft = (s: string) => new AppError('conflict', `Only drafts can be submitted for approval; this item is ${s}.`);
  if (current.status !== 'draft') throw notDraft(current.status);
  const ok = await q.updateContent(deps.db, scope, id, { status: 'pending-approval', updatedAt: nowOf(deps) }, 'draft');
  if (!ok) throw notDraft('no longer a draft');
  return getContent(deps, caller, id);
}

function dateOf(d: Date) {
  return d.toISOString().slice(0, 10);
}

async function announceReview(
  deps: AppDeps,
  clientId: number,
  action: 'approved' | 'rejected',
  items: { id: number; platform: string; scheduledDate: Date }[],
  feedback: string | null,
) {
  const one = items.length === 1 ? items[0]! : undefined;
  const what = one
    ? `Your ${PLATFORM_LABELS[one.platform] ?? one.platform} post scheduled for ${dateOf(one.scheduledDate)}`
    : `${items.length} of your content items`;
  if (action === 'approved') {
    await notifyClient(deps, clientId, {
      title: 'Content approved',
      message: `${what} ${one ? 'was' : 'were'} approved.`,
      type: 'success',
      link: '#content',
    });
  } else {
    await notifyClient(deps, clientId, {
      title: 'Content needs changes',
      message: `${what} ${one ? 'was' : 'were'} sent back to draft.${feedback ? ` Feedback: ${feedback}` : ''}`,
      // 'info': a click leads to #messages, where the client can talk it over; link points at the content.
      type: 'info',
      link: '#content',
    });
  }
  for (const item of items) deps.events.emit('content.reviewed', { contentId: item.id, clientId, action });
}

function reviewValues(action: 'approve' | 'reject', caller: AuthUser, now: Date, feedback: string | null) {
  return action === 'approve'
    ? { status: 'approved', approvedBy: caller.id, approvedAt: now, feedback: null, updatedAt: now }
    : { status: 'draft', approvedBy: null, approvedAt: null, feedback, updatedAt: now };
}

async function reviewOne(
  deps: AppDeps,
  caller: AuthUser,
  id: number,
  action: 'approve' | 'reject',
  feedback: string | null,
): Promise<TContent> {
  const current = await loadOrThrow(deps.db, null, id);
  const verb = action === 'approve' ? 'approved' : 'rejected';
  const notPending = (s: string) => new AppError('conflict', `Only items pending approval can be ${verb}; this item is ${s}.`);
  if (current.status !== 'pending-approval') throw notPending(current.status);
  const ok = await q.updateContent(deps.db, null, id, reviewValues(action, caller, nowOf(deps), feedback), 'pending-approval');
  if (!ok) throw notPending('no longer pending approval');
  await announceReview(deps, current.clientId, verb, [current], feedback);
  return getContent(deps, caller, id);
}

export function approveContent(deps: AppDeps, caller: AuthUser, id: number) {
  return reviewOne(deps, caller, id, 'approve', null);
}

export function rejectContent(deps: AppDeps, caller: AuthUser, id: number, body: TRejectContent | undefined) {
  return reviewOne(deps, caller, id, 'reject', body?.feedback?.trim() || null);
}

/**
 * Approve or reject many items. Every id must exist (else 404 naming the missing ones, nothing changes);
 * items that are not pending approval are skipped and not counted, as the contract says.
 */
export async function bulkApproveContent(deps: AppDeps, caller: AuthUser, input: TBulkApproveContent) {
  const now = nowOf(deps);
  const feedback = input.action === 'reject' ? input.feedback?.trim() || BULK_REJECT_FEEDBACK : null;
  const ids = [...new Set(input.content_ids)];
  const changed = await deps.db.transaction(async (tx) => {
    const rows = await q.lockContent(tx, ids);
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((i) => !found.has(i));
    if (missing.length) {
      throw new AppError('not_found', `Content not found: ${missing.join(', ')}. Nothing was changed.`, {
        content_ids: missing.map((m) => `Content ${m} not found.`),
      });
    }
    const pendingIds = rows.filter((r) => r.status === 'pending-approval').map((r) => r.id);
    await q.setStatusOfMany(tx, pendingIds, reviewValues(input.action, caller, now, feedback));
    return pendingIds;
  });
  if (changed.length) {
    const items = await Promise.all(changed.map((id) => loadOrThrow(deps.db, null, id)));
    const byClient = new Map<number, q.ContentRow[]>();
    for (const item of items) byClient.set(item.clientId, [...(byClient.get(item.clientId) ?? []), item]);
    const verb = input.action === 'approve' ? 'approved' : 'rejected';
    for (const [clientId, list] of byClient) await announceReview(deps, clientId, verb, list, feedback);
  }
  return { updated: changed.length };
}
