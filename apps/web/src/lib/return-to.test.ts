import { describe, expect, it } from 'vitest';
import { returnPathAfterSignIn, safeReturnPath, signInStateFor } from './return-to';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and #section', () => {
    expect(safeReturnPath('/dashboard#invoices')).toBe('/dashboard#invoices');
    expect(safeReturnPath('/dashboard?filter=unread#notifications')).toBe('/dashboard?filter=unread#notifications');
    expect(safeReturnPath('/checkout')).toBe('/checkout');
  });

  it('refuses anything that leaves the site, and the sign-in page itself', () => {
    for (const bad of [
      'https://evil.test/dashboard',
      '//evil.test',
      '/\\evil.test',
      '/\t/evil.test',
      'javascript:alert(1)',
      'dashboard',
      '',
      null,
      undefined,
      42,
      '/auth',
      '/Auth/',
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });
});

describe('returnPathAfterSignIn', () => {
  it('prefers the guarded page the guest came from, then ?redirect=, then the dashboard', () => {
    const from = signInStateFor({ pathname: '/dashboard', search: '', hash: '#invoices' });
    expect(returnPathAfterSignIn({ search: '?redirect=/checkout', state: from })).toBe('/dashboard#invoices');
    expect(returnPathAfterSignIn({ search: '?redirect=%2Fcheckout', state: null })).toBe('/checkout');
    expect(returnPathAfterSignIn({ search: '?redirect=https://evil.test', state: { from: '//evil.test' } })).toBe('/dashboard');
    expect(returnPathAfterSignIn({ search: '', state: undefined })).toBe('/dashboard');
  });
});
