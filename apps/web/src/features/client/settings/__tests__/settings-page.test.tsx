import { contract, NOTIFICATION_PREFERENCE_DEFAULTS, type TClientPermission } from '@agency/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CLIENT_USER } from '@/test/billing-fixtures';
import { apiRequests, mockRoute, uploadableFile } from '@/test/mock-api';
import { renderWithApi, testSession } from '@/test/render';
import ClientSettingsPage from '../settings.page';
import { ALWAYS_SENT } from '../settings-texts';

function renderAs(permission: TClientPermission | null = null) {
  return renderWithApi(<ClientSettingsPage />, { session: testSession({ ...CLIENT_USER, client_permission: permission }) });
}

const prefs = () => mockRoute(contract.notifications.getNotificationPreferences, { status: 200, body: { ...NOTIFICATION_PREFERENCE_DEFAULTS } });

describe('client Settings', () => {
  it('shows the profile, password, notifications per kind, billing details and security to the client’s own login', async () => {
    prefs();
    mockRoute(contract.clients.getMyBillingDetails, { status: 200, body: { billing_address: '12 Flour Street\nBakeville', tax_id: 'DE 123' } });
    renderAs();
    expect(screen.getByRole('form', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Cora');
    expect(screen.getByRole('form', { name: 'Change Password' })).toBeInTheDocument();
    for (const kind of ['Messages', 'Content to review', 'Invoices and payments', 'Growth reports']) {
      expect(await screen.findByRole('switch', { name: `${kind} in the app` })).toBeChecked();
      expect(screen.getByRole('switch', { name: `${kind} by e-mail` })).toBeChecked();
    }
    expect(screen.getByText(ALWAYS_SENT)).toBeInTheDocument();
    expect(await screen.findByLabelText(/Billing address/)).toHaveValue('12 Flour Street\nBakeville');
    expect(screen.getByLabelText(/Tax ID/)).toHaveValue('DE 123');
    expect(screen.getByRole('heading', { name: 'Security' })).toBeInTheDocument();
  });

  it("the client's own login reads its account's audit log; a member does not see it", async () => {
    prefs();
    mockRoute(contract.clients.getMyBillingDetails, { status: 200, body: { billing_address: null, tax_id: null } });
    mockRoute(contract.audit.listAuditActors, { status: 200, body: { results: [] } });
    mockRoute(contract.audit.listAuditLog, {
      status: 200,
      body: {
        count: 1,
        next: null,
        previous: null,
        results: [
          {
            id: 1,
            at: '2026-11-20T10:15:00.000Z',
            actor_type: 'user' as const,
            actor_user_id: 3,
            actor: 'Olive Owner',
            ip: null,
            action: 'invoice.created',
            object_type: 'invoice',
            object_id: '9',
            object_label: 'NS-2026-0009',
            client_id: 12,
            client_name: 'Cora Co',
            changes: null,
          },
        ],
      },
    });
    const { unmount } = renderAs();
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    expect(await screen.findAllByText('NS-2026-0009')).not.toHaveLength(0);
    unmount();
    renderAs('billing');
    expect(await screen.findByRole('heading', { name: 'Billing details' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Audit log' })).not.toBeInTheDocument();
  });

  it('saves one switch at a time: only what moved is sent', async () => {
    prefs();
    const saved = mockRoute(contract.notifications.updateNotificationPreferences, { status: 200, body: { ...NOTIFICATION_PREFERENCE_DEFAULTS, email_messages: false } });
    renderAs();
    const toggle = await screen.findByRole('switch', { name: 'Messages by e-mail' });
    await userEvent.click(toggle);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).toEqual({ email_messages: false });
    expect(toggle).not.toBeChecked();
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
  });

  it('a content-only member sees the kinds it gets and no billing details', async () => {
    prefs();
    renderAs('content');
    expect(await screen.findByRole('switch', { name: 'Content to review in the app' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Invoices and payments in the app' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Billing details' })).not.toBeInTheDocument();
    expect(apiRequests({ route: contract.clients.getMyBillingDetails })).toHaveLength(0);
  });

  it('a billing member has billing details, and no content kind', async () => {
    prefs();
    mockRoute(contract.clients.getMyBillingDetails, { status: 200, body: { billing_address: null, tax_id: null } });
    renderAs('billing');
    expect(await screen.findByRole('heading', { name: 'Billing details' })).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Invoices and payments by e-mail' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Content to review by e-mail' })).not.toBeInTheDocument();
  });

  it('saves the billing details; a refused value shows under its field', async () => {
    prefs();
    mockRoute(contract.clients.getMyBillingDetails, { status: 200, body: { billing_address: null, tax_id: null } });
    const saves = mockRoute(contract.clients.updateMyBillingDetails, (req) =>
      (req.body as { tax_id: string | null }).tax_id === 'TAKEN'
        ? { status: 400, body: { detail: 'Invalid tax ID', code: 'validation_error', errors: { tax_id: ['This tax ID is not valid'] } } }
        : { status: 200, body: { billing_address: '1 Oven Lane\nCrumbton', tax_id: 'GB123' } },
    );
    renderAs();
    const address = await screen.findByLabelText(/Billing address/);
    await userEvent.type(address, '1 Oven Lane{enter}Crumbton');
    await userEvent.type(screen.getByLabelText(/Tax ID/), 'GB123');
    await userEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.body).toEqual({ billing_address: '1 Oven Lane\nCrumbton', tax_id: 'GB123' });
    expect(await screen.findByText('Billing details saved')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(/Tax ID/));
    await userEvent.type(screen.getByLabelText(/Tax ID/), 'TAKEN');
    await userEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByText('This tax ID is not valid')).toBeInTheDocument();
    expect(screen.getByLabelText(/Tax ID/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks a bad tax ID in the browser before sending', async () => {
    prefs();
    mockRoute(contract.clients.getMyBillingDetails, { status: 200, body: { billing_address: null, tax_id: null } });
    renderAs();
    await userEvent.type(await screen.findByLabelText(/Tax ID/), 'DE<1>');
    await userEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByText('Use letters A–Z, digits, spaces, dots, dashes and slashes')).toBeInTheDocument();
    expect(apiRequests({ route: contract.clients.updateMyBillingDetails })).toHaveLength(0);
  });

  it('shows an error with Try Again when the notification settings do not load', async () => {
    mockRoute(contract.notifications.getNotificationPreferences, { status: 500, body: { detail: 'Server down', code: 'server_error' } });
    renderAs('content');
    expect(await screen.findByRole('button', { name: /Try Again/i })).toBeInTheDocument();
    expect(screen.getByText('Server down')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Messages in the app' })).not.toBeInTheDocument();
  });

  it('refuses a photo over 2 MB without uploading it', async () => {
    prefs();
    renderAs('content');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const big = uploadableFile('x'.repeat(2 * 1024 * 1024 + 1), 'big.png', 'image/png');
    await userEvent.upload(input, big);
    expect(await screen.findByText('The image must be smaller than 2 MB.')).toBeInTheDocument();
    expect(apiRequests({ path: '/api/auth/me/avatar/' })).toHaveLength(0);
  });

  it('saves the name and company', async () => {
    prefs();
    const saved = mockRoute(contract.auth.updateMe, { status: 200, body: { ...CLIENT_USER, first_name: 'Corinne', name: 'Corinne Client' } });
    renderAs('content');
    const first = screen.getByLabelText('First name');
    await userEvent.clear(first);
    await userEvent.type(first, 'Corinne');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).toMatchObject({ first_name: 'Corinne', last_name: 'Client' });
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
  });
});
