import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { TRouteMetadata } from '@agency/contract';
import type { Db } from '../db/types';
import { AppError } from '../core/errors';
import { findUserByTokenHash, touchToken } from '../modules/auth/auth.queries';
import { hashSecret } from '../modules/auth/tokens';
import { visitor, type Actor, type UserActor } from '../core/actor';
import './request-context';

/** Last-used time is written at most this often per token, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 60_000;

function tokenFromHeader(req: Request): string | undefined | null {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Token\s+([A-Za-z0-9_-]{20,128})$/.exec(header.trim());
  return match ? match[1] : null;
}

/** Resolves `Authorization: Token <key>` to req.actor when the token is live. */
async function resolveUser(db: Db, req: Request): Promise<'none' | 'invalid' | 'ok'> {
  const key = tokenFromHeader(req);
  if (key === undefined) return 'none';
  if (key === null) return 'invalid';
  const now = new Date();
  const row = await findUserByTokenHash(db, hashSecret(key), now);
  if (!row) return 'invalid';
  req.actor = {
    kind: 'user',
    id: row.userId,
    role: row.role === 'admin' ? 'admin' : 'client',
    email: row.email,
    clientId: row.clientId ?? null,
    tokenId: row.tokenId,
  };
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchToken(db, row.tokenId, now);
  }
  return 'ok';
}

/**
 * The one authorization gate: every contract route declares `metadata.roles`;
 * public routes pass (a valid token still identifies the caller), the others need a token of a listed role.
 */
export function routeGuard(db: Db): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const route = (req as Request & { tsRestRoute?: { metadata?: TRouteMetadata } }).tsRestRoute;
    const roles = route?.metadata?.roles;
    if (!roles) {
      next(new AppError('server_error', 'Route has no access metadata.'));
      return;
    }
    resolveUser(db, req)
      .then((state) => {
        if (roles.includes('public')) {
          if (state === 'invalid') delete req.actor;
          return next();
        }
        if (state === 'none') throw new AppError('not_authenticated', 'Authentication credentials were not provided.');
        if (state === 'invalid') throw new AppError('authentication_failed', 'Invalid or expired token.');
        if (!roles.includes(req.actor!.role)) throw new AppError('permission_denied', 'You do not have permission to perform this action.');
        next();
      })
      .catch(next);
  };
}

/** For handlers: the signed-in caller (the guard guarantees one on non-public routes). */
export function actorOf(req: { actor?: UserActor }): UserActor {
  if (!req.actor) throw new AppError('not_authenticated', 'Authentication credentials were not provided.');
  return req.actor;
}

/** For public routes: the signed-in caller if a valid token came along, else a visitor. */
export function callerOf(req: { actor?: UserActor }): Actor {
  return req.actor ?? visitor;
}
