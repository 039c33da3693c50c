import { z } from 'zod';
import { ZTimestamp } from '../shared/shared.schemas';

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

/** What a magic link shows: the one item, as it will appear, and nothing else of the client. */
export const ZReviewLinkView = z.object({
  agency_name: z.string(),
  client_name: z.string(),
  reviewer_name: z.string(),
  expires_at: ZTimestamp,
  content: z.object({
    id: z.number().int(),
    platform: z.string(),
    content: z.string(),
    image_url: z.string().nullable(),
    scheduled_date: ZTimestamp,
  }),
  /** Set once this link was used: what was decided, and when. */
  decided: z.object({ decision: z.enum(['approved', 'rejected']), at: ZTimestamp }).nullable(),
});
export type TReviewLinkView = z.infer<typeof ZReviewLinkView>;

export const ZReviewLinkSent = z.object({ sent_to: z.string(), expires_at: ZTimestamp });
export type TReviewLinkSent = z.infer<typeof ZReviewLinkSent>;
