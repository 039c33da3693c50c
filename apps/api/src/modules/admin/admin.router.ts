import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../http/guard';
import { deleteAdminAccount } from '../auth/auth.service';
import { listStaff } from './staff.service';
import { getBillingSettings } from '../invoices/billing-settings.service';

const s = initServer();

export function createAdminRouter(deps: AppDeps) {
  return s.router(contract.admin, {
    getBillingSettings: async () => ({ status: 200, body: await getBillingSettings(deps) }),
    deleteAdminAccount: async ({ req }) => ({ status: 200, body: await deleteAdminAccount(deps, currentUser(req)) }),
    listStaff: async () => ({ status: 200, body: await listStaff(deps) }),
  });
}
