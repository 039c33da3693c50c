import { CheckCircle2, FileText, Hourglass, PenLine, Send } from 'lucide-react';
import { ErrorState, Skeleton, SkeletonGroup, StatCard } from '@/components/ui';
import { errorMessage } from '@/lib/format';
import { useClientContentStats } from '../api/content.queries';

const icon = 'h-4 w-4';

/** Stat cards of client-and-public 2.5: total, drafts, pending, approved, posted (the client's own content). */
export function ClientContentStats() {
  const stats = useClientContentStats();
  if (stats.isPending) {
    return (
      <SkeletonGroup label="Loading content summary" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </SkeletonGroup>
    );
  }
  if (stats.isError) {
    return <ErrorState message={errorMessage(stats.error, 'Failed to load the content summary')} onRetry={() => void stats.refetch()} />;
  }
  const s = stats.data.body;
  const cards = [
    { label: 'Total', value: s.total, icon: <FileText aria-hidden className={icon} /> },
    { label: 'Drafts', value: s.drafts, icon: <PenLine aria-hidden className={icon} /> },
    { label: 'Pending', value: s.pending, icon: <Hourglass aria-hidden className={icon} /> },
    { label: 'Approved', value: s.approved, icon: <CheckCircle2 aria-hidden className={icon} /> },
    { label: 'Posted', value: s.posted, icon: <Send aria-hidden className={icon} /> },
  ];
  return (
    <section aria-label="Content summary" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
      {cards.map((c) => (
        <div key={c.label} data-testid={`content-stat-${c.label}`}>
          <StatCard label={c.label} value={c.value.toLocaleString('en-US')} icon={c.icon} className="h-full p-4" />
        </div>
      ))}
    </section>
  );
}
