import { CalendarCheck, Eye, Heart, Users } from 'lucide-react';
import { ErrorState, Skeleton, SkeletonGroup, StatCard } from '@/components/ui';
import { formatCompact, formatCount, formatPercent } from '@/lib/format';
import { useClientStats } from '@/entities/dashboard/api/get-client-stats';

const icon = 'h-4 w-4';

/** The four stat cards of client-and-public 2.4, over the client's connected accounts. */
export function ClientStatCards({ hasAccounts }: { hasAccounts: boolean }) {
  const stats = useClientStats();
  if (stats.isPending) {
    return (
      <SkeletonGroup label="Loading your numbers" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </SkeletonGroup>
    );
  }
  if (stats.isError) {
    return <ErrorState message="Failed to load dashboard data" onRetry={() => void stats.refetch()} retrying={stats.isFetching} />;
  }
  const s = stats.data.body;
  const growth = hasAccounts && s.growth_rate !== 0 ? `${s.growth_rate > 0 ? '+' : ''}${s.growth_rate.toFixed(1)}%` : null;
  const cards = [
    {
      label: 'Total Followers',
      value: formatCompact(s.total_followers),
      icon: <Users aria-hidden className={icon} />,
      trend: growth,
      direction: s.growth_rate > 0 ? ('up' as const) : s.growth_rate < 0 ? ('down' as const) : ('flat' as const),
      hint: growth ? 'past month' : hasAccounts ? null : 'No accounts connected',
    },
    { label: 'Engagement Rate', value: hasAccounts ? formatPercent(s.engagement_rate) : '—', icon: <Heart aria-hidden className={icon} />, hint: 'Past month, all accounts' },
    { label: 'Monthly Reach', value: hasAccounts ? formatCompact(s.reach) : '—', icon: <Eye aria-hidden className={icon} />, hint: 'Past month' },
    { label: 'Posts This Month', value: formatCount(s.posts_this_month), icon: <CalendarCheck aria-hidden className={icon} />, hint: 'Posted content' },
  ];
  return (
    <section aria-label="Your numbers" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      {cards.map((c) => (
        <div key={c.label} data-testid={`client-stat-${c.label}`}>
          <StatCard
            label={c.label}
            value={c.value}
            icon={c.icon}
            trend={'trend' in c ? c.trend : null}
            trendDirection={'direction' in c ? c.direction : 'flat'}
            hint={c.hint}
            className="h-full p-4"
          />
        </div>
      ))}
    </section>
  );
}
