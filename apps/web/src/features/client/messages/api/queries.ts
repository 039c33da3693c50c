import { LIMITS, type TMessage } from '@agency/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { usePollingFallback } from '@/lib/realtime';
import { tsr } from '@/lib/tsr';
import { AFFECTED_BY_MESSAGES, messageKeys } from './keys';

export const THREAD_PAGE_SIZE = 50;
export const THREAD_PAGE_SIZE_MAX = 200;

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

export function useInvalidateMessages() {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all(AFFECTED_BY_MESSAGES.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
    [queryClient],
  );
}

/** The team's unread messages are marked read once shown (client-and-public 4): each id once per visit. */
export function useMarkIncomingRead(messages: readonly TMessage[] | undefined, active: boolean) {
  const invalidate = useInvalidateMessages();
  const done = useRef(new Set<number>());
  useEffect(() => {
    if (!active || !messages) return;
    const ids = messages.filter((m) => m.sender_role === 'admin' && !m.read && !done.current.has(m.id)).map((m) => m.id);
    if (ids.length === 0) return;
    for (const id of ids) done.current.add(id);
    void Promise.allSettled(ids.map((id) => tsr.messages.markMessageRead.mutate({ params: { id } }))).then(() => invalidate());
  }, [messages, active, invalidate]);
}
