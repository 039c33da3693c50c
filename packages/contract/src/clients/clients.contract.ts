import { initContract } from '@ts-rest/core';
import { access, creates, errorResponses, forClients, paginated, ZIdParams } from '../common/common.schemas';
import { ZRevokedSessionsSchema } from '../security/sessions.schemas';
import {
  ZBillingDetailsSchema,
  ZUpdateBillingDetailsSchema,
  ZClientFormSchema,
  ZClientListQuery,
  ZClientSchema,
  ZClientSummarySchema,
  ZUpdateClientSchema,
  ZUpdatePaymentStatusSchema,
} from './clients.schemas';

const c = initContract();

/** Static paths (summary) come before `/:id/` ones; keep that order when implementing. */
export const clientsContract = c.router({
  getClientSummary: {
    method: 'GET',
    path: '/clients/summary/',
    summary: 'Summary cards of the Clients screen: total, active, monthly revenue of active clients, overdue',
    responses: { 200: ZClientSummarySchema, ...errorResponses },
    metadata: access.admin,
  },
  getMyBillingDetails: {
    method: 'GET',
    path: '/clients/me/billing_details/',
    summary: "The caller's client's billing details (address, tax ID), printed on its invoices and receipts",
    responses: { 200: ZBillingDetailsSchema, ...errorResponses },
    metadata: forClients('billing', access.client),
  },
  updateMyBillingDetails: {
    method: 'PUT',
    path: '/clients/me/billing_details/',
    summary: "Save the caller's client's billing details; full access and billing members (staff edit them on the client)",
    body: ZUpdateBillingDetailsSchema,
    responses: { 200: ZBillingDetailsSchema, ...errorResponses },
    metadata: forClients('billing', access.client),
  },
  listClients: {
    method: 'GET',
    path: '/clients/',
    summary: 'Clients, searchable by name, email and company; archived ones only with include_archived=true',
    query: ZClientListQuery,
    responses: { 200: paginated(ZClientSchema), ...errorResponses },
    metadata: access.admin,
  },
  createClient: {
    method: 'POST',
    path: '/clients/',
    summary: 'Add a new client',
    body: ZClientFormSchema,
    responses: { 201: ZClientSchema, ...errorResponses },
    metadata: creates(access.admin),
  },
  getClient: {
    method: 'GET',
    path: '/clients/:id/',
    summary: 'One client (archived ones too)',
    pathParams: ZIdParams,
    responses: { 200: ZClientSchema, ...errorResponses },
    metadata: access.admin,
  },
  updateClient: {
    method: 'PATCH',
    path: '/clients/:id/',
    summary: 'Edit a client; only the fields sent change',
    pathParams: ZIdParams,
    body: ZUpdateClientSchema,
    responses: { 200: ZClientSchema, ...errorResponses },
    metadata: access.admin,
  },
  archiveClient: {
    method: 'DELETE',
    path: '/clients/:id/',
    summary: 'Delete (archive) a client; its invoices, content and history survive',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errorResponses },
    metadata: access.admin,
  },
  inviteClientToPortal: {
    method: 'POST',
    path: '/clients/:id/invite/',
    summary: 'Give a client a portal login: the account is made at the client’s e-mail and the invite e-mail (a one-time link to /welcome) is sent',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZClientSchema, ...errorResponses },
    metadata: access.admin,
  },
  endClientPortalSessions: {
    method: 'POST',
    path: '/clients/:id/end-sessions/',
    summary:
      "Sign the client's portal logins (its own and its team members') out everywhere: a lost phone, a person who left. Their passwords still work",
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZRevokedSessionsSchema, ...errorResponses },
    metadata: access.admin,
  },
  restoreClient: {
    method: 'POST',
    path: '/clients/:id/restore/',
    summary: 'Restore an archived (deleted) client with its history; refused while a live client has its e-mail',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZClientSchema, ...errorResponses },
    metadata: access.admin,
  },
  updatePaymentStatus: {
    method: 'POST',
    path: '/clients/:id/update_payment_status/',
    summary: 'Set the payment status of a client (Mark Paid sends paid); returns the updated client',
    pathParams: ZIdParams,
    body: ZUpdatePaymentStatusSchema,
    responses: { 200: ZClientSchema, ...errorResponses },
    metadata: access.admin,
  },
});
