import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../http/guard';
import { paginatedResponse } from '../../http/pagination';
import * as service from './content.service';

const s = initServer();
const caller = currentUser;

export function createContentRouter(deps: AppDeps) {
  return s.router(contract.content, {
    getContentStats: async ({ req }) => ({ status: 200, body: await service.getContentStats(deps, caller(req)) }),
    bulkApproveContent: async ({ req, body }) => ({
      status: 200,
      body: await service.bulkApproveContent(deps, caller(req), body),
    }),
    listContent: async ({ req, query }) => {
      const { count, results } = await service.listContent(deps, caller(req), query);
      return { status: 200, body: paginatedResponse(req, query, count, results) };
    },
    createContent: async ({ req, body }) => ({ status: 201, body: await service.createContent(deps, caller(req), body) }),
    getContent: async ({ req, params }) => ({ status: 200, body: await service.getContent(deps, caller(req), params.id) }),
    updateContent: async ({ req, params, body }) => ({
      status: 200,
      body: await service.updateContent(deps, caller(req), params.id, body),
    }),
    submitContent: async ({ req, params }) => ({
      status: 200,
      body: await service.submitContent(deps, caller(req), params.id),
    }),
    approveContent: async ({ req, params }) => ({
      status: 200,
      body: await service.approveContent(deps, caller(req), params.id),
    }),
    rejectContent: async ({ req, params, body }) => ({
      status: 200,
      body: await service.rejectContent(deps, caller(req), params.id, body),
    }),
  });
}
