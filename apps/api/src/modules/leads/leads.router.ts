import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf, callerOf } from '../../http/guard';
import { paginatedResponse } from '../../http/pagination';
import { contactRateLimit } from '../../http/rate-limit';
import * as service from './leads.service';

const s = initServer();

export function leadsRoutes(deps: AppDeps) {
  return s.router(contract.leads, {
    submitContact: {
      middleware: [contactRateLimit()],
      handler: async ({ body, req }) => ({ status: 201, body: await service.submitContact(deps, callerOf(req), body) }),
    },
    listLeads: async ({ query, req }) => ({
      status: 200,
      body: paginatedResponse(req, query, await service.listLeads(deps, actorOf(req), query)),
    }),
    updateLead: async ({ params, body, req }) => ({
      status: 200,
      body: await service.updateLead(deps, actorOf(req), { id: params.id, ...body }),
    }),
    convertLead: async ({ params, body, req }) => ({
      status: 201,
      body: await service.convertLead(deps, actorOf(req), { id: params.id, ...(body ?? {}) }),
    }),
  });
}
