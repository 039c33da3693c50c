import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import * as service from './social.service';

const s = initServer();

/** Connected social accounts. */
export function socialAccountsRoutes(deps: AppDeps) {
  return s.router(contract.socialAccounts, {
    listSocialAccounts: async ({ req, query }) => ({ status: 200, body: await service.listAccounts(deps, actorOf(req), query) }),
    disconnectSocialAccount: async ({ req, params }) => ({ status: 200, body: await service.disconnectAccount(deps, actorOf(req), params.id) }),
    syncSocialAccount: async ({ req, params }) => ({ status: 202, body: await service.requestSync(deps, actorOf(req), params.id) }),
    getSocialAccountStatus: async ({ req, params }) => ({ status: 200, body: await service.getAccountStatus(deps, actorOf(req), params.id) }),
  });
}

/** Connecting an account: start the provider's consent, then finish with its code. */
export function oauthRoutes(deps: AppDeps) {
  return s.router(contract.oauth, {
    listOAuthProviders: async () => ({ status: 200, body: service.listOAuthProviders(deps) }),
    initiateOAuth: async ({ req, params }) => ({ status: 200, body: await service.initiateOAuth(deps, actorOf(req), params.provider) }),
    completeOAuth: async ({ req, params, body }) => ({
      status: 200,
      body: await service.completeOAuth(deps, actorOf(req), params.provider, body),
    }),
  });
}
