import { contract, PASSWORD_RESET_DONE, PASSWORD_RESET_REQUESTED, type TAccountLinkView } from '@agency/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { guestSession, renderWithApi, TEST_USER, testSession } from '@/test/render';
import ConfirmEmailPage from '../confirm-email.page';
import ForgotPasswordPage from '../forgot-password.page';
import ResetPasswordPage from '../reset-password.page';
import UndoEmailChangePage from '../undo-email-change.page';
import { EmailVerificationBanner } from '../components/email-verification-banner';

const RESET_TOKEN = `pwr_${'a'.repeat(43)}`;
const VIEW: TAccountLinkView = { purpose: 'password_reset', email: 'casey@client.test', expires_at: '2031-03-11T10:00:00.000Z' };

describe('forgot password', () => {
  it("sends the address and shows the server's answer, whatever the address", async () => {
    const asked = mockRoute(contract.account.requestPasswordReset, { status: 202, body: { detail: PASSWORD_RESET_REQUESTED } });
    renderWithApi(<ForgotPasswordPage />, { route: '/forgot-password', session: guestSession() });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'Casey@Client.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(PASSWORD_RESET_REQUESTED)).toBeInTheDocument();
    expect(asked[0]!.body).toEqual({ email: 'casey@client.test' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth');
  });

  it('asks for an address before sending, and says when there were too many requests', async () => {
    renderWithApi(<ForgotPasswordPage />, { route: '/forgot-password', session: guestSession() });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter the email address of your account')).toBeInTheDocument();
    expect(apiRequests({ route: contract.account.requestPasswordReset })).toHaveLength(0);

    mockRoute(contract.account.requestPasswordReset, {
      status: 429,
      body: { detail: 'Too many password reset requests. Please wait an hour and try again.', code: 'rate_limited' },
    });
    await user.type(screen.getByLabelText('Email'), 'casey@client.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Too many password reset requests. Please wait an hour and try again.')).toBeInTheDocument();
  });
});

describe('choose a new password', () => {
  const renderAt = (hash: string) => renderWithApi(<ResetPasswordPage />, { route: `/reset-password${hash}`, session: guestSession() });

  it('opens the link with the token in the body only, takes it out of the address, and sets the password; then sign in', async () => {
    const opened = mockRoute(contract.account.openAccountLink, { status: 200, body: VIEW });
    const reset = mockRoute(contract.account.resetPassword, { status: 200, body: { detail: PASSWORD_RESET_DONE, email: VIEW.email } });
    renderAt(`#token=${RESET_TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByText('casey@client.test')).toBeInTheDocument();
    expect(opened[0]!.body).toEqual({ token: RESET_TOKEN });
    expect(opened[0]!.url.href).not.toContain(RESET_TOKEN);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/reset-password$/));

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(reset).toHaveLength(0);

    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('New password'), 'a-long-passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-long-passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Your password was changed' })).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_RESET_DONE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    expect(reset[0]!.body).toEqual({ token: RESET_TOKEN, new_password: 'a-long-passphrase' });
  });

  it("an expired or used link shows the API's reason and a way to ask for a new one", async () => {
    const reason = 'This link has expired. Ask for a new link with “Forgot password?” on the sign-in page.';
    mockRoute(contract.account.openAccountLink, { status: 400, body: { detail: reason, code: 'bad_request', errors: { token: [reason] } } });
    renderAt(`#token=${RESET_TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('without a token it says the link is incomplete and asks the server nothing', async () => {
    renderAt('');
    expect(await screen.findByRole('heading', { name: 'This link is incomplete' })).toBeInTheDocument();
    expect(apiRequests()).toHaveLength(0);
  });
});

describe('confirm and undo', () => {
  it('confirms a new address with one button and says it changed', async () => {
    const token = `emc_${'b'.repeat(43)}`;
    mockRoute(contract.account.openAccountLink, { status: 200, body: { purpose: 'email_change', email: 'new@client.test', expires_at: '2031-03-11T10:00:00.000Z' } });
    const confirmed = mockRoute(contract.account.confirmEmailChange, { status: 200, body: { detail: 'Your e-mail address is now new@client.test. Use it to sign in.', email: 'new@client.test' } });
    renderWithApi(<ConfirmEmailPage />, { route: `/confirm-email#token=${token}`, session: guestSession() });
    expect(await screen.findByRole('heading', { name: 'Confirm your new e-mail address' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm new address' }));
    expect(await screen.findByRole('heading', { name: 'Your e-mail address was changed' })).toBeInTheDocument();
    expect(confirmed[0]!.body).toEqual({ token });
    expect(apiRequests({ route: contract.account.verifyEmail })).toHaveLength(0);
  });

  it('a reset link opened on the confirm page is refused there', async () => {
    mockRoute(contract.account.openAccountLink, { status: 200, body: VIEW });
    renderWithApi(<ConfirmEmailPage />, { route: `/confirm-email#token=${RESET_TOKEN}`, session: guestSession() });
    expect(await screen.findByText('This link is for another page: open it straight from its e-mail.')).toBeInTheDocument();
  });

  it('puts the old address back, saying everyone was signed out', async () => {
    const token = `emu_${'c'.repeat(43)}`;
    mockRoute(contract.account.openAccountLink, { status: 200, body: { purpose: 'email_change_undo', email: 'old@client.test', expires_at: '2031-03-11T10:00:00.000Z' } });
    const done = 'Your account uses old@client.test again and every device was signed out.';
    mockRoute(contract.account.undoEmailChange, { status: 200, body: { detail: done, email: 'old@client.test' } });
    renderWithApi(<UndoEmailChangePage />, { route: `/undo-email-change#token=${token}`, session: guestSession() });
    await userEvent.click(await screen.findByRole('button', { name: 'Put back old@client.test' }));
    expect(await screen.findByRole('heading', { name: 'Your e-mail address was put back' })).toBeInTheDocument();
    expect(screen.getByText(done)).toBeInTheDocument();
  });
});

describe('the banner asking to confirm the address', () => {
  it('shows nothing for a confirmed address', () => {
    renderWithApi(<EmailVerificationBanner />);
    expect(screen.queryByTestId('email-verification-banner')).not.toBeInTheDocument();
  });

  it('asks an unconfirmed account to open its link, and Resend sends a new one', async () => {
    const resent = mockRoute(contract.account.resendEmailVerification, { status: 200, body: { detail: 'We sent a new confirmation link. It works for 7 days.' } });
    renderWithApi(<EmailVerificationBanner />, { session: testSession({ ...TEST_USER, email_verified: false }) });
    expect(screen.getByTestId('email-verification-banner')).toHaveTextContent('Please confirm your e-mail address: open the link we sent to admin@agency.test.');
    await userEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText('We sent a new confirmation link. It works for 7 days.')).toBeInTheDocument();
    expect(resent).toHaveLength(1);
  });
});
