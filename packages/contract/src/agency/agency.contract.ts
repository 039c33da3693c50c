import { initContract } from '@ts-rest/core';
import { access, errorResponses } from '../common/common.schemas';
import { ZAgencyProfileFormSchema, ZAgencyProfileSchema } from './agency.schemas';

const c = initContract();

export const agencyContract = c.router({
  getAgencyProfile: {
    method: 'GET',
    path: '/agency/',
    summary: 'The agency’s name and contact details, as the site, the portal, e-mails and documents show them',
    responses: { 200: ZAgencyProfileSchema, ...errorResponses },
    metadata: access.public,
  },
  updateAgencyProfile: {
    method: 'PUT',
    path: '/agency/',
    summary: 'Set the agency’s name, contact details and invoice number prefix (owners)',
    body: ZAgencyProfileFormSchema,
    responses: { 200: ZAgencyProfileSchema, ...errorResponses },
    metadata: access.agency,
  },
});
