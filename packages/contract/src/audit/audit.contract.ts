import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { errorResponses, paginated, type TRouteMetadata } from '../common/common.schemas';
import { ZAuditActor, ZAuditEntry, ZAuditFilters, ZAuditListQuery } from './audit.schemas';

const c = initContract();

/**
 * The audit log: owners read the agency's whole log (read-only staff too, it only reads; never managers); a client's
 * full-access login reads its own account's (its team's actions and staff actions on its things, internal ones left out).
 */
const auditReaders = { roles: ['admin', 'client'], staff: ['owner', 'read_only'], clientPermission: 'full' } as const satisfies TRouteMetadata;

export const auditContract = c.router({
  listAuditLog: {
    method: 'GET',
    path: '/audit-log/',
    summary: 'Who changed what, newest first: filtered by person, object, action, client and dates (a client: its own account)',
    query: ZAuditListQuery,
    responses: { 200: paginated(ZAuditEntry), ...errorResponses },
    metadata: auditReaders,
  },
  listAuditActors: {
    method: 'GET',
    path: '/audit-log/actors/',
    summary: "The people in the log, for its person filter (a client: its team's and the staff who acted on its account)",
    responses: { 200: z.object({ results: z.array(ZAuditActor) }), ...errorResponses },
    metadata: auditReaders,
  },
  exportAuditLog: {
    method: 'GET',
    path: '/audit-log/export/',
    summary: 'CSV of the entries matching the filters, newest first (at most 100,000 rows)',
    query: ZAuditFilters,
    responses: { 200: c.otherResponse({ contentType: 'text/csv', body: z.any() }), ...errorResponses },
    metadata: auditReaders,
  },
});
