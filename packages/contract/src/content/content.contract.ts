import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { access, creates, errorResponses, paginated, ZIdParams } from '../common/common.schemas';
import { ZUpdatedCountSchema } from '../shared/shared.schemas';
import {
  ZBulkApproveContentSchema,
  ZContentListQuery,
  ZContentSchema,
  ZContentStatsSchema,
  ZCreateContentSchema,
  ZRejectContentSchema,
  ZUpdateContentSchema,
} from './content.schemas';
import { ZContentReview, ZReviewDecision, ZReviewLinkDecision, ZReviewLinkSent, ZReviewLinkToken, ZReviewLinkView } from './approval.schemas';

const c = initContract();

/** Static paths (stats, bulk_approve) come before `/:id/` ones; keep that order when implementing. */
export const contentContract = c.router({
  getContentStats: {
    method: 'GET',
    path: '/content/stats/',
    summary: 'Stat cards of the content screens (admins: all content; clients: their own)',
    responses: { 200: ZContentStatsSchema, ...errorResponses },
    metadata: access.user,
  },
  bulkApproveContent: {
    method: 'POST',
    path: '/content/bulk_approve/',
    summary: 'Approve or reject many pending-approval items; others are skipped and not counted',
    body: ZBulkApproveContentSchema,
    responses: { 200: ZUpdatedCountSchema, ...errorResponses },
    metadata: access.admin,
  },
  listContent: {
    method: 'GET',
    path: '/content/',
    summary: 'Content items (admins: all; clients: their own), with filters and a scheduled_date range for the calendar',
    query: ZContentListQuery,
    responses: { 200: paginated(ZContentSchema), ...errorResponses },
    metadata: access.user,
  },
  createContent: {
    method: 'POST',
    path: '/content/',
    summary: 'Create a content item (admins for a client, default approved; clients for themselves, default pending-approval)',
    body: ZCreateContentSchema,
    responses: { 201: ZContentSchema, ...errorResponses },
    metadata: creates(access.user),
  },
  getContent: {
    method: 'GET',
    path: '/content/:id/',
    summary: 'One content item',
    pathParams: ZIdParams,
    responses: { 200: ZContentSchema, ...errorResponses },
    metadata: access.user,
  },
  updateContent: {
    method: 'PATCH',
    path: '/content/:id/',
    summary: 'Edit a content item (clients: their own drafts only, 409 otherwise)',
    pathParams: ZIdParams,
    body: ZUpdateContentSchema,
    responses: { 200: ZContentSchema, ...errorResponses },
    metadata: access.user,
  },
  submitContent: {
    method: 'POST',
    path: '/content/:id/submit/',
    summary: 'Submit a draft for approval (draft → pending-approval); 409 when not a draft',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZContentSchema, ...errorResponses },
    metadata: access.client,
  },
  approveContent: {
    method: 'POST',
    path: '/content/:id/approve/',
    summary: 'Approve a pending-approval item (→ approved, records approved_by and approved_at); 409 otherwise',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZContentSchema, ...errorResponses },
    metadata: access.admin,
  },
  rejectContent: {
    method: 'POST',
    path: '/content/:id/reject/',
    summary: 'Reject a pending-approval item (→ draft with the feedback; the client is notified); 409 otherwise',
    pathParams: ZIdParams,
    body: ZRejectContentSchema.optional(),
    responses: { 200: ZContentSchema, ...errorResponses },
    metadata: access.admin,
  },
  listContentReviews: {
    method: 'GET',
    path: '/content/:id/reviews/',
    summary: "The item's approval history: each step's decision, who and when (clients: their own items)",
    pathParams: ZIdParams,
    responses: { 200: z.object({ results: z.array(ZContentReview) }), ...errorResponses },
    metadata: access.user,
  },
  reviewContentAsClient: {
    method: 'POST',
    path: '/content/:id/client-review/',
    summary: 'Client: approve or reject an item waiting for the client (reject → draft with the feedback); 409 otherwise',
    pathParams: ZIdParams,
    body: ZReviewDecision,
    responses: { 200: ZContentSchema, ...errorResponses },
    metadata: access.client,
  },
  sendReviewLink: {
    method: 'POST',
    path: '/content/:id/review-link/',
    summary: "Staff: e-mail the client's login a fresh magic review link for an item waiting for the client (earlier links stop working)",
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 201: ZReviewLinkSent, ...errorResponses },
    metadata: access.admin,
  },
  openReviewLink: {
    method: 'POST',
    path: '/review-links/open/',
    summary: 'Anyone holding a magic review link: the one item it is for (expired, revoked or unknown → 404 with the reason)',
    body: ZReviewLinkToken,
    responses: { 200: ZReviewLinkView, ...errorResponses },
    metadata: access.public,
  },
  decideReviewLink: {
    method: 'POST',
    path: '/review-links/decide/',
    summary: "Approve or reject the link's item without signing in; the link is then used up",
    body: ZReviewLinkDecision,
    responses: { 200: ZReviewLinkView, ...errorResponses },
    metadata: access.public,
  },
});
