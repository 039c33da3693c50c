import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render';
import OAuthCallbackPage from '../oauth-callback.page';

describe('the OAuth callback page', () => {
  it('without a session here (another address of the app, say) it says where it opened and how to finish', async () => {
    renderWithApi(<OAuthCallbackPage provider="instagram" />, { route: '/oauth/callback/instagram?code=c&state=s', session: null });
    expect(await screen.findByRole('heading', { name: 'Sign in to finish connecting' })).toBeInTheDocument();
    const text = screen.getByText(/You are not signed in at/).textContent ?? '';
    expect(text).toContain(`You are not signed in at ${window.location.host}.`);
    expect(text).toContain(`open it at ${window.location.origin} instead.`);
    expect(text).not.toMatch(/\b(\w+) \1\b/);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });
});
