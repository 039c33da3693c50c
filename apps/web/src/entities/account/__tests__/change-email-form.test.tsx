import { contract } from '@agency/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { ChangeEmailForm } from '../components/change-email-form';

const fill = async (newEmail: string, password: string) => {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New email'), newEmail);
  await user.type(screen.getByLabelText('Current password'), password);
  await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
};

describe('Change email', () => {
  it('sends the new address and the password; says where the link went and that nothing changed yet', async () => {
    const sent = mockRoute(contract.account.requestEmailChange, {
      status: 202,
      body: { detail: 'We sent a link.', email: 'new@agency.test' },
    });
    renderWithApi(<ChangeEmailForm currentEmail="old@agency.test" />);
    await fill('New@Agency.test', 'my-password');
    expect(await screen.findByTestId('change-email-sent')).toHaveTextContent(
      'We sent a link to new@agency.test. Open it within 24 hours to confirm the change; until then your address stays old@agency.test.',
    );
    expect(sent[0]!.body).toEqual({ new_email: 'new@agency.test', current_password: 'my-password' });
    expect(screen.getByLabelText('New email')).toHaveValue('');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it("checks the fields with the contract's rules before sending anything", async () => {
    renderWithApi(<ChangeEmailForm currentEmail="old@agency.test" />);
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText('Enter the new email address')).toBeInTheDocument();
    expect(screen.getByText('Current password is required')).toBeInTheDocument();
    expect(apiRequests({ route: contract.account.requestEmailChange })).toHaveLength(0);
  });

  it('puts a wrong password and a taken address on their fields', async () => {
    mockRoute(contract.account.requestEmailChange, {
      status: 400,
      body: { detail: 'Current password is incorrect.', code: 'bad_request', errors: { current_password: ['Current password is incorrect.'] } },
    }, { once: true });
    renderWithApi(<ChangeEmailForm currentEmail="old@agency.test" />);
    await fill('new@agency.test', 'wrong');
    expect(await screen.findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');

    mockRoute(contract.account.requestEmailChange, {
      status: 409,
      body: { detail: 'A user with this email already exists.', code: 'conflict', errors: { new_email: ['A user with this email already exists.'] } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText('A user with this email already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText('New email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('change-email-sent')).not.toBeInTheDocument();
  });
});
