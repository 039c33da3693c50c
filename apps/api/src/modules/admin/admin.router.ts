import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../http/guard';
import { notImplemented } from '../../http/not-implemented';
import { deleteAdminAccount } from '../auth/auth.service';
import { listStaff } from './staff.service';

const s = initServer();

export function createAdminRouter(deps: AppDeps) {
  return s.router(contract.admin, {
    getBillingSettings: notImplemented,
    deleteAdminAccount: async ({ req }) => ({ status: 200, body: await deleteAdminAccount(deps, currentUser(req)) }),
    listStaff: async () => ({ status: 200, body: await listStaff(deps) }),
  });
}
