import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { access, creates, errorResponses, paginated, ZIdParams, ZPaginationQuery, forClients } from '../common/common.schemas';
import { ZUpdatedCountSchema } from '../shared/shared.schemas';
import {
  ZBulkApproveContentSchema,
  ZContentListQuery,
  ZContentSchema,
  ZContentStatsSchema,
  ZCreateContentSchema,
  ZRejectContentSchema,
  ZSubmitContentSchema,
  ZUpdateContentSchema,
} from './content.schemas';
import { ZContentComment, ZContentReview, ZContentWaiting, ZCreateContentComment, ZMentionable, ZReviewDecision, ZReviewLinkDecision, ZReviewLinkSent, ZReviewLinkToken, ZReviewLinkView } from './approval.schemas';

const c = initContract();

/** Static paths (stats, bulk_approve) come before `/:id/` ones; keep that order when implementing. */
export const contentContract = c.router({
  getContentStats: {
    method: 'GET',
    path: '/content/stats/',
    summary: 'Stat cards of the content screens (admins: all content; clients: their own)',
    responses: { 200: ZContentStatsSchema, ...errorResponses },
    metadata: forClients('content', access.user),
  },
  getContentWaiting: {
    method: 'GET',
    path: '/content/waiting/',
    summary: 'Staff: what waits on whom: items waiting for the staff review and for the clients, oldest first by client',
    responses: { 200: ZContentWaiting, ...errorResponses },
    metadata: access.admin,
  },
  bulkApproveContent: {
    method: 'POST',
    path: '/content/bulk_approve/',
    summary: 'Approve or reject many pending-approval items; others are skipped and not counted',
    body: ZBulkApproveContentSchema,
    responses: { 200: ZUpdatedCountSchema, ...errorResponses },
    metadata: access.admin,
  },
  getContentMedia: {
    method: 'GET',
    path: '/content-media/:id/',
    summary:
      "A post's uploaded image or video, by the signed address its content's `media.url` gives (no token needed, so <img> and <video> can load it); expired or altered → 404",
    pathParams: ZIdParams,
    query: z.object({
      expires: z.coerce.number().int().positive().optional().catch(undefined),
      signature: z.string().max(200).optional().catch(undefined),
    }),
    responses: {
      200: c.otherResponse({ contentType: 'application/octet-stream', body: z.any() }),
      ...errorResponses,
    },
    metadata: access.public,
  },
  listContent: {
    method: 'GET',
    path: '/content/',
    summary: 'Content items (admins: all; clients: their own), with filters and a scheduled_date range for the calendar',
    query: ZContentListQuery,
    responses: { 200: paginated(ZContentSchema), ...errorResponses },
    metadata: forClients('content', access.user),
  },
  createContent: {
    method: 'POST',
    path: '/content/',
    summary:
      "Create a content item (staff for a client, following the client's approval mode: a draft, submitted, sent to the client, approved, or the owner's override; clients for themselves, default pending-approval). A date in the past is refused",
    body: ZCreateContentSchema,
    responses: { 201: ZContentSchema, ...errorResponses },
    metadata: forClients('content', creates(access.user)),
  },
  getContent: {
    method: 'GET',
    path: '/content/:id/',
    summary: 'One content item',
    pathParams: ZIdParams,
    responses: { 200: ZContentSchema, ...errorResponses },
    metadata: forClients('content', access.user),
  },
  updateContent: {
    method: 'PATCH',
    path: '/content/:id/',
    summary: "Edit a content item (clients: their own drafts only, 409 otherwise; staff: any, a status change follows the client's approval mode)",
    pathParams: ZIdParams,
    body: ZUpdateContentSchema,
    responses: { 200: ZContentSchema, ...errorResponses },
    metadata: forClients('content', access.user),
  },
  deleteContent: {
    method: 'DELETE',
    path: '/content/:id/',
    summary: 'Staff: delete a content item with its comments, history and review links',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errorResponses },
    metadata: access.admin,
  },
  submitContent: {
    method: 'POST',
    path: '/content/:id/submit/',
    summary:
      "Submit a draft for approval (draft → pending-approval, or approved at once where the client's mode asks no review); staff may send a two-step client's draft straight to the client; 409 when not a draft",
    pathParams: ZIdParams,
    body: ZSubmitContentSchema.optional(),
    responses: { 200: ZContentSchema, ...errorResponses },
    metadata: forClients('content', access.user),
  },
  approveContent: {
    method: 'POST',
    path: '/content/:id/approve/',
    summary:
      "Approve a pending-approval item (at the staff step: → the client's review in two-step mode, else approved; at the client's step: the owner's override, recorded as such); 409 otherwise",
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
    metadata: forClients('content', access.user),
  },
  reviewContentAsClient: {
    method: 'POST',
    path: '/content/:id/client-review/',
    summary: 'Client: approve or reject an item waiting for the client (reject → draft with the feedback); 409 otherwise',
    pathParams: ZIdParams,
    body: ZReviewDecision,
    responses: { 200: ZContentSchema, ...errorResponses },
    metadata: forClients('content', access.client),
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
  listContentComments: {
    method: 'GET',
    path: '/content/:id/comments/',
    summary: "The item's comments, oldest first (clients see the shared ones only)",
    pathParams: ZIdParams,
    query: ZPaginationQuery,
    responses: { 200: paginated(ZContentComment), ...errorResponses },
    metadata: forClients('content', access.user),
  },
  createContentComment: {
    method: 'POST',
    path: '/content/:id/comments/',
    summary: 'Comment on an item (staff: internal or shared; clients: shared); the people mentioned are notified',
    pathParams: ZIdParams,
    body: ZCreateContentComment,
    responses: { 201: ZContentComment, ...errorResponses },
    metadata: forClients('content', creates(access.user)),
  },
  listMentionable: {
    method: 'GET',
    path: '/content/:id/mentionable/',
    summary: "Who can be mentioned on the item's comments: the staff, and the client's login (for shared comments)",
    pathParams: ZIdParams,
    responses: { 200: z.object({ results: z.array(ZMentionable) }), ...errorResponses },
    metadata: forClients('content', access.user),
  },
});
