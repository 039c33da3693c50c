import type { TConversation } from '@agency/contract';
import { ArrowLeft, Eye, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { Avatar, Badge, Button, EmptyState } from '@/components/ui';
import { useStaffRole } from '@/lib/staff-role';
import { THREAD_PAGE_SIZE, useInvalidateMessages, useSendToClient, useThread } from '../../api/messages.queries';
import { ChatComposer } from '../../components/chat';
import { ChatThread } from '../../components/chat-thread';
import { useChatSend } from '../../lib/use-chat-send';

export type TThreadPeer = Pick<TConversation, 'name' | 'role' | 'company' | 'email' | 'avatar'> & { clientId: number };

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
  const { canWrite } = useStaffRole();
  const { onSend, uploading } = useChatSend(
    ({ text, attachment }) =>
      send.mutateAsync({ body: { client_id: peer.clientId, content: text, ...(attachment ? { attachment } : {}) } }),
    { clientId: peer.clientId, onSent: invalidate },
  );

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

      <ChatThread
        thread={thread}
        myRole="admin"
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        skeletonClassName="p-4"
        empty={
          <EmptyState
            icon={<MessageSquare aria-hidden className="h-6 w-6" />}
            title="Start a conversation with someone"
            description={canWrite ? `Send ${peer.name} your first message below.` : `No messages with ${peer.name} yet.`}
          />
        }
      />

      {canWrite ? (
        <ChatComposer
          onSend={onSend}
          sending={send.isPending || uploading}
          placeholder={`Message ${peer.name}...`}
          hint="Press Enter to send, Shift+Enter for new line"
          label={`Message to ${peer.name}`}
        />
      ) : (
        <p role="note" className="flex items-center justify-center gap-2 border-t border-border bg-subtle px-4 py-3 text-sm text-fg-muted">
          <Eye aria-hidden className="h-4 w-4" />
          Read-only access
        </p>
      )}
    </section>
  );
}
