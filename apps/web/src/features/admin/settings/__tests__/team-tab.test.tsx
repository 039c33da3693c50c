import { contract, type TStaffMember, type TStaffRole } from '@agency/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { renderWithApi, testSession, TEST_USER } from '@/test/render';
import { ONLY_OWNERS_MANAGE_TEAM, TeamTab } from '../components/team-tab';

function member(overrides: Partial<TStaffMember>): TStaffMember {
  return {
    id: 1,
    name: 'Ada Admin',
    email: 'admin@agency.test',
    role: 'admin',
    staff_role: 'owner',
    status: 'online',
    invite_pending: false,
    managed_clients: 0,
    ...overrides,
  };
}

const ADA = member({});
const JORDAN = member({ id: 2, name: 'Jordan Lee', email: 'jordan@agency.test', staff_role: 'manager', status: 'away', managed_clients: 3 });
const SAM = member({ id: 3, name: 'Sam Stone', email: 'sam@agency.test', staff_role: 'read_only', status: 'offline', invite_pending: true });

function listTeam(results: TStaffMember[] = [ADA, JORDAN, SAM]) {
  return mockRoute(contract.admin.listStaff, { status: 200, body: { results } });
}

function renderAs(staffRole: TStaffRole) {
  return renderWithApi(<TeamTab />, { session: testSession({ ...TEST_USER, staff_role: staffRole }) });
}

/** The table's row of `name` (the phone cards hold the same, hidden by CSS). */
async function rowOf(name: string) {
  const rows = await screen.findAllByTestId('team-row');
  const row = rows.find((r) => within(r).queryAllByText(name).length > 0);
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('Settings → Team, for an owner', () => {
  it('lists the staff with role, presence, pending invite and clients managed; no controls on their own row', async () => {
    listTeam();
    renderAs('owner');
    const jordan = await rowOf('Jordan Lee');
    expect(within(jordan).getByText('jordan@agency.test')).toBeInTheDocument();
    expect(within(jordan).getByRole('combobox', { name: 'Role of Jordan Lee' })).toHaveValue('manager');
    // The presence: in its own column from xl up, under the e-mail below that (CSS shows one of the two).
    expect(within(jordan).getAllByText('Away')).toHaveLength(2);
    expect(within(jordan).getByText('3')).toBeInTheDocument();
    expect(within(jordan).queryByRole('button', { name: /Resend invite/ })).not.toBeInTheDocument();

    const sam = await rowOf('Sam Stone');
    expect(within(sam).getByText('Invite pending')).toBeInTheDocument();
    expect(within(sam).getByRole('button', { name: 'Resend invite to Sam Stone' })).toBeInTheDocument();

    const own = await rowOf('Ada Admin');
    expect(within(own).getByText('You')).toBeInTheDocument();
    expect(within(own).getByText('Owner')).toBeInTheDocument();
    expect(within(own).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(own).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(ONLY_OWNERS_MANAGE_TEAM)).not.toBeInTheDocument();
  });

  it('asks before changing a role, naming the person, the role and what it allows; Cancel leaves the role as it was', async () => {
    const user = userEvent.setup();
    listTeam();
    const updates = mockRoute(contract.admin.updateStaff, { status: 200, body: { ...JORDAN, staff_role: 'owner' } });
    renderAs('owner');
    const select = within(await rowOf('Jordan Lee')).getByRole('combobox', { name: 'Role of Jordan Lee' });
    await user.selectOptions(select, 'Owner');
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    expect(dialog).toHaveTextContent(
      'Make Jordan Lee an Owner? Owners can do everything: all clients, billing, developer settings and the team, including changing roles and removing people.',
    );
    expect(select).toHaveValue('manager');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(select).toHaveValue('manager');
    expect(updates).toHaveLength(0);
  });

  it('changes a role with PATCH once confirmed, and says so', async () => {
    const user = userEvent.setup();
    listTeam();
    const updates = mockRoute(contract.admin.updateStaff, { status: 200, body: { ...JORDAN, staff_role: 'read_only' } });
    renderAs('owner');
    await user.selectOptions(within(await rowOf('Jordan Lee')).getByRole('combobox', { name: 'Role of Jordan Lee' }), 'Read-only');
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    expect(dialog).toHaveTextContent('Make Jordan Lee Read-only? Read-only members see everything and change nothing.');
    await user.click(within(dialog).getByRole('button', { name: 'Make Read-only' }));
    expect(await screen.findByText('Jordan Lee is now Read-only')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updates).toHaveLength(1);
    expect(updates[0]!.params.id).toBe('2');
    expect(updates[0]!.body).toEqual({ staff_role: 'read_only' });
  });

  it('shows the API’s reason when a role change is refused (the last owner)', async () => {
    const user = userEvent.setup();
    listTeam([ADA, member({ id: 4, name: 'Olive Owner', email: 'olive@agency.test' })]);
    mockRoute(contract.admin.updateStaff, { status: 409, body: { detail: 'The agency needs at least one owner.', code: 'conflict' } });
    renderAs('owner');
    const select = within(await rowOf('Olive Owner')).getByRole('combobox', { name: 'Role of Olive Owner' });
    await user.selectOptions(select, 'Manager');
    await user.click(within(await screen.findByRole('dialog', { name: 'Change role' })).getByRole('button', { name: 'Make Manager' }));
    expect(await screen.findByText('The agency needs at least one owner.')).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue('owner'));
  });

  it('sends a pending invite again', async () => {
    const user = userEvent.setup();
    listTeam();
    const resent = mockRoute(contract.admin.resendStaffInvite, { status: 200, body: SAM });
    renderAs('owner');
    await user.click(within(await rowOf('Sam Stone')).getByRole('button', { name: 'Resend invite to Sam Stone' }));
    expect(await screen.findByText('Invite sent again to sam@agency.test')).toBeInTheDocument();
    expect(resent[0]!.params.id).toBe('3');
  });

  it('signs someone out everywhere after a confirmation; a pending invite has no such button', async () => {
    const user = userEvent.setup();
    listTeam();
    const ended = mockRoute(contract.admin.endStaffSessions, { status: 200, body: { detail: 'Signed out of 2 sessions.', revoked: 2 } });
    renderAs('owner');
    expect(within(await rowOf('Sam Stone')).queryByRole('button', { name: /Sign out everywhere/ })).not.toBeInTheDocument();
    await user.click(within(await rowOf('Jordan Lee')).getByRole('button', { name: 'Sign out everywhere Jordan Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere' });
    expect(dialog).toHaveTextContent('Sign Jordan Lee out of every browser and device? They stay on the team');
    expect(ended).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Jordan Lee: Signed out of 2 sessions.')).toBeInTheDocument();
    expect(ended[0]!.params.id).toBe('2');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('removes someone only after a confirmation that says their clients become unassigned', async () => {
    const user = userEvent.setup();
    listTeam();
    const removed = mockRoute(contract.admin.removeStaff, { status: 204, body: undefined });
    renderAs('owner');
    await user.click(within(await rowOf('Jordan Lee')).getByRole('button', { name: 'Remove Jordan Lee' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove team member' });
    expect(dialog).toHaveTextContent('Remove Jordan Lee from the team? They can no longer sign in, and their clients become unassigned (3 clients).');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(removed).toHaveLength(0);

    await user.click(within(await rowOf('Jordan Lee')).getByRole('button', { name: 'Remove Jordan Lee' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove team member' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Jordan Lee removed from the team')).toBeInTheDocument();
    expect(removed).toHaveLength(1);
    expect(removed[0]!.params.id).toBe('2');
  });
});

describe('Settings → Team: invite a staff member', () => {
  it('validates with the contract, puts the server’s field error on its field, then sends the invite', async () => {
    const user = userEvent.setup();
    listTeam();
    const invites = mockRoute(contract.admin.inviteStaff, { status: 201, body: member({ id: 9, name: 'Nia Nowak', email: 'nia@agency.test', staff_role: 'read_only', invite_pending: true }) });
    mockRoute(
      contract.admin.inviteStaff,
      { status: 409, body: { detail: 'A user with this email already exists.', code: 'conflict', errors: { email: ['A user with this email already exists.'] } } },
      { once: true },
    );
    renderAs('owner');
    await user.click(await screen.findByRole('button', { name: 'Invite staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite staff member' });

    // The role's one-line explanation follows the choice.
    const role = within(dialog).getByLabelText('Role');
    expect(role).toHaveValue('manager');
    expect(role).toHaveAccessibleDescription('Manager — only the clients assigned to them.');
    await user.selectOptions(role, 'Read-only');
    expect(role).toHaveAccessibleDescription('Read-only — sees everything, changes nothing.');

    // Nothing filled in: the contract's messages, and no request.
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    expect(apiRequests({ route: contract.admin.inviteStaff })).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Email'), 'nia@agency.test');
    await user.type(within(dialog).getByLabelText('First name'), 'Nia');
    await user.type(within(dialog).getByLabelText(/Last name/), 'Nowak');
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));

    const email = within(dialog).getByLabelText('Email');
    expect(await within(dialog).findByText('A user with this email already exists.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('A user with this email already exists.');

    await user.clear(email);
    await user.type(email, 'nia.nowak@agency.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText('Invite sent to nia@agency.test')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(invites).toHaveLength(1);
    expect(invites[0]!.body).toEqual({ email: 'nia.nowak@agency.test', first_name: 'Nia', last_name: 'Nowak', staff_role: 'read_only' });
  });
});

describe('Settings → Team, for everyone else', () => {
  for (const staffRole of ['manager', 'read_only'] as const) {
    it(`a ${staffRole} sees the team without any control`, async () => {
      listTeam([member({ id: 5, name: 'Olive Owner', email: 'olive@agency.test' }), { ...ADA, staff_role: staffRole }, SAM]);
      renderAs(staffRole);
      const olive = await rowOf('Olive Owner');
      expect(within(olive).getByText('Owner')).toBeInTheDocument();
      expect(within(await rowOf('Sam Stone')).getByText('Invite pending')).toBeInTheDocument();
      expect(screen.getByText(ONLY_OWNERS_MANAGE_TEAM)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Invite staff member' })).not.toBeInTheDocument();
      expect(screen.queryAllByRole('combobox')).toHaveLength(0);
      expect(screen.queryByRole('button', { name: /Remove|Resend invite/ })).not.toBeInTheDocument();
    });
  }
});
