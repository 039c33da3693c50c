import { initContract } from '@ts-rest/core';
import { access, creates, errorResponses, paginated, ZIdParams } from '../common/common.schemas';
import { ZClientSchema } from '../clients/clients.schemas';
import {
  ZContactResponseSchema,
  ZContactSchema,
  ZConvertLeadSchema,
  ZLeadListQuery,
  ZLeadSchema,
  ZUpdateLeadSchema,
} from './leads.schemas';

const c = initContract();

export const leadsContract = c.router({
  submitContact: {
    method: 'POST',
    path: '/contact/',
    summary: 'The public contact form; stored as a lead for the agency (rate-limited)',
    body: ZContactSchema,
    responses: { 201: ZContactResponseSchema, ...errorResponses },
    metadata: creates(access.public),
  },
  listLeads: {
    method: 'GET',
    path: '/leads/',
    summary: 'Contact-form leads, newest first',
    query: ZLeadListQuery,
    responses: { 200: paginated(ZLeadSchema), ...errorResponses },
    metadata: access.agency,
  },
  updateLead: {
    method: 'PATCH',
    path: '/leads/:id/',
    summary: 'Change the status of a lead',
    pathParams: ZIdParams,
    body: ZUpdateLeadSchema,
    responses: { 200: ZLeadSchema, ...errorResponses },
    metadata: access.agency,
  },
  convertLead: {
    method: 'POST',
    path: '/leads/:id/convert/',
    summary: 'Turn a lead into a client (status becomes converted); 409 when already converted; returns the new client',
    pathParams: ZIdParams,
    body: ZConvertLeadSchema.optional(),
    responses: { 201: ZClientSchema, ...errorResponses },
    metadata: creates(access.agency),
  },
});
