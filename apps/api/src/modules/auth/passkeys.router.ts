import type { Request } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { initServer } from '@ts-rest/express';
import { contract, type TError } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf, originOf } from '../../http/guard';
import { paginatedResponse } from '../../http/pagination';
import { PostgresRateLimitStore } from '../../http/rate-limit-store';
import * as service from './passkeys.service';

const s = initServer();

/** Password-less sign-ins started per client IP per 15 minutes (each keeps a challenge for 5 minutes). */
export const PASSKEY_SIGN_INS_PER_IP = 60;
/** Passkey answers that failed, per client IP per 15 minutes (sign-in and second step); wrong passwords per user on the settings. */
export const PASSKEY_FAILURES_PER_IP = 30;
export const PASSKEY_SETTINGS_FAILURES_PER_USER = 10;
const WINDOW_MS = 15 * 60_000;

const ipOf = (req: Request) => `ip:${ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? '')}`;

function limit(deps: AppDeps, prefix: string, max: number, key: (req: Request) => string, detail: string, onlyFailures: boolean) {
  return rateLimit({
    validate: { creationStack: false },
    windowMs: WINDOW_MS,
    limit: max,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skipSuccessfulRequests: onlyFailures,
    store: new PostgresRateLimitStore(deps.db, prefix),
    keyGenerator: key,
    message: { detail, code: 'rate_limited' } satisfies TError,
    statusCode: 429,
    logger: deps.logger,
  });
}

export function passkeysRoutes(deps: AppDeps) {
  const tooMany = 'Too many passkey attempts. Please wait 15 minutes and try again.';
  const startsPerIp = limit(deps, 'passkey-start-ip:', PASSKEY_SIGN_INS_PER_IP, ipOf, tooMany, false);
  const failuresPerIp = limit(deps, 'passkey-fail-ip:', PASSKEY_FAILURES_PER_IP, ipOf, tooMany, true);
  // Runs after the route guard, which has named the caller.
  const perUser = limit(deps, 'passkey-settings-user:', PASSKEY_SETTINGS_FAILURES_PER_USER, (req) => `user:${actorOf(req).id}`, 'Too many wrong passwords. Please wait 15 minutes and try again.', true);
  return s.router(contract.passkeys, {
    listPasskeys: async ({ query, req }) => ({ status: 200, body: paginatedResponse(req, query, await service.listPasskeys(deps, actorOf(req), query)) }),
    startPasskeyRegistration: {
      middleware: [perUser],
      handler: async ({ body, req }) => ({ status: 200, body: await service.startPasskeyRegistration(deps, actorOf(req), body) }),
    },
    finishPasskeyRegistration: async ({ body, req }) => ({ status: 201, body: await service.finishPasskeyRegistration(deps, actorOf(req), body, originOf(req)) }),
    renamePasskey: async ({ params, body, req }) => ({ status: 200, body: await service.renamePasskey(deps, actorOf(req), params.id, body) }),
    removePasskey: {
      middleware: [(req, res, next) => void perUser(req as unknown as Request, res, next)],
      handler: async ({ params, body, req }) => {
        await service.removePasskey(deps, actorOf(req), params.id, body);
        return { status: 204, body: undefined };
      },
    },
    startPasskeySignIn: {
      middleware: [startsPerIp],
      handler: async ({ req }) => ({ status: 200, body: await service.startPasskeySignIn(deps, originOf(req)) }),
    },
    passkeySignIn: {
      middleware: [failuresPerIp],
      handler: async ({ body, req }) => ({ status: 200, body: await service.passkeySignIn(deps, body, originOf(req)) }),
    },
    secondFactorPasskeyOptions: {
      middleware: [failuresPerIp],
      handler: async ({ body }) => ({ status: 200, body: await service.secondFactorPasskeyOptions(deps, body) }),
    },
    verifySecondFactorPasskey: {
      middleware: [failuresPerIp],
      handler: async ({ body }) => ({ status: 200, body: await service.verifySecondFactorPasskey(deps, body) }),
    },
  });
}
