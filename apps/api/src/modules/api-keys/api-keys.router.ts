import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { paginatedResponse } from '../../http/pagination';
import * as service from './api-keys.service';

const s = initServer();

export function apiKeysRoutes(deps: AppDeps) {
  return s.router(contract.apiKeys, {
    listApiKeys: async ({ query, req }) => ({
      status: 200,
      body: paginatedResponse(req, query, await service.listApiKeys(deps, actorOf(req), query)),
    }),
    createApiKey: async ({ body, req }) => ({ status: 201, body: await service.createApiKey(deps, actorOf(req), body) }),
    revokeApiKey: async ({ params, req }) => ({ status: 200, body: await service.revokeApiKey(deps, actorOf(req), params.id) }),
    listApiKeyUses: async ({ params, query, req }) => ({
      status: 200,
      body: paginatedResponse(req, query, await service.listApiKeyUses(deps, actorOf(req), params.id, query)),
    }),
  });
}
