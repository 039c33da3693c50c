import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { agencyProfile, updateAgencyProfile } from './agency.service';

const s = initServer();

export function agencyRoutes(deps: AppDeps) {
  return s.router(contract.agency, {
    getAgencyProfile: async () => ({ status: 200, body: await agencyProfile(deps) }),
    updateAgencyProfile: async ({ req, body }) => ({ status: 200, body: await updateAgencyProfile(deps, actorOf(req), body) }),
  });
}
