import type { TAnalyticsOverview, TPerformanceRow, TRealtimeMetric, TSocialAccount, TSocialAccountStatus } from '@agency/contract';

export function analyticsOverview(overrides: Partial<TAnalyticsOverview> = {}): TAnalyticsOverview {
  return {
    period: '6months',
    summary: {
      total_followers: 2_450_000,
      total_followers_change_percent: 7.25,
      average_engagement: 0.0412,
      average_engagement_change_percent: -1.5,
      total_reach: 8_900_000,
      total_reach_change_percent: null,
      daily_growth: 1_234,
      daily_growth_change_percent: 0,
    },
    agency_growth: { total_clients: 12, active_clients: 9, monthly_revenue: 12_500 },
    task_performance: { completion_rate: 62.5, task_stats: { completed: 25, in_progress: 5, review: 4, pending: 6 } },
    top_clients: [
      { id: 3, name: 'Nova Fitness', company: 'Nova Ltd', followers: 1_200_000, engagement: 0.05, growth_rate: 12.4 },
      { id: 4, name: 'Blue Cafe', company: 'Blue Co', followers: 640_000, engagement: 0.032, growth_rate: null },
    ],
    platform_distribution: [
      { platform: 'instagram', accounts: 6, percent: 60 },
      { platform: 'youtube', accounts: 3, percent: 30 },
      { platform: 'tiktok', accounts: 1, percent: 10 },
      { platform: 'facebook', accounts: 0, percent: 0 },
    ],
    revenue_analysis: { monthly_revenue: 12_500, active_clients: 9, average_revenue_per_client: 1_389, revenue_growth_percent: null },
    benchmarks: { average_engagement: 0.0412, industry_engagement: 0.035, client_retention: 75, average_followers_per_client: 204_167 },
    ...overrides,
  };
}

export const PERFORMANCE_ROWS: TPerformanceRow[] = [
  { id: 3, client: 3, client_name: 'Nova Fitness', month: null, followers: 1_200_000, engagement: 0.05, reach: 4_000_000, growth_rate: 12.4, revenue: 2_500 },
  { id: 4, client: 4, client_name: 'Blue Cafe', month: null, followers: 640_000, engagement: 0.032, reach: 900_000, growth_rate: null, revenue: 0 },
];

export const MONTHLY_ROWS: TPerformanceRow[] = [
  { id: 1, client: 3, client_name: 'Nova Fitness', month: '2025-01', followers: 1_000_000, engagement: 0.05, reach: 600_000, growth_rate: null, revenue: null },
  { id: 2, client: 3, client_name: 'Nova Fitness', month: '2025-02', followers: 1_200_000, engagement: 0.05, reach: 700_000, growth_rate: 20, revenue: null },
];

export function realtimeMetric(id: number, username: string, overrides: Partial<TRealtimeMetric> = {}): TRealtimeMetric {
  return {
    account: { id, platform: 'instagram', username },
    followers_count: 15_400,
    engagement_rate: 0.047,
    reach: 2_300,
    daily_growth: 42,
    last_updated: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

export function socialAccount(id: number, username: string, clientName: string): TSocialAccount {
  return {
    id,
    platform: 'youtube',
    username,
    followers_count: 100,
    engagement_rate: 0.01,
    posts_count: 3,
    last_sync: null,
    is_active: true,
    needs_reconnect: false,
    client: 3,
    client_name: clientName,
  };
}

export function accountStatus(account: TSocialAccount, healthy: boolean): TSocialAccountStatus {
  return {
    id: account.id,
    platform: account.platform,
    username: account.username,
    is_active: true,
    connected: healthy,
    sandbox: true,
    sync_in_progress: false,
    last_sync: null,
    last_error: healthy ? null : 'The connection has expired or was revoked. Please reconnect the account.',
    token_expires_at: null,
  };
}
