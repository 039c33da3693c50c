import { initContract } from '@ts-rest/core';
import { access, errorResponses } from '../common/common.schemas';
import { ZHealthSchema } from './health.schemas';

const c = initContract();

export const healthContract = c.router({
  getHealth: {
    method: 'GET',
    path: '/health/',
    summary: 'Liveness and database status; 503 when the database does not answer',
    responses: { 200: ZHealthSchema, ...errorResponses, 503: ZHealthSchema },
    metadata: access.public,
  },
});
