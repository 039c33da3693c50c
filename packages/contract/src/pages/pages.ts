import { SOCIAL_PROVIDERS, clientPermissionCovers, type TClientPermission, type TRole } from '../constants';

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

/**
 * The magic review page: a client approves or rejects one post without signing in. Its token travels in the URL
 * fragment (`/review#token=rvw_…`), which browsers never send to a server, so no log or Referer holds it.
 */
export const REVIEW_PAGE_PATH = '/review';

/**
 * Where an invite's one-time sign-in link opens (`/welcome#token=inv_…`, the token in the fragment as on
 * REVIEW_PAGE_PATH): the invitee chooses a password and is signed in.
 */
export const INVITE_PAGE_PATH = '/welcome';

/** Forgot password: asks for the account's e-mail address and sends a reset link (public, signed in or not). */
export const FORGOT_PASSWORD_PAGE_PATH = '/forgot-password';
/** Where an e-mailed account link opens, the token in the fragment as on INVITE_PAGE_PATH (`/reset-password#token=pwr_…`). */
export const RESET_PASSWORD_PAGE_PATH = '/reset-password';
/** Confirms an address: a sign-up's (`evf_` tokens) or the new one of an e-mail change (`emc_`). */
export const CONFIRM_EMAIL_PAGE_PATH = '/confirm-email';
/** Puts the old address back after an e-mail change (`emu_` tokens, from the mail to the old address). */
export const UNDO_EMAIL_CHANGE_PAGE_PATH = '/undo-email-change';
export const ACCOUNT_PAGE_PATHS: readonly string[] = [FORGOT_PASSWORD_PAGE_PATH, RESET_PASSWORD_PAGE_PATH, CONFIRM_EMAIL_PAGE_PATH, UNDO_EMAIL_CHANGE_PAGE_PATH];

/**
 * The OAuth round trip's pages, one per network: the sandbox provider's consent page (where a sandbox `oauth_url`
 * points) and the callback page every provider sends the browser back to (`PUBLIC_URL/oauth/callback/<provider>`).
 */
export const oauthSandboxPagePath = (provider: (typeof SOCIAL_PROVIDERS)[number]) => `/oauth/sandbox/${provider}` as const;
export const oauthCallbackPagePath = (provider: (typeof SOCIAL_PROVIDERS)[number]) => `/oauth/callback/${provider}` as const;
export const OAUTH_PAGE_PATHS: readonly string[] = SOCIAL_PROVIDERS.flatMap((p) => [oauthSandboxPagePath(p), oauthCallbackPagePath(p)]);

/** Every path the web app shows a page for (besides `/dashboard/*`, which redirects to /dashboard). */
export const SPA_PAGE_PATHS: readonly string[] = [...PUBLIC_PAGE_PATHS, AUTH_PAGE_PATH, DASHBOARD_PATH, REVIEW_PAGE_PATH, INVITE_PAGE_PATH, ...ACCOUNT_PAGE_PATHS, ...OAUTH_PAGE_PATHS];

/**
 * Whether the web app has a page at `pathname`. Matched as the web router matches: case-insensitive, a trailing
 * slash ignored.
 */
export function isSpaPagePath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return SPA_PAGE_PATHS.includes(path) || path.startsWith(`${DASHBOARD_PATH}/`);
}


/**
 * The dashboard sections of each role, chosen by the URL hash (admin-and-foundations 2.1, client-and-public 2.3).
 * The sidebar lists them all but notifications, which the bell's 'View all notifications' opens.
 */
export const DASHBOARD_SECTIONS = {
  admin: ['overview', 'clients', 'tasks', 'content', 'performance', 'messages', 'invoices', 'orders', 'settings', 'notifications'],
  client: ['overview', 'content', 'performance', 'messages', 'billing', 'team', 'settings', 'notifications'],
} as const satisfies Record<TRole, readonly string[]>;

/**
 * The client sections a member of a client's team reaches with its permission (the rest of the portal is for every
 * member): content-only members have no billing, billing-only members no content, and only full access manages the
 * team. The API holds every route to the same rule (route metadata clientPermission).
 */
export const CLIENT_SECTION_PERMISSION: Partial<Record<TClientSection, TClientPermission>> = {
  content: 'content',
  billing: 'billing',
  team: 'full',
};

/** Whether a client user with `permission` (null: the client's own login, full access) reaches `section`. */
export function clientReachesSection(permission: TClientPermission | null, section: TClientSection): boolean {
  const needed = CLIENT_SECTION_PERMISSION[section];
  return !needed || clientPermissionCovers(permission, needed);
}
export type TAdminSection = (typeof DASHBOARD_SECTIONS)['admin'][number];
export type TClientSection = (typeof DASHBOARD_SECTIONS)['client'][number];
export type TDashboardSection = TAdminSection | TClientSection;
/** A section of `role`: `TSectionOf<'admin'>` is an admin section. */
export type TSectionOf<R extends TRole> = (typeof DASHBOARD_SECTIONS)[R][number];

/** Where a section of one role shows the same things for the other: a client's billing is an admin's invoices. */
const COUNTERPART_SECTIONS: { [R in TRole]: Partial<Record<string, TSectionOf<R>>> } = {
  admin: { billing: 'invoices' },
  client: { invoices: 'billing' },
};

/**
 * The section of `role` for a section name of either role: itself when the role has it, else its counterpart
 * (billing ↔ invoices), else overview (as for any unknown hash; e.g. the spec's #alerts, or #tasks for a client).
 */
export function sectionForRole<R extends TRole>(role: R, section: string): TSectionOf<R> {
  const own: readonly string[] = DASHBOARD_SECTIONS[role];
  if (own.includes(section)) return section as TSectionOf<R>;
  return COUNTERPART_SECTIONS[role][section] ?? 'overview';
}
