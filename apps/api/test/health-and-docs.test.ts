import { ERROR_STATUS } from '../src/core/errors';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { contractRoutes } from './support/contract-routes';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const routesOf = () => contractRoutes().map((r) => r.route);
/** ts-rest writes `/api/clients/:id/` as `/api/clients/{id}/` in OpenAPI. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('health', () => {
  it('reports the database up', async () => {
    const res = await ctx.request().get('/api/health/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('answers 503 when the database is down', async () => {
    const broken = await createTestContext();
    await broken.deps.database.close();
    onTestFinished(() => broken.close());
    const res = await broken.request().get('/api/health/');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'degraded', database: 'down' });
  });
});

describe('API reference', () => {
  it('serves every contract route in /api/openapi.json with its roles', async () => {
    const res = await ctx.request().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const routes = routesOf();
    expect(routes.length).toBeGreaterThan(90);
    for (const route of routes) {
      const op = res.body.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op['x-roles']).toEqual(route.metadata && (route.metadata as { roles: string[] }).roles);
      expect(op.summary).toEqual(expect.any(String));
    }
  });

  it('serves a readable reference page listing the routes', async () => {
    const res = await ctx.request().get('/api/docs/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('/api/invoices/{id}/mark_paid/');
    expect(res.text).toContain('/api/auth/login/');
  });

  it('shows each route’s request and response bodies with an example and a curl line, and every error code with its meaning', async () => {
    const html = (await ctx.request().get('/api/docs/')).text;
    const text = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    const route = (operationId: string) => {
      const m = new RegExp(`<details id="${operationId}">([\\s\\S]*?)</details>`).exec(html);
      expect(m, operationId).not.toBeNull();
      return text(m![1]!);
    };
    // Every operation of the document has its block.
    const doc = (await ctx.request().get('/api/openapi.json')).body as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    for (const id of ids) expect(html, id).toContain(`<details id="${id}">`);

    // Sign-in: a public route, so no Authorization in its curl line; its body example is valid JSON a person can send.
    const login = route('login');
    expect(login).toContain('Request body');
    expect(login).toMatch(/curl -X POST '[^']*\/api\/auth\/login\/'/);
    expect(login).not.toContain('Authorization: Token');
    const loginBody = /-d '([^']*)'/.exec(login)![1]!;
    expect(Object.keys(JSON.parse(loginBody))).toEqual(expect.arrayContaining(['email', 'password']));
    // A staff route: the token header, the example response with the schema's fields, its errors.
    const createClient = route('createClient');
    expect(createClient).toContain("-H 'Authorization: Token <your token>'");
    expect(createClient).toContain('Response 201');
    expect(createClient).toContain('"name"');
    expect(createClient).toContain('Errors:');
    // A path parameter is filled in.
    expect(route('getInvoice')).toMatch(/curl -X GET '[^']*\/api\/invoices\/1\/'/);

    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(html).toMatch(new RegExp(`<tr><td><code>${code}</code></td><td>${status}</td><td>[^<]+`));
    }
  });
});
