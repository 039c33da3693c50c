import { z } from 'zod';
import { withExample, type TOpenApiSchemas } from '../openapi/example';

export const ZHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
  time: z.string(),
});

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function healthOpenApiSchemas() {
  return {
    Health: withExample(ZHealthSchema, { status: 'ok', database: 'up', version: '0.1.0', time: '2025-03-04T10:00:00.000Z' }),
  } satisfies TOpenApiSchemas;
}
