import { z } from 'zod';
import { SOCIAL_PROVIDERS } from '../constants';
import { ZEngagementFraction, ZTimestamp } from '../shared/shared.schemas';
import { withExample, type TOpenApiSchemas } from '../openapi/example';

/** Real-time metric (admin-and-foundations section 3), one per active connected account. */
export const ZRealtimeMetricSchema = z.object({
  account: z.object({
    id: z.number().int(),
    platform: z.enum(SOCIAL_PROVIDERS),
    username: z.string(),
  }),
  followers_count: z.number().int(),
  engagement_rate: ZEngagementFraction,
  reach: z.number().int().describe('Reach of the last 24 hours'),
  daily_growth: z.number().int().describe('Followers gained (or lost, negative) in the last 24 hours'),
  last_updated: ZTimestamp,
});
export type TRealtimeMetric = z.infer<typeof ZRealtimeMetricSchema>;

export const ZRealtimeMetricsQuery = z.object({
  client_id: z.coerce.number().int().positive().optional().describe('Admins: one client; ignored for clients'),
});
export type TRealtimeMetricsQuery = z.input<typeof ZRealtimeMetricsQuery>;

export const ZRealtimeMetricsSchema = z.object({ data: z.array(ZRealtimeMetricSchema) });
export type TRealtimeMetrics = z.infer<typeof ZRealtimeMetricsSchema>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function metricsOpenApiSchemas() {
  const realtimeMetric = withExample(ZRealtimeMetricSchema, {
    account: { id: 14, platform: 'instagram', username: 'northwindcoffee' },
    followers_count: 48210,
    engagement_rate: 0.043,
    reach: 5120,
    daily_growth: 64,
    last_updated: '2025-03-04T06:00:00.000Z',
  });
  return {
    RealtimeMetric: realtimeMetric,
    RealtimeMetrics: withExample(ZRealtimeMetricsSchema, { data: [realtimeMetric.example] }),
  } satisfies TOpenApiSchemas;
}
