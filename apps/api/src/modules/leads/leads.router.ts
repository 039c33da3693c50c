import { rateLimit } from 'express-rate-limit';
import { initServer } from '@ts-rest/express';
import { contract, type TError } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { paginatedResponse } from '../../http/pagination';
import * as service from './leads.service';

const s = initServer();

/** Stored contact-form submissions per client IP per hour (rejected submissions do not count). */
export const CONTACT_LIMIT_PER_HOUR = 10;

const tooMany: TError = {
  detail: 'Too many messages from this address. Please try again later.',
  code: 'rate_limited',
};

export function createLeadsRouter(deps: AppDeps) {
  const contactLimit = rateLimit({
    windowMs: 60 * 60_000,
    limit: CONTACT_LIMIT_PER_HOUR,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skipFailedRequests: true,
    message: tooMany,
    statusCode: 429,
  });
  return s.router(contract.leads, {
    submitContact: {
      middleware: [contactLimit],
      handler: async ({ body }) => ({ status: 201, body: await service.submitContact(deps, body) }),
    },
    listLeads: async ({ query, req }) => {
      const { count, results } = await service.listLeads(deps, query);
      return { status: 200, body: paginatedResponse(req, query, count, results) };
    },
    updateLead: async ({ params, body }) => ({ status: 200, body: await service.updateLead(deps, params.id, body) }),
    convertLead: async ({ params, body }) => ({
      status: 201,
      body: await service.convertLead(deps, params.id, body ?? undefined),
    }),
  });
}
