import { isZodType, type AppRoute, type AppRouter } from '@ts-rest/core';
import type { generateOpenApi } from '@ts-rest/open-api';
import {
  contract,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_HOURS,
  openApiComponents,
  type TOpenApiComponent,
  type TRouteMetadata,
} from '@agency/contract';

/**
 * The contract as an OpenAPI 3.0.3 document.
 *
 * ts-rest's generator (through @anatine/zod-openapi) writes OpenAPI 3.0 schemas (`nullable`) but lets a few JSON
 * Schema 2020-12 forms leak in (numeric `exclusiveMinimum`, `nullable` without `type`, `format: 'null'`). We keep
 * 3.0 — the version the generator targets and the one every client generator and gateway reads — and convert those
 * forms in one walk below, rather than re-expressing every `nullable` in 3.1 form. The named schemas of
 * `openApiComponents()` (from the contract) become `components.schemas`, and every identical inlined copy becomes a
 * `$ref`.
 */
type OpenApiDoc = ReturnType<typeof generateOpenApi>;
type Generate = typeof generateOpenApi;

type Json = null | boolean | number | string | Json[] | JsonObject;
interface JsonObject {
  [key: string]: Json;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const toJson = (value: unknown): JsonObject => {
  const json: unknown = JSON.parse(JSON.stringify(value));
  if (!isObject(json)) throw new Error('expected a JSON object');
  return json;
};
const child = (object: Json | undefined, key: string): JsonObject | undefined => {
  if (!isObject(object)) return undefined;
  const value = object[key];
  return isObject(value) ? value : undefined;
};

/** Stable text of a JSON value (object keys sorted), to compare schemas. */
function canonical(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key] ?? null)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

// ---------------------------------------------------------------------------------------------------------------
// Walking schemas

/** Applies `fn` to each direct sub-schema of a schema. */
function mapSubSchemas(schema: JsonObject, fn: (sub: JsonObject) => JsonObject): JsonObject {
  const out: JsonObject = { ...schema };
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = list.map((sub) => (isObject(sub) ? fn(sub) : sub));
  }
  for (const key of ['items', 'not', 'additionalProperties']) {
    const sub = out[key];
    if (isObject(sub)) out[key] = fn(sub);
  }
  const properties = out.properties;
  if (isObject(properties)) {
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([name, sub]) => [name, isObject(sub) ? fn(sub) : sub]),
    );
  }
  return out;
}

/** Applies `fn` to every top-level schema of the operations: parameters, request bodies, responses. */
function mapOperationSchemas(paths: JsonObject, fn: (schema: JsonObject) => JsonObject): void {
  const mapContent = (content: JsonObject | undefined) => {
    for (const media of Object.values(content ?? {})) {
      if (isObject(media) && isObject(media.schema)) media.schema = fn(media.schema);
    }
  };
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const operation of Object.values(item)) {
      if (!isObject(operation)) continue;
      const parameters = operation.parameters;
      if (Array.isArray(parameters)) {
        for (const parameter of parameters) {
          if (isObject(parameter) && isObject(parameter.schema)) parameter.schema = fn(parameter.schema);
        }
      }
      mapContent(child(child(operation, 'requestBody'), 'content'));
      for (const response of Object.values(child(operation, 'responses') ?? {})) mapContent(child(response, 'content'));
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// JSON Schema 2020-12 leftovers → OpenAPI 3.0

/** A schema that accepts only null, in OpenAPI 3.0 terms (`nullable` needs a `type`; the enum allows only null). */
const nullOnly = (type: Json = 'object'): JsonObject => ({ type, nullable: true, enum: [null] });
const acceptsNull = (schema: Json): boolean => isObject(schema) && schema.nullable === true && schema.type !== undefined;
const COMPOSITIONS = ['allOf', 'anyOf', 'oneOf'];

function toOpenApi30(input: JsonObject): JsonObject {
  const schema = mapSubSchemas(input, toOpenApi30);

  // exclusiveMinimum/Maximum are booleans beside minimum/maximum in 3.0; an integer bound becomes inclusive.
  for (const [exclusive, inclusive, step] of [
    ['exclusiveMinimum', 'minimum', 1],
    ['exclusiveMaximum', 'maximum', -1],
  ] as const) {
    const bound = schema[exclusive];
    if (typeof bound !== 'number') continue;
    if (schema.type === 'integer' && Number.isInteger(bound)) {
      schema[inclusive] = bound + step;
      delete schema[exclusive];
    } else {
      schema[inclusive] = bound;
      schema[exclusive] = true;
    }
  }

  // z.null() comes out as a string of format "null".
  if (schema.format === 'null') {
    delete schema.format;
    Object.assign(schema, nullOnly(schema.type ?? 'string'));
  }

  // A zod union takes the first member that parses, so its members may overlap: anyOf, not oneOf.
  if (Array.isArray(schema.oneOf) && schema.discriminator === undefined) {
    schema.anyOf = schema.oneOf;
    delete schema.oneOf;
  }

  // A nullable enum still checks `enum` in 3.0: null must be one of its values.
  if (schema.nullable === true && schema.type !== undefined && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }

  // `nullable` means nothing without a `type` in 3.0.
  if (schema.nullable === true && schema.type === undefined) {
    delete schema.nullable;
    if (!COMPOSITIONS.some((key) => key in schema) && schema.enum === undefined) return schema; // accepts anything already
    if (Array.isArray(schema.anyOf)) {
      if (!schema.anyOf.some(acceptsNull)) schema.anyOf = [...schema.anyOf, nullOnly()];
      return schema;
    }
    const { description, ...rest } = schema;
    return { ...(description === undefined ? {} : { description }), anyOf: [rest, nullOnly()] };
  }
  return schema;
}

// ---------------------------------------------------------------------------------------------------------------
// Named components

interface NamedSchema {
  name: string;
  schema: JsonObject;
  example: unknown;
}

/** What identifies a schema regardless of where it is used (`.describe()`, `.nullable()`, `.default()` at the use). */
const coreKey = (schema: JsonObject): string => {
  const { description: _description, nullable: _nullable, default: _default, ...core } = schema;
  return canonical(core);
};

/**
 * Converts each component with ts-rest's own converter, by generating a document of one route per component
 * (request body: the input form; 200 response: the output form). They must agree, or one name would stand for two
 * shapes.
 */
function convertComponents(components: readonly TOpenApiComponent[], generateOpenApi: Generate): NamedSchema[] {
  const router: AppRouter = {};
  components.forEach((component, index) => {
    const route: AppRoute = {
      method: 'POST',
      path: `/component/${index}`,
      body: component.schema,
      responses: { 200: component.schema },
    };
    router[`component${index}`] = route;
  });
  const paths = child(toJson(generateOpenApi(router, { info: { title: 'components', version: '0' } })), 'paths') ?? {};
  return components.map((component, index) => {
    const post = child(child(paths, `/component/${index}`), 'post');
    const input = child(child(child(child(post, 'requestBody'), 'content'), 'application/json'), 'schema');
    const output = child(child(child(child(child(post, 'responses'), '200'), 'content'), 'application/json'), 'schema');
    if (!input || !output) throw new Error(`OpenAPI component ${component.name}: no schema generated`);
    const [inputSchema, outputSchema] = [toOpenApi30(input), toOpenApi30(output)];
    if (canonical(inputSchema) !== canonical(outputSchema)) {
      throw new Error(`OpenAPI component ${component.name}: its request and response forms differ; name only one of them`);
    }
    return { name: component.name, schema: inputSchema, example: component.example };
  });
}

/** Replaces every schema identical to a named one by a `$ref` (keeping a use's own description, default, null). */
function makeReferencer(named: readonly NamedSchema[]) {
  const byKey = new Map<string, NamedSchema>();
  for (const entry of named) {
    const key = coreKey(entry.schema);
    const clash = byKey.get(key);
    if (clash) throw new Error(`OpenAPI components ${clash.name} and ${entry.name} have the same shape`);
    byKey.set(key, entry);
  }
  const reference = (schema: JsonObject): JsonObject => {
    const hit = byKey.get(coreKey(schema));
    if (!hit) return mapSubSchemas(schema, reference);
    const ref: JsonObject = { $ref: `#/components/schemas/${hit.name}` };
    const extras: JsonObject = {};
    if (schema.description !== undefined && schema.description !== hit.schema.description) extras.description = schema.description;
    if (schema.default !== undefined) extras.default = schema.default;
    // 3.0 ignores siblings of $ref: a nullable use is "the component or null", an annotated one wraps it in allOf.
    if (schema.nullable === true) return { ...extras, anyOf: [ref, nullOnly(hit.schema.type ?? 'object')] };
    return Object.keys(extras).length > 0 ? { ...extras, allOf: [ref] } : ref;
  };
  return {
    /** For a schema in an operation. */
    reference,
    /** For a component's own schema: only its parts may become references, not itself. */
    referenceParts: (schema: JsonObject) => mapSubSchemas(schema, reference),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Shared error responses

/** Every route answers its errors with the one Error schema; each status is one named response. */
const ERROR_RESPONSES: Record<string, { name: string; description: string }> = {
  '400': { name: 'BadRequest', description: 'Invalid input (code validation_error, with field messages in errors) or a malformed body' },
  '401': { name: 'Unauthorized', description: 'No token, or the token is invalid or expired' },
  '403': { name: 'Forbidden', description: "The token's role may not use this route" },
  '404': { name: 'NotFound', description: 'No such object, or not visible to the caller' },
  '409': { name: 'Conflict', description: 'Conflicts with the current state, e.g. a duplicate e-mail or invoice number' },
  '413': { name: 'PayloadTooLarge', description: 'The body or the uploaded file is too large' },
  '429': { name: 'TooManyRequests', description: 'Too many requests; retry later' },
  '500': { name: 'InternalError', description: 'Unexpected failure; the text is hidden and the log has the request id' },
  '501': { name: 'NotImplemented', description: 'The route is not built yet' },
  '503': { name: 'ServiceUnavailable', description: 'A dependency (the database) does not answer' },
};
const ERROR_SCHEMA_REF = canonical({ $ref: '#/components/schemas/Error' });

const SUCCESS_DESCRIPTIONS: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No content' };

/**
 * Replaces each operation's plain Error answer by a reference to the shared response of its status, and names
 * the success answers that ts-rest describes by their bare status code.
 */
function shareErrorResponses(paths: JsonObject): JsonObject {
  const used: JsonObject = {};
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(isObject(item) ? item : {})) {
      const responses = child(operation, 'responses');
      for (const [status, response] of Object.entries(responses ?? {})) {
        const named = SUCCESS_DESCRIPTIONS[status] ?? ERROR_RESPONSES[status]?.description;
        if (named && isObject(response) && response.description === status) response.description = named;
        const shared = ERROR_RESPONSES[status];
        const content = child(response, 'content');
        const schema = child(child(content, 'application/json'), 'schema');
        if (!responses || !shared || !content || Object.keys(content).length !== 1 || !schema) continue;
        if (canonical(schema) !== ERROR_SCHEMA_REF) continue;
        responses[status] = { $ref: `#/components/responses/${shared.name}` };
        used[shared.name] = { description: shared.description, content: { 'application/json': { schema } } };
      }
    }
  }
  return used;
}

// ---------------------------------------------------------------------------------------------------------------
// The document

function buildDocument(generateOpenApi: Generate): JsonObject {
  const raw = generateOpenApi(
    contract,
    {
      info: {
        title: 'Agency Portal API',
        version: '1.0.0',
        description:
          'Every route of the agency portal. Authenticate with `Authorization: Token <key>` (from /api/auth/login/), or as an integration with `Authorization: Bearer <API key>` (scoped; see API keys). ' +
          'Staff accounts (role admin) have a staff role: owner (everything), manager (only the clients assigned to them: every list, figure and push is narrowed to them, another client reads as 404; routes marked `x-staff-roles` without manager answer 403) and read_only (every read; writes answer 403 except routes marked `x-personal`, on the caller\'s own account). An API key acts with the current staff role of the admin who made it. ' +
          'Errors are `{detail, code, errors?}`. Lists take `page`, `page_size` (max 200), `search`, field filters and `ordering`, and answer `{count, next, previous, results}`.',
      },
    },
    {
      setOperationId: true,
      operationMapper: (operation, appRoute) => {
        const metadata = appRoute.metadata as TRouteMetadata | undefined;
        const roles = metadata?.roles ?? [];
        const bodyRequired =
          appRoute.method !== 'GET' && 'body' in appRoute && isZodType(appRoute.body) && !appRoute.body.isOptional();
        return {
          ...operation,
          ...(bodyRequired && operation.requestBody ? { requestBody: { ...operation.requestBody, required: true } } : {}),
          ...(metadata?.idempotent ? { parameters: [...(operation.parameters ?? []), IDEMPOTENCY_KEY_PARAMETER] } : {}),
          'x-roles': roles,
          // Staff roles (admin): which may call it (all when absent), and whether read-only staff may although it writes.
          ...(metadata?.staff ? { 'x-staff-roles': metadata.staff } : {}),
          ...(metadata?.personal ? { 'x-personal': true } : {}),
          // Public routes say so explicitly; every other one needs the token.
          security: roles.includes('public') ? [] : [{ Token: [] }],
        };
      },
    },
  );
  const generated = toJson(raw);
  const paths = child(generated, 'paths') ?? {};
  mapOperationSchemas(paths, toOpenApi30);
  markFileParts(paths);

  const named = convertComponents(openApiComponents(), generateOpenApi);
  const { reference, referenceParts } = makeReferencer(named);
  mapOperationSchemas(paths, reference);
  const responses = shareErrorResponses(paths);
  const schemas: JsonObject = Object.fromEntries(
    named.map(({ name, schema, example }) => [name, { ...referenceParts(schema), example: toJson({ example }).example ?? null }]),
  );

  return {
    openapi: '3.0.3',
    info: generated.info ?? {},
    // Relative: the document works behind any host or proxy. Paths carry their /api prefix.
    servers: [{ url: '/', description: 'The server that serves this document' }],
    security: [{ Token: [] }],
    paths,
    components: {
      schemas,
      responses,
      securitySchemes: {
        Token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'Send `Authorization: Token <key>`; the key is the `token` of POST /api/auth/login/ or /api/auth/register/.',
        },
      },
    },
  };
}

/** A multipart part without a type is the uploaded file itself. */
function markFileParts(paths: JsonObject): void {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(isObject(item) ? item : {})) {
      const properties = child(child(child(child(operation, 'requestBody'), 'content'), 'multipart/form-data'), 'schema');
      for (const part of Object.values(child(properties, 'properties') ?? {})) {
        if (isObject(part) && part.type === undefined) Object.assign(part, { type: 'string', format: 'binary' });
      }
    }
  }
}

/** The header of every create route (metadata.idempotent): what makes a retry after a lost reply safe. */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    `Optional, 1–255 printable ASCII characters (e.g. a UUID), unique per request. A retry with the same key, by the same caller, ` +
    `on the same route, with the same body, within ${IDEMPOTENCY_KEY_TTL_HOURS} h, answers the first answer again (with ` +
    '`Idempotent-Replayed: true`) instead of creating again. The same key with another body is a 409 `idempotency_key_reused`; ' +
    'while the first request is still running, a 409 `idempotency_key_in_use` with Retry-After.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
} as const;

let cached: Promise<OpenApiDoc> | undefined;

/**
 * The contract as OpenAPI 3.0.3, with each operation's roles as `x-roles`, its security, and named schemas. Built
 * on the first request for it (the generator is not loaded at start).
 */
export function openApiDocument(): Promise<OpenApiDoc> {
  cached ??= import('@ts-rest/open-api').then(({ generateOpenApi }) => buildDocument(generateOpenApi) as unknown as OpenApiDoc);
  return cached;
}
