import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { paginatedResponse } from '../../http/pagination';
import * as service from './clients.service';

const s = initServer();

export function createClientsRouter(deps: AppDeps) {
  return s.router(contract.clients, {
    getClientSummary: async () => ({ status: 200, body: await service.getSummary(deps) }),
    listClients: async ({ query, req }) => {
      const { count, results } = await service.listClients(deps, query);
      return { status: 200, body: paginatedResponse(req, query, count, results) };
    },
    createClient: async ({ body }) => ({ status: 201, body: await service.createClient(deps, body) }),
    getClient: async ({ params }) => ({ status: 200, body: await service.getClientDto(deps.db, params.id) }),
    updateClient: async ({ params, body }) => ({ status: 200, body: await service.updateClient(deps, params.id, body) }),
    archiveClient: async ({ params }) => {
      await service.archiveClient(deps, params.id);
      return { status: 204, body: undefined };
    },
    updatePaymentStatus: async ({ params, body }) => ({
      status: 200,
      body: await service.updatePaymentStatus(deps, params.id, body),
    }),
  });
}
