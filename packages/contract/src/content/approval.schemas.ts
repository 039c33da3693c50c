import { z } from 'zod';
import { ZTimestamp } from '../shared/shared.schemas';
import { withExample, type TOpenApiSchemas } from '../openapi/example';
import { ZContentMediaSchema } from './media.schemas';

/**
 * How a client's content is approved (set per client by staff):
 * - none: nothing waits; a submitted item is approved at once.
 * - optional: what the client sends is reviewed by staff; staff's own items are approved when made (the default).
 * - internal: every item, staff's too, waits for a staff review.
 * - internal_then_client: a staff review, then the client's (in the portal or by a magic link sent by e-mail).
 * A rejection at any step returns the item to draft with the feedback.
 */
export const APPROVAL_MODES = ['none', 'optional', 'internal', 'internal_then_client'] as const;
export type TApprovalMode = (typeof APPROVAL_MODES)[number];
export const DEFAULT_APPROVAL_MODE: TApprovalMode = 'optional';
export const APPROVAL_MODE_LABELS: Record<TApprovalMode, string> = {
  none: 'No approval',
  optional: 'Staff review what the client sends',
  internal: 'Staff review every item',
  internal_then_client: 'Staff review, then the client',
};

/** Whose review a pending-approval item waits for. */
export const REVIEW_STEPS = ['staff', 'client'] as const;
export type TReviewStep = (typeof REVIEW_STEPS)[number];

/** A magic review link works this long, unless used for a decision or the item changes first. */
export const REVIEW_LINK_DAYS = 30;

const feedback = z.string().trim().max(2000, 'Use at most 2000 characters').optional();

/** One decision of the item's approval history. */
export const ZContentReview = z.object({
  id: z.number().int(),
  step: z.enum(REVIEW_STEPS),
  decision: z.enum(['approved', 'rejected']),
  reviewer_name: z.string().nullable(),
  via: z.enum(['app', 'magic_link']).describe('In the app, or by a magic link without signing in'),
  override: z.boolean().describe("The owner approved without the review the client's approval mode asks for"),
  feedback: z.string().nullable(),
  created_at: ZTimestamp,
});
export type TContentReview = z.infer<typeof ZContentReview>;

/** The client's decision on an item waiting for it. */
export const ZReviewDecision = z.object({
  decision: z.enum(['approve', 'reject'], { errorMap: () => ({ message: 'Choose approve or reject' }) }),
  feedback,
});
export type TReviewDecision = z.input<typeof ZReviewDecision>;

const token = z
  .string({ required_error: 'This review link is not valid.' })
  .trim()
  .min(20, 'This review link is not valid.')
  .max(200, 'This review link is not valid.');

/** A magic link's token travels in the body, never in a URL the server logs (the page keeps it in the fragment). */
export const ZReviewLinkToken = z.object({ token });
export const ZReviewLinkDecision = ZReviewDecision.extend({ token });
export type TReviewLinkDecision = z.input<typeof ZReviewLinkDecision>;

/** A comment the client's people can read (shared, never internal), as the review page lists it. */
export const ZReviewLinkComment = z.object({
  id: z.number().int(),
  author_name: z.string().nullable().describe('null: the author’s account is gone'),
  from_team: z.boolean().describe('Written by the agency’s staff (else by the client’s people)'),
  body: z.string(),
  created_at: ZTimestamp,
});

/** What a magic link shows: the one item, as it will appear, and nothing else of the client. */
export const ZReviewLinkView = z.object({
  agency_name: z.string(),
  client_name: z.string(),
  account_handle: z.string().nullable().describe('The client’s connected account on the post’s platform (@handle), as the preview names it; null without one'),
  comments: z.array(ZReviewLinkComment).describe('The comments shared with the client on this post (the portal shows the same), oldest first, at most the latest 50'),
  reviewer_name: z.string(),
  expires_at: ZTimestamp,
  content: z.object({
    id: z.number().int(),
    platform: z.string(),
    content: z.string(),
    image_url: z.string().nullable(),
    media: ZContentMediaSchema.nullable(),
    scheduled_date: ZTimestamp,
  }),
  /** Set once this link was used: what was decided, and when. */
  decided: z.object({ decision: z.enum(['approved', 'rejected']), at: ZTimestamp }).nullable(),
});
export type TReviewLinkView = z.infer<typeof ZReviewLinkView>;

export const ZReviewLinkSent = z.object({ sent_to: z.string(), expires_at: ZTimestamp });
export type TReviewLinkSent = z.infer<typeof ZReviewLinkSent>;

// ---- Comments ---------------------------------------------------------------------------------------

/** internal: staff only (the client never sees it); shared: the client sees it too. */
export const COMMENT_VISIBILITIES = ['internal', 'shared'] as const;
export type TCommentVisibility = (typeof COMMENT_VISIBILITIES)[number];
export const COMMENT_MAX_LENGTH = 4000;
export const COMMENT_MAX_MENTIONS = 20;

export const ZContentComment = z.object({
  id: z.number().int(),
  content: z.number().int(),
  author: z.number().int().nullable(),
  author_name: z.string().nullable(),
  author_role: z.enum(['admin', 'client']).nullable(),
  body: z.string(),
  visibility: z.enum(COMMENT_VISIBILITIES),
  mentions: z.array(z.object({ id: z.number().int(), name: z.string() })),
  created_at: ZTimestamp,
});
export type TContentComment = z.infer<typeof ZContentComment>;

export const ZCreateContentComment = z.object({
  body: z
    .string({ required_error: 'Write a comment' })
    .trim()
    .min(1, 'Write a comment')
    .max(COMMENT_MAX_LENGTH, `Use at most ${COMMENT_MAX_LENGTH} characters`),
  visibility: z
    .enum(COMMENT_VISIBILITIES)
    .optional()
    .describe('Staff: internal (the default) or shared with the client; a client’s comments are always shared'),
  mentions: z
    .array(z.coerce.number().int().positive())
    .max(COMMENT_MAX_MENTIONS, `Mention at most ${COMMENT_MAX_MENTIONS} people`)
    .default([])
    .describe('Users to notify: staff, or (on a shared comment) the client’s login'),
});
export type TCreateContentComment = z.input<typeof ZCreateContentComment>;

/** Who may be mentioned on an item's comments: the staff, and the client's login (shared comments only). */
export const ZMentionable = z.object({ id: z.number().int(), name: z.string(), role: z.enum(['admin', 'client']) });

// ---- What waits on whom -------------------------------------------------------------------------------

const waitingGroup = z.object({ count: z.number().int(), oldest_since: ZTimestamp.nullable() });
export const ZContentWaiting = z.object({
  on_staff: waitingGroup,
  on_client: waitingGroup,
  /** The clients whose items wait longest, per step. */
  clients: z.array(
    z.object({ client: z.number().int(), client_name: z.string(), step: z.enum(REVIEW_STEPS), count: z.number().int(), oldest_since: ZTimestamp }),
  ),
});
export type TContentWaiting = z.infer<typeof ZContentWaiting>;
/** An item waiting longer than this on a reviewer is reminded once. */
export const REVIEW_REMINDER_HOURS = 48;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function approvalOpenApiSchemas() {
  const reviewLinkToken = 'rvw_3q2X7bLr0sE9kV1mYtN8aPzW4uJcHdGf';
  return {
    ContentReview: withExample(ZContentReview, {
      id: 5,
      step: 'staff',
      decision: 'approved',
      reviewer_name: 'Alex Morgan',
      via: 'app',
      override: false,
      feedback: null,
      created_at: '2025-03-01T09:12:00.000Z',
    }),
    ReviewDecision: withExample(ZReviewDecision, { decision: 'reject', feedback: 'Please use the spring photo instead.' }),
    ReviewLinkToken: withExample(ZReviewLinkToken, { token: reviewLinkToken }),
    ReviewLinkDecision: withExample(ZReviewLinkDecision, { token: reviewLinkToken, decision: 'approve' }),
    ReviewLinkView: withExample(ZReviewLinkView, {
      agency_name: 'Northstar Social',
      client_name: 'Northwind Coffee',
      account_handle: '@northwindcoffee',
      comments: [{ id: 31, author_name: 'Alex Morgan', from_team: true, body: 'We went with the spring photo you sent.', created_at: '2025-03-01T09:10:00.000Z' }],
      reviewer_name: 'Maya Lopez',
      expires_at: '2025-03-31T09:12:00.000Z',
      content: {
        id: 88,
        platform: 'instagram',
        content: 'Our spring blend is here: bright, floral and roasted this week. #NorthwindSpring',
        image_url: null,
        media: { id: 45, kind: 'image', name: 'spring-blend.jpg', content_type: 'image/jpeg', url: '/api/content-media/45/?expires=1741651200&signature=f3Kq9Lm0x2Rz' },
        scheduled_date: '2025-03-10T15:00:00.000Z',
      },
      decided: null,
    }),
    ContentComment: withExample(ZContentComment, {
      id: 14,
      content: 88,
      author: 2,
      author_name: 'Alex Morgan',
      author_role: 'admin',
      body: '@Sam Lee can we swap the photo for the spring one before the client sees it?',
      visibility: 'internal',
      mentions: [{ id: 3, name: 'Sam Lee' }],
      created_at: '2025-03-01T08:40:00.000Z',
    }),
    CreateContentComment: withExample(ZCreateContentComment, { body: 'Looks great, approved on our side.', visibility: 'shared', mentions: [] }),
    Mentionable: withExample(ZMentionable, { id: 3, name: 'Sam Lee', role: 'admin' }),
    ContentWaiting: withExample(ZContentWaiting, {
      on_staff: { count: 4, oldest_since: '2025-02-27T11:20:00.000Z' },
      on_client: { count: 2, oldest_since: '2025-02-28T16:05:00.000Z' },
      clients: [{ client: 12, client_name: 'Northwind Coffee', step: 'client', count: 2, oldest_since: '2025-02-28T16:05:00.000Z' }],
    }),
    ReviewLinkSent: withExample(ZReviewLinkSent, { sent_to: 'maya.lopez@northwind.example', expires_at: '2025-03-31T09:12:00.000Z' }),
  } satisfies TOpenApiSchemas;
}
