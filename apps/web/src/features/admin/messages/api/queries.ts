import { LIMITS, type TAdminConversationsQuery } from '@agency/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { usePollingFallback } from '@/lib/realtime';
import { tsr } from '@/lib/tsr';
import { messageKeys } from './keys';

export { THREAD_PAGE_SIZE, THREAD_PAGE_SIZE_MAX, useInvalidateMessages } from '@/components/chat/use-chat';

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
