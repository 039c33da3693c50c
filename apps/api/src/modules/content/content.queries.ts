import { and, asc, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { clients, contentComments, contentItems, contentReviews, files, reviewLinks, socialAccounts, users } from '../../db/schema';
import { cappedCount, countCap, rowOrClientMatches } from '../../db/list-queries';
import type { CappedCount } from '../../core/paging';
import type { Db } from '../../db/types';
import { inClientScope } from '../../db/client-scope';
import type { ClientScope } from '../../core/actor';
import { displayNameSql } from '../admin';

const approver = alias(users, 'approver');
const mediaFile = alias(files, 'media_file');

const contentColumns = {
  id: contentItems.id,
  clientId: contentItems.clientId,
  clientName: clients.name,
  platform: contentItems.platform,
  content: contentItems.content,
  scheduledDate: contentItems.scheduledDate,
  imageUrl: contentItems.imageUrl,
  mediaFileId: contentItems.mediaFileId,
  mediaName: mediaFile.originalName,
  mediaType: mediaFile.fileType,
  mediaContentType: mediaFile.contentType,
  status: contentItems.status,
  engagementRate: contentItems.engagementRate,
  feedback: contentItems.feedback,
  createdAt: contentItems.createdAt,
  updatedAt: contentItems.updatedAt,
  approvedAt: contentItems.approvedAt,
  reviewStep: contentItems.reviewStep,
  waitingSince: contentItems.waitingSince,
  approvalMode: clients.approvalMode,
  approvedByName: sql<string | null>`case when ${approver.id} is null then null else ${displayNameSql(approver)} end`,
};

type ContentStatus = (typeof contentItems.$inferSelect)['status'];

export interface ContentRow {
  id: number;
  clientId: number;
  clientName: string;
  platform: (typeof contentItems.$inferSelect)['platform'];
  content: string;
  scheduledDate: Date;
  imageUrl: string | null;
  /** The uploaded image or video (files), with what the screens show of it. */
  mediaFileId: number | null;
  mediaName: string | null;
  mediaType: string | null;
  mediaContentType: string | null;
  status: ContentStatus;
  engagementRate: string;
  feedback: string | null;
  createdAt: Date;
  updatedAt: Date;
  approvedAt: Date | null;
  reviewStep: (typeof contentItems.$inferSelect)['reviewStep'];
  waitingSince: Date | null;
  /** The client's approval mode (decides the item's next review step). */
  approvalMode: (typeof clients.$inferSelect)['approvalMode'];
  approvedByName: string | null;
}

/** Whose content the caller may see (core/actor clientScope): the agency's, a manager's clients', or one client's. */
export type ContentScope = ClientScope;

const scopeSql = (scope: ContentScope): SQL | undefined => inClientScope(contentItems.clientId, scope);

export interface ContentFilter {
  scope: ContentScope;
  searchPattern?: string | undefined;
  clientId?: number | undefined;
  status?: ContentStatus | undefined;
  platform?: (typeof contentItems.$inferSelect)['platform'] | undefined;
  waitingOn?: 'staff' | 'client' | undefined;
  scheduledFrom?: Date | undefined;
  scheduledTo?: Date | undefined;
}

function whereOf(f: ContentFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [scopeSql(f.scope)];
  if (f.searchPattern) conds.push(rowOrClientMatches(contentItems.searchText, contentItems.clientId, f.searchPattern));
  if (f.clientId) conds.push(eq(contentItems.clientId, f.clientId));
  if (f.status) conds.push(eq(contentItems.status, f.status));
  if (f.platform) conds.push(eq(contentItems.platform, f.platform));
  if (f.waitingOn) conds.push(eq(contentItems.status, 'pending-approval'), eq(contentItems.reviewStep, f.waitingOn));
  if (f.scheduledFrom) conds.push(gte(contentItems.scheduledDate, f.scheduledFrom));
  if (f.scheduledTo) conds.push(lt(contentItems.scheduledDate, f.scheduledTo));
  return and(...conds);
}

const STATUS_RANK = sql`case ${contentItems.status} when 'draft' then 1 when 'pending-approval' then 2 when 'approved' then 3 when 'posted' then 4 else 0 end`;

const ORDER_FIELDS: Record<string, SQL | AnyPgColumn> = {
  scheduled_date: contentItems.scheduledDate,
  created_at: contentItems.createdAt,
  status: STATUS_RANK,
  platform: contentItems.platform,
  engagement_rate: contentItems.engagementRate,
};

/**
 * `upcoming`: posts scheduled from `now` on first, soonest first; then the past ones, latest first. Other orderings
 * are a field, `-` for descending; the id breaks ties.
 */
function orderOf(ordering: string, now: Date): SQL[] {
  if (ordering === 'upcoming') {
    const past = sql`(${contentItems.scheduledDate} < ${now})`;
    return [asc(past), asc(sql`case when ${past} then null else ${contentItems.scheduledDate} end`), desc(contentItems.scheduledDate), asc(contentItems.id)];
  }
  const descending = ordering.startsWith('-');
  const field = ORDER_FIELDS[descending ? ordering.slice(1) : ordering] ?? contentItems.createdAt;
  const dir = descending ? desc : asc;
  return [dir(field), dir(contentItems.id)];
}

function selectContent(db: Db) {
  return db
    .select(contentColumns)
    .from(contentItems)
    .innerJoin(clients, eq(clients.id, contentItems.clientId))
    .leftJoin(approver, eq(approver.id, contentItems.approvedBy))
    .leftJoin(mediaFile, eq(mediaFile.id, contentItems.mediaFileId));
}

export async function listContent(
  db: Db,
  f: ContentFilter,
  page: { ordering: string; now: Date; limit: number; offset: number },
): Promise<ContentRow[]> {
  return selectContent(db)
    .where(whereOf(f))
    .orderBy(...orderOf(page.ordering, page.now))
    .limit(page.limit)
    .offset(page.offset);
}

export function countContent(db: Db, f: ContentFilter): Promise<CappedCount> {
  return cappedCount(db, db.select({ one: sql`1` }).from(contentItems).where(whereOf(f)).$dynamic(), countCap(!!f.searchPattern));
}

export async function findContent(db: Db, scope: ContentScope, id: number): Promise<ContentRow | undefined> {
  const [row] = await selectContent(db)
    .where(and(eq(contentItems.id, id), scopeSql(scope)))
    .limit(1);
  return row;
}

/** The six stat cards, in one scan, scoped like the list. */
export async function contentStats(db: Db, scope: ContentScope, since: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${contentItems.status} = 'pending-approval'))::int`,
      approved: sql<number>`(count(*) filter (where ${contentItems.status} = 'approved'))::int`,
      posted: sql<number>`(count(*) filter (where ${contentItems.status} = 'posted'))::int`,
      drafts: sql<number>`(count(*) filter (where ${contentItems.status} = 'draft'))::int`,
      createdLast7Days: sql<number>`(count(*) filter (where ${contentItems.createdAt} >= ${since}))::int`,
    })
    .from(contentItems)
    .where(scopeSql(scope));
  return {
    total: Number(row?.total ?? 0),
    pending: Number(row?.pending ?? 0),
    approved: Number(row?.approved ?? 0),
    posted: Number(row?.posted ?? 0),
    drafts: Number(row?.drafts ?? 0),
    createdLast7Days: Number(row?.createdLast7Days ?? 0),
  };
}

export type ContentInsert = typeof contentItems.$inferInsert;

export async function insertContent(db: Db, values: ContentInsert): Promise<number> {
  const [row] = await db.insert(contentItems).values(values).returning({ id: contentItems.id });
  return row!.id;
}

/** Updates an item inside the scope; `onlyStatus` makes the change conditional on the current status (no lost race). */
export async function updateContent(
  db: Db,
  scope: ContentScope,
  id: number,
  values: Partial<ContentInsert>,
  onlyStatus?: ContentStatus,
): Promise<boolean> {
  const rows = await db
    .update(contentItems)
    .set(values)
    .where(and(eq(contentItems.id, id), scopeSql(scope), onlyStatus ? eq(contentItems.status, onlyStatus) : undefined))
    .returning({ id: contentItems.id });
  return rows.length > 0;
}

/** Deletes an item inside the scope (its history, links and comments go with it); false when there was none. */
export async function deleteContent(db: Db, scope: ContentScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(contentItems)
    .where(and(eq(contentItems.id, id), scopeSql(scope)))
    .returning({ id: contentItems.id });
  return rows.length > 0;
}

/** Whether some post shows this file as its media. */
export async function isPostMedia(db: Db, fileId: number): Promise<boolean> {
  const [row] = await db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.mediaFileId, fileId)).limit(1);
  return row !== undefined;
}

/**
 * The listed items within the scope, locked for the rest of the transaction (in id order, so two bulk reviews
 * cannot deadlock).
 */
export async function lockContent(db: Db, scope: ContentScope, ids: number[]): Promise<ContentRow[]> {
  if (ids.length === 0) return [];
  const where = and(inArray(contentItems.id, ids), scopeSql(scope));
  await db.select({ id: contentItems.id }).from(contentItems).where(where).orderBy(asc(contentItems.id)).for('update');
  return selectContent(db).where(where).orderBy(asc(contentItems.id));
}

// ---- Approval history and magic review links ----------------------------------------------------

export async function insertReview(db: Db, values: typeof contentReviews.$inferInsert): Promise<void> {
  await db.insert(contentReviews).values(values);
}

export function listReviews(db: Db, contentId: number) {
  return db.select().from(contentReviews).where(eq(contentReviews.contentId, contentId)).orderBy(asc(contentReviews.createdAt), asc(contentReviews.id));
}

export async function insertReviewLink(db: Db, values: typeof reviewLinks.$inferInsert): Promise<void> {
  await db.insert(reviewLinks).values(values);
}

/** A link by its token's hash, with its reviewer's name; `forUpdate` locks it for a decision. */
export async function findReviewLink(db: Db, tokenHash: string, forUpdate = false) {
  const query = db
    .select({ link: reviewLinks, reviewerName: displayNameSql(users) })
    .from(reviewLinks)
    .innerJoin(users, eq(users.id, reviewLinks.userId))
    .where(eq(reviewLinks.tokenHash, tokenHash))
    .limit(1);
  const [row] = await (forUpdate ? query.for('update', { of: reviewLinks }) : query);
  return row;
}

export async function markReviewLinkUsed(db: Db, id: number, decision: 'approved' | 'rejected', at: Date): Promise<void> {
  await db.update(reviewLinks).set({ usedAt: at, decision }).where(eq(reviewLinks.id, id));
}

/** Every link of the item that could still be used stops working (the item changed, was decided, or a new link went out). */
export async function revokeReviewLinks(db: Db, contentId: number, at: Date): Promise<void> {
  await db
    .update(reviewLinks)
    .set({ revokedAt: at })
    .where(and(eq(reviewLinks.contentId, contentId), isNull(reviewLinks.usedAt), isNull(reviewLinks.revokedAt)));
}

/** A client content may reference: it exists (archived or not; the caller decides). */
export async function findClientRef(db: Db, id: number) {
  const [row] = await db
    .select({ id: clients.id, archivedAt: clients.archivedAt, approvalMode: clients.approvalMode, userId: clients.userId })
    .from(clients)
    .where(eq(clients.id, id))
    .limit(1);
  return row;
}

/** A user's display name (for the approval history, which keeps it). */
export async function displayNameOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ name: displayNameSql(users) }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name ?? null;
}

/** The login of a client (who reviews its content), when it has one. */
export async function findClientContact(db: Db, clientId: number) {
  const [row] = await db
    .select({ userId: clients.userId, userEmail: users.email })
    .from(clients)
    .leftJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.id, clientId))
    .limit(1);
  return row;
}

// ---- Comments ----------------------------------------------------------------------------------------

const commentAuthor = alias(users, 'comment_author');

export async function insertComment(db: Db, values: typeof contentComments.$inferInsert): Promise<number> {
  const [row] = await db.insert(contentComments).values(values).returning({ id: contentComments.id });
  return row!.id;
}

const commentsWhere = (contentId: number, sharedOnly: boolean) =>
  and(eq(contentComments.contentId, contentId), sharedOnly ? eq(contentComments.visibility, 'shared') : undefined);

export function countComments(db: Db, contentId: number, sharedOnly: boolean) {
  return cappedCount(db, db.select({ one: sql`1` }).from(contentComments).where(commentsWhere(contentId, sharedOnly)).$dynamic());
}

/** An item's comments, oldest first (or newest first), with their authors (a client sees the shared ones only). */
export function listComments(
  db: Db,
  contentId: number,
  sharedOnly: boolean,
  window: { limit: number; offset: number },
  id?: number,
  newestFirst = false,
) {
  return db
    .select({
      comment: contentComments,
      authorName: sql<string | null>`case when ${commentAuthor.id} is null then null else ${displayNameSql(commentAuthor)} end`,
      authorRole: commentAuthor.role,
    })
    .from(contentComments)
    .leftJoin(commentAuthor, eq(commentAuthor.id, contentComments.authorId))
    .where(and(commentsWhere(contentId, sharedOnly), id !== undefined ? eq(contentComments.id, id) : undefined))
    .orderBy(...(newestFirst ? [desc(contentComments.createdAt), desc(contentComments.id)] : [asc(contentComments.createdAt), asc(contentComments.id)]))
    .limit(window.limit)
    .offset(window.offset);
}

/** The handle of the client's connected account on a platform (the oldest connected one), or null. */
export async function connectedHandle(db: Db, clientId: number, platform: string): Promise<string | null> {
  const [row] = await db
    .select({ username: socialAccounts.username })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.clientId, clientId), eq(socialAccounts.platform, platform), eq(socialAccounts.isActive, true)))
    .orderBy(asc(socialAccounts.id))
    .limit(1);
  return row?.username ?? null;
}

/** Display names of users, by id. */
export async function namesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: displayNameSql(users) }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---- What waits on whom -----------------------------------------------------------------------------

const waitingWhere = sql`${contentItems.status} = 'pending-approval'`;

/** Items in scope waiting per step: how many, and since when the oldest waits. */
export function waitingPerStep(db: Db, scope: ContentScope) {
  return db
    .select({ step: contentItems.reviewStep, count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${contentItems.waitingSince})` })
    .from(contentItems)
    .where(and(waitingWhere, scopeSql(scope)))
    .groupBy(contentItems.reviewStep);
}

/** The clients in scope whose items wait longest, per step. */
export function waitingPerClient(db: Db, scope: ContentScope, limit: number) {
  return db
    .select({
      clientId: contentItems.clientId,
      clientName: clients.name,
      step: contentItems.reviewStep,
      count: sql<number>`count(*)::int`,
      oldest: sql<Date>`min(${contentItems.waitingSince})`,
    })
    .from(contentItems)
    .innerJoin(clients, eq(clients.id, contentItems.clientId))
    .where(and(waitingWhere, scopeSql(scope)))
    .groupBy(contentItems.clientId, clients.name, contentItems.reviewStep)
    .orderBy(sql`min(${contentItems.waitingSince}) asc nulls last`)
    .limit(limit);
}

/** Claims the items waiting since before `before` that were not reminded in this wait (each reminded once). */
export async function claimDueReviewReminders(db: Db, before: Date, now: Date, limit = 200) {
  const claimed = await db
    .update(contentItems)
    .set({ remindedAt: now })
    .where(
      inArray(
        contentItems.id,
        db
          .select({ id: contentItems.id })
          .from(contentItems)
          .where(and(waitingWhere, isNull(contentItems.remindedAt), lt(contentItems.waitingSince, before)))
          .orderBy(asc(contentItems.waitingSince))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: contentItems.id });
  return claimed.length === 0 ? [] : selectContent(db).where(inArray(contentItems.id, claimed.map((c) => c.id))).orderBy(asc(contentItems.id));
}
