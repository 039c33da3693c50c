import type { TContent } from '@agency/contract';
import { FileText, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, Card, EmptyState, ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';
import { errorMessage } from '@/lib/format';

/** One page of content as GET /api/content/ answers it. */
export interface TContentPage {
  results: TContent[];
  count: number;
  count_capped?: boolean | undefined;
}

interface TContentListQuery {
  isPending: boolean;
  isError: boolean;
  isRefetching: boolean;
  error: unknown;
  data?: { body: TContentPage };
  refetch: () => unknown;
}

/**
 * The loading, error and empty states every content list shares (the agency's and a client's): skeleton cards,
 * the error with Try Again, and an empty state that tells filtered from really empty and offers Create Content.
 * With items, renders `children` with the page.
 */
export function ContentListStates({
  list,
  filtered,
  emptyDescription,
  onCreate,
  children,
}: {
  list: TContentListQuery;
  filtered: boolean;
  /** What to say when nothing matches the filters, and when there is no content at all. */
  emptyDescription: { filtered: string; empty: string };
  /** Create Content in the empty state; absent for someone who may not create (read-only staff). */
  onCreate?: (() => void) | undefined;
  children: (page: TContentPage) => ReactNode;
}) {
  if (list.isPending) {
    return (
      <SkeletonGroup label="Loading content" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-56" />
        ))}
      </SkeletonGroup>
    );
  }
  if (list.isError || !list.data) {
    return (
      <Card>
        <ErrorState message={errorMessage(list.error, 'Failed to load content')} onRetry={() => void list.refetch()} retrying={list.isRefetching} />
      </Card>
    );
  }
  if (list.data.body.results.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<FileText aria-hidden className="h-6 w-6" />}
          title={filtered ? 'No content matches these filters' : 'No content yet'}
          description={filtered ? emptyDescription.filtered : emptyDescription.empty}
          action={
            onCreate && (
              <Button onClick={onCreate}>
                <Plus aria-hidden className="h-4 w-4" />
                Create Content
              </Button>
            )
          }
        />
      </Card>
    );
  }
  return <>{children(list.data.body)}</>;
}
