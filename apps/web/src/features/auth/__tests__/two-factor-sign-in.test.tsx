import { contract, type TSecondFactorChallenge } from '@agency/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '@/app/app';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { TEST_USER } from '@/test/render';

const CHALLENGE: TSecondFactorChallenge = {
  second_factor_required: true,
  challenge: 'sfc_challenge-from-the-password-step',
  methods: ['totp', 'recovery_code'],
  expires_at: '2031-01-01T00:05:00.000Z',
};
const ADMIN = { ...TEST_USER, two_factor_enabled: true };

beforeEach(() => {
  mockRoute(contract.auth.listDemoLogins, { status: 404, body: { detail: 'Not found', code: 'not_found' } });
  mockRoute(contract.auth.login, { status: 200, body: CHALLENGE });
});

async function passwordStep() {
  window.history.pushState({}, '', '/auth');
  render(<App />);
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'admin@agency.test');
  await user.type(screen.getByLabelText('Password'), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('signing in with two-factor authentication', () => {
  it('asks for the code after the password (no session yet), then opens the dashboard', async () => {
    const verify = mockRoute(contract.twoFactor.verifySecondFactor, { status: 200, body: { token: 'tok-2fa', user: ADMIN } });
    const user = await passwordStep();
    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(localStorage.getItem('auth_token')).toBeNull();
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(verify[0]!.body).toEqual({ challenge: CHALLENGE.challenge, code: '123456' });
    expect(localStorage.getItem('auth_token')).toBe('tok-2fa');
  });

  it('an account whose only second factor is a passkey is not asked for a code', async () => {
    mockRoute(contract.auth.login, { status: 200, body: { ...CHALLENGE, methods: ['passkey'] } });
    await passwordStep();
    expect(await screen.findByText('Use your passkey to finish signing in.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
  });

  it('checks the code’s form before asking, and shows a wrong code under the field', async () => {
    const verify = mockRoute(contract.twoFactor.verifySecondFactor, {
      status: 400,
      body: { detail: 'That code is not right.', code: 'bad_request', errors: { code: ['That code is not right, or it was already used.'] } },
    });
    const user = await passwordStep();
    await user.type(await screen.findByLabelText('Authentication code'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(verify).toHaveLength(0);
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right, or it was already used.')).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toHaveAttribute('aria-invalid', 'true');
    expect(window.location.pathname).toBe('/auth');
  });

  it('takes a recovery code instead', async () => {
    const verify = mockRoute(contract.twoFactor.verifySecondFactor, { status: 200, body: { token: 'tok-rc', user: ADMIN } });
    const user = await passwordStep();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCD-2345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(verify[0]!.body).toEqual({ challenge: CHALLENGE.challenge, recovery_code: 'abcd2345' });
  });

  it('an expired sign-in says so and goes back to the password, keeping the e-mail', async () => {
    mockRoute(contract.twoFactor.verifySecondFactor, {
      status: 400,
      body: {
        detail: 'This sign-in has expired. Sign in again with your password.',
        code: 'bad_request',
        errors: { challenge: ['This sign-in has expired. Sign in again with your password.'] },
      },
    });
    const user = await passwordStep();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in has expired. Sign in again with your password.');
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(screen.getByLabelText('Email')).toHaveValue('admin@agency.test');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(apiRequests({ route: contract.auth.login })).toHaveLength(1);
  });

  it('says when there were too many wrong codes (429)', async () => {
    mockRoute(contract.twoFactor.verifySecondFactor, {
      status: 429,
      body: { detail: 'Too many wrong codes. Please wait 15 minutes and try again.', code: 'rate_limited' },
    });
    const user = await passwordStep();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong codes. Please wait 15 minutes and try again.');
  });
});

describe('a staff account the agency requires two-factor of', () => {
  it('sees only the enrolment screen, not the dashboard', async () => {
    localStorage.setItem('auth_token', 'tok-restricted');
    mockRoute(contract.auth.getMe, { status: 200, body: { ...TEST_USER, two_factor_enrolment_required: true } });
    window.history.pushState({}, '', '/dashboard#clients');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(apiRequests({ route: contract.clients.listClients })).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});
