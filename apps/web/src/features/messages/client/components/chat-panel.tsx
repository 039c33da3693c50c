import { CalendarDays, HelpCircle, Search, UserCog } from 'lucide-react';
import { useId, useState, type RefObject } from 'react';
import { Button, Card, EmptyState, Input, Switch } from '@/components/ui';
import { useSendToAdmin } from '@/entities/messages/api/send-to-admin';
import { THREAD_PAGE_SIZE, useClientThread, useInvalidateMessages } from '../../api/messages.queries';
import { ChatComposer } from '../../components/chat';
import { ChatThread } from '../../components/chat-thread';
import { useChatSend } from '../../lib/use-chat-send';

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

export interface ChatPanelProps {
  searchText: string;
  onSearchTextChange: (value: string) => void;
  /** The debounced search sent to the API. */
  search: string;
  /** The message box (Quick Help's Contact Support moves the focus to it). */
  composerRef?: RefObject<HTMLTextAreaElement>;
}

export function ChatPanel({ searchText, onSearchTextChange, search, composerRef }: ChatPanelProps) {
  const [pageSize, setPageSize] = useState(THREAD_PAGE_SIZE);
  const thread = useClientThread(search, pageSize);
  const send = useSendToAdmin();
  const invalidate = useInvalidateMessages();
  const [priority, setPriority] = useState(false);
  const priorityId = useId();
  const { onSend, uploading } = useChatSend(
    ({ text, attachment }) => send.mutateAsync({ body: { content: text, priority, ...(attachment ? { attachment } : {}) } }),
    {
      onSent: async () => {
        setPriority(false);
        if (search) onSearchTextChange('');
        await invalidate();
      },
    },
  );

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
      <ChatThread
        thread={thread}
        myRole="client"
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        empty={
          search ? (
            <EmptyState icon={<Search aria-hidden className="h-6 w-6" />} title="No messages match your search" description="Try other words or clear the search." action={<Button variant="secondary" onClick={() => onSearchTextChange('')}>Clear Search</Button>} />
          ) : (
            <StartConversation />
          )
        }
      />
      <ChatComposer
        inputRef={composerRef}
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
