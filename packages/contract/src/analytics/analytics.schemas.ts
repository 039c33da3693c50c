import { z } from 'zod';
import { ZMoney } from '../common/common.schemas';
import {
  ANALYTICS_PERIODS,
  CLIENT_GROWTH_PERIODS,
  CLIENT_PACKAGES,
  CLIENT_STATUSES,
  DEFAULT_ANALYTICS_PERIOD,
  INDUSTRY_ENGAGEMENT_BENCHMARK,
  SOCIAL_PROVIDERS,
} from '../constants';
import { ZMonthlyPerformanceRowSchema, performanceOpenApiSchemas } from '../performance/performance.schemas';
import { ZEngagementFraction, ZPercentChange, ZTimestamp } from '../shared/shared.schemas';
import { withExample, type TOpenApiSchemas } from '../openapi/example';

export const ZAnalyticsOverviewQuery = z.object({
  period: z
    .enum(ANALYTICS_PERIODS)
    .default('1month')
    .describe('Window of the period-over-period trends: now against the same window one period earlier'),
});
export type TAnalyticsOverviewQuery = z.input<typeof ZAnalyticsOverviewQuery>;

export const ZTopClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string(),
  followers: z.number().int(),
  engagement: ZEngagementFraction,
  growth_rate: ZPercentChange.describe('Percent over the trend window; null without an earlier value'),
});
export type TTopClient = z.infer<typeof ZTopClientSchema>;

export const ZPlatformShareSchema = z.object({
  platform: z.string().describe('instagram, youtube, tiktok or facebook (facebook counts 0 until it can be connected)'),
  accounts: z.number().int(),
  percent: z.number().min(0).max(100).describe('Share of all active accounts in percent'),
});
export type TPlatformShare = z.infer<typeof ZPlatformShareSchema>;

/** The admin Performance Analytics screen: every card of its Overview and Advanced Analytics tabs. */
export const ZAnalyticsOverviewSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  summary: z.object({
    total_followers: z.number().int(),
    total_followers_change_percent: ZPercentChange,
    average_engagement: ZEngagementFraction,
    average_engagement_change_percent: ZPercentChange.describe('Relative change of the average engagement rate, in percent'),
    total_reach: z.number().int().describe('Reach within the window'),
    total_reach_change_percent: ZPercentChange,
    daily_growth: z.number().int().describe('Followers gained in the last 24 hours, all accounts'),
    daily_growth_change_percent: ZPercentChange,
  }),
  agency_growth: z.object({
    total_clients: z.number().int(),
    active_clients: z.number().int(),
    monthly_revenue: ZMoney.describe('Sum of monthly_fee of active clients'),
  }),
  task_performance: z.object({
    completion_rate: z.number().min(0).max(100).describe('Percent of tasks completed'),
    task_stats: z
      .object({
        completed: z.number().int(),
        in_progress: z.number().int(),
        review: z.number().int(),
        pending: z.number().int(),
      })
      .describe('Tasks per status, counted as the Tasks screen counts them'),
  }),
  top_clients: z.array(ZTopClientSchema).describe('Top 5 by followers'),
  platform_distribution: z.array(ZPlatformShareSchema),
  revenue_analysis: z.object({
    monthly_revenue: ZMoney,
    active_clients: z.number().int(),
    average_revenue_per_client: ZMoney,
    revenue_growth_percent: ZPercentChange.describe('Paid revenue of the window against the previous window; null without an earlier period'),
  }),
  benchmarks: z.object({
    average_engagement: ZEngagementFraction,
    industry_engagement: ZEngagementFraction.describe(`The stated industry average, ${INDUSTRY_ENGAGEMENT_BENCHMARK}`),
    client_retention: z.number().min(0).max(100).describe('Share of clients that are active, in percent'),
    average_followers_per_client: z.number().int(),
  }),
});
export type TAnalyticsOverview = z.infer<typeof ZAnalyticsOverviewSchema>;

export const ZClientReportQuery = z.object({
  period: z.enum(ANALYTICS_PERIODS).default(DEFAULT_ANALYTICS_PERIOD),
});
export type TClientReportQuery = z.input<typeof ZClientReportQuery>;

export const ZAccountAnalyticsSchema = z.object({
  id: z.number().int(),
  platform: z.enum(SOCIAL_PROVIDERS),
  username: z.string(),
  is_active: z.boolean(),
  followers_count: z.number().int(),
  engagement_rate: ZEngagementFraction,
  reach: z.number().int().describe('Reach within the period'),
  posts_count: z.number().int(),
  daily_growth: z.number().int(),
  growth_rate: ZPercentChange.describe('Percent over the period; null without an earlier value'),
});
export type TAccountAnalytics = z.infer<typeof ZAccountAnalyticsSchema>;

/** One client's report (admin Report button; the PDF/CSV download renders the same data). */
export const ZClientReportSchema = z.object({
  client: z.object({
    id: z.number().int(),
    name: z.string(),
    company: z.string(),
    package: z.enum(CLIENT_PACKAGES),
    status: z.enum(CLIENT_STATUSES),
  }),
  period: z.enum(ANALYTICS_PERIODS),
  generated_at: ZTimestamp,
  summary: z.object({
    followers: z.number().int(),
    followers_gained: z.number().int(),
    engagement_rate: ZEngagementFraction,
    reach: z.number().int(),
    growth_rate: ZPercentChange.describe('Percent over the period; null without an earlier value'),
    posts_published: z.number().int(),
  }),
  monthly: z.array(ZMonthlyPerformanceRowSchema).describe('Oldest first'),
  accounts: z.array(ZAccountAnalyticsSchema),
  content: z.object({
    total: z.number().int(),
    drafts: z.number().int(),
    pending: z.number().int(),
    approved: z.number().int(),
    posted: z.number().int(),
  }),
  invoices: z.object({
    total_billed: ZMoney,
    total_paid: ZMoney,
    outstanding: ZMoney.describe('Pending plus overdue'),
  }),
});
export type TClientReport = z.infer<typeof ZClientReportSchema>;

export const ZClientReportDownloadQuery = ZClientReportQuery.extend({
  format: z.enum(['pdf', 'csv']).default('pdf'),
});
export type TClientReportDownloadQuery = z.input<typeof ZClientReportDownloadQuery>;

export const ZClientOverviewQuery = z.object({
  period: z.enum(CLIENT_GROWTH_PERIODS).default('6months'),
});
export type TClientOverviewQuery = z.input<typeof ZClientOverviewQuery>;

export const ZPlatformPerformanceSchema = z.object({
  platform: z.enum(SOCIAL_PROVIDERS),
  connected: z.boolean(),
  followers: z.number().int(),
  engagement_rate: ZEngagementFraction,
  reach: z.number().int(),
  growth_rate: ZPercentChange.describe('Percent over the period; null without an earlier value'),
});
export type TPlatformPerformance = z.infer<typeof ZPlatformPerformanceSchema>;

/** The client's Performance Analytics screen (cards, Growth Tracking, Engagement, Platform Performance). */
export const ZClientAnalyticsOverviewSchema = z.object({
  period: z.enum(CLIENT_GROWTH_PERIODS),
  summary: z.object({
    total_followers: z.number().int().describe('Summed over the accounts'),
    average_engagement: ZEngagementFraction,
    monthly_reach: z.number().int().describe('Reach of the last 30 days'),
    posts_this_month: z.number().int(),
  }),
  monthly: z.array(ZMonthlyPerformanceRowSchema).describe('One row per month of the period, oldest first'),
  accounts: z.array(ZAccountAnalyticsSchema).describe('The Engagement tab: one card per account'),
  platform_performance: z.array(ZPlatformPerformanceSchema).describe('Instagram, YouTube, TikTok, connected or not'),
});
export type TClientAnalyticsOverview = z.infer<typeof ZClientAnalyticsOverviewSchema>;

/**
 * A client's scheduled monthly performance report: on the 1st of each month the report of the month that ended
 * is rendered as a PDF and e-mailed to the client's e-mail address (no login needed to read it).
 */
export const ZReportScheduleSchema = z.object({
  client: z.number().int(),
  enabled: z.boolean(),
  recipient_email: z.string().describe("The client's e-mail address the report goes to"),
  last_sent_at: ZTimestamp.nullable(),
  last_sent_month: z.string().nullable().describe('YYYY-MM of the last report sent'),
  next_run_at: ZTimestamp.nullable().describe('The next 1st of a month (UTC) while enabled'),
});
export type TReportSchedule = z.infer<typeof ZReportScheduleSchema>;

export const ZReportScheduleBody = z.object({ enabled: z.boolean({ required_error: 'enabled is required' }) });
export type TReportScheduleBody = z.infer<typeof ZReportScheduleBody>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function analyticsOpenApiSchemas() {
  const monthlyRow = performanceOpenApiSchemas().MonthlyPerformanceRow.example;
  const topClient = withExample(ZTopClientSchema, {
    id: 12,
    name: 'Maya Lopez',
    company: 'Northwind Coffee',
    followers: 48210,
    engagement: 0.043,
    growth_rate: 3.8,
  });
  const platformShare = withExample(ZPlatformShareSchema, { platform: 'instagram', accounts: 9, percent: 52.9 });
  const accountAnalytics = withExample(ZAccountAnalyticsSchema, {
    id: 14,
    platform: 'instagram',
    username: 'northwindcoffee',
    is_active: true,
    followers_count: 48210,
    engagement_rate: 0.043,
    reach: 132400,
    posts_count: 612,
    daily_growth: 64,
    growth_rate: 3.8,
  });
  const platformPerformance = withExample(ZPlatformPerformanceSchema, {
    platform: 'instagram',
    connected: true,
    followers: 48210,
    engagement_rate: 0.043,
    reach: 132400,
    growth_rate: 3.8,
  });
  return {
    TopClient: topClient,
    PlatformShare: platformShare,
    AnalyticsOverview: withExample(ZAnalyticsOverviewSchema, {
      period: '1month',
      summary: {
        total_followers: 412300,
        total_followers_change_percent: 3.1,
        average_engagement: 0.039,
        average_engagement_change_percent: -2.4,
        total_reach: 1250000,
        total_reach_change_percent: 8.7,
        daily_growth: 410,
        daily_growth_change_percent: null,
      },
      agency_growth: { total_clients: 12, active_clients: 9, monthly_revenue: 31500 },
      task_performance: { completion_rate: 33.3, task_stats: { completed: 8, in_progress: 4, review: 3, pending: 6 } },
      top_clients: [topClient.example],
      platform_distribution: [platformShare.example],
      revenue_analysis: { monthly_revenue: 31500, active_clients: 9, average_revenue_per_client: 3500, revenue_growth_percent: 6.2 },
      benchmarks: { average_engagement: 0.039, industry_engagement: 0.035, client_retention: 75, average_followers_per_client: 34358 },
    }),
    AccountAnalytics: accountAnalytics,
    PlatformPerformance: platformPerformance,
    ClientAnalyticsOverview: withExample(ZClientAnalyticsOverviewSchema, {
      period: '6months',
      summary: { total_followers: 61930, average_engagement: 0.041, monthly_reach: 198500, posts_this_month: 4 },
      monthly: [monthlyRow],
      accounts: [accountAnalytics.example],
      platform_performance: [platformPerformance.example],
    }),
    ClientReport: withExample(ZClientReportSchema, {
      client: { id: 12, name: 'Maya Lopez', company: 'Northwind Coffee', package: 'growth', status: 'active' },
      period: '6months',
      generated_at: '2025-03-04T10:00:00.000Z',
      summary: { followers: 61930, followers_gained: 5480, engagement_rate: 0.041, reach: 1020000, growth_rate: 9.7, posts_published: 41 },
      monthly: [monthlyRow],
      accounts: [accountAnalytics.example],
      content: { total: 52, drafts: 3, pending: 2, approved: 6, posted: 41 },
      invoices: { total_billed: 18000, total_paid: 15000, outstanding: 3000 },
    }),
  } satisfies TOpenApiSchemas;
}
