import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { TRouteMetadata } from '@agency/contract';
import type { AppDeps } from '../deps';
import { AppError } from '../core/errors';
import { findUserByTokenHash, touchToken } from '../modules/auth/auth.queries';
import type { Session } from '../modules/auth/session-cache';
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

type GuardDeps = Pick<AppDeps, 'db' | 'sessions'>;

/** The session behind a token hash: from the few-second cache, else from the database (then cached). */
async function findSession({ db, sessions }: GuardDeps, tokenHash: string, now: Date): Promise<Session | undefined> {
  const cached = sessions.get(tokenHash, now.getTime());
  if (cached) return cached;
  const mark = sessions.mark();
  const row = await findUserByTokenHash(db, tokenHash, now);
  if (!row) return undefined;
  const session: Session = { ...row, role: row.role === 'admin' ? 'admin' : 'client', clientId: row.clientId ?? null };
  sessions.set(tokenHash, session, mark, now.getTime());
  return session;
}

/** Resolves `Authorization: Token <key>` to req.actor when the token is live. */
async function resolveUser(deps: GuardDeps, req: Request): Promise<'none' | 'invalid' | 'ok'> {
  const key = tokenFromHeader(req);
  if (key === undefined) return 'none';
  if (key === null) return 'invalid';
  const now = new Date();
  const session = await findSession(deps, hashSecret(key), now);
  if (!session) return 'invalid';
  req.actor = { kind: 'user', id: session.userId, role: session.role, email: session.email, clientId: session.clientId, tokenId: session.tokenId };
  if (!session.lastUsedAt || now.getTime() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    session.lastUsedAt = now;
    await touchToken(deps.db, session.tokenId, now);
  }
  return 'ok';
}

/**
 * The one authorization gate: every contract route declares `metadata.roles`;
 * public routes pass (a valid token still identifies the caller), the others need a token of a listed role.
 */
export function routeGuard(deps: GuardDeps): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const route = (req as Request & { tsRestRoute?: { metadata?: TRouteMetadata } }).tsRestRoute;
    const roles = route?.metadata?.roles;
    if (!roles) {
      next(new AppError('server_error', 'Route has no access metadata.'));
      return;
    }
    resolveUser(deps, req)
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
