import { describe, expect, it } from 'vitest';
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
    expect(navFor('client').map((i) => i.id)).toEqual(['overview', 'content', 'performance', 'messages', 'billing']);
  });
});
