import type { ReactNode } from 'react';
import type { TConversation } from '@agency/contract';
import { MessageSquare } from 'lucide-react';
import { Avatar, EmptyState, ListSkeleton } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatBadgeCount, formatRelativeTime } from '@/lib/format';

export function ConversationListSkeleton() {
  // Clipped to the panel: a skeleton that made its scroll container scroll would leave a scrollable region with
  // nothing to focus (axe scrollable-region-focusable).
  return (
    <ListSkeleton label="Loading conversations" rows={6} avatar="md" className="h-full divide-y divide-border overflow-hidden" rowClassName="px-4 py-3" />
  );
}

export interface ConversationListProps {
  items: TConversation[];
  selectedId: number | null;
  onSelect: (conversation: TConversation) => void;
}

export function ConversationList({ items, selectedId, onSelect }: ConversationListProps) {
  return (
    <ul className="divide-y divide-border" aria-label="Conversations">
      {items.map((c) => {
        const selected = c.clientId === selectedId;
        const unread = c.unreadCount > 0;
        return (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => onSelect(c)}
              aria-current={selected ? 'true' : undefined}
              className={cn(
                'flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-subtle focus-visible:outline-offset-[-2px]',
                selected && 'bg-brand-50 hover:bg-brand-50',
              )}
            >
              <Avatar name={c.name} src={c.avatar} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={cn('truncate text-sm text-fg', unread ? 'font-semibold' : 'font-medium')}>{c.name}</span>
                  {c.lastMessage && (
                    <time dateTime={c.lastMessage.timestamp} className="shrink-0 text-xs text-fg-subtle">
                      {formatRelativeTime(c.lastMessage.timestamp)}
                    </time>
                  )}
                </span>
                {c.company && <span className="block truncate text-xs text-fg-muted">{c.company}</span>}
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span className={cn('truncate text-xs', unread ? 'text-fg' : 'text-fg-subtle')}>
                    {c.lastMessage ? c.lastMessage.content || 'Attachment' : 'No messages yet'}
                  </span>
                  {unread && (
                    <>
                      {/* The badge shows "9+"; a screen reader hears the exact count (no aria-label on a plain span). */}
                      <span
                        aria-hidden
                        className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white tabular-nums"
                      >
                        {formatBadgeCount(c.unreadCount)}
                      </span>
                      <span className="sr-only">, {c.unreadCount} unread</span>
                    </>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function NoConversations({ filtered, action }: { filtered: boolean; action?: ReactNode }) {
  return filtered ? (
    <EmptyState
      icon={<MessageSquare aria-hidden className="h-6 w-6" />}
      title="No conversations match"
      description="Try another search or filter."
    />
  ) : (
    <EmptyState
      icon={<MessageSquare aria-hidden className="h-6 w-6" />}
      title="No conversations yet"
      description="Start a conversation with someone"
      action={action}
    />
  );
}
