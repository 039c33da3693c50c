import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { files } from './messaging';
import { CONTENT_PLATFORMS, CONTENT_STATUSES, REVIEW_STEPS, type Of } from './enums';
import { fraction, inList, searchText, timestamps, trigramIndex, tstz } from './helpers';
import { users } from './users';

export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    platform: varchar('platform', { length: 16 }).$type<Of<typeof CONTENT_PLATFORMS>>().notNull().default('instagram'),
    content: text('content').notNull(),
    scheduledDate: tstz('scheduled_date').notNull(),
    imageUrl: text('image_url'),
    /** An uploaded image or video (files), shown instead of image_url; null once the file is gone. */
    mediaFileId: integer('media_file_id').references(() => files.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 20 }).$type<Of<typeof CONTENT_STATUSES>>().notNull().default('draft'),
    /** Always a fraction 0..1 (0.0523 = 5.2 %). */
    engagementRate: fraction('engagement_rate').notNull().default('0'),
    /** Reviewer feedback, set on rejection. */
    feedback: text('feedback'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: tstz('approved_at'),
    /** Whose review a pending-approval item waits for (null otherwise), and since when. */
    reviewStep: varchar('review_step', { length: 8 }).$type<Of<typeof REVIEW_STEPS>>(),
    waitingSince: tstz('waiting_since'),
    /** When the one reminder of the current wait was sent. */
    remindedAt: tstz('reminded_at'),
    ...timestamps(),
    searchText: searchText('content'),
  },
  (t) => [
    index('content_items_status_idx').on(t.status),
    index('content_items_platform_idx').on(t.platform),
    index('content_items_client_created_idx').on(t.clientId, t.createdAt),
    index('content_items_client_scheduled_idx').on(t.clientId, t.scheduledDate),
    index('content_items_scheduled_date_idx').on(t.scheduledDate),
    index('content_items_created_at_id_idx').on(t.createdAt, t.id),
    trigramIndex('content_items_search_trgm_idx', t.searchText),
    index('content_items_status_created_idx').on(t.status, t.createdAt, t.id),
    check('content_items_platform_check', inList(t.platform, CONTENT_PLATFORMS)),
    check('content_items_status_check', inList(t.status, CONTENT_STATUSES)),
    index('content_items_waiting_idx').on(t.reviewStep, t.waitingSince).where(sql`${t.status} = 'pending-approval'`),
    check('content_items_review_step_check', sql`(${t.status} = 'pending-approval') = (${t.reviewStep} is not null) and ${t.reviewStep} in ('staff', 'client')`),
    check('content_items_engagement_rate_check', sql`${t.engagementRate} >= 0 and ${t.engagementRate} <= 1`),
  ],
);

/** The approval history of an item: each step's decision, who made it and how. */
export const contentReviews = pgTable(
  'content_reviews',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    step: varchar('step', { length: 8 }).$type<Of<typeof REVIEW_STEPS>>().notNull(),
    decision: varchar('decision', { length: 8 }).$type<'approved' | 'rejected'>().notNull(),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The reviewer's name when deciding (the history keeps it after the account is gone). */
    reviewerName: varchar('reviewer_name', { length: 310 }),
    via: varchar('via', { length: 12 }).$type<'app' | 'magic_link'>().notNull().default('app'),
    /** An owner approved without the review the client's approval mode asks for. */
    override: boolean('override').notNull().default(false),
    feedback: text('feedback'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('content_reviews_content_idx').on(t.contentId, t.createdAt),
    check('content_reviews_step_check', inList(t.step, REVIEW_STEPS)),
    check('content_reviews_decision_check', sql`${t.decision} in ('approved', 'rejected')`),
    check('content_reviews_via_check', sql`${t.via} in ('app', 'magic_link')`),
  ],
);

/**
 * Magic review links: one item, one client reviewer, 30 days. Only the token's SHA-256 is kept. A link is used up
 * by a decision, and revoked when the item changes or a fresh link is sent.
 */
export const reviewLinks = pgTable(
  'review_links',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    decision: varchar('decision', { length: 8 }).$type<'approved' | 'rejected'>(),
    revokedAt: tstz('revoked_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('review_links_token_hash_unique').on(t.tokenHash), index('review_links_content_idx').on(t.contentId)],
);

/** Comments on a content item: internal ones are for staff only; shared ones are seen by the client too. */
export const contentComments = pgTable(
  'content_comments',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    /** Null once the author's account is deleted (the comment stays). */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    visibility: varchar('visibility', { length: 8 }).$type<'internal' | 'shared'>().notNull(),
    /** Users mentioned (notified). */
    mentions: integer('mentions').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('content_comments_content_idx').on(t.contentId, t.createdAt, t.id),
    check('content_comments_visibility_check', sql`${t.visibility} in ('internal', 'shared')`),
  ],
);
