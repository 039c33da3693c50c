import type { TAttachment, TConversation } from '@agency/contract';
import { ArrowLeft, MessageSquare } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Avatar,
  Badge,
  Button,
  CHAT_SEND_FAILED,
  ChatComposer,
  EmptyState,
  ErrorState,
  MessageBubble,
  Skeleton,
  useToast,
  type ChatSendInput,
} from '@/components/ui';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/format';
import { THREAD_PAGE_SIZE, THREAD_PAGE_SIZE_MAX, useInvalidateMessages, useMarkIncomingRead, useSendToClient, useThread } from '../api/queries';
import { uploadAttachment } from '@/lib/upload';

export type TThreadPeer = Pick<TConversation, 'name' | 'role' | 'company' | 'email' | 'avatar'> & { clientId: number };

function ThreadSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading messages" className="space-y-4 p-4">
      {[false, true, false, true].map((mine, i) => (
        <div key={i} className={mine ? 'flex justify-end' : 'flex'}>
          <Skeleton className="h-12 w-2/3 max-w-sm rounded-2xl" />
        </div>
      ))}
    </div>
  );
}

export interface ConversationThreadProps {
  peer: TThreadPeer;
  onBack: () => void;
}

/** The right column: header, messages (own on the right), composer. Mount with key={clientId}. */
export function ConversationThread({ peer, onBack }: ConversationThreadProps) {
  const [pageSize, setPageSize] = useState(THREAD_PAGE_SIZE);
  const thread = useThread(peer.clientId, pageSize);
  const send = useSendToClient();
  const invalidate = useInvalidateMessages();
  const { error: toastError } = useToast();
  const [downloadingId, setDownloadingId] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);

  const body = thread.data?.body;
  const messages = useMemo(() => (body ? [...body.results].reverse() : undefined), [body]);
  useMarkIncomingRead(messages, thread.isSuccess);

  const lastId = messages?.[messages.length - 1]?.id;
  useEffect(() => {
    const el = scroller.current;
    if (el && lastId !== undefined) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  const onSend = async ({ text, file }: ChatSendInput) => {
    let attachment: number | undefined;
    if (file) {
      setUploading(true);
      try {
        attachment = (await uploadAttachment(file, peer.clientId)).id;
      } finally {
        setUploading(false);
      }
    }
    try {
      await send.mutateAsync({ body: { client_id: peer.clientId, content: text, ...(attachment ? { attachment } : {}) } });
    } catch {
      throw new Error(CHAT_SEND_FAILED);
    }
    await invalidate();
  };

  const onDownload = async (att: TAttachment) => {
    setDownloadingId(att.id);
    try {
      await downloadFile(att.url, att.name);
    } catch (err) {
      toastError(errorMessage(err, 'Download failed'));
    } finally {
      setDownloadingId(null);
    }
  };

  const hasMore = body ? body.count > body.results.length && pageSize < THREAD_PAGE_SIZE_MAX : false;

  return (
    <section className="flex h-full min-h-0 flex-col" aria-label={`Conversation with ${peer.name}`}>
      <header className="flex items-center gap-3 border-b border-border px-4 py-3">
        <Button variant="ghost" size="icon" className="-ml-2 lg:hidden" aria-label="Back to conversations" onClick={onBack}>
          <ArrowLeft aria-hidden className="h-4 w-4" />
        </Button>
        <Avatar name={peer.name} src={peer.avatar} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate text-base font-semibold text-fg">{peer.name}</h2>
            <Badge tone={peer.role === 'admin' ? 'primary' : 'info'}>{peer.role === 'admin' ? 'Admin' : 'Client'}</Badge>
          </div>
          <p className="truncate text-xs text-fg-muted">{[peer.company, peer.email].filter(Boolean).join(' · ')}</p>
        </div>
      </header>

      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-4">
        {thread.isPending ? (
          <ThreadSkeleton />
        ) : thread.isError && !body ? (
          <ErrorState message={errorMessage(thread.error, 'Failed to load messages')} onRetry={() => void thread.refetch()} retrying={thread.isFetching} />
        ) : messages && messages.length === 0 ? (
          <EmptyState
            icon={<MessageSquare aria-hidden className="h-6 w-6" />}
            title="Start a conversation with someone"
            description={`Send ${peer.name} your first message below.`}
          />
        ) : (
          <>
            {hasMore && (
              <div className="mb-3 flex justify-center">
                <Button
                  variant="secondary"
                  size="sm"
                  loading={thread.isFetching && thread.isPlaceholderData}
                  onClick={() => setPageSize((s) => Math.min(THREAD_PAGE_SIZE_MAX, s + THREAD_PAGE_SIZE))}
                >
                  Load earlier messages
                </Button>
              </div>
            )}
            <ol className="space-y-3" aria-label="Messages">
              {messages?.map((m) => (
                <MessageBubble
                  key={m.id}
                  message={m}
                  mine={m.sender_role === 'admin'}
                  onDownload={(att) => void onDownload(att)}
                  downloadingId={downloadingId}
                />
              ))}
            </ol>
          </>
        )}
      </div>

      <ChatComposer
        onSend={onSend}
        sending={send.isPending || uploading}
        placeholder={`Message ${peer.name}...`}
        hint="Press Enter to send, Shift+Enter for new line"
        label={`Message to ${peer.name}`}
      />
    </section>
  );
}
