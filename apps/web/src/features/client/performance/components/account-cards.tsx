import { socialHandle } from '@agency/contract';
import type { TAccountAnalytics, TPlatformPerformance } from '@agency/contract';
import type { ReactNode } from 'react';
import { ChangeText } from '@/components/charts/change-text';
import { platformName } from '@/components/charts/platforms';
import { PlatformIcon } from '@/components/platform-icon';
import { Badge, Card } from '@/components/ui';
import { formatCompact, formatCount, formatPercent, formatSignedCount } from '@/lib/format';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="mt-0.5 font-semibold tabular-nums text-fg">{children}</dd>
    </div>
  );
}

/** One account of the Engagement tab: its engagement first, then followers, reach, posts and growth. */
export function AccountEngagementCard({ account }: { account: TAccountAnalytics }) {
  return (
    <Card className="p-5">
      <div className="flex items-center gap-3">
        <PlatformIcon platform={account.platform} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-medium text-fg">{socialHandle(account.username)}</h3>
          <p className="text-xs text-fg-muted">{platformName(account.platform)}</p>
        </div>
        {!account.is_active && <Badge>Disconnected</Badge>}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label="Engagement rate">{formatPercent(account.engagement_rate)}</Figure>
        <Figure label="Followers">{formatCompact(account.followers_count)}</Figure>
        <Figure label="Reach">{formatCompact(account.reach)}</Figure>
        <Figure label="Posts">{formatCount(account.posts_count)}</Figure>
        <Figure label="Today">{formatSignedCount(account.daily_growth, formatCompact)}</Figure>
        <Figure label="Growth">
          <ChangeText value={account.growth_rate} />
        </Figure>
      </dl>
    </Card>
  );
}

/** One platform of the Platform Performance tab, connected or not. */
export function PlatformCard({ platform }: { platform: TPlatformPerformance }) {
  const name = platformName(platform.platform);
  return (
    <Card className="p-5">
      <div className="flex items-center gap-3">
        <PlatformIcon platform={platform.platform} />
        <h3 className="min-w-0 flex-1 font-medium text-fg">{name}</h3>
        <Badge tone={platform.connected ? 'success' : 'default'}>{platform.connected ? 'Connected' : 'Not connected'}</Badge>
      </div>
      {platform.connected ? (
        <dl className="mt-4 grid grid-cols-2 gap-3">
          <Figure label="Followers">{formatCompact(platform.followers)}</Figure>
          <Figure label="Engagement">{formatPercent(platform.engagement_rate)}</Figure>
          <Figure label="Reach">{formatCompact(platform.reach)}</Figure>
          <Figure label="Growth">
            <ChangeText value={platform.growth_rate} />
          </Figure>
        </dl>
      ) : (
        <p className="mt-4 text-sm text-fg-muted">Connect a {name} account to see its figures here.</p>
      )}
    </Card>
  );
}
