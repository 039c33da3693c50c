import {
  REVIEW_REMINDER_HOURS,
  type TContentComment,
  type TContentWaiting,
  type TCreateContentComment,
  type TPaginationQuery,
} from '@agency/contract';
import { clientScope, isStaff, systemActor, type Actor, type UserActor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { pageOf, pageWindow, type Page } from '../../core/paging';
import type { AppDeps } from '../../deps';
import { emit, transact } from '../../events/outbox';
import { listStaff } from '../admin';
import { recordAudit } from '../audit';
import { contentEntry } from './content-audit';
import * as q from './content.queries';
import { requestClientReview } from './review.service';
import { clientPeopleContacts } from '../team';
import { personName } from '../../core/text';

/*
 * Comments on a content item, each internal (staff only: a client never reads one, in any list or push) or
 * shared with the client; mentions notify (content.comment_added). Also: what waits on whom, and the 48-hour
 * reminders of items waiting on a reviewer.
 */

const notFound = () => new AppError('not_found', 'Content not found.');

async function itemInScope(deps: AppDeps, actor: Actor, contentId: number): Promise<q.ContentRow> {
  const item = await q.findContent(deps.db, clientScope(actor), contentId);
  if (!item) throw notFound();
  return item;
}

function toCommentDto(row: Awaited<ReturnType<typeof q.listComments>>[number], names: Map<number, string>): TContentComment {
  const c = row.comment;
  return {
    id: c.id,
    content: c.contentId,
    author: c.authorId,
    author_name: row.authorName,
    author_role: row.authorRole,
    body: c.body,
    visibility: c.visibility,
    mentions: c.mentions.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
    created_at: c.createdAt.toISOString(),
  };
}

async function withMentionNames(deps: AppDeps, rows: Awaited<ReturnType<typeof q.listComments>>): Promise<TContentComment[]> {
  const names = await q.namesOf(deps.db, [...new Set(rows.flatMap((r) => r.comment.mentions))]);
  return rows.map((r) => toCommentDto(r, names));
}

export async function listComments(deps: AppDeps, actor: Actor, contentId: number, query: TPaginationQuery): Promise<Page<TContentComment>> {
  await itemInScope(deps, actor, contentId);
  const sharedOnly = !isStaff(actor);
  const [total, rows] = await Promise.all([
    q.countComments(deps.db, contentId, sharedOnly),
    q.listComments(deps.db, contentId, sharedOnly, pageWindow(query)),
  ]);
  return pageOf(total, await withMentionNames(deps, rows));
}

/**
 * Who can be mentioned: the staff who reach the client (not managers of others), and on shared comments the client's
 * people who see its content (its login, team members with content or full access).
 */
async function mentionable(deps: AppDeps, item: q.ContentRow) {
  const [staff, people] = await Promise.all([listStaff(deps.db, { reaching: item.clientId }), clientPeopleContacts(deps.db, item.clientId, 'content')]);
  return [
    ...staff.map((s) => ({ id: s.id, name: s.name, role: 'admin' as const })),
    ...people.map((p) => ({ id: p.id, name: personName(p), role: 'client' as const })),
  ];
}

export async function listMentionable(deps: AppDeps, actor: Actor, contentId: number) {
  return { results: await mentionable(deps, await itemInScope(deps, actor, contentId)) };
}

export async function createComment(deps: AppDeps, actor: UserActor, contentId: number, input: TCreateContentComment): Promise<TContentComment> {
  const item = await itemInScope(deps, actor, contentId);
  const staff = isStaff(actor);
  if (!staff && input.visibility === 'internal') {
    throw new AppError('bad_request', 'Your comments are shared with the team.', { visibility: ['Your comments are shared with the team.'] });
  }
  const visibility = staff ? (input.visibility ?? 'internal') : 'shared';
  const mentions = [...new Set((input.mentions ?? []).map(Number))].filter((id) => id !== actor.id);
  const allowed = (await mentionable(deps, item)).filter((p) => visibility === 'shared' || p.role === 'admin');
  const unknown = mentions.filter((id) => !allowed.some((p) => p.id === id));
  if (unknown.length > 0) {
    const detail = visibility === 'internal' ? 'Only staff can be mentioned in an internal comment.' : 'Someone you mentioned cannot see this post.';
    throw new AppError('bad_request', detail, { mentions: [detail] });
  }
  const authorName = (await q.namesOf(deps.db, [actor.id])).get(actor.id) ?? actor.email;
  const id = await transact(deps, async (tx) => {
    const commentId = await q.insertComment(tx.db, { contentId, authorId: actor.id, body: input.body.trim(), visibility, mentions, createdAt: tx.now() });
    await emit(tx, 'content.comment_added', {
      commentId,
      contentId,
      clientId: item.clientId,
      clientName: item.clientName,
      platform: item.platform,
      authorId: actor.id,
      authorName,
      authorRole: staff ? 'admin' : 'client',
      visibility,
      mentionIds: mentions,
      excerpt: input.body.trim().slice(0, 140),
    });
    await recordAudit(tx, actor, contentEntry(item, 'content.comment_added', { comment: commentId, visibility }, visibility === 'internal'));
    return commentId;
  });
  const [row] = await q.listComments(deps.db, contentId, false, { limit: 1, offset: 0 }, id);
  return (await withMentionNames(deps, [row!]))[0]!;
}

// ---- What waits on whom, and reminders ------------------------------------------------------------

export async function contentWaiting(deps: AppDeps, actor: Actor): Promise<TContentWaiting> {
  const scope = clientScope(actor);
  const [steps, perClient] = await Promise.all([q.waitingPerStep(deps.db, scope), q.waitingPerClient(deps.db, scope, 20)]);
  const group = (step: 'staff' | 'client') => {
    const row = steps.find((s) => s.step === step);
    return { count: row?.count ?? 0, oldest_since: row?.oldest ? new Date(row.oldest).toISOString() : null };
  };
  return {
    on_staff: group('staff'),
    on_client: group('client'),
    clients: perClient.map((r) => ({
      client: r.clientId,
      client_name: r.clientName,
      step: r.step ?? 'staff',
      count: r.count,
      oldest_since: new Date(r.oldest).toISOString(),
    })),
  };
}

/**
 * The hourly sweep: an item waiting on a reviewer for more than REVIEW_REMINDER_HOURS is reminded once per wait:
 * the client gets a fresh magic link (the earlier one stops working), the staff a notification.
 */
/** Who sends the review reminders, as the audit log names it (the job's name). */
const REMINDERS_JOB = systemActor('job:content.review-reminders');

export async function remindWaitingReviews(outer: AppDeps): Promise<number> {
  return transact(outer, async (deps) => {
    const now = deps.now();
    const due = await q.claimDueReviewReminders(deps.db, new Date(now.getTime() - REVIEW_REMINDER_HOURS * 3_600_000), now);
    for (const item of due) {
      if (item.reviewStep === 'client') {
        await q.revokeReviewLinks(deps.db, item.id, now);
        await requestClientReview(deps, item, true);
      } else {
        await emit(deps, 'content.review_overdue', {
          contentId: item.id,
          clientId: item.clientId,
          clientName: item.clientName,
          platform: item.platform,
          scheduledDate: item.scheduledDate.toISOString(),
          waitingSince: (item.waitingSince ?? now).toISOString(),
        });
      }
      await recordAudit(deps, REMINDERS_JOB, contentEntry(item, 'content.review_reminded', { waiting_on: item.reviewStep ?? 'staff' }));
    }
    return due.length;
  });
}
