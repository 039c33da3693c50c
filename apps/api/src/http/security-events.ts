import type { Request } from 'express';
import type { TRouteMetadata } from '@agency/contract';
import { logSecurityEvent, type SecurityEventFacts } from '../core/security-events';
import './request-context';

/*
 * The security events of the HTTP layer (core/security-events.ts has the shape): a refused request (401, 403, from
 * the error middleware) and a rate-limited one (429, from every limiter of rate-limit.ts). Each is one line through
 * the request's logger (so it carries the request id), with the route's pattern (/api/clients/:id/), never its URL.
 */

type RouteOf = Request & { tsRestRoute?: { path: string; metadata?: TRouteMetadata } };

/** The contract route's pattern, else Express's (both without ids or query). */
function routePattern(req: Request): string | undefined {
  const contractRoute = (req as RouteOf).tsRestRoute?.path;
  if (contractRoute) return contractRoute;
  const expressRoute = (req.route as { path?: unknown } | undefined)?.path;
  return typeof expressRoute === 'string' ? req.baseUrl + expressRoute : undefined;
}

/** Logs `event` for this request: its IP, method and route pattern added. */
export function logRequestSecurityEvent(req: Request, event: SecurityEventFacts): void {
  // The app's request logger (pino-http) is there for every request the app serves.
  if (!req.log) return;
  logSecurityEvent(req.log, { ...event, ip: req.ip ?? null, method: req.method, route: routePattern(req) });
}
