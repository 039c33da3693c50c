import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../http/guard';
import * as service from './dashboard.service';

const s = initServer();

export function createDashboardRouter(deps: AppDeps) {
  return s.router(contract.dashboard, {
    getDashboardStats: async () => ({ status: 200, body: await service.getDashboardStats(deps) }),
    getClientDashboardStats: async ({ req }) => ({
      status: 200,
      body: await service.getClientDashboardStats(deps, currentUser(req)),
    }),
  });
}
