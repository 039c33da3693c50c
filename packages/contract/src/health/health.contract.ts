import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { access, errorResponses } from '../common/common.schemas';

const c = initContract();

export const ZHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
  time: z.string(),
});

export const healthContract = c.router({
  getHealth: {
    method: 'GET',
    path: '/health/',
    summary: 'Liveness and database status; 503 when the database does not answer',
    responses: { 200: ZHealthSchema, ...errorResponses, 503: ZHealthSchema },
    metadata: access.public,
  },
});
