import { contract, type TSession } from '@agency/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '@/test/axe';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { SessionsSection } from '../components/sessions-section';

const page = (results: TSession[]) => ({ count: results.length, next: null, previous: null, results });
const LAPTOP: TSession = {
  id: 11,
  device: 'Chrome on macOS',
  browser: 'Chrome 124',
  os: 'macOS Catalina',
  platform: 'desktop',
  ip: '::ffff:203.0.113.24',
  created_at: '2031-02-01T09:00:00.000Z',
  last_used_at: '2031-02-03T10:00:00.000Z',
  expires_at: '2031-02-17T10:00:00.000Z',
  current: true,
};
const PHONE: TSession = { ...LAPTOP, id: 12, device: 'Safari on iOS (mobile)', browser: 'Safari 17', os: 'iOS 17.4', platform: 'mobile', ip: '198.51.100.7', current: false };
const TABLET: TSession = { ...LAPTOP, id: 13, device: 'Unknown browser', browser: null, os: null, platform: null, ip: null, last_used_at: null, current: false };

describe('the sessions card', () => {
  it('lists each session with device, browser, IP and times, marks this device, and signs one out', async () => {
    let sessions = [LAPTOP, PHONE, TABLET];
    mockRoute(contract.sessions.listSessions, () => ({ status: 200, body: page(sessions) }));
    const revoke = mockRoute(contract.sessions.revokeSession, (req) => {
      sessions = sessions.filter((s) => String(s.id) !== req.params.id);
      return { status: 204, body: undefined };
    });
    renderWithApi(<SessionsSection />);
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    const rows = within(list).getAllByTestId('session-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Chrome on macOS');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[0]).toHaveTextContent('Chrome 124 · macOS Catalina');
    expect(rows[0]).toHaveTextContent('IP 203.0.113.24');
    expect(rows[0]).toHaveTextContent('Active now');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(rows[1]).toHaveTextContent('Safari 17 · iOS 17.4');
    expect(rows[1]).toHaveTextContent('Last active');
    expect(rows[2]).toHaveTextContent('Browser not recognised');
    expect(rows[2]).toHaveTextContent('IP —');
    expect(await seriousAxeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Sign out of Safari on iOS (mobile)' }));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(2));
    expect(revoke).toHaveLength(1);
    expect(await screen.findByText('Signed out of that session')).toBeInTheDocument();
  });

  it('signs out of every other session after a confirmation, then says it is the only one', async () => {
    let sessions = [LAPTOP, PHONE, TABLET];
    mockRoute(contract.sessions.listSessions, () => ({ status: 200, body: page(sessions) }));
    const others = mockRoute(contract.sessions.revokeOtherSessions, () => {
      sessions = [LAPTOP];
      return { status: 200, body: { detail: 'Signed out of 2 other sessions.', revoked: 2 } };
    });
    renderWithApi(<SessionsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out of all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all other sessions?' });
    expect(dialog).toHaveTextContent('(2)');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out of other sessions' }));
    expect(await screen.findByText('Signed out of 2 other sessions.')).toBeInTheDocument();
    expect(others).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(screen.getByText('You are not signed in anywhere else.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out of all other sessions' })).toBeNull();
  });

  it('says when the list cannot be loaded, and retries', async () => {
    let fail = true;
    mockRoute(contract.sessions.listSessions, () =>
      fail ? { status: 500, body: { detail: 'Internal server error', code: 'server_error' } } : { status: 200, body: page([LAPTOP]) },
    );
    renderWithApi(<SessionsSection />);
    const user = userEvent.setup();
    expect(await screen.findByText(/Internal server error|Could not load your sessions/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
  });
});
