import { CalendarPlus, CheckCircle2, FileText, Hourglass, PenLine, Send } from 'lucide-react';
import { ErrorState, Skeleton, SkeletonGroup, StatCard } from '@/components/ui';
import { errorMessage } from '@/lib/format';
import { useContentStats } from '../api/content.queries';

const icon = 'h-4 w-4';

export function ContentStats() {
  const stats = useContentStats();
  if (stats.isPending) {
    return (
      <SkeletonGroup label="Loading content summary" className="grid grid-cols-2 gap-3 sm:grid-cols-3 2xl:grid-cols-6">
        {Array.from({ length: 6 }, (_, i) => (
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
    { label: 'Total Content', value: s.total, icon: <FileText aria-hidden className={icon} /> },
    { label: 'Pending Approval', value: s.pending, icon: <Hourglass aria-hidden className={icon} /> },
    { label: 'Approved', value: s.approved, icon: <CheckCircle2 aria-hidden className={icon} /> },
    { label: 'Posted', value: s.posted, icon: <Send aria-hidden className={icon} /> },
    { label: 'Drafts', value: s.drafts, icon: <PenLine aria-hidden className={icon} /> },
    { label: 'Created This Week', value: s.created_last_7_days, icon: <CalendarPlus aria-hidden className={icon} />, hint: 'Last 7 days' },
  ];
  return (
    <section aria-label="Content summary" className="grid grid-cols-2 gap-3 sm:grid-cols-3 2xl:grid-cols-6">
      {cards.map((c) => (
        <div key={c.label} data-testid={`content-stat-${c.label}`}>
          <StatCard label={c.label} value={c.value} icon={c.icon} hint={c.hint} className="h-full p-4" />
        </div>
      ))}
    </section>
  );
}
