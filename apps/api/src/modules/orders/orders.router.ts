import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf, callerOf } from '../../http/guard';
import { paginatedResponse } from '../../http/pagination';
import { promoRateLimit } from '../../http/rate-limit';
import * as orders from './orders.service';
import * as promos from './promo-codes.service';

const s = initServer();

export function ordersRoutes(deps: AppDeps) {
  return s.router(contract.orders, {
    validatePromo: {
      middleware: [promoRateLimit(deps.db)],
      handler: async ({ body, req }) => ({ status: 200, body: await promos.validatePromo(deps, callerOf(req), body) }),
    },
    createOrder: async ({ body, req }) => ({ status: 201, body: await orders.createOrder(deps, actorOf(req), body) }),
    listOrders: async ({ query, req }) => ({
      status: 200,
      body: paginatedResponse(req, query, await orders.listOrders(deps, actorOf(req), query)),
    }),
    getOrder: async ({ params, req }) => ({ status: 200, body: await orders.getOrder(deps, actorOf(req), params.id) }),
    updateOrderLine: async ({ params, body, req }) => ({
      status: 200,
      body: await orders.updateOrderLine(deps, actorOf(req), params.id, body),
    }),
    bulkUpdateOrderLines: async ({ body, req }) => ({ status: 200, body: await orders.bulkUpdateOrderLines(deps, actorOf(req), body) }),
    requestRefill: async ({ params, req }) => ({
      status: 200,
      body: await orders.requestRefill(deps, actorOf(req), params.id),
    }),
    listPromoCodes: async ({ query, req }) => ({
      status: 200,
      body: paginatedResponse(req, query, await promos.listPromoCodes(deps, actorOf(req), query)),
    }),
    createPromoCode: async ({ body, req }) => ({ status: 201, body: await promos.createPromoCode(deps, actorOf(req), body) }),
    updatePromoCode: async ({ params, body, req }) => ({
      status: 200,
      body: await promos.updatePromoCode(deps, actorOf(req), params.id, body),
    }),
  });
}
