import { initContract } from '@ts-rest/core';
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
});
