import { contract, type TUser } from '@agency/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '@/app/app';
import { apiRequests, generatedBody, mockInvalidResponse, mockRoute } from '@/test/mock-api';

const USER: TUser = {
  id: 7,
  email: 'new@client.io',
  email_verified: true,
  username: 'new',
  name: 'New Client',
  first_name: 'New',
  last_name: 'Client',
  role: 'client',
  staff_role: null,
  company: '',
  avatar: null,
  client_id: 3,
  client_permission: 'full',
  created_at: '2025-01-01T00:00:00Z',
  password_changed_at: '2025-01-01T00:00:00Z',
  two_factor_enabled: false,
  two_factor_enrolment_required: false,
};

const NOT_FOUND = { status: 404, body: { detail: 'Not found', code: 'not_found' } } as const;

async function openSignup() {
  window.history.pushState({}, '', '/auth');
  render(<App />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Sign up' }));
  return user;
}

type TUserEvent = ReturnType<typeof userEvent.setup>;

/** Fills the sign-up form (account type left as it is) without submitting it. */
async function fillSignup(user: TUserEvent, values: { email: string; name?: string }) {
  await user.type(screen.getByLabelText('Email'), values.email);
  await user.type(screen.getByLabelText('Password'), 'Secret123');
  if (values.name) await user.type(screen.getByLabelText('Name'), values.name);
}

/** Signs in through the form of the sign-in page the test rendered. */
async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  // No demo data unless a test says so (the sign-in page then shows no demo box).
  mockRoute(contract.auth.listDemoLogins, NOT_FOUND);
});

describe('auth screen', () => {
  it('requires email and password on sign-in without calling the server', async () => {
    window.history.pushState({}, '', '/auth');
    render(<App />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findAllByText('Email and password are required')).toHaveLength(2);
    expect(apiRequests({ route: contract.auth.login })).toHaveLength(0);
  });

  it('requires a name on sign-up and shows the password hint', async () => {
    const user = await openSignup();
    expect(screen.getByText(/at least 8 characters with upper case, lower case and digits/)).toBeInTheDocument();
    await fillSignup(user, { email: 'new@client.io' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Name is required for registration')).toBeInTheDocument();
    expect(apiRequests({ route: contract.auth.register })).toHaveLength(0);
  });

  it('offers both roles and shows the invite code only for Agency Admin', async () => {
    const user = await openSignup();
    const role = screen.getByLabelText('Account type');
    expect(screen.getByRole('option', { name: 'Client - I need social media growth' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Agency Admin - I manage client accounts' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Agency invite code')).not.toBeInTheDocument();
    await user.selectOptions(role, 'admin');
    expect(screen.getByLabelText('Agency invite code')).toBeInTheDocument();
    await user.selectOptions(role, 'client');
    expect(screen.queryByLabelText('Agency invite code')).not.toBeInTheDocument();
  });

  it('drops an invite-code error when the account type changes back to Client', async () => {
    mockRoute(contract.auth.register, { status: 403, body: { detail: 'The agency invite code is not valid.', code: 'forbidden' } });
    const user = await openSignup();
    await fillSignup(user, { email: 'boss@agency.io', name: 'Boss' });
    await user.selectOptions(screen.getByLabelText('Account type'), 'admin');
    await user.type(screen.getByLabelText('Agency invite code'), 'wrong-code');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The agency invite code is not valid.');

    await user.selectOptions(screen.getByLabelText('Account type'), 'client');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('The agency invite code is not valid.')).not.toBeInTheDocument();
  });

  it('maps a duplicate e-mail to the spec text', async () => {
    mockRoute(contract.auth.register, { status: 400, body: { detail: 'A user with this email already exists.', code: 'conflict' } });
    const user = await openSignup();
    await fillSignup(user, { email: 'taken@client.io', name: 'Taken' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
  });

  it('shows the server message of a failed login and stays on /auth', async () => {
    mockRoute(contract.auth.login, { status: 401, body: { detail: 'Invalid email or password', code: 'unauthorized' } });
    window.history.pushState({}, '', '/auth');
    render(<App />);
    await signIn('who@x.io', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(window.location.pathname).toBe('/auth');
  });

  it('lists the demo logins while demo data is present and fills the form from them', async () => {
    mockRoute(contract.auth.listDemoLogins, {
      status: 200,
      body: { logins: [{ role: 'admin', email: 'admin@demo.agency', password: 'DemoAdmin123' }] },
    });
    window.history.pushState({}, '', '/auth');
    render(<App />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use the admin demo account' }));
    expect(screen.getByLabelText('Email')).toHaveValue('admin@demo.agency');
    expect(screen.getByLabelText('Password')).toHaveValue('DemoAdmin123');
  });

  it('fills only the e-mail from a demo login without a password (production server)', async () => {
    mockRoute(contract.auth.listDemoLogins, { status: 200, body: { logins: [{ role: 'admin', email: 'admin@demo.agency' }] } });
    window.history.pushState({}, '', '/auth');
    render(<App />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'typed');
    await user.click(await screen.findByRole('button', { name: 'Use the admin demo account' }));
    expect(screen.getByLabelText('Email')).toHaveValue('admin@demo.agency');
    expect(screen.getByLabelText('Password')).toHaveValue('typed');
  });

  it('shows no demo logins when the server answers 404', async () => {
    window.history.pushState({}, '', '/auth');
    render(<App />);
    await screen.findByRole('button', { name: 'Sign In' });
    await waitFor(() => expect(apiRequests({ path: '/api/demo-logins' })).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50)); // let the 404 answer settle
    expect(screen.queryByText('Demo accounts')).not.toBeInTheDocument();
  });

  it('rejects a response without a user', async () => {
    // An answer that breaks the contract on purpose: the client must refuse it.
    mockInvalidResponse(contract.auth.login, 200, { token: 'abc' });
    window.history.pushState({}, '', '/auth');
    render(<App />);
    await signIn('who@x.io', 'whatever');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login response');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('signs up a client, stores the session and opens the dashboard', async () => {
    const register = mockRoute(contract.auth.register, { status: 201, body: { token: 'tok123', user: USER } });
    const user = await openSignup();
    await fillSignup(user, { email: 'New@Client.io', name: 'New Client' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(register).toHaveLength(1);
    expect(register[0]!.body).toMatchObject({ email: 'new@client.io', name: 'New Client', role: 'client' });
    expect(register[0]!.body).not.toHaveProperty('admin_code');
    expect(localStorage.getItem('auth_token')).toBe('tok123');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(nav).toHaveTextContent('Billing');
    expect(nav).not.toHaveTextContent('Invoices');
  });
});

describe('coming back after signing in', () => {
  const ADMIN: TUser = { ...USER, id: 8, email: 'boss@agency.io', role: 'admin', client_id: null };

  it('returns a guest from a deep link to its dashboard section', async () => {
    mockRoute(contract.auth.login, { status: 200, body: { token: 'tok-admin', user: ADMIN } });
    window.history.pushState({}, '', '/dashboard#invoices');
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/auth'));
    await signIn('boss@agency.io', 'Secret123');
    await waitFor(() => expect(`${window.location.pathname}${window.location.hash}`).toBe('/dashboard#invoices'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
  });

  it('a plan picked on the site: sign-up opens naming the plan and its price, and leads back to checkout with it chosen', async () => {
    mockRoute(contract.auth.register, { status: 201, body: { token: 'tok-plan', user: USER } });
    window.history.pushState({}, '', `/auth?mode=signup&redirect=${encodeURIComponent('/checkout?plan=pro&billing=annual')}`);
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByTestId('chosen-plan')).toHaveTextContent('Pro plan, $2,499/year: you go on to checkout next.');
    const user = userEvent.setup();
    await fillSignup(user, { email: 'new@client.io', name: 'New Client' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/checkout?plan=pro&billing=annual'));
  });

  it('follows ?redirect= only within the site', async () => {
    mockRoute(contract.auth.login, { status: 200, body: { token: 'tok-admin', user: ADMIN } });
    window.history.pushState({}, '', '/auth?redirect=https://evil.test/dashboard');
    render(<App />);
    await signIn('boss@agency.io', 'Secret123');
    await waitFor(() => expect(window.location.href).toBe(`${window.location.origin}/dashboard`));
  });
});

describe('session', () => {
  it('a session that ends mid-use brings the user back to the section after signing in again', async () => {
    const ADMIN: TUser = { ...USER, id: 8, email: 'boss@agency.io', role: 'admin', client_id: null };
    localStorage.setItem('auth_token', 'expired');
    mockRoute(contract.auth.getMe, { status: 200, body: ADMIN });
    // The token runs out while the invoices section loads: its data call answers 401 (the fresh one is served).
    mockRoute(contract.invoices.getInvoiceSummary, (req) =>
      req.headers.get('authorization') === 'Token expired'
        ? { status: 401, body: { detail: 'Invalid or expired token.', code: 'authentication_failed' } }
        : { status: 200, body: generatedBody(contract.invoices.getInvoiceSummary) as never },
    );
    mockRoute(contract.auth.login, { status: 200, body: { token: 'tok-fresh', user: ADMIN } });
    window.history.pushState({}, '', '/dashboard#invoices');
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/auth'));
    await signIn('boss@agency.io', 'Secret123');
    await waitFor(() => expect(`${window.location.pathname}${window.location.hash}`).toBe('/dashboard#invoices'));
  });


  it('clears a token the server rejects and goes to /auth', async () => {
    localStorage.setItem('auth_token', 'bogus');
    mockRoute(contract.auth.getMe, { status: 401, body: { detail: 'Invalid token.', code: 'unauthorized' } });
    window.history.pushState({}, '', '/dashboard');
    render(<App />);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/auth');
    expect(localStorage.getItem('auth_token')).toBeNull();
    const me = apiRequests({ route: contract.auth.getMe })[0];
    expect(me?.headers.get('authorization')).toBe('Token bogus');
  });
});
