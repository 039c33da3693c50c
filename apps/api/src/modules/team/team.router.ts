import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import * as service from './team.service';

const s = initServer();

export function teamRoutes(deps: AppDeps) {
  return s.router(contract.team, {
    listClientMembers: async ({ req }) => ({ status: 200, body: await service.listClientMembers(deps, actorOf(req)) }),
    inviteClientMember: async ({ req, body }) => ({ status: 201, body: await service.inviteClientMember(deps, actorOf(req), body) }),
    updateClientMember: async ({ req, params, body }) => ({ status: 200, body: await service.updateClientMember(deps, actorOf(req), params.id, body) }),
    resendClientMemberInvite: async ({ req, params }) => ({ status: 200, body: await service.resendClientMemberInvite(deps, actorOf(req), params.id) }),
    removeClientMember: async ({ req, params }) => {
      await service.removeClientMember(deps, actorOf(req), params.id);
      return { status: 204, body: undefined };
    },
  });
}
