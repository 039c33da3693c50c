import type { TAdminConversationsQuery, TMessageListQuery } from '@agency/contract';

/** Query keys of messages, for the admin and client Messages screens and the client overview's recent messages. */
export const messageKeys = {
  all: ['messages'] as const,
  /** Admin: the conversation list. */
  conversations: (query: TAdminConversationsQuery) => [...messageKeys.all, 'admin-conversations', query] as const,
  /** Admin: the thread with one client. */
  thread: (clientId: number, pageSize: number) => [...messageKeys.all, 'thread', clientId, pageSize] as const,
  /** Client: the own thread with the team. */
  clientThread: (search: string, pageSize: number) => [...messageKeys.all, 'client-thread', { search, pageSize }] as const,
  /** Client: the newest messages of the own thread (the overview card). */
  clientRecent: (query: TMessageListQuery) => [...messageKeys.all, 'client-recent', query] as const,
  /** Client: the agency's team strip with live presence. */
  team: () => [...messageKeys.all, 'team'] as const,
};

/**
 * Presence of people. No screen reads it on its own yet (the team strip carries presence); a presence push refreshes
 * this key with the team strip and the staff list, so a presence query added later follows it.
 */
export const presenceKeys = {
  all: ['presence'] as const,
};
