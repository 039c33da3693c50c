import { LIMITS } from '@agency/contract';
import { FileText, Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, Card, CardHeader, CardTitle, EmptyState, ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';
import { ContentStatusBadge, PlatformMark } from '@/entities/content/components/content-bits';
import { formatDateTime, formatPercent, truncate } from '@/lib/format';
import { useRecentContent } from '../api/overview.queries';

/** Recent Content (client-and-public 2.4): the 5 latest items with status, preview, date and engagement. */
export function RecentContent({ onNewPost }: { onNewPost: () => void }) {
  const q = useRecentContent();
  const items = q.data?.body.results ?? [];
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-wrap items-center">
        <CardTitle>Recent Content</CardTitle>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" asChild>
            <Link to={{ pathname: '/dashboard', hash: 'content' }}>View all</Link>
          </Button>
          <Button size="sm" onClick={onNewPost}>
            <Plus aria-hidden className="h-4 w-4" />
            New Post
          </Button>
        </div>
      </CardHeader>
      {q.isPending ? (
        <SkeletonGroup label="Loading recent content" className="space-y-2 p-5">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </SkeletonGroup>
      ) : q.isError ? (
        <ErrorState message="Failed to load dashboard data" onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<FileText aria-hidden className="h-6 w-6" />}
          title="No content yet"
          description="Draft your first post; the team reviews it before it goes out."
          action={<Button onClick={onNewPost}>New Post</Button>}
        />
      ) : (
        <ul className="divide-y divide-border" aria-label="Recent content">
          {items.map((item) => (
            <li key={item.id} className="px-5 py-3">
              <div className="flex flex-wrap items-center gap-2">
                <PlatformMark platform={item.platform} />
                <ContentStatusBadge status={item.status} />
                <span className="ml-auto text-xs text-fg-muted tabular-nums">{formatDateTime(item.scheduled_date)}</span>
              </div>
              <p className="mt-1.5 text-sm break-words text-fg">{truncate(item.content, LIMITS.clientContentTruncate)}</p>
              <p className="mt-1 text-xs text-fg-muted">
                Engagement{' '}
                <span className="font-medium text-fg tabular-nums">{formatPercent(item.engagement_rate)}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
