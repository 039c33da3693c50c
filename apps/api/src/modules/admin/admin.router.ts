import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { deleteAdminAccount } from '../auth/auth.service';
import { getBillingSettings } from '../invoices/billing-settings.service';
import { listStaff } from './staff.service';

const s = initServer();

export function adminRoutes(deps: AppDeps) {
  return s.router(contract.admin, {
    getBillingSettings: async ({ req }) => ({ status: 200, body: await getBillingSettings(deps, actorOf(req)) }),
    deleteAdminAccount: async ({ req }) => ({ status: 200, body: await deleteAdminAccount(deps, actorOf(req)) }),
    listStaff: async ({ req }) => ({ status: 200, body: await listStaff(deps, actorOf(req)) }),
  });
}
