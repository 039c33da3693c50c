import { initContract } from '@ts-rest/core';
import { access, errorResponses, paginated, ZIdParams } from '../common/common.schemas';
import {
  ZCreateOrderSchema,
  ZOrderListQuery,
  ZOrderSchema,
  ZPromoSchema,
  ZValidatePromoSchema,
} from './orders.schemas';

const c = initContract();

export const ordersContract = c.router({
  validatePromo: {
    method: 'POST',
    path: '/promo/validate/',
    summary: 'Check a promo code against a subtotal (unknown → 404, not applicable → 400; rate-limited)',
    body: ZValidatePromoSchema,
    responses: { 200: ZPromoSchema, ...errorResponses },
    metadata: access.public,
  },
  createOrder: {
    method: 'POST',
    path: '/orders/',
    summary: 'Place an order from the cart; prices, discount and 10% tax are computed on the server',
    body: ZCreateOrderSchema,
    responses: { 201: ZOrderSchema, ...errorResponses },
    metadata: access.user,
  },
  listOrders: {
    method: 'GET',
    path: '/orders/',
    summary: "The caller's own orders",
    query: ZOrderListQuery,
    responses: { 200: paginated(ZOrderSchema), ...errorResponses },
    metadata: access.user,
  },
  getOrder: {
    method: 'GET',
    path: '/orders/:id/',
    summary: 'One own order, with its true payment status (order confirmation)',
    pathParams: ZIdParams,
    responses: { 200: ZOrderSchema, ...errorResponses },
    metadata: access.user,
  },
});
