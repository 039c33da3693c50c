import type { TAdminConversationsQuery } from '@agency/contract';

/**
 * Query keys of the admin Messages screen. Everything message-related lives under ['messages'] so the realtime
 * client (which invalidates ['messages'] on message events) and other screens refresh it.
 */
export const messageKeys = {
  all: ['messages'] as const,
  conversations: (query: TAdminConversationsQuery) => ['messages', 'admin-conversations', query] as const,
  thread: (clientId: number, pageSize: number) => ['messages', 'thread', clientId, pageSize] as const,
  /** Clients with a user account (fallback list, new-conversation picker); under ['clients'] so client changes refresh it. */
  clientOptions: () => ['clients', 'options', 'messages'] as const,
};

