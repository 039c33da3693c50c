import { randomBytes } from 'node:crypto';
import { REVIEW_LINK_DAYS, socialHandle, type TContentReview, type TReviewDecision, type TReviewLinkSent, type TReviewLinkView, type TReviewStep } from '@agency/contract';
import { ALL_CLIENTS, clientScope, type Actor, type UserActor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { sha256Hex } from '../../core/secret';
import type { AppDeps } from '../../deps';
import { emit, transact } from '../../events/outbox';
import { agencyName } from '../agency';
import { recordAudit } from '../audit';
import { contentEntry, decisionEntry } from './content-audit';
import { stepAfterApproval } from './approval';
import * as q from './content.queries';
import { mediaOf } from './media';

/*
 * Reviews of a pending-approval item, step by step (approval.ts): staff in the app; the client in the portal or
 * by a magic link sent by e-mail. Each decision is kept in the item's history with who, when and how.
 */

/** Magic links start with this, so a leaked one is recognisable (secret scanners, support). */
export const REVIEW_LINK_MARK = 'rvw_';
const DAY_MS = 86_400_000;

export interface Reviewer {
  id: number | null;
  via: 'app' | 'magic_link';
  /** Staff approving without the review the mode asks for (the owner's override). */
  override?: boolean;
}

export type Outcome = 'advanced' | 'approved' | 'rejected';

const contentNotFound = () => new AppError('not_found', 'Content not found.');

/**
 * One decision on a pending item the caller has locked: recorded in its history, its open links revoked, and the
 * item moved (rejected → draft; approved → the client's review next, or approved). `content.review_requested`
 * asks the client when its review comes next; the caller announces the other outcomes (content.reviewed).
 */
export async function decide(
  deps: AppDeps,
  item: q.ContentRow,
  decision: TReviewDecision['decision'],
  reviewer: Reviewer,
  feedback: string | null,
): Promise<Outcome> {
  const now = deps.now();
  const step: TReviewStep = item.reviewStep ?? 'staff';
  await q.insertReview(deps.db, {
    contentId: item.id,
    step,
    decision: decision === 'approve' ? 'approved' : 'rejected',
    reviewerId: reviewer.id,
    reviewerName: reviewer.id === null ? null : await q.displayNameOf(deps.db, reviewer.id),
    via: reviewer.via,
    override: reviewer.override ?? false,
    feedback,
    createdAt: now,
  });
  await q.revokeReviewLinks(deps.db, item.id, now);
  const waiting = { reviewStep: null, waitingSince: null, remindedAt: null };
  if (decision === 'reject') {
    await q.updateContent(deps.db, ALL_CLIENTS, item.id, { status: 'draft', ...waiting, approvedBy: null, approvedAt: null, feedback, updatedAt: now });
    return 'rejected';
  }
  if (stepAfterApproval(item.approvalMode, step) === 'client') {
    await q.updateContent(deps.db, ALL_CLIENTS, item.id, { reviewStep: 'client', waitingSince: now, remindedAt: null, feedback: null, updatedAt: now });
    await requestClientReview(deps, item, false);
    return 'advanced';
  }
  await q.updateContent(deps.db, ALL_CLIENTS, item.id, { status: 'approved', ...waiting, approvedBy: reviewer.id, approvedAt: now, feedback: null, updatedAt: now });
  return 'approved';
}

/** Asks the client to review the item (a fresh magic link by e-mail, a notification): `content.review_requested`. */
export async function requestClientReview(deps: AppDeps, item: Pick<q.ContentRow, 'id' | 'clientId' | 'clientName' | 'platform' | 'scheduledDate'>, reminder: boolean) {
  await emit(deps, 'content.review_requested', {
    contentId: item.id,
    clientId: item.clientId,
    clientName: item.clientName,
    platform: item.platform,
    scheduledDate: item.scheduledDate.toISOString(),
    reminder,
  });
}

/** Announces a final decision (approved, or sent back to draft) to the client or the staff. */
export async function announceDecision(
  deps: AppDeps,
  items: q.ContentRow[],
  outcome: 'approved' | 'rejected',
  by: 'staff' | 'client',
  feedback: string | null,
): Promise<void> {
  const byClient = new Map<number, q.ContentRow[]>();
  for (const item of items) byClient.set(item.clientId, [...(byClient.get(item.clientId) ?? []), item]);
  for (const [clientId, list] of byClient) {
    await emit(deps, 'content.reviewed', {
      clientId,
      clientName: list[0]!.clientName,
      action: outcome,
      by,
      items: list.map((i) => ({ id: i.id, platform: i.platform, scheduledDate: i.scheduledDate.toISOString() })),
      feedback,
    });
  }
}

// ---- The item's history -------------------------------------------------------------------------

export async function listReviews(deps: AppDeps, actor: Actor, contentId: number): Promise<{ results: TContentReview[] }> {
  if (!(await q.findContent(deps.db, clientScope(actor), contentId))) throw contentNotFound();
  const rows = await q.listReviews(deps.db, contentId);
  return {
    results: rows.map((r) => ({
      id: r.id,
      step: r.step,
      decision: r.decision,
      reviewer_name: r.reviewerName,
      via: r.via,
      override: r.override,
      feedback: r.feedback,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

// ---- The client's review in the portal ------------------------------------------------------------

const notWaitingForClient = (item: q.ContentRow) =>
  new AppError(
    'conflict',
    item.status !== 'pending-approval'
      ? `This item is no longer waiting for your review; it is ${item.status}.`
      : 'This item is waiting for the agency’s review first.',
  );

/** The client approves or rejects one of its items that waits for the client. */
export async function reviewAsClient(deps: AppDeps, actor: UserActor, contentId: number, input: TReviewDecision) {
  const feedback = input.feedback?.trim() || null;
  await transact(deps, async (tx) => {
    const [item] = await q.lockContent(tx.db, clientScope(actor), [contentId]);
    if (!item) throw contentNotFound();
    if (item.status !== 'pending-approval' || item.reviewStep !== 'client') throw notWaitingForClient(item);
    const outcome = await decide(tx, item, input.decision, { id: actor.id, via: 'app' }, feedback);
    if (outcome !== 'advanced') await announceDecision(tx, [item], outcome, 'client', feedback);
    await recordAudit(tx, actor, decisionEntry(item, input.decision, outcome, false, feedback));
  });
}

// ---- Magic review links ----------------------------------------------------------------------------

/**
 * A new magic link to `contentId` for the client login `userId`, valid REVIEW_LINK_DAYS. Only its hash is kept;
 * the token is returned once, for the e-mail. Called by the listener of content.review_requested.
 */
export async function issueReviewLink(deps: AppDeps, contentId: number, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = `${REVIEW_LINK_MARK}${randomBytes(32).toString('base64url')}`;
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + REVIEW_LINK_DAYS * DAY_MS);
  await q.insertReviewLink(deps.db, { contentId, userId, tokenHash: sha256Hex(token), expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** Staff send the client a fresh link (the earlier ones stop working). */
export async function sendReviewLink(deps: AppDeps, actor: Actor, contentId: number): Promise<TReviewLinkSent> {
  return transact(deps, async (tx) => {
    const [item] = await q.lockContent(tx.db, clientScope(actor), [contentId]);
    if (!item) throw contentNotFound();
    if (item.status !== 'pending-approval' || item.reviewStep !== 'client') {
      throw new AppError('conflict', 'Only items waiting for the client’s review can be sent a review link.');
    }
    const client = await q.findClientContact(tx.db, item.clientId);
    if (!client?.userEmail) throw new AppError('conflict', 'This client has no login to send a review link to.');
    await q.revokeReviewLinks(tx.db, item.id, tx.now());
    await requestClientReview(tx, item, false);
    await recordAudit(tx, actor, contentEntry(item, 'content.review_link_sent', { sent_to: client.userEmail }));
    return { sent_to: client.userEmail, expires_at: new Date(tx.now().getTime() + REVIEW_LINK_DAYS * DAY_MS).toISOString() };
  });
}

/** How many of the shared comments the review page lists (the latest). */
const REVIEW_PAGE_COMMENTS = 50;

const linkRefused = (detail: string) => new AppError('not_found', detail);

/** The link's row when it can still be opened: unknown, tampered, revoked and expired links say why (404). */
async function usableLink(deps: AppDeps, token: string, forUpdate: boolean) {
  const found = token.startsWith(REVIEW_LINK_MARK) ? await q.findReviewLink(deps.db, sha256Hex(token), forUpdate) : undefined;
  if (!found) throw linkRefused('This review link is not valid.');
  const { link } = found;
  if (link.usedAt === null) {
    if (link.revokedAt) throw linkRefused('This review link is no longer valid: the post changed or a newer link was sent.');
    if (link.expiresAt <= deps.now()) throw linkRefused('This review link has expired. Ask the team for a new one.');
  }
  return found;
}

async function linkView(deps: AppDeps, found: NonNullable<Awaited<ReturnType<typeof q.findReviewLink>>>): Promise<TReviewLinkView> {
  const item = await q.findContent(deps.db, ALL_CLIENTS, found.link.contentId);
  if (!item) throw linkRefused('This review link is not valid.');
  // One query at a time: deps.db may be the decision's transaction.
  const agency = await agencyName(deps);
  const handle = await q.connectedHandle(deps.db, item.clientId, item.platform);
  // The latest comments shared with the client (what its people read in the portal), oldest first.
  const comments = (await q.listComments(deps.db, item.id, true, { limit: REVIEW_PAGE_COMMENTS, offset: 0 }, undefined, true)).reverse();
  return {
    agency_name: agency,
    client_name: item.clientName,
    account_handle: handle === null ? null : socialHandle(handle),
    comments: comments.map(({ comment, authorName, authorRole }) => ({
      id: comment.id,
      author_name: authorName,
      from_team: authorRole === 'admin',
      body: comment.body,
      created_at: comment.createdAt.toISOString(),
    })),
    reviewer_name: found.reviewerName,
    expires_at: found.link.expiresAt.toISOString(),
    content: {
      id: item.id,
      platform: item.platform,
      content: item.content,
      image_url: item.imageUrl,
      media: mediaOf(deps, item),
      scheduled_date: item.scheduledDate.toISOString(),
    },
    decided: found.link.usedAt && found.link.decision ? { decision: found.link.decision, at: found.link.usedAt.toISOString() } : null,
  };
}

/** What a link shows: its one item (a used link shows what was decided). */
export async function openReviewLink(deps: AppDeps, token: string): Promise<TReviewLinkView> {
  return linkView(deps, await usableLink(deps, token, false));
}

/** A decision by magic link, without signing in: the link's reviewer decides the client's step, once. */
export async function decideByReviewLink(deps: AppDeps, input: { token: string } & TReviewDecision): Promise<TReviewLinkView> {
  const feedback = input.feedback?.trim() || null;
  return transact(deps, async (tx) => {
    const found = await usableLink(tx, input.token, true);
    if (found.link.usedAt) throw new AppError('conflict', 'This review link has already been used.');
    const [item] = await q.lockContent(tx.db, ALL_CLIENTS, [found.link.contentId]);
    if (!item || item.status !== 'pending-approval' || item.reviewStep !== 'client') {
      throw linkRefused('This post is no longer waiting for your review.');
    }
    const outcome = await decide(tx, item, input.decision, { id: found.link.userId, via: 'magic_link' }, feedback);
    await q.markReviewLinkUsed(tx.db, found.link.id, outcome === 'rejected' ? 'rejected' : 'approved', tx.now());
    if (outcome !== 'advanced') await announceDecision(tx, [item], outcome, 'client', feedback);
    await recordAudit(tx, { kind: 'person', id: found.link.userId }, decisionEntry(item, input.decision, outcome, false, feedback, 'magic_link'));
    return linkView(tx, { ...found, link: { ...found.link, usedAt: tx.now(), decision: outcome === 'rejected' ? 'rejected' : 'approved' } });
  });
}

