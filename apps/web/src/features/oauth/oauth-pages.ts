import { oauthCallbackPagePath, type SOCIAL_PROVIDERS } from '@agency/contract';

export type TProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The account handle the sandbox accepts (apps/api sandbox provider): lower-case letters, digits and _, 1 to 30. */
export const SANDBOX_HANDLE = /^[a-z0-9_]{1,30}$/;
export const SANDBOX_HANDLE_RULE = 'Use 1 to 30 lower-case letters, digits or underscores.';

/** What each network's real consent screen asks for (the scopes the sandbox grants), in words. */
export const PERMISSIONS: Record<TProvider, string[]> = {
  instagram: ['Read your profile: username, followers, following and post counts', 'Read the insights of your account: reach, views and interactions'],
  youtube: ['View your YouTube channel: name, subscribers and video counts', 'View YouTube Analytics reports: views, likes, comments and shares'],
  tiktok: ['Read your profile info: display name and avatar', 'Read your stats: followers, following, likes and videos', 'Read your public videos'],
};

/** A default handle from a name or e-mail ("Jane Doe" → "jane_doe"), valid for the sandbox. */
export function suggestHandle(name: string | null | undefined): string {
  const base = (name ?? '')
    .split('@')[0]!
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents off: É → E
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 30);
  return base || 'my_account';
}

/** The sandbox consent link's parameters, or why it cannot be used. */
export type TConsentLink =
  | { ok: true; state: string; redirectUri: string; grant: string }
  | { ok: false; reason: string };

/**
 * Reads the consent page's query. The redirect must be this app's own callback page of the same network, so the
 * page never hands a code to another site.
 */
export function readConsentLink(provider: TProvider, search: URLSearchParams, origin: string): TConsentLink {
  const state = search.get('state') ?? '';
  const redirect = search.get('redirect_uri') ?? '';
  const grant = search.get('grant') ?? '';
  if (!state || !redirect || !grant) return { ok: false, reason: 'This sign-in link is incomplete. Close this window and start connecting again.' };
  let url: URL;
  try {
    url = new URL(redirect);
  } catch {
    return { ok: false, reason: 'This sign-in link is not valid. Close this window and start connecting again.' };
  }
  if (url.origin !== origin || url.pathname.replace(/\/+$/, '') !== oauthCallbackPagePath(provider)) {
    return { ok: false, reason: 'This sign-in link does not return to this app. Close this window and start connecting again.' };
  }
  return { ok: true, state, redirectUri: url.toString(), grant };
}

/** Where Allow and Deny send the browser (the sandbox provider's contract). */
export function consentRedirect(link: { redirectUri: string; state: string; grant: string }, answer: { handle: string } | 'deny'): string {
  const url = new URL(link.redirectUri);
  if (answer === 'deny') url.searchParams.set('error', 'access_denied');
  else url.searchParams.set('code', `${link.grant}.${answer.handle}`);
  url.searchParams.set('state', link.state);
  return url.toString();
}
