import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf, callerOf, originOf } from '../../http/guard';
import { register } from '../auth';
import { paginatedResponse } from '../../http/pagination';
import * as billing from './billing-details.service';
import * as service from './clients.service';

const s = initServer();

export function clientsRoutes(deps: AppDeps) {
  return s.router(contract.clients, {
    getClientSummary: async ({ req }) => ({ status: 200, body: await service.getSummary(deps, actorOf(req)) }),
    getMyBillingDetails: async ({ req }) => ({ status: 200, body: await billing.getMyBillingDetails(deps, actorOf(req)) }),
    updateMyBillingDetails: async ({ req, body }) => ({ status: 200, body: await billing.updateMyBillingDetails(deps, actorOf(req), body) }),
    listClients: async ({ query, req }) => ({
      status: 200,
      body: paginatedResponse(req, query, await service.listClients(deps, actorOf(req), query)),
    }),
    createClient: async ({ body, req }) => ({ status: 201, body: await service.createClient(deps, actorOf(req), body) }),
    getClient: async ({ params, req }) => ({ status: 200, body: await service.getClient(deps, actorOf(req), params.id) }),
    updateClient: async ({ params, body, req }) => ({
      status: 200,
      body: await service.updateClient(deps, actorOf(req), { id: params.id, changes: body }),
    }),
    archiveClient: async ({ params, req }) => {
      await service.archiveClient(deps, actorOf(req), params.id);
      return { status: 204, body: undefined };
    },
    inviteClientToPortal: async ({ params, req }) => ({ status: 200, body: await service.inviteClientToPortal(deps, actorOf(req), params.id) }),
    endClientPortalSessions: async ({ params, req }) => ({ status: 200, body: await service.endClientPortalSessions(deps, actorOf(req), params.id) }),
    restoreClient: async ({ params, req }) => ({ status: 200, body: await service.restoreClient(deps, actorOf(req), params.id) }),
    updatePaymentStatus: async ({ params, body, req }) => ({
      status: 200,
      body: await service.updatePaymentStatus(deps, actorOf(req), { id: params.id, ...body }),
    }),
  });
}

/**
 * POST /auth/register/ (the auth contract's route, mounted beside auth's by api.router): auth makes the account and
 * its session; a client login's client record is made here, in the same transaction.
 */
export function registerRoute(deps: AppDeps) {
  return s.route(contract.auth.register, async ({ body, req }) => ({
    status: 201,
    body: await register(deps, callerOf(req), body, service.createSignUpClient, originOf(req)),
  }));
}
