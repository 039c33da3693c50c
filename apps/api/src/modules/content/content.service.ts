import type { z } from 'zod';
import {
  BULK_REJECT_FEEDBACK,
  CONTENT_MEDIA_TYPES,
  SCHEDULED_IN_PAST,
  isScheduledInPast,
  type TBulkApproveContent,
  type TReviewStep,
  type TSubmitContent,
  type TContent,
  type TContentStats,
  type TCreateContent,
  type TRejectContent,
  type ZContentListQuery,
  type ZUpdateContentSchema,
} from '@agency/contract';
import { ALL_CLIENTS, clientScope, isStaff, ownClient, userIdOf, type Actor } from '../../core/actor';
import { findAttachableFile } from '../files';
import { reachesClient } from '../../db/client-scope';
import { AppError } from '../../core/errors';
import { likePattern, pageOf, pageWindow, type Page } from '../../core/paging';
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';
import { emit, transact } from '../../events/outbox';
import { changedFields, recordAudit } from '../audit';
import { contentEntry, decisionEntry } from './content-audit';
import { modeAsksClient, modeAsksReview, overriddenStep, staffCreatedStatus, stepOnSubmit } from './approval';
import { mediaOf } from './media';
import * as q from './content.queries';
import { announceDecision, decide, requestClientReview } from './review.service';

type ListQuery = z.output<typeof ZContentListQuery>;
type UpdateInput = z.output<typeof ZUpdateContentSchema>;
type Status = TContent['status'];

const WEEK_MS = 7 * 86_400_000;

export function toContentDto(deps: AppDeps, row: q.ContentRow): TContent {
  return {
    id: row.id,
    client: row.clientId,
    client_name: row.clientName,
    platform: row.platform,
    content: row.content,
    scheduled_date: row.scheduledDate.toISOString(),
    image_url: row.imageUrl,
    media: mediaOf(deps, row),
    status: row.status as Status,
    // A post has engagement once published; before, there is none to show (not 0%).
    engagement_rate: row.status === 'posted' ? Number(row.engagementRate) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    approved_by_name: row.approvedByName,
    approved_at: row.approvedAt ? row.approvedAt.toISOString() : null,
    feedback: row.feedback,
    review_step: row.reviewStep,
    waiting_since: row.waitingSince?.toISOString() ?? null,
    approval_mode: row.approvalMode,
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
    q.listContent(deps.db, filter, { ordering: query.ordering, now: deps.now(), limit, offset }),
  ]);
  return pageOf(total, rows.map((row) => toContentDto(deps, row)));
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
  return toContentDto(deps, await loadOrThrow(deps.db, clientScope(actor), id));
}

/** A refused field, said as a person would (the field is named in `errors`). */
const fieldError = (field: string, message: string) => new AppError('validation_error', `${message}.`, { [field]: [message] });

/** A post is scheduled from now on: a publishing date in the past is refused. */
function assertNotPast(deps: AppDeps, scheduledDate: string): void {
  if (isScheduledInPast(scheduledDate, deps.now())) throw fieldError('scheduled_date', SCHEDULED_IN_PAST);
}

const MEDIA_REFUSED = 'Choose an image or video uploaded for this client';
const isMediaType = (t: string) => (CONTENT_MEDIA_TYPES as readonly string[]).includes(t);

/** The media a post may show: an image or video uploaded for the post's client (or, by the caller itself, for no client). */
async function usableMedia(deps: AppDeps, actor: Actor, fileId: number | null | undefined, clientId: number): Promise<number | null | undefined> {
  if (fileId === undefined || fileId === null) return fileId;
  const file = actor.kind === 'user' ? await findAttachableFile(deps.db, fileId, actor, clientId) : undefined;
  // A file of no client is the uploader's own: nobody shows someone else's upload to a client.
  const mine = file && (file.clientId === clientId || file.ownerId === userIdOf(actor));
  if (!file || !mine || !isMediaType(file.fileType)) throw fieldError('media_file', MEDIA_REFUSED);
  return file.id;
}

/** The owner (or the system) may approve without the review a client's mode asks for. */
const isOwner = (actor: Actor) => actor.kind === 'system' || (actor.kind === 'user' && actor.staffRole === 'owner');

const ownerOnly = () =>
  new AppError('permission_denied', 'Only the agency owner can approve content without the review its client’s approval mode asks for.');

/** How a staff item starts (or moves on), by the status staff chose and the client's mode. */
interface StaffStart {
  status: Status;
  /** Whose review a pending item waits for. */
  step: TReviewStep | null;
  /** A decision to keep in the history: the author's staff review (sent to the client) or the owner's override. */
  review: { step: TReviewStep; override: boolean } | null;
}

/**
 * Staff follow the client's approval mode (approval.ts): a draft stays a draft; submitted, an item waits for the
 * staff review (approved at once where the mode asks no review), or, in two-step mode, goes to the client with the
 * submission recorded as the staff review; approved outright only where the mode approves staff items when made,
 * else as the owner's override, recorded as such.
 */
function staffStart(
  actor: Actor,
  mode: q.ContentRow['approvalMode'],
  input: { status?: Status | undefined; send_to_client?: boolean | undefined; override_approval?: boolean | undefined },
): StaffStart {
  const status: Status = input.status ?? (input.send_to_client ? 'pending-approval' : staffCreatedStatus(mode));
  if (input.send_to_client) {
    if (status !== 'pending-approval') throw fieldError('send_to_client', 'Only an item submitted for review (pending-approval) can be sent to the client');
    if (!modeAsksClient(mode)) throw fieldError('send_to_client', 'This client’s approval mode does not ask the client; submit it for review instead');
    return { status, step: 'client', review: { step: 'staff', override: false } };
  }
  if (status === 'pending-approval') {
    return stepOnSubmit(mode) === 'approved' ? { status: 'approved', step: null, review: null } : { status, step: 'staff', review: null };
  }
  if (isApprovedStatus(status) && modeAsksReview(mode)) {
    if (!input.override_approval) {
      throw fieldError('status', 'This client’s approval mode asks for a review: submit it for review, or approve it with the owner’s override');
    }
    if (!isOwner(actor)) throw ownerOnly();
    return { status, step: null, review: { step: overriddenStep(mode), override: true } };
  }
  return { status, step: null, review: null };
}

/** Keeps a staff start's decision in the item's history, and asks the client when the item now waits for it. */
async function recordStart(tx: AppDeps, actor: Actor, id: number, start: StaffStart): Promise<void> {
  const now = tx.now();
  if (start.review) {
    const reviewerId = userIdOf(actor);
    await q.insertReview(tx.db, {
      contentId: id,
      step: start.review.step,
      decision: 'approved',
      reviewerId,
      reviewerName: reviewerId === null ? null : await q.displayNameOf(tx.db, reviewerId),
      via: 'app',
      override: start.review.override,
      createdAt: now,
    });
  }
  if (start.step === 'client') {
    const item = await q.findContent(tx.db, ALL_CLIENTS, id);
    if (item) await requestClientReview(tx, item, false);
  }
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
  let start: StaffStart;
  if (isStaff(actor)) {
    if (!input.client) throw new AppError('validation_error', 'Client is required', { client: ['Client is required'] });
    clientId = Number(input.client);
    const client = await assertUsableClient(deps.db, actor, clientId, false);
    start = staffStart(actor, client.approvalMode, input);
  } else {
    const own = ownClient(actor);
    if (!own || own < 0) {
      throw new AppError('bad_request', 'Your account has no client record; please contact the agency.');
    }
    clientId = own;
    let status: Status = input.status ?? 'pending-approval';
    if (status !== 'draft' && status !== 'pending-approval') {
      throw new AppError('validation_error', 'Invalid body: status: Choose draft or pending-approval', {
        status: ['Choose draft or pending-approval'],
      });
    }
    const client = await assertUsableClient(deps.db, actor, clientId, true);
    // Sent for approval to a client without approvals: approved at once.
    if (status === 'pending-approval' && stepOnSubmit(client.approvalMode) === 'approved') status = 'approved';
    start = { status, step: status === 'pending-approval' ? 'staff' : null, review: null };
  }
  assertNotPast(deps, input.scheduled_date);
  const mediaFileId = await usableMedia(deps, actor, input.media_file, clientId);
  const approved = isApprovedStatus(start.status);
  const id = await transact(deps, async (tx) => {
    const created = await q.insertContent(tx.db, {
      clientId,
      platform: input.platform ?? 'instagram',
      content: input.content,
      scheduledDate: new Date(input.scheduled_date),
      imageUrl: input.image_url ?? null,
      mediaFileId: mediaFileId ?? null,
      status: start.status,
      ...(start.step ? { reviewStep: start.step, waitingSince: now } : {}),
      createdBy: userIdOf(actor),
      approvedBy: approved && isStaff(actor) ? userIdOf(actor) : null,
      approvedAt: approved ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    await recordStart(tx, actor, created, start);
    await recordAudit(
      tx,
      actor,
      contentEntry({ id: created, clientId, platform: input.platform ?? 'instagram', scheduledDate: new Date(input.scheduled_date), content: input.content }, 'content.created', {
        status: start.status,
      }),
    );
    return created;
  });
  return getContent(deps, actor, id);
}

export async function updateContent(deps: AppDeps, actor: Actor, { id, changes: input }: { id: number; changes: UpdateInput }): Promise<TContent> {
  const now = deps.now();
  const scope = clientScope(actor);
  const current = await loadOrThrow(deps.db, scope, id);
  const values: Partial<q.ContentInsert> = { updatedAt: now };
  if (input.platform !== undefined) values.platform = input.platform;
  if (input.content !== undefined) values.content = input.content;
  if (input.scheduled_date !== undefined) {
    assertNotPast(deps, input.scheduled_date);
    values.scheduledDate = new Date(input.scheduled_date);
  }
  if (input.image_url !== undefined) values.imageUrl = input.image_url;
  const targetClient = input.client ?? current.clientId;
  if (input.media_file !== undefined) values.mediaFileId = await usableMedia(deps, actor, input.media_file, targetClient);

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
    await transact(deps, async (tx) => {
      // Conditional on the status, so a draft submitted meanwhile is not edited behind the reviewer's back.
      if (!(await q.updateContent(tx.db, scope, id, values, 'draft'))) {
        throw new AppError('conflict', 'Only drafts can be edited; this item is no longer a draft.');
      }
      await auditContentUpdate(tx, actor, current);
    });
    return getContent(deps, actor, id);
  }

  let mode = current.approvalMode;
  if (input.client !== undefined && input.client !== current.clientId) {
    mode = (await assertUsableClient(deps.db, actor, input.client, false)).approvalMode;
    values.clientId = input.client;
  }
  let start: StaffStart | null = null;
  if (input.status !== undefined && input.status !== current.status) {
    // Approved → posted (or back) needs no second approval; every other change follows the client's mode.
    start =
      isApprovedStatus(input.status) && isApprovedStatus(current.status)
        ? { status: input.status, step: null, review: null }
        : staffStart(actor, mode, input);
    values.status = start.status;
    values.reviewStep = start.step;
    values.waitingSince = start.step ? now : null;
    values.remindedAt = null;
    if (isApprovedStatus(start.status)) {
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
  const changesPost = (['platform', 'content', 'scheduled_date', 'image_url', 'media_file', 'client'] as const).some((k) => input[k] !== undefined);
  await transact(deps, async (tx) => {
    await q.updateContent(tx.db, scope, id, values);
    // The client reviews what will be posted: a change voids its links, and a fresh one goes out if it still waits.
    if (changesPost || values.status !== undefined) await q.revokeReviewLinks(tx.db, id, now);
    if (start) await recordStart(tx, actor, id, start);
    await auditContentUpdate(tx, actor, current);
    if (!changesPost || start?.step === 'client') return;
    const after = await q.findContent(tx.db, ALL_CLIENTS, id);
    if (after?.status === 'pending-approval' && after.reviewStep === 'client') await requestClientReview(tx, after, false);
  });
  return getContent(deps, actor, id);
}

/** The fields of a post an edit shows in the audit log as before → after. */
const CONTENT_AUDITED_FIELDS = ['client', 'platform', 'content', 'scheduled_date', 'image_url', 'status'] as const satisfies readonly (keyof TContent)[];

async function auditContentUpdate(tx: AppDeps, actor: Actor, before: q.ContentRow): Promise<void> {
  const after = await q.findContent(tx.db, ALL_CLIENTS, before.id);
  if (!after) return;
  const was = toContentDto(tx, before);
  const now = toContentDto(tx, after);
  const changes = changedFields(was, now, CONTENT_AUDITED_FIELDS) ?? {};
  if (before.mediaFileId !== after.mediaFileId) changes.media_file = [before.mediaFileId, after.mediaFileId];
  await recordAudit(tx, actor, contentEntry(after, 'content.updated', Object.keys(changes).length > 0 ? changes : null));
}

export async function submitContent(deps: AppDeps, actor: Actor, id: number, body: TSubmitContent = {}): Promise<TContent> {
  const scope = clientScope(actor);
  const current = await loadOrThrow(deps.db, scope, id);
  const notDraft = (s: string) => new AppError('conflict', `Only drafts can be submitted for approval; this item is ${s}.`);
  if (current.status !== 'draft') throw notDraft(current.status);
  if (isScheduledInPast(current.scheduledDate.toISOString(), deps.now())) {
    throw new AppError('validation_error', `Its publishing date has passed. ${SCHEDULED_IN_PAST}, then submit it.`, { scheduled_date: [SCHEDULED_IN_PAST] });
  }
  const now = deps.now();
  if (isStaff(actor)) {
    const start = staffStart(actor, current.approvalMode, { status: 'pending-approval', send_to_client: body.send_to_client });
    return transact(deps, async (tx) => {
      const values: Partial<q.ContentInsert> = start.step
        ? { status: start.status, reviewStep: start.step, waitingSince: now, remindedAt: null, updatedAt: now }
        : { status: start.status, approvedBy: userIdOf(actor), approvedAt: now, feedback: null, updatedAt: now };
      if (!(await q.updateContent(tx.db, scope, id, values, 'draft'))) throw notDraft('no longer a draft');
      await recordStart(tx, actor, id, start);
      await recordAudit(tx, actor, contentEntry(current, 'content.submitted', { status: ['draft', start.status], waiting_on: start.step }));
      return getContent(tx, actor, id);
    });
  }
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
    await recordAudit(tx, actor, contentEntry(current, 'content.submitted', { status: ['draft', values.status], waiting_on: values.reviewStep ?? null }));
    return getContent(tx, actor, id);
  });
}

/** Staff delete an item; its history, review links and comments go with it. */
export async function deleteContent(deps: AppDeps, actor: Actor, id: number): Promise<void> {
  await transact(deps, async (tx) => {
    const item = await q.findContent(tx.db, clientScope(actor), id);
    if (!item || !(await q.deleteContent(tx.db, clientScope(actor), id))) throw new AppError('not_found', 'Content not found.');
    await recordAudit(tx, actor, contentEntry(item, 'content.deleted', { status: item.status }));
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
    // Approving at the client's step approves without the client: the owner's override, kept as such.
    const override = action === 'approve' && current.reviewStep === 'client';
    if (override && !isOwner(actor)) throw ownerOnly();
    const outcome = await decide(tx, current, action, { id: userIdOf(actor), via: 'app', override }, feedback);
    if (outcome !== 'advanced') await announceDecision(tx, [current], outcome, 'staff', feedback);
    await recordAudit(tx, actor, decisionEntry(current, action, outcome, override, feedback));
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
 * items that are not pending approval are skipped and not counted, as the contract says (and, for anyone but the
 * owner, approving skips the items that wait for the client).
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
    // Approving an item that waits for the client is the owner's override; others' bulk approval skips those.
    const mayOverride = isOwner(actor);
    const pending = rows.filter(
      (r) => r.status === 'pending-approval' && (input.action === 'reject' || r.reviewStep !== 'client' || mayOverride),
    );
    const decided: Record<'approved' | 'rejected', q.ContentRow[]> = { approved: [], rejected: [] };
    // One after the other: a transaction is one connection, which runs one query at a time.
    for (const item of pending) {
      const override = input.action === 'approve' && item.reviewStep === 'client';
      const outcome = await decide(tx, item, input.action, { id: userIdOf(actor), via: 'app', override }, feedback);
      if (outcome !== 'advanced') decided[outcome].push(item);
      await recordAudit(tx, actor, decisionEntry(item, input.action, outcome, override, feedback));
    }
    for (const outcome of ['approved', 'rejected'] as const) {
      if (decided[outcome].length) await announceDecision(tx, decided[outcome], outcome, 'staff', feedback);
    }
    return { updated: pending.length };
  });
}
