import { contract, type TTwoFactorStatus } from '@agency/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { TwoFactorSection } from '../components/two-factor-section';
import { recoveryCodesFile } from '../components/recovery-codes';

const OFF: TTwoFactorStatus = {
  enabled: false,
  totp_enabled: false,
  totp_enabled_at: null,
  recovery_codes_left: 0,
  passkeys: 0,
  enrolment_required: false,
  required_by_agency: false,
};
const ON: TTwoFactorStatus = { ...OFF, enabled: true, totp_enabled: true, totp_enabled_at: '2031-02-03T10:00:00.000Z', recovery_codes_left: 10 };
const CODES = ['7kq2-m9xd', 'p4vn-3hzc', 'w8rt-2jyb', 'e6fs-k5ma', 'c9dn-t7xq', 'h2gv-q8rw', 'm5bz-n3ek', 'y7xc-d4pt', 'r3hw-v6ns', 'f8ma-z2cj'];
const ENROLMENT = {
  enrolment: 'tfe_enrolment',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_uri: 'otpauth://totp/Agency:ada%40agency.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
  issuer: 'Agency',
  account: 'ada@agency.test',
  expires_at: '2031-02-03T10:10:00.000Z',
};

describe('the two-factor card', () => {
  it('sets up an authenticator app: password, QR code and key, first code, then the recovery codes once', async () => {
    let status = OFF;
    mockRoute(contract.twoFactor.getTwoFactorStatus, () => ({ status: 200, body: status }));
    const start = mockRoute(contract.twoFactor.startTotpEnrolment, (req) =>
      (req.body as { password: string }).password === 'right-password'
        ? { status: 200, body: ENROLMENT }
        : { status: 400, body: { detail: 'Current password is incorrect.', code: 'bad_request', errors: { password: ['Current password is incorrect.'] } } },
    );
    const confirm = mockRoute(contract.twoFactor.confirmTotpEnrolment, () => {
      status = ON;
      return { status: 200, body: { detail: 'Two-factor authentication is on.', recovery_codes: CODES } };
    });
    renderWithApi(<TwoFactorSection account="ada@agency.test" />);
    const user = userEvent.setup();
    expect(await screen.findByTestId('totp-state')).toHaveTextContent('Off');
    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));

    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    await user.type(within(dialog).getByLabelText('Current password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Current password is incorrect.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Current password'));
    await user.type(within(dialog).getByLabelText('Current password'), 'right-password');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await within(dialog).findByRole('img', { name: /QR code/ })).toHaveAttribute('src', ENROLMENT.qr_code);
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const code = within(dialog).getByLabelText('Code from the app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(start).toHaveLength(2);
    expect(confirm[0]!.body).toEqual({ enrolment: 'tfe_enrolment', code: '123456' });
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(within(dialog).getByLabelText('I have saved my recovery codes'));
    await user.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByTestId('totp-state')).toHaveTextContent('On');
    expect(screen.getByTestId('recovery-codes-left')).toHaveTextContent('10 recovery codes left');
  });

  it('a setup that expired offers to start again', async () => {
    mockRoute(contract.twoFactor.getTwoFactorStatus, { status: 200, body: OFF });
    mockRoute(contract.twoFactor.startTotpEnrolment, { status: 200, body: ENROLMENT });
    mockRoute(contract.twoFactor.confirmTotpEnrolment, {
      status: 400,
      body: { detail: 'This setup has expired.', code: 'bad_request', errors: { enrolment: ['This setup has expired. Start again to get a new QR code.'] } },
    });
    renderWithApi(<TwoFactorSection account="ada@agency.test" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    await user.type(await screen.findByLabelText('Current password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This setup has expired. Start again to get a new QR code.');
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
  });

  it('turns the app off with the password and a recovery code; the field errors of the server show', async () => {
    let status = ON;
    mockRoute(contract.twoFactor.getTwoFactorStatus, () => ({ status: 200, body: status }));
    const disable = mockRoute(contract.twoFactor.disableTotp, (req) => {
      const body = req.body as { recovery_code?: string };
      if (body.recovery_code !== 'abcd2345') {
        return { status: 400, body: { detail: 'Wrong', code: 'bad_request', errors: { recovery_code: ['That recovery code is not right, or it was already used.'] } } };
      }
      status = OFF;
      return { status: 200, body: OFF };
    });
    renderWithApi(<TwoFactorSection account="ada@agency.test" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication' });
    await user.type(within(dialog).getByLabelText('Current password'), 'pw');
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(within(dialog).getByLabelText('Recovery code'), 'zzzz-9999');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('That recovery code is not right, or it was already used.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Recovery code'));
    await user.type(within(dialog).getByLabelText('Recovery code'), 'ABCD-2345');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(disable.at(-1)!.body).toEqual({ password: 'pw', recovery_code: 'abcd2345' });
    expect(await screen.findByTestId('totp-state')).toHaveTextContent('Off');
  });

  it('makes new recovery codes with a current code', async () => {
    mockRoute(contract.twoFactor.getTwoFactorStatus, { status: 200, body: { ...ON, recovery_codes_left: 2 } });
    const regenerate = mockRoute(contract.twoFactor.regenerateRecoveryCodes, { status: 200, body: { detail: 'New codes', recovery_codes: CODES } });
    renderWithApi(<TwoFactorSection account="ada@agency.test" />);
    const user = userEvent.setup();
    expect(await screen.findByTestId('recovery-codes-left')).toHaveTextContent('2 recovery codes left');
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    await user.type(await screen.findByLabelText('Code from the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toHaveTextContent(CODES[0]!);
    expect(regenerate[0]!.body).toEqual({ code: '654321' });
  });

  it('says what failed when the status cannot be read, with Try Again', async () => {
    mockRoute(contract.twoFactor.getTwoFactorStatus, { status: 500, body: { detail: 'Server down', code: 'server_error' } });
    renderWithApi(<TwoFactorSection account="ada@agency.test" />);
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(apiRequests({ route: contract.twoFactor.getTwoFactorStatus }).length).toBeGreaterThan(0);
  });

  it('the downloaded file names the account and lists every code', () => {
    const text = recoveryCodesFile(CODES, 'ada@agency.test', new Date('2031-02-03T10:00:00Z'));
    expect(text).toContain('Recovery codes for ada@agency.test');
    for (const c of CODES) expect(text).toContain(c);
  });
});
