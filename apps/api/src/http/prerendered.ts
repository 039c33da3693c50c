import { existsSync } from 'node:fs';
import path from 'node:path';

/** Where the web build puts the public pages it prerendered (apps/web/scripts/prerender.mjs). */
export const PRERENDERED_DIR = 'prerendered';

/**
 * The prerendered HTML of the page at `pathname` in the built web app `webDist` (dist/prerendered/<path>.html,
 * index.html for /, 404.html for '/404'), or undefined when that page was not prerendered (dashboard, /auth,
 * /checkout, ...: those get the SPA's index.html). Matched as the web router matches: case-insensitive, a trailing
 * slash ignored; only paths of plain lowercase segments, so a request can never name a file outside the folder.
 */
export function prerenderedPage(webDist: string, pathname: string): string | undefined {
  const page = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  if (!/^(\/[a-z0-9-]+)*$/.test(page) && page !== '/') return undefined;
  const file = path.join(webDist, PRERENDERED_DIR, page === '/' ? 'index.html' : `${page.slice(1)}.html`);
  return existsSync(file) ? file : undefined;
}
