import { contract, type TContentWaiting, type TInviteView, type TUser } from '@agency/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { App } from '@/app/app';
import { STORAGE_KEYS } from '@/lib/storage';
import { apiRequests, generatedBody, mockRoute, server } from '@/test/mock-api';
import { renderWithApi, testSession } from '@/test/render';
import { readFragmentToken } from '@/lib/fragment-token';
import InvitePage from '../invite.page';

const TOKEN = 'inv_2mW9xQ4bT7cLp0aZr8sN1vY6kJ3hF5dG9eU2iO4wB7q';

const INVITE: TInviteView = {
  email: 'jordan@agency.test',
  name: 'Jordan Lee',
  agency: 'Northwind Growth',
  role_label: 'Manager',
  expires_at: '2031-03-11T09:00:00.000Z',
};

const JORDAN: TUser = {
  id: 12,
  email: 'jordan@agency.test',
  email_verified: true,
  username: 'jordan',
  name: 'Jordan Lee',
  first_name: 'Jordan',
  last_name: 'Lee',
  role: 'admin',
  staff_role: 'manager',
  company: 'Northwind Growth',
  avatar: null,
  client_id: null,
  client_permission: null,
  created_at: '2031-03-04T09:00:00.000Z',
  password_changed_at: '2031-03-04T09:10:00.000Z',
  two_factor_enabled: false,
  two_factor_enrolment_required: false,
};

/** A guest (nobody signed in) opens the link. */
const GUEST = { ...testSession(), user: null, isAuthenticated: false, isAdmin: false };

function renderAt(hash: string) {
  return renderWithApi(<InvitePage />, { route: `/welcome${hash}`, session: GUEST });
}

describe('readFragmentToken', () => {
  it('reads the token from the fragment, and is null without one', () => {
    expect(readFragmentToken(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(readFragmentToken('#utm=mail&token=inv_abc')).toBe('inv_abc');
    expect(readFragmentToken('')).toBeNull();
    expect(readFragmentToken('#token=')).toBeNull();
  });
});

describe('the invite page', () => {
  it('without a token in the fragment it says the link is incomplete and asks the server nothing', async () => {
    renderAt('');
    expect(await screen.findByRole('heading', { name: 'This invite link is incomplete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth');
    expect(apiRequests()).toHaveLength(0);
  });

  it('opens the link with the token in the body only, takes the token out of the address, and shows the invite', async () => {
    const opened = mockRoute(contract.auth.openInvite, { status: 200, body: INVITE });
    renderAt(`#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Join Northwind Growth' })).toBeInTheDocument();
    expect(screen.getByText(/Hello Jordan Lee, you are invited to the team as/)).toBeInTheDocument();
    expect(screen.getAllByText('jordan@agency.test').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Manager').length).toBeGreaterThan(0);
    expect(screen.getByText('At least 8 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept invite & sign in' })).toBeInTheDocument();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

    expect(opened).toHaveLength(1);
    expect(opened[0]!.body).toEqual({ token: TOKEN });
    expect(opened[0]!.url.href).not.toContain(TOKEN);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/welcome$/));
  });

  it('a refused link shows the API’s reason and the way to sign in', async () => {
    mockRoute(contract.auth.openInvite, {
      status: 409,
      body: { detail: 'This invite has already been used. Sign in with your password.', code: 'conflict' },
    });
    renderAt(`#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This invite link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText('This invite has already been used. Sign in with your password.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('a network error offers Try Again, which loads the invite', async () => {
    mockRoute(contract.auth.openInvite, { status: 200, body: INVITE });
    server.use(http.post('/api/auth/invites/open/', () => HttpResponse.error(), { once: true }));
    renderAt(`#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'The invite could not be loaded' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Join Northwind Growth' })).toBeInTheDocument();
  });

  it('checks the password with the contract’s rule and the confirmation before sending anything', async () => {
    const user = userEvent.setup();
    mockRoute(contract.auth.openInvite, { status: 200, body: INVITE });
    renderAt(`#token=${TOKEN}`);
    await user.type(await screen.findByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Accept invite & sign in' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(apiRequests({ route: contract.auth.acceptInvite })).toHaveLength(0);
  });

  it('a link used meanwhile shows the API’s reason instead of the form', async () => {
    const user = userEvent.setup();
    mockRoute(contract.auth.openInvite, { status: 200, body: INVITE });
    mockRoute(contract.auth.acceptInvite, { status: 404, body: { detail: 'This invite link has expired. Ask an owner to send it again.', code: 'not_found' } });
    renderAt(`#token=${TOKEN}`);
    await user.type(await screen.findByLabelText('Password'), 'a-long-passphrase');
    await user.type(screen.getByLabelText('Confirm password'), 'a-long-passphrase');
    await user.click(screen.getByRole('button', { name: 'Accept invite & sign in' }));
    expect(await screen.findByRole('heading', { name: 'This invite link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText('This invite link has expired. Ask an owner to send it again.')).toBeInTheDocument();
  });

  it('accepting stores the session as signing in does and opens the dashboard', async () => {
    const user = userEvent.setup();
    mockRoute(contract.auth.listDemoLogins, { status: 404, body: { detail: 'Not found', code: 'not_found' } });
    mockRoute(contract.auth.openInvite, { status: 200, body: INVITE });
    const accepted = mockRoute(contract.auth.acceptInvite, { status: 200, body: { token: 'tok_jordan', user: JORDAN } });
    mockRoute(contract.auth.getMe, { status: 200, body: JORDAN });
    // The overview the dashboard opens on: its "waiting since" needs real dates, which generated bodies lack.
    const waiting = generatedBody(contract.content.getContentWaiting) as TContentWaiting;
    mockRoute(contract.content.getContentWaiting, { status: 200, body: { ...waiting, clients: [] } });
    window.history.pushState({}, '', `/welcome#token=${TOKEN}`);
    render(<App />);

    await user.type(await screen.findByLabelText('Password'), 'a-long-passphrase');
    await user.type(screen.getByLabelText('Confirm password'), 'a-long-passphrase');
    await user.click(screen.getByRole('button', { name: 'Accept invite & sign in' }));

    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.body).toEqual({ token: TOKEN, password: 'a-long-passphrase' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok_jordan');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toMatchObject({ id: 12, staff_role: 'manager' });
    expect(await screen.findByTestId('user-name')).toHaveTextContent('Jordan Lee');
    expect(await screen.findByText('Welcome to Northwind Growth')).toBeInTheDocument();
  });
});
