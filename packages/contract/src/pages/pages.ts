/**
 * The pages of the web app (client-and-public 2.1), shared by both apps: the web router is built from these
 * paths, and the API's history fallback answers 404 for every other path (still sending the SPA, which shows
 * its 'Page not found').
 */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/pricing',
  '/how-it-works',
  '/contact',
  '/about',
  '/services/instagram',
  '/services/tiktok',
  '/services/youtube',
  '/cart',
  '/checkout',
  '/order-confirmation',
  '/blog',
  '/faq',
  '/privacy',
  '/terms',
  '/refund',
  '/cookies',
] as const;
export type TPublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

/** Guests only: sign-in and create-account. */
export const AUTH_PAGE_PATH = '/auth';
/** Signed-in only; its sections are chosen by the URL hash. `/dashboard/*` redirects here. */
export const DASHBOARD_PATH = '/dashboard';

/** Every path the web app shows a page for (besides `/dashboard/*`, which redirects to /dashboard). */
export const SPA_PAGE_PATHS: readonly string[] = [...PUBLIC_PAGE_PATHS, AUTH_PAGE_PATH, DASHBOARD_PATH];

/**
 * Whether the web app has a page at `pathname`. Matched as the web router matches: case-insensitive, a trailing
 * slash ignored.
 */
export function isSpaPagePath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return SPA_PAGE_PATHS.includes(path) || path.startsWith(`${DASHBOARD_PATH}/`);
}

