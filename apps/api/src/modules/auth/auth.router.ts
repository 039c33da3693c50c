import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf, callerOf, originOf } from '../../http/guard';
import { inviteLinkRateLimit, loginRateLimits, securityAttemptsLimit, type LoginLimits } from '../../http/rate-limit';
import { issueTicket } from '../../realtime/ticket.service';
import { recordExport } from '../audit';
import * as service from './auth.service';
import { login } from './sign-in';
import { exportUserData } from './data-export';
import * as invites from './invites.service';

const s = initServer();

/** Refused password changes (a wrong current password, a refused new one) per user per 15 minutes. */
export const PASSWORD_CHANGE_FAILURES_PER_USER = 10;

/** Sign-up makes a client login's client record too: the clients module's route (clients.router.ts), mounted by api.router. */
const { register: _signUpIsClients, ...authContract } = contract.auth;

export function authRoutes(deps: AppDeps, limits: LoginLimits) {
  return s.router(authContract, {
    listDemoLogins: async () => {
      const logins = await service.listDemoLogins(deps);
      if (logins.length === 0) return { status: 404, body: { detail: 'No demo accounts.', code: 'not_found' } };
      return { status: 200, body: { logins } };
    },
    login: {
      middleware: loginRateLimits(deps, limits),
      handler: async ({ body, req }) => ({ status: 200, body: await login(deps, callerOf(req), body, originOf(req)) }),
    },
    openInvite: {
      middleware: [inviteLinkRateLimit(deps.db)],
      handler: async ({ body }) => ({ status: 200, body: await invites.openInvite(deps, body) }),
    },
    acceptInvite: {
      middleware: [inviteLinkRateLimit(deps.db)],
      handler: async ({ body, req }) => ({ status: 200, body: await invites.acceptInvite(deps, body, originOf(req)) }),
    },
    logout: async ({ req }) => {
      await service.logout(deps, actorOf(req));
      return { status: 204, body: undefined };
    },
    getMe: async ({ req }) => ({ status: 200, body: await service.getMe(deps, actorOf(req)) }),
    updateMe: async ({ req, body }) => ({ status: 200, body: await service.updateMe(deps, actorOf(req), body) }),
    changePassword: {
      // Someone at an unlocked screen cannot try passwords there for long: only the refused attempts count.
      middleware: [
        securityAttemptsLimit(deps, {
          prefix: 'password-change-user:',
          limit: PASSWORD_CHANGE_FAILURES_PER_USER,
          per: 'user',
          detail: 'Too many wrong passwords. Please wait 15 minutes and try again.',
          onlyFailures: true,
        }),
      ],
      handler: async ({ req, body }) => ({
        status: 200,
        body: await service.changePassword(deps, actorOf(req), body, originOf(req)),
      }),
    },
    exportMyData: async ({ req, res }) => {
      const data = await exportUserData(deps, actorOf(req));
      const filename = `my-data-${data.exported_at.slice(0, 10)}.json`;
      await recordExport(deps, actorOf(req), { what: 'personal_data', filename, clientId: actorOf(req).clientId });
      res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
      return { status: 200, body: data };
    },
    wsTicket: async ({ req }) => ({ status: 201, body: await issueTicket(deps, actorOf(req)) }),
  });
}

/** The routes of the user's sessions (contract.sessions), mounted by api.router.ts beside these. */
export { sessionsRoutes } from './sessions.router';
export { passkeysRoutes } from './passkeys.router';
export { twoFactorRoutes } from './two-factor.router';
export { accountRoutes } from './account-links.router';
export { profileRoutes } from './avatar.router';
