import { generateMock } from '@anatine/zod-mock';
import { contract, ZClientSchema, ZTaskSchema, type TStaffMember, type TTask } from '@agency/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { TaskFormDialog } from '../components/task-form-dialog';

const member = (id: number, name: string, staff_role: TStaffMember['staff_role'], invite_pending = false): TStaffMember => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@agency.test`,
  role: 'admin',
  staff_role,
  status: 'online',
  invite_pending,
  managed_clients: 0,
});

const STAFF = [member(1, 'Olive Owner', 'owner'), member(3, 'Jordan Lee', 'manager'), member(4, 'Rae Reader', 'read_only'), member(5, 'Ivy Invited', 'manager', true)];

const TASK: TTask = { ...generateMock(ZTaskSchema, { seed: 3 }), id: 40, client: 7, assigned_to: 'Olive Owner', assigned_to_user: 1, due_date: '2031-05-01T10:00:00.000Z' };

describe('the task form’s assignee', () => {
  it('offers the staff who can take work (not read-only, not pending invites) and warns when a manager does not manage the client', async () => {
    mockRoute(contract.admin.listStaff, { status: 200, body: { results: STAFF } });
    mockRoute(contract.clients.getClient, { status: 200, body: { ...generateMock(ZClientSchema, { seed: 5 }), id: 7, name: 'Cora Coffee', account_manager_id: 1 } });
    renderWithApi(<TaskFormDialog open onOpenChange={vi.fn()} task={TASK} />);
    const select = await screen.findByLabelText('Assigned to');
    await waitFor(() => expect(select).toBeEnabled());
    const options = [...(select as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toEqual(['Select a team member', 'Olive Owner', 'Jordan Lee']);

    await userEvent.selectOptions(select, 'Jordan Lee');
    await waitFor(() =>
      expect(select).toHaveAccessibleDescription("Jordan Lee does not manage Cora Coffee: the task shows in their tasks, but the client's other work does not."),
    );
    await userEvent.selectOptions(select, 'Olive Owner');
    expect(select).not.toHaveAccessibleDescription();
  });
});
