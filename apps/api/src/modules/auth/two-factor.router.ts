import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { initServer } from '@ts-rest/express';
import { contract, type TError } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { PostgresRateLimitStore } from '../../http/rate-limit-store';
import { verifySecondFactor } from './sign-in';
import * as service from './two-factor.service';

const s = initServer();

/** Wrong second-step codes per client IP per 15 minutes (every account together); per user, see sign-in-challenges.ts. */
export const SECOND_FACTOR_WRONG_PER_IP = 30;
/** Wrong passwords or codes per user per 15 minutes on the routes that set up, renew or turn off the app. */
export const TWO_FACTOR_SETTINGS_WRONG_PER_USER = 10;

const WINDOW_MS = 15 * 60_000;

/** A limit on failed attempts (answers of 400 and up), counted in Postgres across instances. */
function failedAttemptsLimit(deps: AppDeps, prefix: string, limit: number, key: (req: Request) => string, detail: string): RequestHandler {
  return rateLimit({
    validate: { creationStack: false },
    windowMs: WINDOW_MS,
    limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skipSuccessfulRequests: true,
    store: new PostgresRateLimitStore(deps.db, prefix),
    keyGenerator: key,
    message: { detail, code: 'rate_limited' } satisfies TError,
    statusCode: 429,
    logger: deps.logger,
  });
}

export function twoFactorRoutes(deps: AppDeps) {
  const perIp = failedAttemptsLimit(
    deps,
    'second-factor-ip:',
    SECOND_FACTOR_WRONG_PER_IP,
    (req) => `ip:${ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? '')}`,
    'Too many wrong codes. Please wait 15 minutes and try again.',
  );
  // Runs after the route guard, which has named the caller.
  const perUser = failedAttemptsLimit(
    deps,
    'two-factor-settings-user:',
    TWO_FACTOR_SETTINGS_WRONG_PER_USER,
    (req) => `user:${actorOf(req).id}`,
    'Too many wrong passwords or codes. Please wait 15 minutes and try again.',
  );
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
