import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiComponents } from '@agency/contract';
import { createTestContext, type TestContext } from './support/test-app';

/** The parts of the served document these tests read. */
interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; schema?: { type?: string } }>;
  'x-roles'?: string[];
}
interface Document {
  openapi: string;
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { example?: unknown }>;
    responses?: Record<string, unknown>;
    securitySchemes?: Record<string, unknown>;
  };
}

let ctx: TestContext;
let text: string;
let doc: Document;
beforeAll(async () => {
  ctx = await createTestContext();
  const res = await ctx.request().get('/api/openapi.json');
  expect(res.status).toBe(200);
  text = res.text;
  doc = JSON.parse(text) as Document;
});
afterAll(async () => {
  await ctx.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

describe('/api/openapi.json', () => {
  it('is a valid OpenAPI 3.0 document for swagger-parser', async () => {
    expect(doc.openapi).toBe('3.0.3');
    // validate() dereferences in place, so it gets its own parse. It throws with every structural error in its message.
    const validated = await SwaggerParser.validate(JSON.parse(text)).then(
      () => 'valid',
      (error: unknown) => String(error),
    );
    expect(validated).toBe('valid');
  });

  it("passes redocly's recommended rules and its example checks", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // The spec fixes every path with its trailing slash (/api/clients/{id}/update_payment_status/).
        'no-path-trailing-slash': 'off',
        // A private product: there is no licence to name.
        'info-license': 'off',
        // Every example (components' and media types') must conform to its own schema.
        'no-invalid-schema-examples': 'error',
        'no-invalid-media-type-examples': 'error',
        'no-invalid-parameter-examples': 'error',
      },
    });
    const problems = await lintFromString({ source: text, absoluteRef: '/api/openapi.json', config });
    const described = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`);
    // The one warning left: redocly flags two templated paths of equal shape, whatever their parameters' types.
    // The spec fixes both paths; both ids are integers (asserted below), so no URL with a valid id matches both.
    expect(described).toEqual([
      'warn no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: `/api/messages/conversation/{id}/` and `/api/messages/{id}/mark_read/`.',
    ]);
    for (const path of ['/api/messages/conversation/{id}/', '/api/messages/{id}/mark_read/']) {
      for (const { operation } of operations().filter((o) => o.path === path)) {
        expect(operation.parameters?.find((p) => p.in === 'path' && p.name === 'id')?.schema?.type).toBe('integer');
      }
    }
  });

  it('names a relative server, so it works behind any host', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('marks every public operation with security: [] and every other with the Token scheme', () => {
    expect(doc.components.securitySchemes?.Token).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    const ops = operations();
    const publicOps = ops.filter(({ operation }) => operation['x-roles']?.includes('public'));
    expect(publicOps.map((o) => o.operation.operationId)).toEqual(expect.arrayContaining(['login', 'register', 'getHealth']));
    for (const { path, method, operation } of ops) {
      const expected = operation['x-roles']?.includes('public') ? [] : [{ Token: [] }];
      expect(operation.security, `${method.toUpperCase()} ${path}`).toEqual(expected);
    }
  });

  it('names the shared schemas as components, each with an example, and refers to them', () => {
    const names = [
      'Error',
      'User',
      'Client',
      'Task',
      'Content',
      'Invoice',
      'Notification',
      'Message',
      'PaginatedClients',
      'PaginatedTasks',
      'PaginatedContent',
      'PaginatedInvoices',
      'PaginatedMessages',
      'PaginatedLeads',
      'PaginatedOrders',
    ];
    const registered = openApiComponents().map((c) => c.name);
    expect(registered).toEqual(expect.arrayContaining(names));
    for (const name of registered) {
      expect(doc.components.schemas[name], name).toBeDefined();
      expect(doc.components.schemas[name]?.example, `${name} has an example`).toBeDefined();
      // A component nobody refers to would mean the document inlines its own copy somewhere else.
      expect(text, `${name} is referenced`).toContain(`"#/components/schemas/${name}"`);
    }
    const listClients = doc.paths['/api/clients/']?.get as unknown as {
      responses: Record<string, { content?: Record<string, { schema: unknown }>; $ref?: string }>;
    };
    expect(listClients.responses['200']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/PaginatedClients',
    });
    expect(listClients.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
  });

  it("serves examples that each component's own zod schema accepts", () => {
    for (const { name, schema } of openApiComponents()) {
      const served = doc.components.schemas[name]?.example;
      const parsed = schema.safeParse(served);
      expect(parsed.success ? 'ok' : `${name}: ${parsed.error.message}`).toBe('ok');
    }
  });
});
