import { LIMITS, type TAdminConversationsQuery, type TMessage } from '@agency/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { usePollingFallback } from '@/lib/realtime';
import { tsr } from '@/lib/tsr';
import { AFFECTED_BY_MESSAGES, messageKeys } from './keys';

export const THREAD_PAGE_SIZE = 50;
export const THREAD_PAGE_SIZE_MAX = 200;

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
    queryData: { query: { page_size: 200, ordering: 'name' } },
    staleTime: 60_000,
  });
}

export function useSendToClient() {
  return tsr.messages.sendToClient.useMutation();
}

export function useInvalidateMessages() {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all(AFFECTED_BY_MESSAGES.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
    [queryClient],
  );
}

/**
 * Incoming unread messages are marked read once shown (admin-and-foundations 4): each id once per screen visit,
 * then the lists (unread counts, ticks) are refreshed.
 */
export function useMarkIncomingRead(messages: readonly TMessage[] | undefined, active: boolean) {
  const invalidate = useInvalidateMessages();
  const done = useRef(new Set<number>());
  useEffect(() => {
    if (!active || !messages) return;
    const ids = messages.filter((m) => m.sender_role === 'client' && !m.read && !done.current.has(m.id)).map((m) => m.id);
    if (ids.length === 0) return;
    for (const id of ids) done.current.add(id);
    void Promise.allSettled(ids.map((id) => tsr.messages.markMessageRead.mutate({ params: { id } }))).then(() => invalidate());
  }, [messages, active, invalidate]);
}
