import { z } from 'zod';
import { ZPaginationQuery, ordering, paginated } from '../common/common.schemas';
import { CONTENT_PLATFORMS, CONTENT_STATUSES } from '../constants';
import { REVIEW_STEPS } from './approval.schemas';
import {
  ZDateOrDateTimeQuery,
  ZEngagementFraction,
  ZSearchQuery,
  ZTimestamp,
  bulkIds,
  optionalUrl,
  requiredDateTime,
  requiredId,
  requiredText,
} from '../shared/shared.schemas';
import { examplePage, withExample, type TOpenApiSchemas } from '../openapi/example';

export const ZContentPlatformSchema = z.enum(CONTENT_PLATFORMS);
export const ZContentStatusSchema = z.enum(CONTENT_STATUSES);

export const ZContentSchema = z.object({
  id: z.number().int(),
  client: z.number().int(),
  client_name: z.string(),
  platform: ZContentPlatformSchema,
  content: z.string(),
  scheduled_date: ZTimestamp.describe('ISO 8601 date-time, UTC'),
  image_url: z.string().nullable(),
  status: ZContentStatusSchema,
  engagement_rate: ZEngagementFraction,
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
  approved_by_name: z.string().nullable(),
  approved_at: ZTimestamp.nullable(),
  feedback: z.string().nullable().describe('The reason given at the last rejection; cleared on approval'),
  review_step: z.enum(REVIEW_STEPS).nullable().describe("Whose review a pending-approval item waits for (the client's approval mode decides)"),
  waiting_since: ZTimestamp.nullable().describe('Since when it waits for that review'),
});
export type TContent = z.infer<typeof ZContentSchema>;

const contentFields = {
  platform: ZContentPlatformSchema.default('instagram'),
  content: requiredText('Content is required', 5000),
  scheduled_date: requiredDateTime('Scheduled date is required'),
  image_url: optionalUrl,
};

/** The client's New Content form: platform (default instagram), content, scheduled date required; image URL optional. */
export const ZClientContentFormSchema = z.object({
  ...contentFields,
  status: z
    .enum(['draft', 'pending-approval'])
    .default('pending-approval')
    .describe('A client saves a draft or submits for approval (the default)'),
});
export type TClientContentForm = z.input<typeof ZClientContentFormSchema>;

/** The admin's Create Content form ('Create & Approve'): the client is required; status defaults to approved. */
export const ZAdminContentFormSchema = z.object({
  client: requiredId('Client is required'),
  ...contentFields,
  status: ZContentStatusSchema.default('approved'),
});
export type TAdminContentForm = z.input<typeof ZAdminContentFormSchema>;

/**
 * POST /content/ body, for both roles. Admins must send client (400 'Client is required' otherwise) and may send any
 * status (default approved). For clients, client is ignored (always their own) and status may only be draft or
 * pending-approval (default pending-approval).
 */
export const ZCreateContentSchema = z.object({
  client: requiredId('Client is required').optional(),
  ...contentFields,
  status: ZContentStatusSchema.optional(),
});
export type TCreateContent = z.input<typeof ZCreateContentSchema>;

/**
 * PATCH /content/:id/: edit a content item. A client may edit only its own drafts and may not change client or status
 * (use submit). An admin may edit any item, including client and status.
 */
export const ZUpdateContentSchema = z
  .object({
    client: requiredId('Client is required'),
    platform: ZContentPlatformSchema,
    content: contentFields.content,
    scheduled_date: contentFields.scheduled_date,
    image_url: optionalUrl,
    status: ZContentStatusSchema,
  })
  .partial();
export type TUpdateContent = z.input<typeof ZUpdateContentSchema>;

export const ZRejectContentSchema = z.object({
  feedback: z.string().trim().max(2000).optional().describe('Why it was rejected; shown to the client'),
});
export type TRejectContent = z.infer<typeof ZRejectContentSchema>;

export const ZBulkApproveContentSchema = z.object({
  content_ids: bulkIds('content_ids'),
  action: z.enum(['approve', 'reject']),
  feedback: z.string().trim().max(2000).optional().describe("Used on reject; the screen sends 'Bulk rejected by admin'"),
});
export type TBulkApproveContent = z.infer<typeof ZBulkApproveContentSchema>;

export const ZContentListQuery = ZPaginationQuery.extend({
  search: ZSearchQuery.describe('Matches content text and client name'),
  client: z.coerce.number().int().positive().optional().describe('Admins only; ignored for clients'),
  status: ZContentStatusSchema.optional(),
  platform: ZContentPlatformSchema.optional(),
  waiting_on: z.enum(REVIEW_STEPS).optional().describe('Pending items waiting for this review step (staff or client)'),
  scheduled_from: ZDateOrDateTimeQuery.describe('scheduled_date >= this (a date means its start, UTC)'),
  scheduled_to: ZDateOrDateTimeQuery.describe('scheduled_date < this (a date means the end of that day, UTC)'),
  ordering: ordering(['scheduled_date', 'created_at', 'status', 'platform', 'engagement_rate'], '-created_at'),
});
export type TContentListQuery = z.input<typeof ZContentListQuery>;

export const ZContentStatsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int().describe('Status pending-approval'),
  approved: z.number().int(),
  posted: z.number().int(),
  drafts: z.number().int(),
  created_last_7_days: z.number().int(),
});
export type TContentStats = z.infer<typeof ZContentStatsSchema>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function contentOpenApiSchemas() {
  const content = withExample(ZContentSchema, {
    id: 88,
    client: 12,
    client_name: 'Northwind Coffee',
    platform: 'instagram',
    content: 'Our spring blend is here: bright, floral and roasted this week. #NorthwindSpring',
    scheduled_date: '2025-03-10T15:00:00.000Z',
    image_url: 'https://cdn.northwind.example/spring-blend.jpg',
    status: 'approved',
    engagement_rate: 0.047,
    created_at: '2025-02-27T11:20:00.000Z',
    updated_at: '2025-02-28T09:05:00.000Z',
    approved_by_name: 'Alex Morgan',
    approved_at: '2025-02-28T09:05:00.000Z',
    feedback: null,
    review_step: null,
    waiting_since: null,
  });
  return {
    Content: content,
    PaginatedContent: withExample(paginated(ZContentSchema), examplePage([content.example], 1, '/api/content/')),
    CreateContent: withExample(ZCreateContentSchema, {
      client: 12,
      platform: 'instagram',
      content: 'Our spring blend is here: bright, floral and roasted this week. #NorthwindSpring',
      scheduled_date: '2025-03-10T15:00:00.000Z',
      image_url: 'https://cdn.northwind.example/spring-blend.jpg',
      status: 'approved',
    }),
    UpdateContent: withExample(ZUpdateContentSchema, { scheduled_date: '2025-03-11T15:00:00.000Z' }),
    RejectContent: withExample(ZRejectContentSchema, { feedback: 'Please use the new logo in the image.' }),
    BulkApproveContent: withExample(ZBulkApproveContentSchema, { content_ids: [88, 89], action: 'approve' }),
    ContentStats: withExample(ZContentStatsSchema, {
      total: 40,
      pending: 5,
      approved: 12,
      posted: 18,
      drafts: 5,
      created_last_7_days: 6,
    }),
    ContentPlatform: withExample(ZContentPlatformSchema, 'instagram'),
    ContentStatus: withExample(ZContentStatusSchema, 'pending-approval'),
  } satisfies TOpenApiSchemas;
}
