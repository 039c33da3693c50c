import { Readable } from 'node:stream';
import type { Response } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { recordExport } from '../audit';
import { downloadClientReport, exportPerformance, type DownloadFile } from './analytics.reports';
import * as service from './analytics.service';
import * as schedules from './report-schedule.service';

const s = initServer();

/**
 * A download: its own Content-Type (a route sends CSV or PDF by `format`, while ts-rest would stamp the one
 * type the contract declares) and an attachment name; a stream body is sent as it is.
 */
function download(res: Response, file: DownloadFile) {
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
  res.setHeader('Content-Length', String(file.body.length));
  return { status: 200 as const, body: Readable.from([file.body]) };
}

export function performanceRoutes(deps: AppDeps) {
  return s.router(contract.performance, {
    listPerformance: async ({ req, query }) => ({ status: 200, body: await service.listPerformance(deps, actorOf(req), query) }),
    getMonthlyReport: async ({ req, query }) => ({ status: 200, body: await service.getMonthlyReport(deps, actorOf(req), query) }),
    exportPerformance: async ({ req, res, query }) => {
      const file = await exportPerformance(deps, actorOf(req), query);
      await recordExport(deps, actorOf(req), {
        what: query.client_id === undefined ? 'performance' : 'client_report',
        filename: file.filename,
        clientId: query.client_id,
        facts: { format: query.format, period: query.period },
      });
      return download(res, file);
    },
  });
}

export function analyticsRoutes(deps: AppDeps) {
  return s.router(contract.analytics, {
    getAnalyticsOverview: async ({ req, query }) => ({ status: 200, body: await service.getAnalyticsOverview(deps, actorOf(req), query) }),
    getClientAnalyticsOverview: async ({ req, query }) => ({
      status: 200,
      body: await service.getClientAnalyticsOverview(deps, actorOf(req), query),
    }),
    getClientReport: async ({ req, params, query }) => ({
      status: 200,
      body: await service.getClientReport(deps, actorOf(req), params.id, query),
    }),
    downloadClientReport: async ({ req, res, params, query }) => {
      const file = await downloadClientReport(deps, actorOf(req), params.id, query);
      await recordExport(deps, actorOf(req), { what: 'client_report', filename: file.filename, clientId: params.id, facts: { format: query.format, period: query.period } });
      return download(res, file);
    },
    getReportSchedule: async ({ req, params }) => ({ status: 200, body: await schedules.getReportSchedule(deps, actorOf(req), params.id) }),
    setReportSchedule: async ({ req, params, body }) => ({
      status: 200,
      body: await schedules.setReportSchedule(deps, actorOf(req), params.id, body),
    }),
  });
}

export function metricsRoutes(deps: AppDeps) {
  return s.router(contract.metrics, {
    getRealtimeMetrics: async ({ req, query }) => ({ status: 200, body: await service.getRealtimeMetrics(deps, actorOf(req), query) }),
  });
}
