import { LIMITS, type TAdminConversationsQuery, type TMessage } from '@agency/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { AFFECTED_BY_MESSAGES } from '@/lib/query-prefixes';
import { usePollingFallback } from '@/lib/realtime';
import { tsr } from '@/lib/tsr';

/**
 * One query-key factory for the admin and the client Messages screens. Message data lives under ['messages']
 * so the realtime client (which invalidates ['messages'] on message events and ['messages', 'team'] on presence
 * changes) and other screens refresh it.
 */
export const messageKeys = {
  all: ['messages'] as const,
  /** Admin: the conversation list. */
  conversations: (query: TAdminConversationsQuery) => ['messages', 'admin-conversations', query] as const,
  /** Admin: the thread with one client. */
  thread: (clientId: number, pageSize: number) => ['messages', 'thread', clientId, pageSize] as const,
  /** Client: the own thread with the team. */
  clientThread: (search: string, pageSize: number) => ['messages', 'client-thread', { search, pageSize }] as const,
  /** Client: the team strip. */
  team: () => ['messages', 'team'] as const,
  /** Admin: clients with a user account (fallback list, new-conversation picker); under ['clients'] so client changes refresh it. */
  clientOptions: () => ['clients', 'options', 'messages'] as const,
  /** Client: Quick Help's Download, the latest paid invoice; under ['invoices'] so invoice changes refresh it. */
  latestPaidInvoice: () => ['invoices', 'latest-paid'] as const,
};

/** A thread loads 50 messages at a time ("Load earlier messages"), up to 200. */
export const THREAD_PAGE_SIZE = 50;
export const THREAD_PAGE_SIZE_MAX = 200;

/** Refreshes what a sent or read message moves: threads, conversations, unread counts in notifications. */
export function useInvalidateMessages() {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all(AFFECTED_BY_MESSAGES.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
    [queryClient],
  );
}

/**
 * The other side's unread messages are marked read once shown (admin-and-foundations 4, client-and-public 4):
 * each id once per screen visit, then the lists (unread counts, ticks) are refreshed.
 */
export function useMarkIncomingRead(messages: readonly TMessage[] | undefined, active: boolean, incomingRole: TMessage['sender_role']) {
  const invalidate = useInvalidateMessages();
  const done = useRef(new Set<number>());
  useEffect(() => {
    if (!active || !messages) return;
    const ids = messages.filter((m) => m.sender_role === incomingRole && !m.read && !done.current.has(m.id)).map((m) => m.id);
    if (ids.length === 0) return;
    for (const id of ids) done.current.add(id);
    void Promise.allSettled(ids.map((id) => tsr.messages.markMessageRead.mutate({ params: { id } }))).then(() => invalidate());
  }, [messages, active, incomingRole, invalidate]);
}

/* ---- Admin screen ---- */

/** The conversation list; the socket keeps it fresh, else it is polled (admin-and-foundations 9). */
export function useAdminConversations(query: TAdminConversationsQuery) {
  const refetchInterval = usePollingFallback(LIMITS.adminMessagePollMs);
  return tsr.messages.listAdminConversations.useQuery({
    queryKey: messageKeys.conversations(query),
    queryData: { query },
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** The open conversation (newest first from the API); polled every 5 s only while the socket is down. */
export function useThread(clientId: number | null, pageSize: number) {
  const refetchInterval = usePollingFallback(LIMITS.adminMessagePollMs);
  return tsr.messages.listMessages.useQuery({
    queryKey: messageKeys.thread(clientId ?? 0, pageSize),
    queryData: { query: { client: clientId ?? undefined, page_size: pageSize, ordering: '-timestamp' } },
    enabled: clientId !== null,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** All clients (by name); the screen keeps those with a user account. */
export function useClientOptions() {
  return tsr.clients.listClients.useQuery({
    queryKey: messageKeys.clientOptions(),
    // The fallback list when no conversation loads: clients that can be messaged, filtered by the API.
    queryData: { query: { page_size: 200, ordering: 'name', has_login: true } },
    staleTime: 60_000,
  });
}

export function useSendToClient() {
  return tsr.messages.sendToClient.useMutation();
}

/* ---- Client screen ---- */

/**
 * The client's thread with the team, newest first; `search` (message text or sender name) is sent to the API.
 * Polled every 30 s only while the socket is down (client-and-public 9).
 */
export function useClientThread(search: string, pageSize: number) {
  const refetchInterval = usePollingFallback(LIMITS.clientMessagePollMs);
  return tsr.messages.listMessages.useQuery({
    queryKey: messageKeys.clientThread(search, pageSize),
    queryData: { query: { page_size: pageSize, ordering: '-timestamp', ...(search ? { search } : {}) } },
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** The agency's staff with live presence (the socket invalidates ['messages', 'team'] on presence changes). */
export function useTeam() {
  const refetchInterval = usePollingFallback(LIMITS.clientMessagePollMs);
  return tsr.messages.getTeam.useQuery({ queryKey: messageKeys.team(), refetchInterval });
}

/** The latest paid invoice (Quick Help's Download), or none; not asked for when `enabled` is false (no billing). */
export function useLatestPaidInvoice({ enabled = true }: { enabled?: boolean } = {}) {
  return tsr.invoices.listInvoices.useQuery({
    queryKey: messageKeys.latestPaidInvoice(),
    queryData: { query: { status: 'paid', page_size: 1, ordering: '-created_at' } },
    staleTime: 60_000,
    enabled,
  });
}

export function useSendToAdmin() {
  return tsr.messages.sendToAdmin.useMutation();
}
