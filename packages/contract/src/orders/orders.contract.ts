import { initContract } from '@ts-rest/core';
import { access, creates, errorResponses, paginated, ZIdParams, forClients } from '../common/common.schemas';
import { ZUpdatedCountSchema } from '../shared/shared.schemas';
import {
  ZBulkUpdateOrderLinesSchema,
  ZCreateOrderSchema,
  ZOrderListQuery,
  ZOrderSchema,
  ZPromoCodeFormSchema,
  ZPromoCodeListQuery,
  ZPromoCodeSchema,
  ZPromoSchema,
  ZUpdateOrderLineSchema,
  ZUpdatePromoCodeSchema,
  ZValidatePromoSchema,
} from './orders.schemas';

const c = initContract();

export const ordersContract = c.router({
  validatePromo: {
    method: 'POST',
    path: '/promo/validate/',
    summary:
      'Check a promo code against a subtotal (unknown → 404; expired, used up or not a first order → 400; rate-limited). A signed-in client is checked for first-order codes.',
    body: ZValidatePromoSchema,
    responses: { 200: ZPromoSchema, ...errorResponses },
    metadata: access.public,
  },
  createOrder: {
    method: 'POST',
    path: '/orders/',
    summary: 'Place an order from the cart; prices, discount and 10% tax are computed on the server from the catalogue',
    body: ZCreateOrderSchema,
    responses: { 201: ZOrderSchema, ...errorResponses },
    metadata: forClients('billing', creates(access.client)),
  },
  listOrders: {
    method: 'GET',
    path: '/orders/',
    summary: "A client's own orders; every order for admins (search, filters, overdue deliveries)",
    query: ZOrderListQuery,
    responses: { 200: paginated(ZOrderSchema), ...errorResponses },
    metadata: forClients('billing', access.user),
  },
  getOrder: {
    method: 'GET',
    path: '/orders/:id/',
    summary: 'One order with its true payment status and deliveries (another client’s order → 404)',
    pathParams: ZIdParams,
    responses: { 200: ZOrderSchema, ...errorResponses },
    metadata: forClients('billing', access.user),
  },
  updateOrderLine: {
    method: 'PATCH',
    path: '/order-lines/:id/',
    summary: 'Staff: set an order line’s delivery status, start count or delivered figure (figures are measured when the account is connected)',
    pathParams: ZIdParams,
    body: ZUpdateOrderLineSchema,
    responses: { 200: ZOrderSchema, ...errorResponses },
    metadata: access.admin,
  },
  bulkUpdateOrderLines: {
    method: 'POST',
    path: '/order-lines/bulk-update/',
    summary: 'Staff: set the delivery status of several paid lines at once (all or none)',
    body: ZBulkUpdateOrderLinesSchema,
    responses: { 200: ZUpdatedCountSchema, ...errorResponses },
    metadata: access.admin,
  },
  requestRefill: {
    method: 'POST',
    path: '/order-lines/:id/request-refill/',
    summary: 'Client: ask for a refill while the guarantee runs and the measured count has dropped',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZOrderSchema, ...errorResponses },
    metadata: forClients('billing', access.client),
  },
  listPromoCodes: {
    method: 'GET',
    path: '/promo-codes/',
    summary: 'Staff: promo codes with their use',
    query: ZPromoCodeListQuery,
    responses: { 200: paginated(ZPromoCodeSchema), ...errorResponses },
    metadata: access.agency,
  },
  createPromoCode: {
    method: 'POST',
    path: '/promo-codes/',
    summary: 'Staff: a percent or fixed-amount code, with optional expiry, usage limit and first-order rule',
    body: ZPromoCodeFormSchema,
    responses: { 201: ZPromoCodeSchema, ...errorResponses },
    metadata: creates(access.agency),
  },
  updatePromoCode: {
    method: 'PATCH',
    path: '/promo-codes/:id/',
    summary: 'Staff: switch a code on or off, change its expiry or usage limit',
    pathParams: ZIdParams,
    body: ZUpdatePromoCodeSchema,
    responses: { 200: ZPromoCodeSchema, ...errorResponses },
    metadata: access.agency,
  },
});
