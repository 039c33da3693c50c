import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { securityAttemptsLimit } from '../../http/rate-limit';
import { verifySecondFactor } from './sign-in';
import * as service from './two-factor.service';

const s = initServer();

/** Wrong second-step codes per client IP per 15 minutes (every account together); per user, see sign-in-challenges.ts. */
export const SECOND_FACTOR_WRONG_PER_IP = 30;
/** Wrong passwords or codes per user per 15 minutes on the routes that set up, renew or turn off the app. */
export const TWO_FACTOR_SETTINGS_WRONG_PER_USER = 10;

export function twoFactorRoutes(deps: AppDeps) {
  const perIp = securityAttemptsLimit(deps, {
    prefix: 'second-factor-ip:',
    limit: SECOND_FACTOR_WRONG_PER_IP,
    per: 'ip',
    detail: 'Too many wrong codes. Please wait 15 minutes and try again.',
    onlyFailures: true,
  });
  // Runs after the route guard, which has named the caller.
  const perUser = securityAttemptsLimit(deps, {
    prefix: 'two-factor-settings-user:',
    limit: TWO_FACTOR_SETTINGS_WRONG_PER_USER,
    per: 'user',
    detail: 'Too many wrong passwords or codes. Please wait 15 minutes and try again.',
    onlyFailures: true,
  });
  return s.router(contract.twoFactor, {
    verifySecondFactor: {
      middleware: [perIp],
      handler: async ({ body }) => ({ status: 200, body: await verifySecondFactor(deps, body) }),
    },
    getTwoFactorStatus: async ({ req }) => ({ status: 200, body: await service.getTwoFactorStatus(deps, actorOf(req)) }),
    startTotpEnrolment: {
      middleware: [perUser],
      handler: async ({ req, body }) => ({ status: 200, body: await service.startTotpEnrolment(deps, actorOf(req), body) }),
    },
    confirmTotpEnrolment: {
      middleware: [perUser],
      handler: async ({ req, body }) => ({ status: 200, body: await service.confirmTotpEnrolment(deps, actorOf(req), body) }),
    },
    regenerateRecoveryCodes: {
      middleware: [perUser],
      handler: async ({ req, body }) => ({ status: 200, body: await service.regenerateRecoveryCodes(deps, actorOf(req), body) }),
    },
    disableTotp: {
      middleware: [perUser],
      handler: async ({ req, body }) => ({ status: 200, body: await service.disableTotp(deps, actorOf(req), body) }),
    },
    getSecurityPolicy: async () => ({ status: 200, body: await service.getSecurityPolicy(deps) }),
    updateSecurityPolicy: async ({ req, body }) => ({ status: 200, body: await service.updateSecurityPolicy(deps, actorOf(req), body) }),
  });
}
