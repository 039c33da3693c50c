import type { TAttachment, TMessage } from '@agency/contract';
import { useEffect, useMemo, useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { Button, ErrorState, Skeleton, SkeletonGroup, useToast } from '@/components/ui';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/format';
import { THREAD_PAGE_SIZE, THREAD_PAGE_SIZE_MAX, useMarkIncomingRead } from '../api/messages.queries';
import { MessageBubble } from './chat';

function ThreadSkeleton({ className }: { className?: string | undefined }) {
  return (
    <SkeletonGroup label="Loading messages" className={cn('space-y-4', className)}>
      {[false, true, false, true].map((mine, i) => (
        <div key={i} className={mine ? 'flex justify-end' : 'flex'}>
          <Skeleton className="h-12 w-2/3 max-w-sm rounded-2xl" />
        </div>
      ))}
    </SkeletonGroup>
  );
}

/** The part of a thread query (newest first, `page_size` at a time) the view reads. */
export interface ChatThreadQuery {
  data?: { body: { count: number; results: TMessage[] } } | undefined;
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ChatThreadProps {
  thread: ChatThreadQuery;
  /** Whose messages are "mine" (right side); the other side's unread ones are marked read once shown. */
  myRole: TMessage['sender_role'];
  pageSize: number;
  onPageSizeChange: Dispatch<SetStateAction<number>>;
  /** Shown when the thread has no messages. */
  empty: ReactNode;
  skeletonClassName?: string;
}

/**
 * A conversation's scrolling message list (oldest at the top, kept scrolled to the newest): skeleton, error with
 * Try Again, empty state, "Load earlier messages", bubbles with attachment downloads.
 */
export function ChatThread({ thread, myRole, pageSize, onPageSizeChange, empty, skeletonClassName }: ChatThreadProps) {
  const userId = useAuth().user?.id ?? null;
  const { error: toastError } = useToast();
  const [downloadingId, setDownloadingId] = useState<number | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  const body = thread.data?.body;
  const messages = useMemo(() => (body ? [...body.results].reverse() : undefined), [body]);
  useMarkIncomingRead(messages, thread.isSuccess, myRole === 'admin' ? 'client' : 'admin');

  const lastId = messages?.[messages.length - 1]?.id;
  useEffect(() => {
    const el = scroller.current;
    if (el && lastId !== undefined) el.scrollTop = el.scrollHeight;
  }, [lastId]);

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
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-4">
      {thread.isPending ? (
        <ThreadSkeleton className={skeletonClassName} />
      ) : thread.isError && !body ? (
        <ErrorState message={errorMessage(thread.error, 'Failed to load messages')} onRetry={() => void thread.refetch()} retrying={thread.isFetching} />
      ) : messages && messages.length === 0 ? (
        empty
      ) : (
        <>
          {hasMore && (
            <div className="mb-3 flex justify-center">
              <Button
                variant="secondary"
                size="sm"
                loading={thread.isFetching && thread.isPlaceholderData}
                onClick={() => onPageSizeChange((s) => Math.min(THREAD_PAGE_SIZE_MAX, s + THREAD_PAGE_SIZE))}
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
                mine={m.sender_role === myRole}
                byMe={m.sender_role === myRole && (userId === null || m.sender === userId)}
                onDownload={(att) => void onDownload(att)}
                downloadingId={downloadingId}
              />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
