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
});
