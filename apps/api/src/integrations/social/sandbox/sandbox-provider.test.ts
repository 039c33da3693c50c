import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCipher } from '../../../core/cipher';
import { SocialProviderError } from '../provider';
import { sandboxMetrics } from './sandbox-metrics';
import { createSandboxSocialProvider } from './sandbox-provider';

const SECRET = 'a'.repeat(40);
let clock = new Date('2026-03-02T10:00:00Z');
const sandbox = createSandboxSocialProvider('instagram', { secret: SECRET, publicUrl: 'https://agency.example', now: () => clock });
const verifier = 'v'.repeat(64);
const challenge = createHash('sha256').update(verifier).digest('base64url');

/** What the consent page does on Allow: the grant from its URL, a dot, the handle typed. */
function consent(url: string, handle = 'northstar_demo'): string {
  return `${new URL(url).searchParams.get('grant')}.${handle}`;
}

describe('sandbox social provider', () => {
  const url = sandbox.authorizationUrl({ state: 'st', codeChallenge: challenge, redirectUri: 'https://agency.example/oauth/callback/instagram' });

  it('sends the popup to our consent page with the state and redirect', () => {
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe('https://agency.example/oauth/sandbox/instagram');
    expect(u.searchParams.get('state')).toBe('st');
    expect(u.searchParams.get('redirect_uri')).toBe('https://agency.example/oauth/callback/instagram');
  });

  it('exchanges the consent code for expiring tokens and reads the account', async () => {
    const tokens = await sandbox.exchangeCode({ code: consent(url), redirectUri: '', codeVerifier: verifier });
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.accessTokenExpiresAt!.getTime()).toBe(clock.getTime() + 3600_000);
    expect(await sandbox.profile(tokens.accessToken)).toEqual({ accountId: 'sandbox-ig-northstar_demo', username: '@northstar_demo' });
    clock = new Date(clock.getTime() + 3601_000);
    await expect(sandbox.profile(tokens.accessToken)).rejects.toMatchObject({ kind: 'reauthorize' });
    const renewed = await sandbox.refresh(tokens);
    expect(renewed.refreshToken).toBeNull();
    expect((await sandbox.profile(renewed.accessToken)).accountId).toBe('sandbox-ig-northstar_demo');
  });

  it('refuses codes it did not grant: forged, or of another round trip', async () => {
    const forged = `sandbox-instagram-${'A'.repeat(43)}.hacker`;
    await expect(sandbox.exchangeCode({ code: forged, redirectUri: '', codeVerifier: verifier })).rejects.toBeInstanceOf(SocialProviderError);
    await expect(sandbox.exchangeCode({ code: consent(url), redirectUri: '', codeVerifier: 'w'.repeat(64) })).rejects.toMatchObject({ kind: 'rejected' });
    const other = createSandboxSocialProvider('instagram', { secret: 'b'.repeat(40), publicUrl: 'https://x', now: () => clock });
    await expect(other.exchangeCode({ code: consent(url), redirectUri: '', codeVerifier: verifier })).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('answers the same numbers for an account on one day, and more followers as weeks pass', () => {
    const a = sandboxMetrics('instagram', 'sandbox-ig-x', '2026-03-02');
    expect(sandboxMetrics('instagram', 'sandbox-ig-x', '2026-03-02')).toEqual(a);
    const later = sandboxMetrics('instagram', 'sandbox-ig-x', '2026-04-02');
    expect(later.followers!).toBeGreaterThan(a.followers!);
    expect(later.posts!).toBeGreaterThan(a.posts!);
    for (let d = 1; d <= 28; d++) {
      const m = sandboxMetrics('tiktok', 'sandbox-tt-y', `2026-02-${String(d).padStart(2, '0')}`);
      expect(m.engagementRate!).toBeGreaterThanOrEqual(0.01);
      expect(m.engagementRate!).toBeLessThanOrEqual(0.08);
      expect(m.reach!).toBeGreaterThan(0);
    }
  });
});

describe('token cipher', () => {
  it('encrypts with a random IV and reads back only with the same secret', () => {
    const cipher = createTokenCipher(SECRET);
    const one = cipher.encrypt('plain-token');
    expect(one).toMatch(/^v1\./);
    expect(one).not.toContain('plain-token');
    expect(cipher.encrypt('plain-token')).not.toBe(one);
    expect(cipher.decrypt(one)).toBe('plain-token');
    expect(createTokenCipher('c'.repeat(40)).decrypt(one)).toBeNull();
    expect(cipher.decrypt(one.slice(0, -2) + 'xx')).toBeNull();
    expect(cipher.decrypt('garbage')).toBeNull();
  });
});
