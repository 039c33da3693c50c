import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { paginatedResponse } from '../../http/pagination';
import * as service from './notifications.service';

const s = initServer();

export function notificationsRoutes(deps: AppDeps) {
  return s.router(contract.notifications, {
    listNotifications: async ({ req, query }) => ({
      status: 200,
      body: paginatedResponse(req, query, await service.listMyNotifications(deps, actorOf(req), query)),
    }),
    markAllNotificationsRead: async ({ req }) => ({
      status: 200,
      body: await service.markAllNotificationsRead(deps, actorOf(req)),
    }),
    clearNotifications: async ({ req }) => ({ status: 200, body: await service.clearNotifications(deps, actorOf(req)) }),
    getNotificationPreferences: async ({ req }) => ({ status: 200, body: await service.getPreferences(deps, actorOf(req)) }),
    updateNotificationPreferences: async ({ req, body }) => ({
      status: 200,
      body: await service.updatePreferences(deps, actorOf(req), body),
    }),
    markNotificationRead: async ({ req, params }) => ({
      status: 200,
      body: await service.markNotificationRead(deps, actorOf(req), params.id),
    }),
    deleteNotification: async ({ req, params }) => {
      await service.deleteNotification(deps, actorOf(req), params.id);
      return { status: 204, body: undefined };
    },
  });
}
