import { generateMock } from '@anatine/zod-mock';
import { contract, ZClientSchema, type TClient } from '@agency/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import AdminClientsPage from '../clients.page';

const ADDED: TClient = {
  ...generateMock(ZClientSchema, { seed: 21 }),
  id: 31,
  name: 'Ivy Invite',
  email: 'ivy@example.test',
  payment_status: 'pending',
  payment_status_follows_invoices: false,
  unpaid_invoices: 0,
  next_payment: null,
  plan_name: null,
  created_at: '2025-01-01T00:00:00Z',
  archived_at: null,
  user_id: null,
  user_email: null,
  user_first_name: null,
  user_last_name: null,
  portal_invite_pending: false,
};
const INVITED: TClient = { ...ADDED, user_id: 77, user_email: 'ivy@example.test', user_first_name: 'Ivy', user_last_name: 'Invite', portal_invite_pending: true };

const listOf = (client: TClient) => ({ status: 200 as const, body: { count: 1, next: null, previous: null, results: [client] } });

describe('admin clients: Invite to portal', () => {
  it('the open Client Details shows the new login and Resend once the invite is sent, without reopening', async () => {
    let invited = false;
    mockRoute(contract.clients.listClients, () => listOf(invited ? INVITED : ADDED));
    const sent = mockRoute(contract.clients.inviteClientToPortal, () => {
      invited = true;
      return { status: 200, body: INVITED };
    });
    renderWithApi(<AdminClientsPage />, { route: '/dashboard#clients' });
    await userEvent.click(await screen.findByRole('button', { name: /View Details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Client Details' });
    expect(dialog).toHaveTextContent('No login yet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite to portal' }));
    expect(await screen.findByText('Portal invite sent to ivy@example.test')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(await within(dialog).findByText(/invite not accepted yet/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Ivy Invite (ivy@example.test)');
    expect(within(dialog).getByRole('button', { name: 'Resend portal invite' })).toBeInTheDocument();
    // Nobody signs in through a waiting invite: there is no portal to sign out.
    expect(within(dialog).queryByRole('button', { name: /Sign out everywhere/ })).not.toBeInTheDocument();
  });

  it('a client that signs in can be signed out of its portal everywhere; an invite still waiting cannot', async () => {
    const SIGNED_UP: TClient = { ...INVITED, portal_invite_pending: false };
    mockRoute(contract.clients.listClients, () => listOf(SIGNED_UP));
    const ended = mockRoute(contract.clients.endClientPortalSessions, { status: 200, body: { detail: 'Signed out of 2 sessions.', revoked: 2 } });
    renderWithApi(<AdminClientsPage />, { route: '/dashboard#clients' });
    await userEvent.click(await screen.findByRole('button', { name: /View Details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Client Details' });
    await userEvent.click(within(dialog).getByRole('button', { name: "Sign out everywhere of Ivy Invite's portal" }));
    expect(await screen.findByText("Ivy Invite's portal: Signed out of 2 sessions.")).toBeInTheDocument();
    expect(ended[0]!.params.id).toBe('31');
  });
});
