import type { TClientAnalyticsOverview } from '@agency/contract';
import { BarChart3, Eye, FileText, Users } from 'lucide-react';
import { Skeleton, SkeletonGroup, StatCard } from '@/components/ui';
import { formatCompact, formatCount, formatPercent, NO_VALUE } from '@/lib/format';

const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4';

export function SummaryCardsSkeleton() {
  return (
    <SkeletonGroup label="Loading performance" className={GRID}>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-[7.5rem] rounded-xl" />
      ))}
    </SkeletonGroup>
  );
}

/**
 * The four cards of client-and-public 2.6: followers summed over the accounts, engagement ×100, reach, posts; the
 * past month's, as the overview's cards. Without any figure yet, engagement and reach are '—', not 0.
 */
export function SummaryCards({ data, hasFigures }: { data: TClientAnalyticsOverview; hasFigures: boolean }) {
  const { summary } = data;
  const active = data.accounts.filter((a) => a.is_active).length;
  return (
    <section aria-label="Performance summary" className={GRID}>
      <StatCard
        label="Total Followers"
        value={formatCompact(summary.total_followers)}
        icon={<Users aria-hidden className="h-5 w-5" />}
        hint={`Across ${active} ${active === 1 ? 'account' : 'accounts'}`}
      />
      <StatCard
        label="Average Engagement"
        value={hasFigures ? formatPercent(summary.average_engagement) : NO_VALUE}
        icon={<BarChart3 aria-hidden className="h-5 w-5" />}
        hint="Past month, all accounts"
      />
      <StatCard label="Monthly Reach" value={hasFigures ? formatCompact(summary.monthly_reach) : NO_VALUE} icon={<Eye aria-hidden className="h-5 w-5" />} hint="Past month" />
      <StatCard
        label="Posts This Month"
        value={formatCount(summary.posts_this_month)}
        icon={<FileText aria-hidden className="h-5 w-5" />}
        hint="Published"
      />
    </section>
  );
}
