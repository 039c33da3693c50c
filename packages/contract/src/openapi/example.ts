import type { z } from 'zod';

/** A schema with a realistic value it accepts: what a named schema of /api/openapi.json shows as its example. */
export interface TSchemaExample<S extends z.ZodTypeAny = z.ZodTypeAny> {
  schema: S;
  example: z.input<S>;
}

/** Pairs a schema with its example, so the compiler checks the example against the schema's input type. */
export const withExample = <S extends z.ZodTypeAny>(schema: S, example: z.input<S>): TSchemaExample<S> => ({ schema, example });

/**
 * What each `<resource>.schemas.ts` declares for the OpenAPI document, in a function named `<resource>OpenApiSchemas`
 * at its end: its named schemas, keyed by their name under `components.schemas`, each with its example. A function,
 * so that no example is built (or bundled into the web app) unless the document is asked for.
 */
export type TOpenApiSchemas = Record<string, TSchemaExample>;

/** The first page of a list as the API answers it at `path`: `{ count, next, previous, results }`. */
export const examplePage = <T>(results: T[], count: number, path: string) => ({
  count,
  next: count > results.length ? `${path}?page=2` : null,
  previous: null,
  results,
});
