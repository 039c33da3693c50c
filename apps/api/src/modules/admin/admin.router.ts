import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { getBillingSettings } from '../invoices';
import { deleteAdminAccount, endStaffSessions, inviteStaff, listStaff, removeStaff, resendStaffInvite, updateStaff } from './staff.service';

const s = initServer();

export function adminRoutes(deps: AppDeps) {
  return s.router(contract.admin, {
    getBillingSettings: async ({ req }) => ({ status: 200, body: await getBillingSettings(deps, actorOf(req)) }),
    deleteAdminAccount: async ({ req }) => ({ status: 200, body: await deleteAdminAccount(deps, actorOf(req)) }),
    listStaff: async ({ req }) => ({ status: 200, body: await listStaff(deps, actorOf(req)) }),
    inviteStaff: async ({ req, body }) => ({ status: 201, body: await inviteStaff(deps, actorOf(req), body) }),
    updateStaff: async ({ req, params, body }) => ({ status: 200, body: await updateStaff(deps, actorOf(req), params.id, body) }),
    resendStaffInvite: async ({ req, params }) => ({ status: 200, body: await resendStaffInvite(deps, actorOf(req), params.id) }),
    endStaffSessions: async ({ req, params }) => ({ status: 200, body: await endStaffSessions(deps, actorOf(req), params.id) }),
    removeStaff: async ({ req, params }) => {
      await removeStaff(deps, actorOf(req), params.id);
      return { status: 204, body: undefined };
    },
  });
}
