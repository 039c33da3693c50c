import { initContract } from '@ts-rest/core';
import { access, creates, errorResponses, paginated, ZIdParams, ZPaginationQuery } from '../common/common.schemas';
import {
  ZWebhookCreate,
  ZWebhookCreated,
  ZWebhookDelivery,
  ZWebhookDeliveryQuery,
  ZWebhookEndpoint,
  ZWebhookUpdate,
} from './webhooks.schemas';

const c = initContract();

/** Outbound webhooks (admins only): signed POSTs to an integrator's https endpoint when events happen. */
export const webhooksContract = c.router({
  listWebhooks: {
    method: 'GET',
    path: '/webhooks/',
    summary: 'Registered endpoints, newest first, with their last delivery',
    query: ZPaginationQuery,
    responses: { 200: paginated(ZWebhookEndpoint), ...errorResponses },
    metadata: access.agency,
  },
  createWebhook: {
    method: 'POST',
    path: '/webhooks/',
    summary: 'Register an https endpoint for some events; the answer holds its signing secret, shown this once',
    body: ZWebhookCreate,
    responses: { 201: ZWebhookCreated, ...errorResponses },
    metadata: creates(access.agency),
  },
  updateWebhook: {
    method: 'PATCH',
    path: '/webhooks/:id/',
    summary: 'Change the URL, description or events, or turn the endpoint on or off',
    pathParams: ZIdParams,
    body: ZWebhookUpdate,
    responses: { 200: ZWebhookEndpoint, ...errorResponses },
    metadata: access.agency,
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/webhooks/:id/',
    summary: 'Remove the endpoint and its delivery log',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errorResponses },
    metadata: access.agency,
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/webhooks/:id/deliveries/',
    summary: "The endpoint's delivery log, newest first: status, attempts, the last response code",
    pathParams: ZIdParams,
    query: ZWebhookDeliveryQuery,
    responses: { 200: paginated(ZWebhookDelivery), ...errorResponses },
    metadata: access.agency,
  },
  sendTestWebhook: {
    method: 'POST',
    path: '/webhooks/:id/test/',
    summary: 'Send a signed "ping" event to the endpoint now',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 201: ZWebhookDelivery, ...errorResponses },
    metadata: access.agency,
  },
  redeliverWebhook: {
    method: 'POST',
    path: '/webhooks/deliveries/:id/redeliver/',
    summary: 'Send a delivery again (same event id and body, a new attempt log)',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 201: ZWebhookDelivery, ...errorResponses },
    metadata: access.agency,
  },
});
