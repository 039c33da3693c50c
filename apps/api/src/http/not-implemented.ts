import type { AppRoute, AppRouter } from '@ts-rest/core';

/** The one answer of a contract route whose implementation has not landed yet — never a fake success. */
export const NOT_IMPLEMENTED = {
  status: 501 as const,
  body: { detail: 'Not implemented', code: 'not_implemented' },
};

export const notImplemented = async () => NOT_IMPLEMENTED;

function isRoute(node: AppRoute | AppRouter): node is AppRoute {
  return typeof (node as AppRoute).method === 'string' && typeof (node as AppRoute).path === 'string';
}

/** A handler tree for a whole contract section that answers 501 everywhere. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function notImplementedRouter(section: AppRouter): any {
  return Object.fromEntries(
    Object.entries(section).map(([key, node]) => [key, isRoute(node) ? notImplemented : notImplementedRouter(node)]),
  );
}
