import { MessageSquare, Send } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, Card, CardHeader, CardTitle, EmptyState, ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';
import { useAuth } from '@/lib/auth';
import { formatRelativeTime } from '@/lib/format';
import { useRecentMessages } from '../api/overview.queries';

/**
 * Recent Messages (client-and-public 2.4): the 3 newest, a dot on the team's unread ones, Send Message. "You" is the
 * signed-in person; another person of the client's team shows by name.
 */
export function RecentMessages({ onSend }: { onSend: () => void }) {
  const userId = useAuth().user?.id ?? null;
  const q = useRecentMessages();
  const messages = q.data?.body.results ?? [];
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-wrap items-center">
        <CardTitle>Recent Messages</CardTitle>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" asChild>
            <Link to={{ pathname: '/dashboard', hash: 'messages' }}>View all</Link>
          </Button>
          <Button size="sm" onClick={onSend}>
            <Send aria-hidden className="h-4 w-4" />
            Send Message
          </Button>
        </div>
      </CardHeader>
      {q.isPending ? (
        <SkeletonGroup label="Loading messages" className="space-y-2 p-5">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </SkeletonGroup>
      ) : q.isError ? (
        <ErrorState message="Failed to load dashboard data" onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : messages.length === 0 ? (
        <EmptyState
          icon={<MessageSquare aria-hidden className="h-6 w-6" />}
          title="No messages yet"
          description="Questions about your plan or content? The team answers within 24 hours."
          action={<Button onClick={onSend}>Send Message</Button>}
        />
      ) : (
        <ul className="divide-y divide-border" aria-label="Recent messages">
          {messages.map((m) => {
            const unread = m.sender_role !== 'client' && !m.read;
            return (
              <li key={m.id} className="flex gap-3 px-5 py-3">
                <span className="mt-1.5 flex w-2 shrink-0 justify-center">
                  {unread && <span className="h-2 w-2 rounded-full bg-brand-600" title="Unread" />}
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex items-baseline justify-between gap-2">
                    <p className="truncate text-sm font-medium text-fg">
                      {m.sender_role === 'client' && (userId === null || m.sender === userId) ? 'You' : m.sender_name}
                      {unread && <span className="sr-only"> (unread)</span>}
                    </p>
                    <span className="shrink-0 text-xs text-fg-muted">{formatRelativeTime(m.timestamp)}</span>
                  </div>
                  <p className={'line-clamp-2 text-sm break-words ' + (unread ? 'font-medium text-fg' : 'text-fg-muted')}>
                    {m.content || (m.attachment ? `Attachment: ${m.attachment.name}` : '')}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
