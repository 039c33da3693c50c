import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../http/guard';
import * as service from './notifications.service';

const s = initServer();

const caller = currentUser;

export function createNotificationsRouter(deps: AppDeps) {
  return s.router(contract.notifications, {
    listNotifications: async ({ req, query }) => ({
      status: 200,
      body: await service.listMyNotifications(deps, caller(req), query, req),
    }),
    markAllNotificationsRead: async ({ req }) => ({
      status: 200,
      body: await service.markAllNotificationsRead(deps, caller(req)),
    }),
    clearNotifications: async ({ req }) => ({ status: 200, body: await service.clearNotifications(deps, caller(req)) }),
    getNotificationPreferences: async ({ req }) => ({ status: 200, body: await service.getPreferences(deps, caller(req)) }),
    updateNotificationPreferences: async ({ req, body }) => ({
      status: 200,
      body: await service.updatePreferences(deps, caller(req), body),
    }),
    markNotificationRead: async ({ req, params }) => ({
      status: 200,
      body: await service.markNotificationRead(deps, caller(req), params.id),
    }),
    deleteNotification: async ({ req, params }) => {
      await service.deleteNotification(deps, caller(req), params.id);
      return { status: 204, body: undefined };
    },
  });
}
