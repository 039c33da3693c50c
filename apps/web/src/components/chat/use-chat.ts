import type { TMessage } from '@agency/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_SEND_FAILED, type ChatSendInput } from '@/components/ui';
import { AFFECTED_BY_MESSAGES } from '@/lib/query-prefixes';
import { tsr } from '@/lib/tsr';
import { uploadAttachment } from '@/lib/upload';

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

export interface ChatSendOptions {
  /** Files the upload under this client (admin side); a client's own uploads go under their client. */
  clientId?: number;
  /** Runs after a successful send (reset the form, refresh the lists). */
  onSent?: () => unknown;
}

/**
 * The composer's send: uploads the attached file first, then calls `send` with its id; a failed send rejects
 * with the composer's "Failed to send" text.
 */
export function useChatSend(
  send: (input: { text: string; attachment: number | undefined }) => Promise<unknown>,
  { clientId, onSent }: ChatSendOptions = {},
) {
  const [uploading, setUploading] = useState(false);
  const onSend = async ({ text, file }: ChatSendInput) => {
    let attachment: number | undefined;
    if (file) {
      setUploading(true);
      try {
        attachment = (await uploadAttachment(file, clientId)).id;
      } finally {
        setUploading(false);
      }
    }
    try {
      await send({ text, attachment });
    } catch {
      throw new Error(CHAT_SEND_FAILED);
    }
    await onSent?.();
  };
  return { onSend, uploading };
}
