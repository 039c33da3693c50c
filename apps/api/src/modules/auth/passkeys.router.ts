import type { Request } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf, originOf } from '../../http/guard';
import { paginatedResponse } from '../../http/pagination';
import { securityAttemptsLimit } from '../../http/rate-limit';
import * as service from './passkeys.service';

const s = initServer();

/** Password-less sign-ins started per client IP per 15 minutes (each keeps a challenge for 5 minutes). */
export const PASSKEY_SIGN_INS_PER_IP = 60;
/** Passkey answers that failed, per client IP per 15 minutes (sign-in and second step); wrong passwords per user on the settings. */
export const PASSKEY_FAILURES_PER_IP = 30;
export const PASSKEY_SETTINGS_FAILURES_PER_USER = 10;

export function passkeysRoutes(deps: AppDeps) {
  const tooMany = 'Too many passkey attempts. Please wait 15 minutes and try again.';
  const startsPerIp = securityAttemptsLimit(deps, { prefix: 'passkey-start-ip:', limit: PASSKEY_SIGN_INS_PER_IP, per: 'ip', detail: tooMany, onlyFailures: false });
  const failuresPerIp = securityAttemptsLimit(deps, { prefix: 'passkey-fail-ip:', limit: PASSKEY_FAILURES_PER_IP, per: 'ip', detail: tooMany, onlyFailures: true });
  // Runs after the route guard, which has named the caller.
  const perUser = securityAttemptsLimit(deps, {
    prefix: 'passkey-settings-user:',
    limit: PASSKEY_SETTINGS_FAILURES_PER_USER,
    per: 'user',
    detail: 'Too many wrong passwords. Please wait 15 minutes and try again.',
    onlyFailures: true,
  });
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
