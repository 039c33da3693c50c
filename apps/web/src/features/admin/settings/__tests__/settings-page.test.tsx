import { contract, type TApiKey, type TStaffRole } from '@agency/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi, testSession, TEST_USER } from '@/test/render';
import AdminSettingsPage from '../settings.page';

const renderAs = (staffRole: TStaffRole, route = '/dashboard#settings') =>
  renderWithApi(<AdminSettingsPage />, { route, session: testSession({ ...TEST_USER, staff_role: staffRole }) });

const tabNames = () => within(screen.getByRole('tablist', { name: 'Settings' })).getAllByRole('tab').map((t) => t.textContent);

const KEY: TApiKey = {
  id: 7,
  name: 'Zapier',
  prefix: 'agk_Zx9k2LqP',
  scopes: { clients: 'read' },
  status: 'active',
  created_at: '2025-03-03T10:00:00.000Z',
  created_by_name: 'Ada Admin',
  expires_at: null,
  last_used_at: null,
  revoked_at: null,
};

describe('Settings tabs by staff role', () => {
  it('an owner has every tab, Team among them', () => {
    renderAs('owner');
    expect(tabNames()).toEqual(['Profile', 'Team', 'Agency', 'Billing & Payments', 'Notifications', 'Security', 'API & webhooks', 'Audit log', 'Danger Zone']);
  });

  it('a manager has no payment or developer settings, even from a link to them', () => {
    renderAs('manager', '/dashboard?tab=api-keys#settings');
    expect(tabNames()).toEqual(['Profile', 'Team', 'Notifications', 'Security', 'Danger Zone']);
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('heading', { name: 'API keys' })).not.toBeInTheDocument();
  });

  it('read-only staff see the API keys without the create and revoke controls', async () => {
    mockRoute(contract.apiKeys.listApiKeys, { status: 200, body: { count: 1, next: null, previous: null, results: [KEY] } });
    renderAs('read_only', '/dashboard?tab=api-keys#settings');
    expect(tabNames()).toContain('Billing & Payments');
    expect((await screen.findAllByText('Zapier')).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Usage of Zapier' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Create API key' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke Zapier' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).not.toBeInTheDocument();
  });
});
