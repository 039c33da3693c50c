import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { paginatedResponse } from '../../http/pagination';
import * as service from './audit.service';

const s = initServer();

export function auditRoutes(deps: AppDeps) {
  return s.router(contract.audit, {
    listAuditLog: async ({ query, req }) => ({ status: 200, body: paginatedResponse(req, query, await service.listAuditLog(deps, actorOf(req), query)) }),
    listAuditActors: async ({ req }) => ({ status: 200, body: await service.listAuditActors(deps, actorOf(req)) }),
    exportAuditLog: async ({ query, req, res }) => {
      const { filename, csv } = await service.exportAuditLog(deps, actorOf(req), query);
      await service.recordExport(deps, actorOf(req), { what: 'audit_log', filename, clientId: actorOf(req).clientId, facts: { filters: query } });
      res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
      return { status: 200, body: csv };
    },
  });
}
