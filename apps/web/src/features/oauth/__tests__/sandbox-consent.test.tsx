import { oauthCallbackPagePath } from '@agency/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render';
import { SANDBOX_HANDLE_RULE } from '../oauth-pages';
import SandboxConsentPage from '../sandbox-consent.page';

function renderConsent() {
  const redirect = `${window.location.origin}${oauthCallbackPagePath('tiktok')}`;
  const query = new URLSearchParams({ state: 's1', grant: 'g1', redirect_uri: redirect });
  renderWithApi(<SandboxConsentPage provider="tiktok" />, { route: `/oauth/sandbox/tiktok?${query}`, session: null });
  return userEvent.setup();
}

describe('the sandbox consent page (the 500x600 pop-up)', () => {
  it('keeps Allow and Deny together in the bar pinned to the bottom of the window, whatever the page’s length', async () => {
    renderConsent();
    // jsdom lays nothing out: this checks what keeps them in view (a sticky bar at the card's foot, both buttons in it).
    const bar = await screen.findByTestId('oauth-actions');
    expect(bar).toHaveClass('sticky', 'bottom-0');
    expect(within(bar).getByRole('button', { name: 'Deny' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Allow' })).toBeInTheDocument();
  });

  it('Allow, in that bar, still checks the handle of the form above it', async () => {
    const user = renderConsent();
    const handle = await screen.findByLabelText('TikTok account handle');
    await user.clear(handle);
    await user.type(handle, 'Not valid!');
    await user.click(within(screen.getByTestId('oauth-actions')).getByRole('button', { name: 'Allow' }));
    expect(await screen.findByText(SANDBOX_HANDLE_RULE)).toBeInTheDocument();
    expect(handle).toHaveAttribute('aria-invalid', 'true');
  });
});
