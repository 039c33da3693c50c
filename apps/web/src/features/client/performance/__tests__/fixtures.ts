import type { TClientAnalyticsOverview, TUser } from '@agency/contract';
import { TEST_USER } from '@/test/render';

export const CLIENT_USER: TUser = { ...TEST_USER, id: 5, role: 'client', email: 'cara@client.test', name: 'Cara Client', client_id: 7 };

/** A client's analytics of six months, shaped as the contract says (growth of the first month unknown: null). */
export function clientOverview(overrides: Partial<TClientAnalyticsOverview> = {}): TClientAnalyticsOverview {
  return {
    period: '6months',
    summary: { total_followers: 12_345, average_engagement: 0.0456, monthly_reach: 1_234_567, posts_this_month: 14 },
    monthly: [
      { id: 1, month: '2025-01', followers: 10_000, reach: 50_000, engagement: 0.041, growth_rate: null },
      { id: 2, month: '2025-02', followers: 11_000, reach: 61_000, engagement: 0.043, growth_rate: 10 },
      { id: 3, month: '2025-03', followers: 10_780, reach: 58_000, engagement: 0.039, growth_rate: -2 },
    ],
    accounts: [
      {
        id: 11,
        platform: 'instagram',
        username: 'cara.studio',
        is_active: true,
        followers_count: 9_000,
        engagement_rate: 0.052,
        reach: 700_000,
        posts_count: 120,
        daily_growth: 35,
        growth_rate: 6.4,
      },
      {
        id: 12,
        platform: 'youtube',
        username: 'CaraTV',
        is_active: true,
        followers_count: 3_345,
        engagement_rate: 0.031,
        reach: 534_567,
        posts_count: 40,
        daily_growth: -2,
        growth_rate: null,
      },
    ],
    platform_performance: [
      { platform: 'instagram', connected: true, followers: 9_000, engagement_rate: 0.052, reach: 700_000, growth_rate: 6.4 },
      { platform: 'youtube', connected: true, followers: 3_345, engagement_rate: 0.031, reach: 534_567, growth_rate: null },
      { platform: 'tiktok', connected: false, followers: 0, engagement_rate: 0, reach: 0, growth_rate: null },
    ],
    ...overrides,
  };
}
