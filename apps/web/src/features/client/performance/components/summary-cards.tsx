import type { TClientAnalyticsOverview } from '@agency/contract';
import { BarChart3, Eye, FileText, Users } from 'lucide-react';
import { Skeleton, SkeletonGroup, StatCard } from '@/components/ui';
import { formatCompact, formatCount, formatPercent } from '@/lib/format';

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

/** The four cards of client-and-public 2.6: followers summed over the accounts, engagement ×100, reach, posts. */
export function SummaryCards({ data }: { data: TClientAnalyticsOverview }) {
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
        value={formatPercent(summary.average_engagement)}
        icon={<BarChart3 aria-hidden className="h-5 w-5" />}
        hint="Over your accounts"
      />
      <StatCard label="Monthly Reach" value={formatCompact(summary.monthly_reach)} icon={<Eye aria-hidden className="h-5 w-5" />} hint="Last 30 days" />
      <StatCard
        label="Posts This Month"
        value={formatCount(summary.posts_this_month)}
        icon={<FileText aria-hidden className="h-5 w-5" />}
        hint="Published"
      />
    </section>
  );
}
