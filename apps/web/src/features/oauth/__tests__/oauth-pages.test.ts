import { describe, expect, it } from 'vitest';
import { SANDBOX_HANDLE, consentRedirect, readConsentLink, suggestHandle } from '../oauth-pages';

const ORIGIN = 'https://portal.example.com';
const params = (o: Record<string, string>) => new URLSearchParams(o);
const good = { state: 'v1.instagram.5.99.n.sig', redirect_uri: `${ORIGIN}/oauth/callback/instagram`, code_challenge: 'C', grant: 'sandbox-instagram-G' };

describe('the sandbox consent link', () => {
  it('accepts a link that returns to this app’s callback page of the same network', () => {
    expect(readConsentLink('instagram', params(good), ORIGIN)).toEqual({ ok: true, state: good.state, redirectUri: good.redirect_uri, grant: good.grant });
  });

  it('refuses a redirect to another site or another network’s callback, and an incomplete link', () => {
    expect(readConsentLink('instagram', params({ ...good, redirect_uri: 'https://evil.example/oauth/callback/instagram' }), ORIGIN).ok).toBe(false);
    expect(readConsentLink('instagram', params({ ...good, redirect_uri: `${ORIGIN}/oauth/callback/youtube` }), ORIGIN).ok).toBe(false);
    expect(readConsentLink('instagram', params({ ...good, redirect_uri: 'not a url' }), ORIGIN).ok).toBe(false);
    expect(readConsentLink('instagram', params({ ...good, grant: '' }), ORIGIN)).toMatchObject({ ok: false, reason: expect.stringContaining('incomplete') });
  });

  it('Allow sends code=<grant>.<handle> and the state back; Deny sends error=access_denied', () => {
    const link = { redirectUri: good.redirect_uri, state: good.state, grant: good.grant };
    const allow = new URL(consentRedirect(link, { handle: 'north_star' }));
    expect(allow.pathname).toBe('/oauth/callback/instagram');
    expect(allow.searchParams.get('code')).toBe('sandbox-instagram-G.north_star');
    expect(allow.searchParams.get('state')).toBe(good.state);
    const deny = new URL(consentRedirect(link, 'deny'));
    expect(deny.searchParams.get('error')).toBe('access_denied');
    expect(deny.searchParams.get('code')).toBeNull();
    expect(deny.searchParams.get('state')).toBe(good.state);
  });
});

describe('suggestHandle', () => {
  it('makes a handle the sandbox accepts from a name or an e-mail', () => {
    expect(suggestHandle('Émma Carter-Jones')).toBe('emma_carter_jones');
    expect(suggestHandle('jo.lee@example.com')).toBe('jo_lee');
    expect(suggestHandle('')).toBe('my_account');
    expect(suggestHandle('x'.repeat(50))).toHaveLength(30);
    for (const name of ['Émma Carter-Jones', 'jo.lee@example.com', '', '!!!', 'x'.repeat(50)]) expect(suggestHandle(name)).toMatch(SANDBOX_HANDLE);
  });
});
