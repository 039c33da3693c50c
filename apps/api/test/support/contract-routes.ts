import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { contract, type TContract, type TRouteMetadata, type TRouteRole } from '@agency/contract';

type SectionKey = keyof TContract & string;

/** `section.route` for every route of the contract, e.g. `invoices.getInvoice`. */
export type RouteKey = { [S in SectionKey]: `${S}.${keyof TContract[S] & string}` }[SectionKey];

/** The routes whose path names something (`/:id/`, `/:provider/`). */
export type ParamRouteKey = {
  [S in SectionKey]: {
    [R in keyof TContract[S] & string]: TContract[S][R] extends { path: `${string}:${string}` } ? `${S}.${R}` : never;
  }[keyof TContract[S] & string];
}[SectionKey];

export interface ContractRoute {
  key: RouteKey;
  route: AppRoute;
  /** metadata.roles as the contract declares them. */
  roles: readonly TRouteRole[];
  /** The name of the path parameter (`id`, `provider`), or null. */
  param: string | null;
}

/** Every route of the contract, walked once. */
export function contractRoutes(): ContractRoute[] {
  const walk = (router: AppRouter, prefix: string): ContractRoute[] =>
    Object.entries(router).flatMap(([name, node]) => {
      const key = prefix ? `${prefix}.${name}` : name;
      if (!isAppRoute(node)) return walk(node, key);
      const params = [...node.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      if (params.length > 1) throw new Error(`${key}: the matrix handles one path parameter per route`);
      return [
        {
          // The walk covers exactly the contract, so every key it builds is a RouteKey.
          key: key as RouteKey,
          route: node,
          roles: (node.metadata as TRouteMetadata | undefined)?.roles ?? [],
          param: params[0] ?? null,
        },
      ];
    });
  return walk(contract, '');
}

/** The route's path with its parameter filled in. */
export function concretePath(route: ContractRoute, value: string | number | undefined): string {
  if (route.param === null) return route.route.path;
  if (value === undefined) throw new Error(`${route.key}: no value for :${route.param}`);
  return route.route.path.replace(`:${route.param}`, encodeURIComponent(String(value)));
}
