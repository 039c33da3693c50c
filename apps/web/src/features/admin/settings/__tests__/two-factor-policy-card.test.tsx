import { contract, type TSecurityPolicy } from '@agency/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { renderWithApi, TEST_USER, testSession } from '@/test/render';
import { TwoFactorPolicyCard } from '../components/two-factor-policy-card';

const OFF: TSecurityPolicy = {
  require_staff_two_factor: false,
  staff_without_two_factor: 3,
  require_client_two_factor: false,
  client_logins_without_two_factor: 12,
  updated_at: null,
  updated_by: null,
};
const SWITCH = 'Require two-factor authentication for all staff';
const CLIENT_SWITCH = 'Require two-factor authentication for client logins';

describe('Settings → Security: requiring two-factor of all staff, of client logins', () => {
  it('an owner turns it on; the count of staff without it shows', async () => {
    const update = mockRoute(contract.twoFactor.updateSecurityPolicy, {
      status: 200,
      body: { ...OFF, require_staff_two_factor: true, updated_at: '2031-02-03T10:00:00.000Z', updated_by: 'Ada Admin' },
    });
    mockRoute(contract.twoFactor.getSecurityPolicy, { status: 200, body: OFF });
    renderWithApi(<TwoFactorPolicyCard />);
    const toggle = await screen.findByRole('switch', { name: SWITCH });
    expect(screen.getByTestId('staff-without-two-factor')).toHaveTextContent('3 staff members have not set up two-factor authentication yet.');
    expect(toggle).not.toBeChecked();
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(update[0]!.body).toEqual({ require_staff_two_factor: true });
    expect(await screen.findByText('Last changed by Ada Admin on Feb 3, 2031')).toBeInTheDocument();
  });

  it('an owner requires it of client logins: only that flag is sent; both counts read right', async () => {
    const update = mockRoute(contract.twoFactor.updateSecurityPolicy, {
      status: 200,
      body: { ...OFF, require_client_two_factor: true, updated_at: '2031-02-03T10:00:00.000Z', updated_by: 'Ada Admin' },
    });
    mockRoute(contract.twoFactor.getSecurityPolicy, { status: 200, body: OFF });
    renderWithApi(<TwoFactorPolicyCard />);
    const clients = await screen.findByRole('switch', { name: CLIENT_SWITCH });
    const staff = screen.getByRole('switch', { name: SWITCH });
    expect(clients).toHaveAccessibleDescription(/Clients and their team members without it are asked to set it up/);
    expect(screen.getByTestId('client-logins-without-two-factor')).toHaveTextContent('12 client logins have not set up two-factor authentication yet.');
    await userEvent.setup().click(clients);
    await waitFor(() => expect(clients).toBeChecked());
    expect(update[0]!.body).toEqual({ require_client_two_factor: true });
    expect(staff).not.toBeChecked();
    expect(await screen.findByText('Two-factor authentication is now required for client logins')).toBeInTheDocument();
  });

  it('the counts read right for one and for none', async () => {
    mockRoute(contract.twoFactor.getSecurityPolicy, { status: 200, body: { ...OFF, staff_without_two_factor: 1, client_logins_without_two_factor: 0 } });
    const { unmount } = renderWithApi(<TwoFactorPolicyCard />);
    expect(await screen.findByTestId('staff-without-two-factor')).toHaveTextContent('1 staff member has not set up two-factor authentication yet.');
    expect(screen.getByTestId('client-logins-without-two-factor')).toHaveTextContent('Every client login has two-factor authentication.');
    unmount();
    mockRoute(contract.twoFactor.getSecurityPolicy, { status: 200, body: { ...OFF, staff_without_two_factor: 0, client_logins_without_two_factor: 1 } });
    renderWithApi(<TwoFactorPolicyCard />);
    expect(await screen.findByTestId('client-logins-without-two-factor')).toHaveTextContent('1 client login has not set up two-factor authentication yet.');
    expect(screen.getByTestId('staff-without-two-factor')).toHaveTextContent('Every staff member has two-factor authentication.');
  });

  it('shows the server’s refusal (the owner has no second factor yet) and stays off', async () => {
    mockRoute(contract.twoFactor.getSecurityPolicy, { status: 200, body: OFF });
    const message = 'Set up two-factor authentication for your own account first, then require it of your staff.';
    mockRoute(contract.twoFactor.updateSecurityPolicy, { status: 400, body: { detail: message, code: 'bad_request', errors: { require_staff_two_factor: [message] } } });
    renderWithApi(<TwoFactorPolicyCard />);
    const toggle = await screen.findByRole('switch', { name: SWITCH });
    await userEvent.setup().click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(toggle).not.toBeChecked();
  });

  it('read-only staff see the setting but cannot change it; managers do not see it', async () => {
    mockRoute(contract.twoFactor.getSecurityPolicy, { status: 200, body: { ...OFF, require_staff_two_factor: true } });
    const { unmount } = renderWithApi(<TwoFactorPolicyCard />, { session: testSession({ ...TEST_USER, staff_role: 'read_only' }) });
    expect(await screen.findByRole('switch', { name: SWITCH })).toBeDisabled();
    expect(screen.getByRole('switch', { name: CLIENT_SWITCH })).toBeDisabled();
    expect(screen.getByText('Only owners can change this.')).toBeInTheDocument();
    unmount();
    const before = apiRequests({ route: contract.twoFactor.getSecurityPolicy }).length;
    renderWithApi(<TwoFactorPolicyCard />, { session: testSession({ ...TEST_USER, staff_role: 'manager' }) });
    expect(screen.queryByRole('switch', { name: SWITCH })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: CLIENT_SWITCH })).not.toBeInTheDocument();
    expect(apiRequests({ route: contract.twoFactor.getSecurityPolicy })).toHaveLength(before);
  });
});
