import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { API_KEY_MARK, clientPermissionCovers, TWO_FACTOR_ENROLMENT_REQUIRED, type TClientPermission, type TRouteMetadata } from '@agency/contract';
import type { AppDeps } from '../deps';
import { AppError } from '../core/errors';
import { findUserByTokenHash, hashSecret, type Session, touchToken } from '../modules/auth';
import { checkApiKeyScope, findKeyByHash, recordApiKeyUse } from '../modules/api-keys';
import { visitor, type Actor, type RequestOrigin, type UserActor } from '../core/actor';
import './request-context';

/** Last-used time (and with it the session's sliding end) is written at most this often per token, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 60_000;

const BEARER_API_KEY = new RegExp(`^Bearer\\s+(${API_KEY_MARK}[A-Za-z0-9_-]{20,128})$`);

type Credential = { scheme: 'token' | 'api_key'; key: string };

/** `Token <sign-in token>` or `Bearer <API key>`; null when the header is there but neither. */
function credentialFromHeader(req: Request): Credential | undefined | null {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const token = /^Token\s+([A-Za-z0-9_-]{20,128})$/.exec(header.trim());
  if (token) return { scheme: 'token', key: token[1]! };
  const apiKey = BEARER_API_KEY.exec(header.trim());
  return apiKey ? { scheme: 'api_key', key: apiKey[1]! } : null;
}

type GuardDeps = Pick<AppDeps, 'db' | 'sessions' | 'logger' | 'config'>;

/** The session behind a token hash: from the few-second cache, else from the database (then cached). */
async function findSession({ db, sessions }: GuardDeps, tokenHash: string, now: Date): Promise<Session | undefined> {
  const cached = sessions.get(tokenHash, now.getTime());
  if (cached) return cached;
  const mark = sessions.mark();
  const row = await findUserByTokenHash(db, tokenHash, now);
  if (!row) return undefined;
  const role = row.role === 'admin' ? 'admin' : 'client';
  const session: Session = {
    ...row,
    role,
    staffRole: role === 'admin' ? (row.staffRole ?? 'owner') : null,
    clientId: row.clientId ?? null,
    clientPermission: role === 'client' ? (row.clientPermission ?? 'full') : null,
  };
  sessions.set(tokenHash, session, mark, now.getTime());
  return session;
}

/** Resolves the Authorization header to req.actor when its token or API key is live. */
async function resolveUser(deps: GuardDeps, req: Request, res: Response): Promise<'none' | 'invalid' | 'invalid_key' | 'ok' | 'must_enrol'> {
  const credential = credentialFromHeader(req);
  if (credential === undefined) return 'none';
  if (credential === null) return 'invalid';
  const now = new Date();
  if (credential.scheme === 'api_key') return (await resolveApiKey(deps, req, res, credential.key, now)) ? 'ok' : 'invalid_key';
  const session = await findSession(deps, hashSecret(credential.key), now);
  if (!session) return 'invalid';
  req.actor = {
    kind: 'user',
    id: session.userId,
    role: session.role,
    staffRole: session.staffRole,
    email: session.email,
    clientId: session.clientId,
    clientPermission: session.clientPermission,
    tokenId: session.tokenId,
  };
  if (!session.lastUsedAt || now.getTime() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    session.lastUsedAt = now;
    // The session lives SESSION_IDLE_DAYS from this use, up to its hard limit.
    const expiresAt = await touchToken(deps.db, session.tokenId, now, deps.config.SESSION_IDLE_DAYS * 86_400_000);
    if (expiresAt) session.expiresAt = expiresAt;
  }
  return session.mustEnrolSecondFactor ? 'must_enrol' : 'ok';
}

/**
 * A live API key acts as the admin who made it, within its scopes. Every request made with a known key, refused
 * ones too (a revoked or expired key's 401), goes to its audit log when the answer is sent. Keys are not cached: a revoke stops the next request.
 */
async function resolveApiKey(deps: GuardDeps, req: Request, res: Response, key: string, now: Date): Promise<boolean> {
  const found = await findKeyByHash(deps.db, hashSecret(key), now);
  if (!found) return false;
  res.on('finish', () => {
    const use = { keyId: found.id, method: req.method, path: req.originalUrl.split('?')[0]!.slice(0, 500), status: res.statusCode, ip: req.ip ?? '', at: now };
    recordApiKeyUse(deps.db, use).catch((err: unknown) => deps.logger.error({ err, keyId: found.id }, 'api key use not recorded'));
  });
  if (!found.live) return false;
  // The key acts with its maker's current staff role: a manager's key reaches that manager's clients only.
  req.actor = {
    kind: 'user',
    id: found.userId,
    role: 'admin',
    staffRole: found.staffRole ?? 'owner',
    email: found.email,
    clientId: null,
    clientPermission: null,
    tokenId: null,
    apiKey: { id: found.id, prefix: found.prefix, scopes: found.scopes },
  };
  return true;
}

/**
 * The one authorization gate: every contract route declares `metadata.roles`;
 * public routes pass (a valid token still identifies the caller), the others need a token of a listed role.
 */
export function routeGuard(deps: GuardDeps): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const route = (req as Request & { tsRestRoute?: { method: string; path: string; metadata?: TRouteMetadata } }).tsRestRoute;
    const roles = route?.metadata?.roles;
    if (!roles) {
      next(new AppError('server_error', 'Route has no access metadata.'));
      return;
    }
    resolveUser(deps, req, res)
      .then((state) => {
        if (roles.includes('public')) {
          if (state !== 'ok' && state !== 'must_enrol') delete req.actor;
          return next();
        }
        if (state === 'none') throw new AppError('not_authenticated', 'Authentication credentials were not provided.');
        if (state === 'invalid') throw new AppError('authentication_failed', 'Invalid or expired token.');
        if (state === 'invalid_key') throw new AppError('authentication_failed', 'Invalid, expired or revoked API key.');
        if (!roles.includes(req.actor!.role)) throw new AppError('permission_denied', 'You do not have permission to perform this action.');
        // The agency requires a second factor and this staff account has none: it may only set one up.
        if (state === 'must_enrol' && !route!.metadata?.duringEnrolment) {
          throw new AppError(TWO_FACTOR_ENROLMENT_REQUIRED, 'Your agency requires two-factor authentication. Set up an authenticator app or a passkey to continue.');
        }
        checkRouteAccess(req.actor!, route!);
        if (route) checkApiKeyScope(req.actor!, route);
        next();
      })
      .catch(next);
  };
}

/**
 * What the caller may reach within its role. Staff: a route may leave managers out (`metadata.staff`), and read-only
 * staff only read, but for their own account (`metadata.personal`). A client's team member: the route's
 * `metadata.clientPermission`.
 */
function checkRouteAccess(actor: UserActor, route: { method: string; metadata?: TRouteMetadata }): void {
  if (actor.role === 'client') return checkClientPermission(actor, route.metadata?.clientPermission);
  if (!actor.staffRole) return;
  const allowed = route.metadata?.staff;
  if (allowed && !allowed.includes(actor.staffRole)) {
    throw new AppError('permission_denied', 'Only the agency’s owners can do this.');
  }
  if (actor.staffRole === 'read_only' && route.method !== 'GET' && !route.metadata?.personal) {
    throw new AppError('permission_denied', 'Your account is read-only: you can see everything but not change it.');
  }
}

const PERMISSION_SCOPE: Record<TClientPermission, string> = {
  full: 'people with full access to the account',
  content: 'people with access to the content',
  billing: 'people with access to billing',
};

/** A member of a client's team reaches what its permission covers: full access everything, the others their part. */
function checkClientPermission(actor: UserActor, needed: TClientPermission | undefined): void {
  if (!needed || clientPermissionCovers(actor.clientPermission, needed)) return;
  throw new AppError('permission_denied', `This is for ${PERMISSION_SCOPE[needed]}. Ask the account's owner if you need it.`);
}

/** For handlers: the signed-in caller (the guard guarantees one on non-public routes). */
export function actorOf(req: { actor?: UserActor }): UserActor {
  if (!req.actor) throw new AppError('not_authenticated', 'Authentication credentials were not provided.');
  return req.actor;
}

/** The browser and address of a request (the IP as express sees it behind the configured proxies). */
export function originOf(req: { ip?: string; get(name: string): string | undefined }): RequestOrigin {
  return { userAgent: req.get('user-agent')?.slice(0, 512) ?? null, ip: req.ip ?? null };
}

/** For public routes: the signed-in caller if a valid token came along, else a visitor. */
export function callerOf(req: { actor?: UserActor }): Actor {
  return req.actor ?? visitor;
}
