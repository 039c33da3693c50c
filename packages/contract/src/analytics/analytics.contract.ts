import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { access, errorResponses, ZIdParams } from '../common/common.schemas';
import {
  ZAnalyticsOverviewQuery,
  ZAnalyticsOverviewSchema,
  ZClientAnalyticsOverviewSchema,
  ZClientOverviewQuery,
  ZClientReportDownloadQuery,
  ZClientReportQuery,
  ZClientReportSchema,
  ZReportScheduleBody,
  ZReportScheduleSchema,
} from './analytics.schemas';

const c = initContract();

export const analyticsContract = c.router({
  getAnalyticsOverview: {
    method: 'GET',
    path: '/analytics/overview/',
    summary: 'Agency analytics: summary cards with trends, growth, task performance, top clients, platforms, revenue, benchmarks',
    query: ZAnalyticsOverviewQuery,
    responses: { 200: ZAnalyticsOverviewSchema, ...errorResponses },
    metadata: access.admin,
  },
  getClientAnalyticsOverview: {
    method: 'GET',
    path: '/analytics/client-overview/',
    summary: "The signed-in client's detailed analytics: monthly rows, per-account engagement, platform performance",
    query: ZClientOverviewQuery,
    responses: { 200: ZClientAnalyticsOverviewSchema, ...errorResponses },
    metadata: access.client,
  },
  getClientReport: {
    method: 'GET',
    path: '/analytics/client/:id/',
    summary: 'The performance report of one client (JSON)',
    pathParams: ZIdParams,
    query: ZClientReportQuery,
    responses: { 200: ZClientReportSchema, ...errorResponses },
    metadata: access.admin,
  },
  downloadClientReport: {
    method: 'GET',
    path: '/analytics/client/:id/report/',
    summary:
      'Download the report of a client as PDF (application/pdf, default) or CSV (text/csv) by format; a client only its own',
    pathParams: ZIdParams,
    query: ZClientReportDownloadQuery,
    responses: {
      200: c.otherResponse({ contentType: 'application/pdf', body: z.any() }),
      ...errorResponses,
    },
    metadata: access.user,
  },
  getReportSchedule: {
    method: 'GET',
    path: '/analytics/client/:id/report-schedule/',
    summary: "Whether the client's monthly performance report is e-mailed on the 1st, to whom, and when it last went",
    pathParams: ZIdParams,
    responses: { 200: ZReportScheduleSchema, ...errorResponses },
    metadata: access.admin,
  },
  setReportSchedule: {
    method: 'PUT',
    path: '/analytics/client/:id/report-schedule/',
    summary: "Turn the client's scheduled monthly report on or off",
    pathParams: ZIdParams,
    body: ZReportScheduleBody,
    responses: { 200: ZReportScheduleSchema, ...errorResponses },
    metadata: access.admin,
  },
});
