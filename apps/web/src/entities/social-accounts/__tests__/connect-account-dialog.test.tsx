import { contract, type TSocialAccount } from '@agency/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { ConnectAccountDialog } from '../components/connect-account-dialog';
import { useSocialAccounts } from '../api/list-social-accounts';
import { useOAuthPopup } from '../api/use-oauth-popup';

const OAUTH_URL = 'http://localhost/oauth/sandbox/instagram?state=S&redirect_uri=R&code_challenge=C&grant=G';

function account(overrides: Partial<TSocialAccount> = {}): TSocialAccount {
  return {
    id: 1,
    platform: 'youtube',
    username: 'northstar',
    followers_count: 1200,
    engagement_rate: 0.042,
    posts_count: 30,
    last_sync: '2026-01-01T00:00:00Z',
    is_active: true,
    needs_reconnect: false,
    client: 3,
    client_name: 'North Star',
    ...overrides,
  };
}

/** The overview's wiring: the list of accounts, the popup hook and the dialog. */
function Harness() {
  const [open, setOpen] = useState(true);
  const accounts = useSocialAccounts();
  const oauth = useOAuthPopup({ onClosed: () => setOpen(false) });
  return <ConnectAccountDialog open={open} onOpenChange={setOpen} accounts={accounts.data?.body.accounts ?? []} oauth={oauth} />;
}

interface TFakePopup {
  closed: boolean;
  location: { href: string };
  close: () => void;
}

let popup: TFakePopup | null;
let openSpy: ReturnType<typeof vi.fn<typeof window.open>>;

beforeEach(() => {
  popup = { closed: false, location: { href: 'about:blank' }, close: () => void (popup!.closed = true) };
  openSpy = vi.fn<typeof window.open>(() => popup as unknown as Window);
  vi.stubGlobal('open', openSpy);
  mockRoute(contract.socialAccounts.listSocialAccounts, { status: 200, body: { accounts: [account()] } });
  mockRoute(contract.oauth.initiateOAuth, { status: 200, body: { oauth_url: OAUTH_URL, state: 'S' } });
  mockRoute(contract.oauth.listOAuthProviders, {
    status: 200,
    body: { providers: (['instagram', 'youtube', 'tiktok'] as const).map((provider) => ({ provider, available: true, sandbox: true })) },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('Connect Social Media Account (client-and-public 2.4, section 4)', () => {
  it('lists the three networks with the security note; a connected one shows Connected', async () => {
    renderWithApi(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: 'Connect Social Media Account' });
    expect(await within(dialog).findByRole('button', { name: 'YouTube, Connected' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Instagram' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'TikTok' })).toBeEnabled();
    expect(within(dialog).getByText(/official API and secure OAuth.*never shared with us or stored/)).toBeInTheDocument();
  });

  it('marks a network the server cannot connect as Coming Soon, and a sandboxed one as such', async () => {
    mockRoute(contract.oauth.listOAuthProviders, {
      status: 200,
      body: {
        providers: [
          { provider: 'instagram', available: true, sandbox: true },
          { provider: 'youtube', available: true, sandbox: false },
          { provider: 'tiktok', available: false, sandbox: false },
        ],
      },
    });
    renderWithApi(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: 'Connect Social Media Account' });
    expect(await within(dialog).findByRole('button', { name: 'TikTok, Coming Soon' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Instagram' })).toHaveTextContent('Sandbox: no real account is read');
  });

  it('opens a 500x600 popup on the provider URL, watches it every second and reloads the accounts when it closes', async () => {
    const user = userEvent.setup();
    renderWithApi(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: 'Connect Social Media Account' });
    await user.click(within(dialog).getByRole('button', { name: 'Instagram' }));
    expect(openSpy).toHaveBeenCalledWith('about:blank', 'oauth-instagram', expect.stringMatching(/width=500,height=600/));
    await waitFor(() => expect(popup!.location.href).toBe(OAUTH_URL));
    expect(within(dialog).getByText(/Finish signing in to Instagram/)).toBeInTheDocument();
    const listsBefore = apiRequests({ route: contract.socialAccounts.listSocialAccounts }).length;

    popup!.closed = true;
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 2500 });
    await waitFor(() => expect(apiRequests({ route: contract.socialAccounts.listSocialAccounts }).length).toBeGreaterThan(listsBefore));
  });

  it('marks a network Coming Soon when the server says it is not configured', async () => {
    mockRoute(contract.oauth.initiateOAuth, { status: 501, body: { detail: 'TikTok is not configured.', code: 'not_implemented' } });
    const user = userEvent.setup();
    renderWithApi(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: 'Connect Social Media Account' });
    await user.click(within(dialog).getByRole('button', { name: 'TikTok' }));
    expect(await within(dialog).findByRole('button', { name: 'TikTok, Coming Soon' })).toBeDisabled();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to connect TikTok account');
    expect(popup!.closed).toBe(true);
  });

  it('offers to open the window again when the browser blocks the popup', async () => {
    openSpy.mockImplementationOnce(() => null);
    const user = userEvent.setup();
    renderWithApi(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: 'Connect Social Media Account' });
    await user.click(within(dialog).getByRole('button', { name: 'Instagram' }));
    expect(await within(dialog).findByText('Your browser blocked the Instagram sign-in window.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Open the sign-in window' }));
    expect(openSpy).toHaveBeenLastCalledWith(OAUTH_URL, 'oauth-instagram', expect.stringMatching(/width=500,height=600/));
  });
});
