import { z } from 'zod';
import { ZMoney } from '../common/common.schemas';
import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD, SOCIAL_PROVIDERS } from '../constants';
import { ZEngagementFraction, ZPercentChange, ZQueryBoolean, ZTimestamp } from '../shared/shared.schemas';
import { withExample, type TOpenApiSchemas } from '../openapi/example';

export const ZAnalyticsPeriodSchema = z.enum(ANALYTICS_PERIODS);

/**
 * One row of GET /performance/. One shape for both views:
 * - agency view (admins): one row per client over the period; month is null, revenue is the client's monthly_fee
 *   (0 for paused clients); id is the client id.
 * - client view (clients, or admins with client_id and monthly=true): one row per calendar month of the period,
 *   oldest first; month is 'YYYY-MM', revenue is null; id is a stable row number.
 */
export const ZPerformanceRowSchema = z.object({
  id: z.number().int(),
  client: z.number().int(),
  client_name: z.string(),
  month: z.string().nullable().describe("'YYYY-MM' on monthly rows; null on agency rows"),
  followers: z.number().int().nullable().describe('Followers at the end of the period (or month), summed over the accounts; null when no account had a count then'),
  engagement: ZEngagementFraction.nullable().describe('Average engagement rate, a fraction 0..1; null when no rate was given in the period (or month)'),
  reach: z.number().int().nullable().describe('Reach within the period (or month); null when no reach was given in it'),
  growth_rate: ZPercentChange.describe('Follower growth over the period (or month) in percent (4.2 = +4.2%); null without an earlier value'),
  revenue: ZMoney.nullable().describe('Agency rows: what the client brings in a month (its monthly_fee while active, else 0); monthly rows: null'),
});
export type TPerformanceRow = z.infer<typeof ZPerformanceRowSchema>;

/** The monthly rows of a client (client-and-public section 3 "Monthly performance row"). */
export const ZMonthlyPerformanceRowSchema = z.object({
  id: z.number().int(),
  month: z.string().describe('YYYY-MM'),
  followers: z.number().int().nullable().describe('null: no account had a count at the month’s end (not connected yet)'),
  reach: z.number().int().nullable().describe('null: no reach given in the month'),
  engagement: ZEngagementFraction.nullable().describe('null: no engagement rate given in the month'),
  growth_rate: ZPercentChange.describe('Percent against the previous month; null without an earlier value'),
});
export type TMonthlyPerformanceRow = z.infer<typeof ZMonthlyPerformanceRowSchema>;

export const ZPerformanceQuery = z.object({
  client_id: z.coerce.number().int().positive().optional().describe('Admins: one client; ignored for clients'),
  period: ZAnalyticsPeriodSchema.default(DEFAULT_ANALYTICS_PERIOD),
  monthly: ZQueryBoolean.optional()
    .describe('Admins with client_id: monthly rows of that client instead of one agency row. Clients always get monthly rows'),
});
export type TPerformanceQuery = z.input<typeof ZPerformanceQuery>;

export const ZPerformanceExportQuery = ZPerformanceQuery.omit({ monthly: true }).extend({
  format: z.enum(['csv', 'pdf']).default('csv').describe('csv: the table; pdf: the agency report of the period with its charts'),
});
export type TPerformanceExportQuery = z.input<typeof ZPerformanceExportQuery>;

export const ZMonthlyReportQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use the format YYYY-MM')
    .optional()
    .describe('YYYY-MM; default the current month'),
  client_id: z.coerce.number().int().positive().optional().describe('Admins: one client (default the whole agency); ignored for clients'),
});
export type TMonthlyReportQuery = z.input<typeof ZMonthlyReportQuery>;

export const ZReportAccountSchema = z.object({
  id: z.number().int(),
  platform: z.enum(SOCIAL_PROVIDERS),
  username: z.string(),
  followers: z.number().int(),
  followers_gained: z.number().int(),
  reach: z.number().int(),
  engagement: ZEngagementFraction,
});

export const ZMonthlyReportSchema = z.object({
  month: z.string().describe('YYYY-MM'),
  client: z.number().int().nullable().describe('null for the agency-wide report'),
  client_name: z.string().nullable(),
  generated_at: ZTimestamp,
  totals: z.object({
    followers: z.number().int(),
    followers_gained: z.number().int(),
    reach: z.number().int(),
    engagement: ZEngagementFraction,
    growth_rate: ZPercentChange.describe('Percent against the previous month; null without an earlier value'),
    posts_published: z.number().int(),
  }),
  content: z.object({
    created: z.number().int(),
    approved: z.number().int(),
    posted: z.number().int(),
  }),
  accounts: z.array(ZReportAccountSchema).describe('Per-account figures (client reports); empty for the agency report'),
  clients: z.array(ZPerformanceRowSchema).describe('Per-client rows (agency report); empty for a client report'),
});
export type TMonthlyReport = z.infer<typeof ZMonthlyReportSchema>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function performanceOpenApiSchemas() {
  const reportAccount = withExample(ZReportAccountSchema, {
    id: 14,
    platform: 'instagram',
    username: 'northwindcoffee',
    followers: 48210,
    followers_gained: 1763,
    reach: 132400,
    engagement: 0.043,
  });
  return {
    PerformanceRow: withExample(ZPerformanceRowSchema, {
      id: 12,
      client: 12,
      client_name: 'Northwind Coffee',
      month: null,
      followers: 61930,
      engagement: 0.041,
      reach: 198500,
      growth_rate: 4.6,
      revenue: 3000,
    }),
    MonthlyPerformanceRow: withExample(ZMonthlyPerformanceRowSchema, {
      id: 1,
      month: '2025-02',
      followers: 48210,
      reach: 132400,
      engagement: 0.043,
      growth_rate: 3.8,
    }),
    ReportAccount: reportAccount,
    MonthlyReport: withExample(ZMonthlyReportSchema, {
      month: '2025-02',
      client: 12,
      client_name: 'Northwind Coffee',
      generated_at: '2025-03-01T06:00:00.000Z',
      totals: { followers: 61930, followers_gained: 2290, reach: 198500, engagement: 0.041, growth_rate: 3.8, posts_published: 9 },
      content: { created: 11, approved: 10, posted: 9 },
      accounts: [reportAccount.example],
      clients: [],
    }),
    AnalyticsPeriod: withExample(ZAnalyticsPeriodSchema, '6months'),
  } satisfies TOpenApiSchemas;
}
