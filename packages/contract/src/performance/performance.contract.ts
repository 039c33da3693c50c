import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { access, errorResponses } from '../common/common.schemas';
import {
  ZMonthlyReportQuery,
  ZMonthlyReportSchema,
  ZPerformanceExportQuery,
  ZPerformanceQuery,
  ZPerformanceRowSchema,
} from './performance.schemas';

const c = initContract();

export const performanceContract = c.router({
  listPerformance: {
    method: 'GET',
    path: '/performance/',
    summary: 'Performance rows: per client for admins (agency table), per month for a client',
    query: ZPerformanceQuery,
    responses: { 200: z.array(ZPerformanceRowSchema), ...errorResponses },
    metadata: access.user,
  },
  getMonthlyReport: {
    method: 'GET',
    path: '/performance/monthly_report/',
    summary: 'The report of one month (default the current one), for a client or the whole agency',
    query: ZMonthlyReportQuery,
    responses: { 200: ZMonthlyReportSchema, ...errorResponses },
    metadata: access.user,
  },
  exportPerformance: {
    method: 'GET',
    path: '/performance/export/',
    summary:
      'Download of the agency performance table: CSV (text/csv, default; the columns of the Client Performance tab) or PDF (application/pdf) by format',
    query: ZPerformanceExportQuery,
    responses: {
      200: c.otherResponse({ contentType: 'text/csv', body: z.any() }),
      ...errorResponses,
    },
    metadata: access.admin,
  },
});
