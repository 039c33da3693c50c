import { AUTH_PAGE_PATH, DASHBOARD_PATH } from '@agency/contract';
import type { Location } from 'react-router-dom';

/** Router state of the sign-in page: where the guest was going (path, query and hash). */
export interface TSignInState {
  from?: string;
}

const BASE = 'http://return-to.invalid';

/**
 * `value` as a path of this site to go back to, or null. Only a relative path ('/dashboard#invoices') passes;
 * anything that would leave the site ('//evil.test', 'https://evil.test', '/\\evil.test', 'javascript:…') does
 * not, nor the sign-in page itself.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.replace(/\/+$/, '').toLowerCase() === AUTH_PAGE_PATH) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The state that sends a guest to sign in and brings them back to `location` afterwards. */
export function signInStateFor(location: Pick<Location, 'pathname' | 'search' | 'hash'>): TSignInState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/**
 * Where to go after signing in on the sign-in page at `location`: the guarded page the guest came from (router
 * state), else the `?redirect=` path (checkout), else the dashboard (client-and-public 2.2). Never another origin.
 */
export function returnPathAfterSignIn(location: Pick<Location, 'search' | 'state'>): string {
  const from = (location.state as TSignInState | null | undefined)?.from;
  const redirect = new URLSearchParams(location.search).get('redirect');
  return safeReturnPath(from) ?? safeReturnPath(redirect) ?? DASHBOARD_PATH;
}
