import { LIMITS, type TAdminConversationsQuery, type TClientListQuery, type TInvoiceListQuery, type TMessage } from '@agency/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useClientList } from '@/entities/clients/api/list-clients';
import { useInvoiceList } from '@/entities/invoices/api/list-invoices';
import { messageKeys } from '@/entities/messages/message-keys';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { usePollingFallback } from '@/lib/realtime';
import { tsr } from '@/lib/tsr';

/** Admin: the fallback list when no conversation loads, clients that can be messaged (filtered by the API), by name. */
const CLIENT_OPTIONS_QUERY: TClientListQuery = { page_size: 200, ordering: 'name', has_login: true };
/** Client: Quick Help's Download, the latest paid invoice. */
const LATEST_PAID_INVOICE_QUERY: TInvoiceListQuery = { status: 'paid', page_size: 1, ordering: '-created_at' };

/** A thread loads 50 messages at a time ("Load earlier messages"), up to 200. */
export const THREAD_PAGE_SIZE = 50;
export const THREAD_PAGE_SIZE_MAX = 200;

/** Refreshes what a sent or read message moves: threads, conversations, unread counts in notifications. */
export function useInvalidateMessages() {
  return useInvalidateAffected('messages');
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
  return useClientList(CLIENT_OPTIONS_QUERY, { staleTime: 60_000 });
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
  return useInvoiceList(LATEST_PAID_INVOICE_QUERY, { staleTime: 60_000, enabled });
}
