import { generateMock } from '@anatine/zod-mock';
import { ZClientSchema, type TClient, type TStaffMember } from '@agency/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  ClientForm,
  clientToFormValues,
  feeForPackage,
  NEW_CLIENTS_ASSIGNED_TO_YOU,
  newClientDefaults,
  OWNER_ONLY_REASSIGN,
  packageOptionLabel,
  type ClientFormProps,
} from '../components/client-form';

function member(id: number, name: string): TStaffMember {
  return { id, name, email: `${name.split(' ')[0]!.toLowerCase()}@x.io`, role: 'admin', staff_role: 'manager', status: 'online', invite_pending: false, managed_clients: 0 };
}

const PRIYA = member(1, 'Priya Shah');
const JORDAN = member(3, 'Jordan Lee');

function setup(onSubmit = vi.fn(), props: Partial<ClientFormProps> = {}) {
  render(
    <ClientForm
      defaultValues={newClientDefaults()}
      staff={[PRIYA]}
      submitLabel="Add Client"
      submitting={false}
      serverError={null}
      onSubmit={onSubmit}
      onCancel={() => {}}
      {...props}
    />,
  );
  return onSubmit;
}

async function fillRequired() {
  await userEvent.type(screen.getByLabelText('Name'), 'Ada Lovelace');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Company'), 'Engines Ltd');
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
      account_manager_id: null,
      next_payment: null,
      approval_mode: 'optional',
    });
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('account_manager');
  });

  it('keeps the current account manager selected when the staff list arrives after the form', () => {
    const props = {
      defaultValues: { ...newClientDefaults(), account_manager_id: '1' },
      managerName: 'Priya Shah',
      submitLabel: 'Save Changes',
      submitting: false,
      serverError: null,
      onSubmit: vi.fn(),
      onCancel: () => {},
    };
    const { rerender } = render(<ClientForm {...props} staff={[]} />);
    const select = screen.getByLabelText(/Account manager/);
    expect(select).toHaveValue('1');
    expect(within(select).getByRole('option', { selected: true })).toHaveTextContent('Priya Shah');
    rerender(<ClientForm {...props} staff={[JORDAN, PRIYA]} />);
    expect(select).toHaveValue('1');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Unassigned', 'Jordan Lee', 'Priya Shah']);
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

describe('ClientForm: the account manager', () => {
  const client: TClient = {
    ...generateMock(ZClientSchema, { seed: 4 }),
    name: 'Cora Coffee',
    email: 'cora@coffee.test',
    company: 'Cora Coffee Ltd',
    package: 'growth',
    monthly_fee: 3000,
    platforms: ['Instagram'],
    account_manager: 'Jordan Lee',
    account_manager_id: 3,
    next_payment: null,
  };

  it('shows the client’s current manager selected, by id', () => {
    setup(vi.fn(), { defaultValues: clientToFormValues(client), staff: [PRIYA, JORDAN], submitLabel: 'Save Changes' });
    expect(screen.getByLabelText(/Account manager/)).toHaveValue('3');
    expect(screen.getByRole('option', { name: 'Jordan Lee' })).toHaveProperty('selected', true);
  });

  it('sends the chosen staff member’s id, and null for Unassigned', async () => {
    const onSubmit = setup(vi.fn(), { staff: [PRIYA, JORDAN] });
    await fillRequired();
    await userEvent.selectOptions(screen.getByLabelText(/Account manager/), 'Jordan Lee');
    await userEvent.click(screen.getByRole('button', { name: 'Add Client' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ account_manager_id: 3 });

    await userEvent.selectOptions(screen.getByLabelText(/Account manager/), 'Unassigned');
    await userEvent.click(screen.getByRole('button', { name: 'Add Client' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({ account_manager_id: null });
  });

  it('for a manager editing a client: disabled, says only an owner can reassign, and sends no manager', async () => {
    const onSubmit = setup(vi.fn(), {
      defaultValues: clientToFormValues(client),
      staff: [PRIYA, JORDAN],
      submitLabel: 'Save Changes',
      canAssignManager: false,
    });
    const select = screen.getByLabelText(/Account manager/);
    expect(select).toBeDisabled();
    expect(select).toHaveValue('3');
    expect(select).toHaveAccessibleDescription(OWNER_ONLY_REASSIGN);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('account_manager_id');
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('account_manager');
  });

  it('a client on a portal plan: package, fee, status and next payment say they follow it, are locked and not sent; a status that follows invoices too', async () => {
    const onSubmit = setup(vi.fn(), {
      defaultValues: clientToFormValues(client),
      staff: [PRIYA, JORDAN],
      submitLabel: 'Save Changes',
      planName: 'Pro',
      paymentStatusFollowsInvoices: true,
    });
    for (const label of [/^Package/, /^Monthly fee/, /^Status/, /^Next payment/]) {
      const control = screen.getByLabelText(label);
      expect(control).toBeDisabled();
      expect(control).toHaveAccessibleDescription('Follows the Pro plan the client subscribes to in the portal.');
    }
    expect(screen.getByLabelText(/^Payment status/)).toHaveAccessibleDescription('Follows this client’s invoices: record payments on the invoices.');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const sent = onSubmit.mock.calls[0]![0];
    for (const field of ['package', 'monthly_fee', 'status', 'next_payment', 'payment_status']) expect(sent).not.toHaveProperty(field);
    expect(sent).toMatchObject({ name: client.name, email: client.email.toLowerCase() });
  });

  it('for a manager adding a client: says new clients are theirs', () => {
    setup(vi.fn(), { defaultValues: { ...newClientDefaults(), account_manager_id: '1' }, canAssignManager: false, isNew: true });
    const select = screen.getByLabelText(/Account manager/);
    expect(select).toBeDisabled();
    expect(select).toHaveValue('1');
    expect(select).toHaveAccessibleDescription(NEW_CLIENTS_ASSIGNED_TO_YOU);
  });
});
