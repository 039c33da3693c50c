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
import { ZMonthlyPerformanceRowSchema } from '../performance/performance.schemas';
import { ZEngagementFraction, ZPercentChange, ZTimestamp } from '../shared/shared.schemas';

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
    task_stats: z.object({
      completed: z.number().int(),
      in_progress: z.number().int(),
      pending: z.number().int(),
    }),
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
