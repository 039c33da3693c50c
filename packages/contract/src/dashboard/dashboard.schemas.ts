import { z } from 'zod';
import { ZMoney } from '../common/common.schemas';
import { ZDateString, ZEngagementFraction, ZPercentChange } from '../shared/shared.schemas';
import { withExample, type TOpenApiSchemas } from '../openapi/example';

/** The four cards of the admin overview, with computed trends instead of the spec's fixed '+12%' / '+3 this week'. */
export const ZDashboardStatsSchema = z.object({
  total_revenue: ZMoney.describe(
    'Monthly Revenue card: what the active clients pay a month (the sum of their monthly fees), as the Clients and Performance screens show it',
  ),
  collected_this_month: ZMoney.describe('Paid invoices paid in the current calendar month (UTC)'),
  active_clients: z.number().int(),
  pending_tasks: z.number().int().describe('Tasks whose status is not completed'),
  overdue_payments: z.number().int().describe('Invoices with status overdue or pending past their due date'),
  revenue_change_percent: ZPercentChange.describe(
    'collected_this_month against the same span of the previous month, in percent; null when the previous month had no payments',
  ),
  active_clients_gained_this_week: z
    .number()
    .int()
    .describe('Net change of active clients in the last 7 days (may be negative)'),
});
export type TDashboardStats = z.infer<typeof ZDashboardStatsSchema>;

/** Client dashboard stats (client-and-public section 3), over the client's connected accounts. */
export const ZClientDashboardStatsSchema = z.object({
  total_followers: z.number().int(),
  growth_rate: z.number().describe('Follower growth over the last 30 days in percent (4.2 = +4.2%); 0 without history'),
  engagement_rate: ZEngagementFraction.describe('Average engagement of the active accounts, a fraction 0..1'),
  reach: z.number().int().describe('Reach of the last 30 days'),
  posts_this_month: z.number().int().describe('Content items posted in the current calendar month'),
  next_payment_date: ZDateString.nullable().describe('Due date of the next pending invoice (or subscription renewal); null when nothing is due'),
  next_payment_amount: ZMoney.nullable(),
  next_payment_invoice_id: z
    .number()
    .int()
    .nullable()
    .describe('The unpaid invoice the next payment is (what Pay Now pays); null for a renewal that has no invoice yet'),
});
export type TClientDashboardStats = z.infer<typeof ZClientDashboardStatsSchema>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function dashboardOpenApiSchemas() {
  return {
    DashboardStats: withExample(ZDashboardStatsSchema, {
      total_revenue: 33500,
      collected_this_month: 27000,
      active_clients: 9,
      pending_tasks: 16,
      overdue_payments: 1,
      revenue_change_percent: 12.5,
      active_clients_gained_this_week: 2,
    }),
    ClientDashboardStats: withExample(ZClientDashboardStatsSchema, {
      total_followers: 61930,
      growth_rate: 4.6,
      engagement_rate: 0.041,
      reach: 198500,
      posts_this_month: 4,
      next_payment_date: '2025-03-15',
      next_payment_amount: 3000,
      next_payment_invoice_id: 240,
    }),
  } satisfies TOpenApiSchemas;
}
