import { generateMock } from '@anatine/zod-mock';
import { contract, ZClientSchema, type TClient, type TStaffMember } from '@agency/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi, testSession, TEST_USER } from '@/test/render';
import { OWNER_ONLY_REASSIGN } from '../components/client-form';
import { ClientFormDialog } from '../components/client-form-dialog';

const staff = (id: number, name: string): TStaffMember => ({
  id,
  name,
  email: `${id}@agency.test`,
  role: 'admin',
  staff_role: 'manager',
  status: 'online',
  invite_pending: false,
  managed_clients: 1,
});

const CLIENT: TClient = {
  ...generateMock(ZClientSchema, { seed: 21 }),
  id: 40,
  name: 'Cora Coffee',
  email: 'cora@coffee.test',
  company: 'Cora Coffee Ltd',
  package: 'growth',
  monthly_fee: 3000,
  platforms: ['Instagram'],
  next_payment: null,
  account_manager: 'Jordan Lee',
  account_manager_id: 3,
};

describe('ClientFormDialog: the account manager reaches the API by id', () => {
  it('an owner’s new client is sent with the chosen staff member’s id', async () => {
    const user = userEvent.setup();
    mockRoute(contract.admin.listStaff, { status: 200, body: { results: [staff(2, 'Priya Shah'), staff(3, 'Jordan Lee')] } });
    const created = mockRoute(contract.clients.createClient, { status: 201, body: { ...CLIENT, id: 41 } });
    renderWithApi(<ClientFormDialog open client={null} onClose={() => {}} />);
    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Company'), 'Engines Ltd');
    await screen.findByRole('option', { name: 'Jordan Lee' });
    await user.selectOptions(screen.getByLabelText(/Account manager/), 'Jordan Lee');
    await user.click(screen.getByRole('button', { name: 'Add Client' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]!.body).toMatchObject({ account_manager_id: 3 });
    expect(created[0]!.body).not.toHaveProperty('account_manager');
  });

  it('a manager sees the current manager, cannot change it, and the edit sends no manager', async () => {
    const user = userEvent.setup();
    mockRoute(contract.admin.listStaff, { status: 200, body: { results: [staff(3, 'Jordan Lee')] } });
    const updated = mockRoute(contract.clients.updateClient, { status: 200, body: CLIENT });
    renderWithApi(<ClientFormDialog open client={CLIENT} onClose={() => {}} />, { session: testSession({ ...TEST_USER, id: 3, staff_role: 'manager' }) });
    const select = screen.getByLabelText(/Account manager/);
    expect(select).toBeDisabled();
    expect(select).toHaveValue('3');
    expect(select).toHaveAccessibleDescription(OWNER_ONLY_REASSIGN);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(updated).toHaveLength(1));
    expect(updated[0]!.body).not.toHaveProperty('account_manager_id');
    expect(updated[0]!.body).not.toHaveProperty('account_manager');
  });
});
