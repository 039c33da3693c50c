import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { CONTENT_PLATFORMS, CONTENT_STATUSES, type Of } from './enums';
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
    status: varchar('status', { length: 20 }).$type<Of<typeof CONTENT_STATUSES>>().notNull().default('draft'),
    /** Always a fraction 0..1 (0.0523 = 5.2 %). */
    engagementRate: fraction('engagement_rate').notNull().default('0'),
    /** Reviewer feedback, set on rejection. */
    feedback: text('feedback'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: tstz('approved_at'),
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
    check('content_items_engagement_rate_check', sql`${t.engagementRate} >= 0 and ${t.engagementRate} <= 1`),
  ],
);
