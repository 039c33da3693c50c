import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_PATHS } from '@agency/contract';
import { createTestContext, type TestContext } from './support/test-app';

/** A built web app in miniature: the SPA's index.html and one hashed asset. */
const INDEX_HTML = '<!doctype html><html><head><title>Agency</title></head><body><div id="root"></div></body></html>';
const ASSET_JS = 'console.log("app");';

let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), ASSET_JS);
  ctx = await createTestContext({ WEB_DIST: webDist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function expectSpa(pathname: string, status: number) {
  const res = await ctx.request().get(pathname);
  expect(res.status, pathname).toBe(status);
  expect(res.headers['content-type'], pathname).toMatch(/text\/html/);
  expect(res.text, pathname).toBe(INDEX_HTML);
}

describe('history fallback', () => {
  it('answers 200 with the SPA for every page of the route table', async () => {
    for (const page of [...PUBLIC_PAGE_PATHS, '/auth', '/dashboard']) await expectSpa(page, 200);
    await expectSpa('/pricing/', 200);
    await expectSpa('/pricing?plan=pro', 200);
  });

  it('answers 200 for /dashboard/*, which the SPA redirects to /dashboard', async () => {
    await expectSpa('/dashboard/clients/12', 200);
  });

  it('answers 404 with the SPA (its Page not found) for any other path', async () => {
    await expectSpa('/no-such-page', 404);
    await expectSpa('/services/nope', 404);
    await expectSpa('/pricing/extra', 404);
    await expectSpa('/dashboardx', 404);
  });

  it('still serves the built assets', async () => {
    const res = await ctx.request().get('/assets/app-1a2b3c.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.text).toBe(ASSET_JS);
  });

  it('keeps unknown /api paths a JSON 404', async () => {
    const res = await ctx.request().get('/api/no-such-route/');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found' });
  });
});
