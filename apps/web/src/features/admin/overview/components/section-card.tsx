import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardHeader, CardTitle, ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';
import { errorMessage } from '@/lib/format';

export interface SectionCardProps {
  title: string;
  /** Hash of the section that lists everything, e.g. 'tasks'. */
  viewAllHash?: string;
  children: ReactNode;
  className?: string;
}

export function SectionCard({ title, viewAllHash, children, className }: SectionCardProps) {
  return (
    <Card className={className}>
      <CardHeader className="items-center">
        <CardTitle>{title}</CardTitle>
        {viewAllHash && (
          <Link
            to={{ pathname: '/dashboard', hash: viewAllHash }}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            View all<span className="sr-only"> {title.toLowerCase()}</span>
          </Link>
        )}
      </CardHeader>
      {children}
    </Card>
  );
}

export function RowsSkeleton({ rows, className }: { rows: number; className?: string }) {
  return (
    <SkeletonGroup label="Loading" className={className ?? 'space-y-3 px-5 py-4'}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-12" />
      ))}
    </SkeletonGroup>
  );
}

export function SectionError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return <ErrorState className="py-8" message={errorMessage(error, 'Failed to load')} onRetry={onRetry} retrying={retrying} />;
}
