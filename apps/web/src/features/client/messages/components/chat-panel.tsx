import type { TAttachment } from '@agency/contract';
import { CalendarDays, HelpCircle, Search, UserCog } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  Button,
  CHAT_SEND_FAILED,
  Card,
  ChatComposer,
  EmptyState,
  ErrorState,
  Input,
  MessageBubble,
  Skeleton,
  Switch,
  useToast,
  type ChatSendInput,
} from '@/components/ui';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/format';
import { THREAD_PAGE_SIZE, THREAD_PAGE_SIZE_MAX, useClientThread, useInvalidateMessages, useMarkIncomingRead, useSendToAdmin } from '../api/queries';
import { uploadAttachment } from '@/lib/upload';

const HINTS = [
  { icon: UserCog, title: 'Account Support', text: 'Questions about your plan, billing or account' },
  { icon: CalendarDays, title: 'Content Planning', text: 'Ideas, schedules and approvals for your posts' },
  { icon: HelpCircle, title: 'General Help', text: 'Anything else — we are happy to help' },
];

function StartConversation() {
  return (
    <div className="py-6">
      <EmptyState title="Start a conversation" description="Send your team a message — here is what we can help with:" className="py-6" />
      <ul className="mx-auto grid max-w-2xl gap-3 px-2 sm:grid-cols-3">
        {HINTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-lg border border-border p-3 text-center">
            <Icon aria-hidden className="mx-auto mb-2 h-5 w-5 text-brand-600" />
            <p className="text-sm font-medium text-fg">{title}</p>
            <p className="mt-0.5 text-xs text-fg-muted">{text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ThreadSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading messages" className="space-y-4">
      {[false, true, false, true].map((mine, i) => (
        <div key={i} className={mine ? 'flex justify-end' : 'flex'}>
          <Skeleton className="h-12 w-2/3 max-w-sm rounded-2xl" />
        </div>
      ))}
    </div>
  );
}

export interface ChatPanelProps {
  searchText: string;
  onSearchTextChange: (value: string) => void;
  /** The debounced search sent to the API. */
  search: string;
}

export function ChatPanel({ searchText, onSearchTextChange, search }: ChatPanelProps) {
  const [pageSize, setPageSize] = useState(THREAD_PAGE_SIZE);
  const thread = useClientThread(search, pageSize);
  const send = useSendToAdmin();
  const invalidate = useInvalidateMessages();
  const { error: toastError } = useToast();
  const [priority, setPriority] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [downloadingId, setDownloadingId] = useState<number | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const priorityId = useId();

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
        attachment = (await uploadAttachment(file)).id;
      } finally {
        setUploading(false);
      }
    }
    try {
      await send.mutateAsync({ body: { content: text, priority, ...(attachment ? { attachment } : {}) } });
    } catch {
      throw new Error(CHAT_SEND_FAILED);
    }
    setPriority(false);
    if (search) onSearchTextChange('');
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
    <Card className="flex h-[calc(100dvh-12rem)] min-h-[28rem] flex-col overflow-hidden lg:h-[36rem]" role="region" aria-label="Chat with your team">
      <div className="border-b border-border p-3 sm:p-4">
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-fg-subtle" />
          <Input
            type="search"
            aria-label="Search messages"
            placeholder="Search messages..."
            className="pl-9"
            value={searchText}
            onChange={(e) => onSearchTextChange(e.target.value)}
          />
        </div>
      </div>
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-4">
        {thread.isPending ? (
          <ThreadSkeleton />
        ) : thread.isError && !body ? (
          <ErrorState message={errorMessage(thread.error, 'Failed to load messages')} onRetry={() => void thread.refetch()} retrying={thread.isFetching} />
        ) : messages && messages.length === 0 ? (
          search ? (
            <EmptyState icon={<Search aria-hidden className="h-6 w-6" />} title="No messages match your search" description="Try other words or clear the search." action={<Button variant="secondary" onClick={() => onSearchTextChange('')}>Clear Search</Button>} />
          ) : (
            <StartConversation />
          )
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
                  mine={m.sender_role === 'client'}
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
        hint="Press Enter to send, Shift+Enter for new line"
        extra={
          <span className="inline-flex items-center gap-2">
            <Switch id={priorityId} checked={priority} onCheckedChange={setPriority} />
            <label htmlFor={priorityId} className="text-xs font-medium text-fg">
              Mark as priority
            </label>
          </span>
        }
      />
    </Card>
  );
}
