import type { NextFunction, RequestHandler, Router } from 'express';
import { createExpressEndpoints, RequestValidationError } from '@ts-rest/express';
import type { AppRoute, AppRouter } from '@ts-rest/core';
import { zodToAppError } from './error-middleware';

interface Entry {
  key: string;
  route: AppRoute;
  impl: unknown;
}

function isRoute(node: AppRoute | AppRouter): node is AppRoute {
  return typeof (node as AppRoute).method === 'string' && typeof (node as AppRoute).path === 'string';
}

/** Walks the contract and its implementation side by side; a contract route without a handler is a bug. */
export function flattenRoutes(contract: AppRouter, impl: Record<string, unknown>, prefix = ''): Entry[] {
  return Object.entries(contract).flatMap(([key, node]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    const handler = impl[key];
    if (handler === undefined) throw new Error(`No handler for contract route ${name}`);
    return isRoute(node) ? [{ key: name, route: node, impl: handler }] : flattenRoutes(node, handler as Record<string, unknown>, name);
  });
}

/** Static path segments win over parameters: /invoices/export/ must not be read as /invoices/:id/. */
export function specificityKey(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '\uffff' : segment))
    .join('/');
}

/** ts-rest's request validation failures become our 400 {detail, code: 'validation_error', errors}. */
const validationToAppError = (err: RequestValidationError, _req: unknown, _res: unknown, next: NextFunction) => {
  if (err.pathParams) return next(zodToAppError(err.pathParams, 'path'));
  if (err.query) return next(zodToAppError(err.query, 'query'));
  if (err.body) return next(zodToAppError(err.body, 'body'));
  return next(err);
};

/** Mounts every contract route on `router`, most specific paths first, behind the one authorization guard. */
export function registerContract(router: Router, contract: AppRouter, impl: Record<string, unknown>, guard: RequestHandler) {
  const entries = flattenRoutes(contract, impl).sort((x, y) =>
    specificityKey(x.route.path) < specificityKey(y.route.path) ? -1 : 1,
  );
  for (const entry of entries) {
    createExpressEndpoints({ [entry.key]: entry.route }, { [entry.key]: entry.impl } as never, router, {
      globalMiddleware: [guard],
      requestValidationErrorHandler: validationToAppError,
      responseValidation: false,
      jsonQuery: false,
      logInitialization: false,
    });
  }
  return entries.length;
}
