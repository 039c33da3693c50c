import { isSpaPagePath, PUBLIC_PAGE_PATHS, SPA_PAGE_PATHS } from '@agency/contract';
import type { ReactElement, ReactNode } from 'react';
import { createRoutesFromChildren, matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from './router';

/** The router's table as route objects (AppRoutes renders one <Routes> and uses no hooks). */
const table = createRoutesFromChildren((AppRoutes() as ReactElement<{ children: ReactNode }>).props.children);

/** Every path the table names, joined with its parents' ('*' catch-alls included). */
function pathsOf(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((r) => {
    const own = r.path === undefined ? parent : r.path.startsWith('/') ? r.path : `${parent.replace(/\/$/, '')}/${r.path}`;
    return [...(r.path !== undefined ? [own] : []), ...pathsOf(r.children ?? [], own)];
  });
}

/** The path of the route that renders `pathname` ('*' for the Page not found). */
const matched = (pathname: string) => matchRoutes(table, pathname)?.at(-1)?.route.path;

describe('the route table and the contract\u2019s page paths', () => {
  it('has a route for every page path of the contract, none of them the Page not found', () => {
    for (const page of SPA_PAGE_PATHS) expect(matched(page), page).toBe(page);
  });

  it('names no page the contract does not list (the server would answer it 404)', () => {
    const pages = pathsOf(table).filter((p) => p !== '/*');
    expect(pages.length).toBeGreaterThan(PUBLIC_PAGE_PATHS.length);
    for (const page of pages) expect(isSpaPagePath(page.replace(/\/\*$/, '/any')), page).toBe(true);
  });

  it('sends other paths to the Page not found, as the server does with its 404', () => {
    for (const path of ['/no-such-page', '/services/nope', '/pricing/extra']) {
      expect(matched(path), path).toBe('*');
      expect(isSpaPagePath(path), path).toBe(false);
    }
  });
});
