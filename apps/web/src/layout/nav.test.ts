import type { TClientPermission } from '@agency/contract';
import { describe, expect, it } from 'vitest';
import { clientAccessOf } from '@/lib/client-permission';
import { ADMIN_NAV, CLIENT_NAV, navFor, resolveSection } from './nav';

describe('dashboard sections by hash', () => {
  it('defaults to overview', () => {
    expect(resolveSection('', ADMIN_NAV)).toEqual({ section: 'overview', activeItem: ADMIN_NAV[0] });
  });
  it('picks the named section', () => {
    expect(resolveSection('#tasks', ADMIN_NAV).section).toBe('tasks');
    expect(resolveSection('#tasks', ADMIN_NAV).activeItem?.label).toBe('Tasks');
  });
  it('falls back to overview for unknown hashes, with no active item (title Dashboard)', () => {
    expect(resolveSection('#nope', ADMIN_NAV)).toEqual({ section: 'overview', activeItem: null });
    // an admin-only section is unknown to a client
    expect(resolveSection('#invoices', CLIENT_NAV)).toEqual({ section: 'overview', activeItem: null });
  });
  it('gives each role its sidebar', () => {
    expect(navFor('admin').map((i) => i.id)).toEqual([
      'overview', 'clients', 'tasks', 'content', 'performance', 'messages', 'invoices', 'orders', 'settings',
    ]);
    expect(navFor('client').map((i) => i.id)).toEqual(['overview', 'content', 'performance', 'messages', 'billing', 'team', 'settings']);
  });
});

describe('the client sidebar by permission on the client’s team', () => {
  const sidebar = (client_permission: TClientPermission | null) =>
    navFor('client', clientAccessOf({ role: 'client', client_permission }).reaches).map((i) => i.label);

  it('full access (and a session stored before teams, without a permission) has every item, Team included', () => {
    const all = ['Overview', 'Content', 'Performance', 'Messages', 'Billing', 'Team', 'Settings'];
    expect(sidebar('full')).toEqual(all);
    expect(sidebar(null)).toEqual(all);
  });

  it('content only: no Billing and no Team', () => {
    expect(sidebar('content')).toEqual(['Overview', 'Content', 'Performance', 'Messages', 'Settings']);
  });

  it('billing only: no Content and no Team', () => {
    expect(sidebar('billing')).toEqual(['Overview', 'Performance', 'Messages', 'Billing', 'Settings']);
  });

  it('a hash to a section the member does not reach opens the overview, as an unknown hash does', () => {
    const items = navFor('client', clientAccessOf({ role: 'client', client_permission: 'content' }).reaches);
    expect(resolveSection('#billing', items)).toEqual({ section: 'overview', activeItem: null });
    expect(resolveSection('#team', items)).toEqual({ section: 'overview', activeItem: null });
    expect(resolveSection('#content', items).activeItem?.label).toBe('Content');
  });

  it('the admin sidebar does not depend on a client permission', () => {
    expect(navFor('admin', () => false)).toBe(ADMIN_NAV);
  });
});
