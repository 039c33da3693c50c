import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import * as service from './dashboard.service';

const s = initServer();

export function dashboardRoutes(deps: AppDeps) {
  return s.router(contract.dashboard, {
    getDashboardStats: async ({ req }) => ({ status: 200, body: await service.getDashboardStats(deps, actorOf(req)) }),
    getClientDashboardStats: async ({ req }) => ({
      status: 200,
      body: await service.getClientDashboardStats(deps, actorOf(req)),
    }),
  });
}
