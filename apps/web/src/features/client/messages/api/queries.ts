import { LIMITS } from '@agency/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { usePollingFallback } from '@/lib/realtime';
import { tsr } from '@/lib/tsr';
import { messageKeys } from './keys';

export { THREAD_PAGE_SIZE, THREAD_PAGE_SIZE_MAX, useInvalidateMessages } from '@/components/chat/use-chat';

/**
 * The client's thread with the team, newest first; `search` (message text or sender name) is sent to the API.
 * Polled every 30 s only while the socket is down (client-and-public 9).
 */
export function useClientThread(search: string, pageSize: number) {
  const refetchInterval = usePollingFallback(LIMITS.clientMessagePollMs);
  return tsr.messages.listMessages.useQuery({
    queryKey: messageKeys.thread(search, pageSize),
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

/** The latest paid invoice (Quick Help's Download), or none. */
export function useLatestPaidInvoice() {
  return tsr.invoices.listInvoices.useQuery({
    queryKey: messageKeys.latestPaidInvoice(),
    queryData: { query: { status: 'paid', page_size: 1, ordering: '-created_at' } },
    staleTime: 60_000,
  });
}

export function useSendToAdmin() {
  return tsr.messages.sendToAdmin.useMutation();
}
