import type { TContentStats } from '@agency/contract';
import { CalendarPlus, CheckCircle2, FileText, Hourglass, PenLine, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorState, Skeleton, SkeletonGroup, StatCard } from '@/components/ui';
import type { TAudience } from '@/entities/audience';
import { errorMessage } from '@/lib/format';
import { useContentStats } from '../api/get-content-stats';

const icon = 'h-4 w-4';

interface TStatCard {
  label: string;
  value: (stats: TContentStats) => number;
  icon: ReactNode;
  hint?: string;
}

/** The agency's six cards and the client's five (client-and-public 2.5), each in its spec order. */
const LAYOUTS: Record<TAudience, { grid: string; cards: TStatCard[] }> = {
  agency: {
    grid: 'grid grid-cols-2 gap-3 sm:grid-cols-3 2xl:grid-cols-6',
    cards: [
      { label: 'Total Content', value: (s) => s.total, icon: <FileText aria-hidden className={icon} /> },
      { label: 'Pending Approval', value: (s) => s.pending, icon: <Hourglass aria-hidden className={icon} /> },
      { label: 'Approved', value: (s) => s.approved, icon: <CheckCircle2 aria-hidden className={icon} /> },
      { label: 'Posted', value: (s) => s.posted, icon: <Send aria-hidden className={icon} /> },
      { label: 'Drafts', value: (s) => s.drafts, icon: <PenLine aria-hidden className={icon} /> },
      { label: 'Created This Week', value: (s) => s.created_last_7_days, icon: <CalendarPlus aria-hidden className={icon} />, hint: 'Last 7 days' },
    ],
  },
  client: {
    grid: 'grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5',
    cards: [
      { label: 'Total', value: (s) => s.total, icon: <FileText aria-hidden className={icon} /> },
      { label: 'Drafts', value: (s) => s.drafts, icon: <PenLine aria-hidden className={icon} /> },
      { label: 'Pending', value: (s) => s.pending, icon: <Hourglass aria-hidden className={icon} /> },
      { label: 'Approved', value: (s) => s.approved, icon: <CheckCircle2 aria-hidden className={icon} /> },
      { label: 'Posted', value: (s) => s.posted, icon: <Send aria-hidden className={icon} /> },
    ],
  },
};

/** The content summary cards of the Content screens: every client's items for the agency, its own for a client. */
export function ContentStats({ audience }: { audience: TAudience }) {
  const stats = useContentStats();
  const layout = LAYOUTS[audience];
  if (stats.isPending) {
    return (
      <SkeletonGroup label="Loading content summary" className={layout.grid}>
        {Array.from({ length: layout.cards.length }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </SkeletonGroup>
    );
  }
  if (stats.isError) {
    return <ErrorState message={errorMessage(stats.error, 'Failed to load the content summary')} onRetry={() => void stats.refetch()} />;
  }
  return (
    <section aria-label="Content summary" className={layout.grid}>
      {layout.cards.map((c) => (
        <div key={c.label} data-testid={`content-stat-${c.label}`}>
          <StatCard label={c.label} value={c.value(stats.data.body)} icon={c.icon} hint={c.hint} className="h-full p-4" />
        </div>
      ))}
    </section>
  );
}
