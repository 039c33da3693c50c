import { z } from 'zod';
import { ZPaginationQuery, paginated } from '../common/common.schemas';
import { CONTENT_PLATFORMS, CONTENT_STATUSES } from '../constants';
import { ZContentMediaSchema } from './media.schemas';
import { APPROVAL_MODES, REVIEW_STEPS, type TApprovalMode } from './approval.schemas';
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

export { ZContentMediaSchema, type TContentMedia } from './media.schemas';

/** A post is scheduled from now on: a publishing date in the past is refused (server and forms). */
export const SCHEDULED_IN_PAST = 'Choose a date and time in the future';
/** How far in the past a date may lie and still count as "now" (a form filled in over a minute, clock skew). */
export const SCHEDULE_GRACE_MS = 5 * 60_000;
export const isScheduledInPast = (iso: string, now: Date = new Date()) => new Date(iso).getTime() < now.getTime() - SCHEDULE_GRACE_MS;

export const ZContentSchema = z.object({
  id: z.number().int(),
  client: z.number().int(),
  client_name: z.string(),
  platform: ZContentPlatformSchema,
  content: z.string(),
  scheduled_date: ZTimestamp.describe('ISO 8601 date-time, UTC'),
  image_url: z.string().nullable(),
  media: ZContentMediaSchema.nullable().describe('The uploaded image or video; shown instead of image_url when set'),
  status: ZContentStatusSchema,
  engagement_rate: ZEngagementFraction.nullable().describe('Once posted; null before publication (shown "—")'),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
  approved_by_name: z.string().nullable(),
  approved_at: ZTimestamp.nullable(),
  feedback: z.string().nullable().describe('The reason given at the last rejection; cleared on approval'),
  review_step: z.enum(REVIEW_STEPS).nullable().describe("Whose review a pending-approval item waits for (the client's approval mode decides)"),
  waiting_since: ZTimestamp.nullable().describe('Since when it waits for that review'),
  approval_mode: z.enum(APPROVAL_MODES).describe("The client's approval mode: what submitting or approving the item does"),
});
export type TContent = z.infer<typeof ZContentSchema>;

const contentFields = {
  platform: ZContentPlatformSchema.default('instagram'),
  content: requiredText('Content is required', 5000),
  scheduled_date: requiredDateTime('Scheduled date is required'),
  image_url: optionalUrl,
  media_file: z
    .number({ invalid_type_error: 'Choose an uploaded image or video' })
    .int()
    .positive()
    .nullable()
    .optional()
    .describe("An image or video uploaded to /api/files/ for the post's client; null removes it"),
};

/** The forms refuse a publishing date in the past (the API does too, by its own clock). */
const inFuture = <T extends { scheduled_date?: string | undefined }>(values: T, ctx: z.RefinementCtx) => {
  if (values.scheduled_date && isScheduledInPast(values.scheduled_date)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['scheduled_date'], message: SCHEDULED_IN_PAST });
  }
};

const sendToClient = z
  .boolean()
  .optional()
  .describe(
    "Staff, client in 'Staff review, then the client' mode, with status pending-approval: your submission counts as the staff review (recorded in the history) and the client is asked at once",
  );
const overrideApproval = z
  .boolean()
  .optional()
  .describe("Owner only: approve (status approved or posted) although the client's approval mode asks for a review; recorded in the history as an override");

/** The client's New Content form: platform (default instagram), content, scheduled date required; image URL optional. */
export const ZClientContentFormSchema = z
  .object({
    ...contentFields,
    status: z
      .enum(['draft', 'pending-approval'])
      .default('pending-approval')
      .describe('A client saves a draft or submits for approval (the default)'),
  })
  .superRefine(inFuture);
export type TClientContentForm = z.input<typeof ZClientContentFormSchema>;

/**
 * What staff do with a post they save, following the client's approval mode (STAFF_CONTENT_ACTIONS_BY_MODE):
 * keep a draft, submit it for the staff review, send it to the client (two-step mode: the submission is the staff
 * review), approve it (modes that approve staff posts when made), or, the owner only, approve it without the review.
 */
export const STAFF_CONTENT_ACTIONS = ['draft', 'submit', 'send_to_client', 'approve', 'override'] as const;
export type TStaffContentAction = (typeof STAFF_CONTENT_ACTIONS)[number];

/** What the staff's form offers for a client's mode, the default first. `override` is the owner's only. */
export const STAFF_CONTENT_ACTIONS_BY_MODE: Record<TApprovalMode, readonly TStaffContentAction[]> = {
  none: ['approve', 'draft'],
  optional: ['approve', 'draft'],
  internal: ['submit', 'draft', 'override'],
  internal_then_client: ['send_to_client', 'submit', 'draft', 'override'],
};

/** The fields of POST /content/ (and PATCH) that carry an action of the staff's form. */
export function staffContentActionBody(action: TStaffContentAction): {
  status: 'draft' | 'pending-approval' | 'approved';
  send_to_client?: true;
  override_approval?: true;
} {
  switch (action) {
    case 'draft':
      return { status: 'draft' };
    case 'submit':
      return { status: 'pending-approval' };
    case 'send_to_client':
      return { status: 'pending-approval', send_to_client: true };
    case 'approve':
      return { status: 'approved' };
    case 'override':
      return { status: 'approved', override_approval: true };
  }
}

/** The admin's Create / Edit Content form: the client is required; what happens next is the action. */
export const ZAdminContentFormSchema = z
  .object({
    client: requiredId('Client is required'),
    ...contentFields,
    action: z.enum(STAFF_CONTENT_ACTIONS, { errorMap: () => ({ message: 'Choose what happens next' }) }),
  })
  .superRefine(inFuture);
export type TAdminContentForm = z.input<typeof ZAdminContentFormSchema>;

/**
 * POST /content/ body, for both roles. Staff must send client (400 'Client is required' otherwise); what the status
 * does follows the client's approval mode: draft; pending-approval waits for the staff review (approved at once in
 * 'none' mode), or with send_to_client goes straight to the client (two-step mode); approved/posted is refused where
 * the mode asks for a review, unless the owner sends override_approval. Without a status the mode decides (approved,
 * or the staff review). For clients, client is ignored (always their own) and status may only be draft or
 * pending-approval (default pending-approval). A scheduled_date in the past is refused.
 */
export const ZCreateContentSchema = z.object({
  client: requiredId('Client is required').optional(),
  ...contentFields,
  status: ZContentStatusSchema.optional(),
  send_to_client: sendToClient,
  override_approval: overrideApproval,
});
export type TCreateContent = z.input<typeof ZCreateContentSchema>;

/**
 * PATCH /content/:id/: edit a content item. A client may edit only its own drafts and may not change client or status
 * (use submit). Staff may edit any item, including client and status; a status change follows the client's approval
 * mode as on create. Moving scheduled_date into the past is refused.
 */
export const ZUpdateContentSchema = z
  .object({
    client: requiredId('Client is required'),
    platform: ZContentPlatformSchema,
    content: contentFields.content,
    scheduled_date: contentFields.scheduled_date,
    image_url: optionalUrl,
    media_file: contentFields.media_file,
    status: ZContentStatusSchema,
    send_to_client: sendToClient,
    override_approval: overrideApproval,
  })
  .partial();

/** POST /content/:id/submit/: a client's submit has no body; staff may send a two-step client's draft straight to the client. */
export const ZSubmitContentSchema = z.object({ send_to_client: sendToClient });
export type TSubmitContent = z.infer<typeof ZSubmitContentSchema>;
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

const CONTENT_ORDERINGS = ['scheduled_date', 'created_at', 'status', 'platform', 'engagement_rate'] as const;

export const ZContentListQuery = ZPaginationQuery.extend({
  search: ZSearchQuery.describe('Matches content text and client name'),
  client: z.coerce.number().int().positive().optional().describe('Admins only; ignored for clients'),
  status: ZContentStatusSchema.optional(),
  platform: ZContentPlatformSchema.optional(),
  waiting_on: z.enum(REVIEW_STEPS).optional().describe('Pending items waiting for this review step (staff or client)'),
  scheduled_from: ZDateOrDateTimeQuery.describe('scheduled_date >= this (a date means its start, UTC)'),
  scheduled_to: ZDateOrDateTimeQuery.describe('scheduled_date < this (a date means the end of that day, UTC)'),
  ordering: z
    .enum(['upcoming', ...CONTENT_ORDERINGS, ...CONTENT_ORDERINGS.map((f) => `-${f}` as const)])
    .default('upcoming')
    .describe('upcoming (the default): posts scheduled from now on, soonest first, then past ones, latest first'),
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
    image_url: null,
    media: { id: 45, kind: 'image', name: 'spring-blend.jpg', content_type: 'image/jpeg', url: '/api/content-media/45/?expires=1741651200&signature=f3Kq9Lm0x2Rz' },
    status: 'approved',
    engagement_rate: 0.047,
    created_at: '2025-02-27T11:20:00.000Z',
    updated_at: '2025-02-28T09:05:00.000Z',
    approved_by_name: 'Alex Morgan',
    approved_at: '2025-02-28T09:05:00.000Z',
    feedback: null,
    review_step: null,
    waiting_since: null,
    approval_mode: 'internal_then_client',
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
    SubmitContent: withExample(ZSubmitContentSchema, { send_to_client: true }),
    ContentMedia: withExample(ZContentMediaSchema, {
      id: 45,
      kind: 'video',
      name: 'spring-teaser.mp4',
      content_type: 'video/mp4',
      url: '/api/content-media/45/?expires=1741651200&signature=f3Kq9Lm0x2Rz',
    }),
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
