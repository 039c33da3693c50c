import { initServer } from '@ts-rest/express';
import {
  ACCOUNT_LINK_ATTEMPTS_PER_10_MIN,
  EMAIL_CHANGE_REQUESTS_PER_HOUR,
  EMAIL_VERIFY_RESENDS_PER_HOUR,
  PASSWORD_RESET_REQUESTS_PER_EMAIL_PER_HOUR,
  PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR,
  contract,
} from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf, callerOf } from '../../http/guard';
import { accountLinkRateLimit, passwordResetRateLimits, perUserHourlyLimit } from '../../http/rate-limit';
import * as service from './account-links.service';

const s = initServer();

/** contract.account: forgot password, confirm an address, change it (and undo the change). */
export function accountRoutes(deps: AppDeps) {
  const linkLimit = (route: string) => [accountLinkRateLimit(deps.db, `account-link-${route}-ip:`, ACCOUNT_LINK_ATTEMPTS_PER_10_MIN)];
  return s.router(contract.account, {
    requestPasswordReset: {
      middleware: passwordResetRateLimits(deps.db, {
        perIp: PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR,
        perEmail: PASSWORD_RESET_REQUESTS_PER_EMAIL_PER_HOUR,
      }),
      handler: async ({ body }) => ({ status: 202, body: await service.requestPasswordReset(deps, body) }),
    },
    openAccountLink: {
      middleware: linkLimit('open'),
      handler: async ({ body }) => ({ status: 200, body: await service.openAccountLink(deps, body) }),
    },
    resetPassword: {
      middleware: linkLimit('reset'),
      handler: async ({ body }) => ({ status: 200, body: await service.resetPassword(deps, body) }),
    },
    verifyEmail: {
      middleware: linkLimit('verify'),
      handler: async ({ body }) => ({ status: 200, body: await service.verifyEmail(deps, body) }),
    },
    resendEmailVerification: {
      middleware: [
        perUserHourlyLimit(deps.db, 'email-verify-resend:', EMAIL_VERIFY_RESENDS_PER_HOUR, 'Too many confirmation e-mails asked for. Please wait an hour and try again.'),
      ],
      handler: async ({ req }) => ({ status: 200, body: await service.resendEmailVerification(deps, actorOf(req)) }),
    },
    requestEmailChange: {
      middleware: [
        perUserHourlyLimit(deps.db, 'email-change:', EMAIL_CHANGE_REQUESTS_PER_HOUR, 'Too many e-mail change requests. Please wait an hour and try again.'),
      ],
      handler: async ({ req, body }) => ({ status: 202, body: await service.requestEmailChange(deps, actorOf(req), body) }),
    },
    confirmEmailChange: {
      middleware: linkLimit('change'),
      handler: async ({ req, body }) => ({ status: 200, body: await service.confirmEmailChange(deps, callerOf(req), body) }),
    },
    undoEmailChange: {
      middleware: linkLimit('undo'),
      handler: async ({ body }) => ({ status: 200, body: await service.undoEmailChange(deps, body) }),
    },
  });
}
