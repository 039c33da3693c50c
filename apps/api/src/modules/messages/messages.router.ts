import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../http/guard';
import * as service from './messages.service';

const s = initServer();

export function createMessagesRouter(deps: AppDeps) {
  return s.router(contract.messages, {
    listMessages: async ({ req, query }) => ({
      status: 200,
      body: await service.listMessages(deps, currentUser(req), query, req),
    }),
    sendMessage: async ({ req, body }) => ({ status: 201, body: await service.sendMessage(deps, currentUser(req), body) }),
    sendToAdmin: async ({ req, body }) => ({ status: 201, body: await service.sendToAdmin(deps, currentUser(req), body) }),
    sendToClient: async ({ req, body }) => ({ status: 201, body: await service.sendToClient(deps, currentUser(req), body) }),
    listAdminConversations: async ({ query }) => ({ status: 200, body: await service.listAdminConversations(deps, query) }),
    listConversations: async ({ req }) => ({ status: 200, body: await service.listConversations(deps, currentUser(req)) }),
    getConversation: async ({ req, params, query }) => ({
      status: 200,
      body: await service.getConversation(deps, currentUser(req), params.id, query, req),
    }),
    getTeam: async ({ req }) => ({ status: 200, body: await service.getTeam(deps, currentUser(req)) }),
    markMessageRead: async ({ req, params }) => ({
      status: 200,
      body: await service.markMessageRead(deps, currentUser(req), params.id),
    }),
  });
}
