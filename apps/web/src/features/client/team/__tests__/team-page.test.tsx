import { contract, type TClientMember, type TClientPermission } from '@agency/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CLIENT_USER } from '@/test/billing-fixtures';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { renderWithApi, testSession } from '@/test/render';
import { TEAM_EMPTY } from '../lib/team-text';
import ClientTeamPage, { TEAM_FULL_ACCESS_ONLY } from '../team.page';

function member(overrides: Partial<TClientMember>): TClientMember {
  return {
    id: CLIENT_USER.id,
    name: 'Cora Client',
    email: 'cora@client.test',
    permission: 'full',
    is_primary: true,
    invite_pending: false,
    created_at: '2026-01-05T10:00:00Z',
    ...overrides,
  };
}

const CORA = member({});
const FINN = member({ id: 11, name: 'Finn Full', email: 'finn@client.test', permission: 'full', is_primary: false });
const NIA = member({ id: 12, name: 'Nia Nowak', email: 'nia@client.test', permission: 'content', is_primary: false });
const BEN = member({ id: 13, name: 'Ben Bills', email: 'ben@client.test', permission: 'billing', is_primary: false, invite_pending: true });

function listTeam(results: TClientMember[] = [CORA, NIA, BEN]) {
  return mockRoute(contract.team.listClientMembers, { status: 200, body: { results } });
}

function renderAs(permission: TClientPermission | null = null, id = CLIENT_USER.id) {
  return renderWithApi(<ClientTeamPage />, { session: testSession({ ...CLIENT_USER, id, client_permission: permission }) });
}

/** The table's row of `name` (the phone cards hold the same, hidden by CSS). */
async function rowOf(name: string) {
  const rows = await screen.findAllByTestId('team-row');
  const row = rows.find((r) => within(r).queryAllByText(name).length > 0);
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('Team, for full access', () => {
  it('lists the team: owner login, pending invite, permission and you; no controls on the owner login', async () => {
    listTeam();
    renderAs();
    const own = await rowOf('Cora Client');
    expect(within(own).getByText('You')).toBeInTheDocument();
    expect(within(own).getByText('Owner login')).toBeInTheDocument();
    expect(within(own).getByText('Full access')).toBeInTheDocument();
    expect(within(own).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(own).queryByRole('button')).not.toBeInTheDocument();

    const nia = await rowOf('Nia Nowak');
    expect(within(nia).getByText('nia@client.test')).toBeInTheDocument();
    expect(within(nia).getByRole('combobox', { name: 'Permission of Nia Nowak' })).toHaveValue('content');
    expect(within(nia).queryByText('Invite pending')).not.toBeInTheDocument();
    expect(within(nia).queryByRole('button', { name: /Resend invite/ })).not.toBeInTheDocument();

    const ben = await rowOf('Ben Bills');
    expect(within(ben).getByText('Invite pending')).toBeInTheDocument();
    expect(within(ben).getByRole('button', { name: 'Resend invite to Ben Bills' })).toBeInTheDocument();
    expect(screen.getByText(/Content only: content, approvals and comments/)).toBeInTheDocument();
    expect(screen.queryByText(TEAM_EMPTY)).not.toBeInTheDocument();
  });

  it('an invited member with full access sees the owner login and themselves without controls', async () => {
    listTeam([CORA, FINN, NIA]);
    renderAs('full', FINN.id);
    const finn = await rowOf('Finn Full');
    expect(within(finn).getByText('You')).toBeInTheDocument();
    expect(within(finn).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(await rowOf('Cora Client')).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(await rowOf('Nia Nowak')).getByRole('combobox', { name: 'Permission of Nia Nowak' })).toBeInTheDocument();
  });

  it('only you: the empty state asks to invite the people who approve content or handle invoices', async () => {
    listTeam([CORA]);
    renderAs();
    expect(await screen.findByText(TEAM_EMPTY)).toBeInTheDocument();
    expect(await rowOf('Cora Client')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Invite a team member' })).toHaveLength(2);
  });

  it('shows skeletons while loading, then an error with Try Again that loads again', async () => {
    const user = userEvent.setup();
    listTeam();
    mockRoute(contract.team.listClientMembers, { status: 500, body: { detail: 'Server error', code: 'server_error' } }, { once: true });
    renderAs();
    expect(screen.getByText('Loading your team')).toBeInTheDocument();
    expect(await screen.findByText('Could not load your team')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await rowOf('Nia Nowak')).toBeInTheDocument();
  });

  it('changes a permission with PATCH and says so', async () => {
    const user = userEvent.setup();
    listTeam();
    const updates = mockRoute(contract.team.updateClientMember, { status: 200, body: { ...NIA, permission: 'billing' } });
    renderAs();
    await user.selectOptions(within(await rowOf('Nia Nowak')).getByRole('combobox', { name: 'Permission of Nia Nowak' }), 'Billing only');
    expect(await screen.findByText('Nia Nowak now has billing only')).toBeInTheDocument();
    expect(updates).toHaveLength(1);
    expect(updates[0]!.params.id).toBe('12');
    expect(updates[0]!.body).toEqual({ permission: 'billing' });
  });

  it('a refused permission change shows the API’s reason and the select goes back', async () => {
    const user = userEvent.setup();
    listTeam();
    mockRoute(contract.team.updateClientMember, {
      status: 400,
      body: { detail: 'You cannot change your own access.', code: 'bad_request', errors: { permission: ['You cannot change your own access.'] } },
    });
    renderAs();
    const select = within(await rowOf('Nia Nowak')).getByRole('combobox', { name: 'Permission of Nia Nowak' });
    await user.selectOptions(select, 'Full access');
    expect(await screen.findByText('You cannot change your own access.')).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue('content'));
  });

  it('sends a pending invite again', async () => {
    const user = userEvent.setup();
    listTeam();
    const resent = mockRoute(contract.team.resendClientMemberInvite, { status: 200, body: BEN });
    renderAs();
    await user.click(within(await rowOf('Ben Bills')).getByRole('button', { name: 'Resend invite to Ben Bills' }));
    expect(await screen.findByText('Invite sent again to ben@client.test')).toBeInTheDocument();
    expect(resent[0]!.params.id).toBe('13');
  });

  it('removes someone only after a confirmation that says they can no longer sign in', async () => {
    const user = userEvent.setup();
    listTeam();
    const removed = mockRoute(contract.team.removeClientMember, { status: 204, body: undefined });
    renderAs();
    await user.click(within(await rowOf('Nia Nowak')).getByRole('button', { name: 'Remove Nia Nowak' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove team member' });
    expect(dialog).toHaveTextContent('Remove Nia Nowak from your team? They can no longer sign in to your portal. What they wrote stays.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(removed).toHaveLength(0);

    await user.click(within(await rowOf('Nia Nowak')).getByRole('button', { name: 'Remove Nia Nowak' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove team member' });
    listTeam([CORA, BEN]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Nia Nowak removed from your team')).toBeInTheDocument();
    expect(removed).toHaveLength(1);
    expect(removed[0]!.params.id).toBe('12');
    await waitFor(() => expect(screen.queryAllByText('Nia Nowak')).toHaveLength(0));
  });
});

describe('Team: invite a team member', () => {
  it('validates with the contract, puts the server’s field error on its field, then sends the invite', async () => {
    const user = userEvent.setup();
    listTeam();
    const invites = mockRoute(contract.team.inviteClientMember, {
      status: 201,
      body: member({ id: 20, name: 'Ola Otto', email: 'ola.otto@client.test', permission: 'billing', is_primary: false, invite_pending: true }),
    });
    mockRoute(
      contract.team.inviteClientMember,
      { status: 400, body: { detail: 'A user with this email already exists.', code: 'bad_request', errors: { email: ['A user with this email already exists.'] } } },
      { once: true },
    );
    renderAs();
    await user.click(await screen.findByRole('button', { name: 'Invite a team member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a team member' });

    // Each permission with its one-line explanation; content only is the default.
    expect(within(dialog).getByRole('radio', { name: 'Content only' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Billing only' })).toHaveAccessibleDescription('Invoices, payments, plans and orders; no content.');
    expect(within(dialog).getByRole('radio', { name: 'Full access' })).toHaveAccessibleDescription('Everything, including billing and this team.');

    // Nothing filled in: the contract's messages, and no request.
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(apiRequests({ route: contract.team.inviteClientMember })).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Ola Otto');
    await user.type(within(dialog).getByLabelText('Email'), 'ola@client.test');
    await user.click(within(dialog).getByRole('radio', { name: 'Billing only' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));

    const email = within(dialog).getByLabelText('Email');
    expect(await within(dialog).findByText('A user with this email already exists.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('A user with this email already exists.');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'ola.otto@client.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText('Invite sent to ola.otto@client.test')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(invites).toHaveLength(1);
    expect(invites[0]!.body).toEqual({ name: 'Ola Otto', email: 'ola.otto@client.test', permission: 'billing' });
  });

  it('an invalid e-mail gets the contract’s message', async () => {
    const user = userEvent.setup();
    listTeam();
    renderAs();
    await user.click(await screen.findByRole('button', { name: 'Invite a team member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a team member' });
    await user.type(within(dialog).getByLabelText('Name'), 'Ola Otto');
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(apiRequests({ route: contract.team.inviteClientMember })).toHaveLength(0);
  });
});

describe('Team, without full access', () => {
  for (const permission of ['content', 'billing'] as const) {
    it(`a ${permission}-only member is not shown the team and nothing is asked of the API`, async () => {
      renderAs(permission);
      expect(await screen.findByText(TEAM_FULL_ACCESS_ONLY)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Invite a team member' })).not.toBeInTheDocument();
      expect(apiRequests({ route: contract.team.listClientMembers })).toHaveLength(0);
    });
  }
});
