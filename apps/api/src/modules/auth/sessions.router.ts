import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { paginatedResponse } from '../../http/pagination';
import * as service from './sessions.service';

const s = initServer();

export function sessionsRoutes(deps: AppDeps) {
  return s.router(contract.sessions, {
    listSessions: async ({ query, req }) => ({
      status: 200,
      body: paginatedResponse(req, query, await service.listSessions(deps, actorOf(req), query)),
    }),
    revokeSession: async ({ params, req }) => {
      await service.revokeSession(deps, actorOf(req), params.id);
      return { status: 204, body: undefined };
    },
    revokeOtherSessions: async ({ req }) => ({ status: 200, body: await service.revokeOtherSessions(deps, actorOf(req)) }),
  });
}
