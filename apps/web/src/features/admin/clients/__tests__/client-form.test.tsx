import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ClientForm, feeForPackage, newClientDefaults, packageOptionLabel } from '../components/client-form';

function setup(onSubmit = vi.fn()) {
  render(
    <ClientForm
      defaultValues={newClientDefaults()}
      staff={[{ id: 1, name: 'Priya Shah', email: 'p@x.io', role: 'admin', status: 'online' }]}
      submitLabel="Add Client"
      submitting={false}
      serverError={null}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
}

describe('package prices', () => {
  it('labels each package with its monthly price; enterprise is custom', () => {
    expect(packageOptionLabel('starter')).toBe('Starter — $1,500/mo');
    expect(packageOptionLabel('professional')).toBe('Professional — $5,000/mo');
    expect(packageOptionLabel('enterprise')).toBe('Enterprise — Custom pricing');
  });
  it('a priced package sets the fee; enterprise keeps the current fee', () => {
    expect(feeForPackage('growth', 1500)).toBe(3000);
    expect(feeForPackage('enterprise', 8200)).toBe(8200);
  });
});

describe('ClientForm', () => {
  it('starts from the contract defaults: starter, $1500, no platforms', () => {
    setup();
    expect(screen.getByLabelText('Package')).toHaveValue('starter');
    expect(screen.getByLabelText('Monthly fee (USD)')).toHaveValue(1500);
    for (const p of ['Instagram', 'TikTok', 'YouTube', 'Facebook', 'LinkedIn']) expect(screen.getByLabelText(p)).not.toBeChecked();
  });

  it('choosing a package fills in its fee', async () => {
    setup();
    await userEvent.selectOptions(screen.getByLabelText('Package'), 'professional');
    expect(screen.getByLabelText('Monthly fee (USD)')).toHaveValue(5000);
    await userEvent.clear(screen.getByLabelText('Monthly fee (USD)'));
    await userEvent.type(screen.getByLabelText('Monthly fee (USD)'), '7000');
    await userEvent.selectOptions(screen.getByLabelText('Package'), 'enterprise');
    expect(screen.getByLabelText('Monthly fee (USD)')).toHaveValue(7000);
  });

  it('shows the contract messages under empty required fields and does not submit', async () => {
    const onSubmit = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Add Client' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Company is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits parsed values: email lower-cased, fee a number, empty optional fields as null', async () => {
    const onSubmit = setup();
    await userEvent.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Email'), 'Ada@Example.COM');
    await userEvent.type(screen.getByLabelText('Company'), 'Engines Ltd');
    await userEvent.click(screen.getByLabelText('TikTok'));
    await userEvent.click(screen.getByRole('button', { name: 'Add Client' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Engines Ltd',
      package: 'starter',
      monthly_fee: 1500,
      platforms: ['TikTok'],
      status: 'active',
      payment_status: 'pending',
      account_manager: null,
      next_payment: null,
      approval_mode: 'optional',
    });
  });

  it('keeps the current account manager selected when the staff list arrives after the form', () => {
    const props = {
      defaultValues: { ...newClientDefaults(), account_manager: 'Priya Shah' },
      submitLabel: 'Save Changes',
      submitting: false,
      serverError: null,
      onSubmit: vi.fn(),
      onCancel: () => {},
    };
    const { rerender } = render(<ClientForm {...props} staff={[]} />);
    expect(screen.getByLabelText(/Account manager/)).toHaveValue('Priya Shah');
    rerender(
      <ClientForm
        {...props}
        staff={[
          { id: 3, name: 'Jordan Lee', email: 'j@x.io', role: 'admin', status: 'online' },
          { id: 1, name: 'Priya Shah', email: 'p@x.io', role: 'admin', status: 'online' },
        ]}
      />,
    );
    expect(screen.getByLabelText(/Account manager/)).toHaveValue('Priya Shah');
  });

  it('offers the content approval modes by their labels and submits the chosen one', async () => {
    const onSubmit = setup();
    const select = screen.getByLabelText('Content approval');
    expect(select).toHaveValue('optional');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'No approval',
      'Staff review what the client sends',
      'Staff review every item',
      'Staff review, then the client',
    ]);
    await userEvent.selectOptions(select, 'Staff review, then the client');
    expect(screen.getByText(/the client approves each post in the portal or by a link/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Company'), 'Engines Ltd');
    await userEvent.click(screen.getByRole('button', { name: 'Add Client' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ approval_mode: 'internal_then_client' });
  });
});
