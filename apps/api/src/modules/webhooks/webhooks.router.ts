import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { paginatedResponse } from '../../http/pagination';
import * as service from './webhooks.service';

const s = initServer();

export function webhooksRoutes(deps: AppDeps) {
  return s.router(contract.webhooks, {
    listWebhooks: async ({ query, req }) => ({
      status: 200,
      body: paginatedResponse(req, query, await service.listWebhooks(deps, actorOf(req), query)),
    }),
    createWebhook: async ({ body, req }) => ({ status: 201, body: await service.createWebhook(deps, actorOf(req), body) }),
    updateWebhook: async ({ params, body, req }) => ({ status: 200, body: await service.updateWebhook(deps, actorOf(req), params.id, body) }),
    deleteWebhook: async ({ params, req }) => {
      await service.deleteWebhook(deps, actorOf(req), params.id);
      return { status: 204, body: undefined };
    },
    listWebhookDeliveries: async ({ params, query, req }) => ({
      status: 200,
      body: paginatedResponse(req, query, await service.listDeliveries(deps, actorOf(req), params.id, query)),
    }),
    sendTestWebhook: async ({ params, req }) => ({ status: 201, body: await service.sendTestWebhook(deps, actorOf(req), params.id) }),
    redeliverWebhook: async ({ params, req }) => ({ status: 201, body: await service.redeliverWebhook(deps, actorOf(req), params.id) }),
  });
}
