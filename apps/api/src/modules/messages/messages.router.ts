import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { paginatedResponse } from '../../http/pagination';
import * as service from './messages.service';

const s = initServer();

export function messagesRoutes(deps: AppDeps) {
  return s.router(contract.messages, {
    listMessages: async ({ req, query }) => ({
      status: 200,
      body: paginatedResponse(req, query, await service.listMessages(deps, actorOf(req), query)),
    }),
    sendMessage: async ({ req, body }) => ({ status: 201, body: await service.sendMessage(deps, actorOf(req), body) }),
    sendToAdmin: async ({ req, body }) => ({ status: 201, body: await service.sendToAdmin(deps, actorOf(req), body) }),
    sendToClient: async ({ req, body }) => ({ status: 201, body: await service.sendToClient(deps, actorOf(req), body) }),
    listAdminConversations: async ({ req, query }) => ({
      status: 200,
      body: await service.listAdminConversations(deps, actorOf(req), query),
    }),
    listConversations: async ({ req }) => ({ status: 200, body: await service.listConversations(deps, actorOf(req)) }),
    getConversation: async ({ req, params, query }) => ({
      status: 200,
      body: paginatedResponse(req, query, await service.getConversation(deps, actorOf(req), { userId: params.id, ...query })),
    }),
    getTeam: async ({ req }) => ({ status: 200, body: await service.getTeam(deps, actorOf(req)) }),
    markMessageRead: async ({ req, params }) => ({
      status: 200,
      body: await service.markMessageRead(deps, actorOf(req), params.id),
    }),
  });
}
