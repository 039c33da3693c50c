import type { TClientPermission } from '@agency/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clientSession, CLIENT_USER } from '@/test/billing-fixtures';
import { renderWithApi, testSession } from '@/test/render';
import DashboardPage from './dashboard.page';

// Each section stands in as its name, so the test sees which one the hash opened (not what it loads).
vi.mock('./sections', async () => {
  const { DASHBOARD_SECTIONS } = await import('@agency/contract');
  const stub = (id: string) => () => <p data-testid="section">{id}</p>;
  const sections = (ids: readonly string[]) => Object.fromEntries(ids.map((id) => [id, stub(id)]));
  return { ADMIN_SECTIONS: sections(DASHBOARD_SECTIONS.admin), CLIENT_SECTIONS: sections(DASHBOARD_SECTIONS.client) };
});

function renderAs(permission: TClientPermission | null, hash = '') {
  const session = permission === null ? clientSession() : testSession({ ...CLIENT_USER, client_permission: permission });
  return renderWithApi(<DashboardPage />, { route: `/dashboard${hash}`, session });
}

const sidebarLabels = () => within(screen.getByTestId('sidebar')).getAllByRole('link').map((a) => a.textContent?.trim());

describe('the client dashboard by permission on the client’s team', () => {
  it('full access: every item, Team included; #team opens the Team section', async () => {
    renderAs('full', '#team');
    expect(await screen.findByTestId('section')).toHaveTextContent('team');
    expect(sidebarLabels()).toEqual(expect.arrayContaining(['Overview', 'Content', 'Performance', 'Messages', 'Billing', 'Team']));
    expect(screen.getByRole('heading', { level: 1, name: 'Team' })).toBeInTheDocument();
  });

  it('a session stored without a permission is the client’s own login: Team is there', async () => {
    renderAs(null);
    await screen.findByTestId('section');
    expect(sidebarLabels()).toContain('Team');
  });

  it('content only: no Billing nor Team in the sidebar; #billing and #team open the overview', async () => {
    const { unmount } = renderAs('content', '#billing');
    expect(await screen.findByTestId('section')).toHaveTextContent('overview');
    expect(sidebarLabels()).not.toContain('Billing');
    expect(sidebarLabels()).not.toContain('Team');
    expect(sidebarLabels()).toContain('Content');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    unmount();

    renderAs('content', '#team');
    expect(await screen.findByTestId('section')).toHaveTextContent('overview');
  });

  it('billing only: no Content nor Team; #content opens the overview, #billing the billing section', async () => {
    const { unmount } = renderAs('billing', '#content');
    expect(await screen.findByTestId('section')).toHaveTextContent('overview');
    expect(sidebarLabels()).not.toContain('Content');
    expect(sidebarLabels()).not.toContain('Team');
    unmount();

    renderAs('billing', '#billing');
    expect(await screen.findByTestId('section')).toHaveTextContent('billing');
  });

  it('sections without a menu item still open by hash for every member (#notifications from the bell)', async () => {
    renderAs('content', '#notifications');
    expect(await screen.findByTestId('section')).toHaveTextContent('notifications');
  });
});
