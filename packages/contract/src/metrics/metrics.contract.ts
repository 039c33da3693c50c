import { initContract } from '@ts-rest/core';
import { access, errorResponses } from '../common/common.schemas';
import { ZRealtimeMetricsQuery, ZRealtimeMetricsSchema } from './metrics.schemas';

const c = initContract();

export const metricsContract = c.router({
  getRealtimeMetrics: {
    method: 'GET',
    path: '/metrics/realtime/',
    summary: 'Latest metrics of each active connected account (clients: their own; admins: all, or one client)',
    query: ZRealtimeMetricsQuery,
    responses: { 200: ZRealtimeMetricsSchema, ...errorResponses },
    metadata: access.user,
  },
});
