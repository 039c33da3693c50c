import type { TClient, TConversation } from '@agency/contract';
import { describe, expect, it } from 'vitest';
import { asConversationFilter, messageableClients, resolveConversations } from '../admin/lib/conversations';

function client(id: number, userId: number | null, extra: Partial<TClient> = {}): TClient {
  return {
    id,
    name: `Client ${id}`,
    email: `c${id}@x.test`,
    company: `Co ${id}`,
    package: 'starter',
    monthly_fee: 1500,
    platforms: [],
    status: 'active',
    payment_status: 'paid',
    payment_status_follows_invoices: false,
    unpaid_invoices: 0,
    account_manager: null,
    account_manager_id: null,
    total_spent: 0,
    next_payment: null,
    plan_name: null,
    user_id: userId,
    user_first_name: null,
    user_last_name: null,
    user_email: userId ? `u${userId}@x.test` : null,
    user_avatar: null,
    portal_invite_pending: false,
    created_at: '2025-01-01T00:00:00.000Z',
    archived_at: null,
    approval_mode: 'optional',
    billing_address: null,
    tax_id: null,
    ...extra,
  };
}

const conv: TConversation = {
  id: 7,
  clientId: 7,
  userId: 70,
  name: 'Acme',
  role: 'client',
  company: 'Acme Inc',
  email: 'a@x.test',
  unreadCount: 2,
  avatar: null,
  lastMessage: { timestamp: '2025-01-01T00:00:00.000Z', content: 'hi' },
};

const clients = [client(1, 11), client(2, null), client(3, 33, { archived_at: '2025-01-02T00:00:00.000Z' })];

describe('messageableClients', () => {
  it('keeps only live clients with a linked user account', () => {
    expect(messageableClients(clients).map((c) => c.id)).toEqual([1]);
  });
});

describe('resolveConversations', () => {
  it('shows the conversations when there are some', () => {
    const r = resolveConversations({ conversations: [conv], failed: false, clients, filter: 'all', search: '' });
    expect(r).toEqual({ items: [conv], fallback: false });
  });

  it('falls back to clients with an account when none are returned', () => {
    const r = resolveConversations({ conversations: [], failed: false, clients, filter: 'all', search: '' });
    expect(r.fallback).toBe(true);
    expect(r.items).toEqual([expect.objectContaining({ id: 1, clientId: 1, userId: 11, name: 'Client 1', unreadCount: 0, lastMessage: null })]);
  });

  it('falls back to clients when the call fails', () => {
    const r = resolveConversations({ conversations: undefined, failed: true, clients, filter: 'all', search: '' });
    expect(r.fallback).toBe(true);
    expect(r.items).toHaveLength(1);
  });

  it('does not fall back while the list is still loading', () => {
    const r = resolveConversations({ conversations: undefined, failed: false, clients, filter: 'all', search: '' });
    expect(r).toEqual({ items: [], fallback: false });
  });

  it('an empty filtered or searched answer means nothing matches', () => {
    expect(resolveConversations({ conversations: [], failed: false, clients, filter: 'unread', search: '' })).toEqual({ items: [], fallback: false });
    expect(resolveConversations({ conversations: [], failed: false, clients, filter: 'all', search: 'zzz' })).toEqual({ items: [], fallback: false });
  });
});

describe('asConversationFilter', () => {
  it('accepts the three filters and defaults to all', () => {
    expect(asConversationFilter('unread')).toBe('unread');
    expect(asConversationFilter('read')).toBe('read');
    expect(asConversationFilter('bogus')).toBe('all');
    expect(asConversationFilter(null)).toBe('all');
  });
});
