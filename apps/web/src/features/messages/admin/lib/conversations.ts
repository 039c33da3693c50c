import type { TClient, TConversation } from '@agency/contract';

export type TConversationFilter = 'all' | 'unread' | 'read';
export const CONVERSATION_FILTERS: { value: TConversationFilter; label: string }[] = [
  { value: 'all', label: 'All Messages' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
];

export function asConversationFilter(value: string | null): TConversationFilter {
  return value === 'unread' || value === 'read' ? value : 'all';
}

/** Clients that can receive messages: those with a linked user account (and not archived). */
export function messageableClients(clients: readonly TClient[] | undefined): TClient[] {
  return (clients ?? []).filter((c) => c.user_id !== null && !c.archived_at);
}

/** A client with a user account shown as a (not yet started) conversation. */
export function clientAsConversation(client: TClient): TConversation {
  return {
    id: client.id,
    clientId: client.id,
    userId: client.user_id ?? 0,
    name: client.name,
    role: 'client',
    company: client.company,
    email: client.user_email ?? client.email,
    unreadCount: 0,
    avatar: client.user_avatar,
    lastMessage: null,
  };
}

export interface TResolvedConversations {
  items: TConversation[];
  /** True when the list shows the client list instead of conversations (admin-and-foundations 6). */
  fallback: boolean;
}

/**
 * The left column's entries. When no conversations come back, or the call failed, the screen falls back to the
 * clients with a user account so the admin can still start one — only for the unfiltered view: with a search or
 * the Unread / Read filter an empty answer means "nothing matches".
 */
export function resolveConversations(input: {
  conversations: readonly TConversation[] | undefined;
  failed: boolean;
  clients: readonly TClient[] | undefined;
  filter: TConversationFilter;
  search: string;
}): TResolvedConversations {
  const list = (input.conversations ?? []).filter((c) => c.clientId !== null);
  const unfiltered = input.filter === 'all' && input.search.trim() === '';
  if ((input.failed || (input.conversations !== undefined && list.length === 0)) && unfiltered) {
    return { items: messageableClients(input.clients).map(clientAsConversation), fallback: true };
  }
  return { items: list, fallback: false };
}
