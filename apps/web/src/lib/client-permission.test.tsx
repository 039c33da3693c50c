import { contract, DASHBOARD_SECTIONS, type TClientPermission } from '@agency/contract';
import { describe, expect, it } from 'vitest';
import { renderHookWithApi, testSession, TEST_USER } from '@/test/render';
import { clientAccessOf, useClientPermission } from './client-permission';

const client = (client_permission: TClientPermission | null) => ({ role: 'client' as const, client_permission });
const reached = (client_permission: TClientPermission | null) =>
  DASHBOARD_SECTIONS.client.filter((s) => clientAccessOf(client(client_permission)).reaches(s));

describe('clientAccessOf', () => {
  it('full access reaches every client section and may call every client route', () => {
    const access = clientAccessOf(client('full'));
    expect(access).toMatchObject({ permission: 'full', isFull: true });
    expect(reached('full')).toEqual([...DASHBOARD_SECTIONS.client]);
    for (const route of [contract.team.listClientMembers, contract.invoices.listInvoices, contract.content.listContent, contract.oauth.initiateOAuth]) {
      expect(access.canCall(route)).toBe(true);
    }
  });

  it('a client session without a permission (stored before client teams) is the client’s own login: full access', () => {
    expect(clientAccessOf(client(null))).toMatchObject({ permission: 'full', isFull: true });
    expect(reached(null)).toContain('team');
  });

  it('content only: no billing, no team; content routes yes, billing and full-access routes no', () => {
    const access = clientAccessOf(client('content'));
    expect(access).toMatchObject({ permission: 'content', isFull: false });
    expect(reached('content')).toEqual(['overview', 'content', 'performance', 'messages', 'settings', 'notifications']);
    expect(access.canCall(contract.content.listContent)).toBe(true);
    expect(access.canCall(contract.invoices.listInvoices)).toBe(false);
    expect(access.canCall(contract.orders.getOrder)).toBe(false);
    expect(access.canCall(contract.team.listClientMembers)).toBe(false);
    expect(access.canCall(contract.oauth.initiateOAuth)).toBe(false);
    // Routes for every member declare no permission.
    expect(access.canCall(contract.messages.listMessages)).toBe(true);
    expect(access.canCall(contract.dashboard.getClientDashboardStats)).toBe(true);
  });

  it('billing only: no content, no team; billing routes yes, content and full-access routes no', () => {
    const access = clientAccessOf(client('billing'));
    expect(access).toMatchObject({ permission: 'billing', isFull: false });
    expect(reached('billing')).toEqual(['overview', 'performance', 'messages', 'billing', 'settings', 'notifications']);
    expect(access.canCall(contract.invoices.listInvoices)).toBe(true);
    expect(access.canCall(contract.billing.getSubscription)).toBe(true);
    expect(access.canCall(contract.content.listContent)).toBe(false);
    expect(access.canCall(contract.team.inviteClientMember)).toBe(false);
    expect(access.canCall(contract.socialAccounts.syncSocialAccount)).toBe(false);
    expect(access.canCall(contract.messages.listMessages)).toBe(true);
  });

  it('staff and guests are not limited by a client permission (their own rules are the staff role’s)', () => {
    for (const user of [{ role: 'admin' as const, client_permission: null }, null, undefined]) {
      const access = clientAccessOf(user);
      expect(access).toMatchObject({ permission: null, isFull: false });
      expect(access.reaches('billing')).toBe(true);
      expect(access.canCall(contract.invoices.listInvoices)).toBe(true);
    }
  });
});

describe('useClientPermission', () => {
  it('reads the signed-in client user’s permission', () => {
    const { result } = renderHookWithApi(() => useClientPermission(), {
      session: testSession({ ...TEST_USER, role: 'client', staff_role: null, client_id: 3, client_permission: 'billing' }),
    });
    expect(result.current.permission).toBe('billing');
    expect(result.current.reaches('content')).toBe(false);
    expect(result.current.reaches('billing')).toBe(true);
  });

  it('gives staff no client permission', () => {
    const { result } = renderHookWithApi(() => useClientPermission());
    expect(result.current.permission).toBeNull();
    expect(result.current.reaches('team')).toBe(true);
  });
});
