import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AGENCY_NAME, PUBLIC_PAGE_PATHS } from '@agency/contract';
import { createTestContext, type TestContext } from './support/test-app';

/** A built web app in miniature: the SPA's index.html, one hashed asset and a few prerendered pages. */
const INDEX_HTML = '<!doctype html><html><head><title>Agency</title></head><body><div id="root"></div></body></html>';
// Above compression's 1 KB threshold, as real pages and chunks are.
const ASSET_JS = 'console.log("app");\n'.repeat(100);
const prerendered = (h1: string) => `<!doctype html><html><head><title>${h1} | %AGENCY_NAME%</title></head><body><div id="root" data-prerendered><h1>${h1}</h1><p>${'Grow your audience. '.repeat(60)}</p></div></body></html>`;
const PRERENDERED: Record<string, string> = {
  'index.html': prerendered('Home'),
  'pricing.html': prerendered('Pricing'),
  'services/instagram.html': prerendered('Instagram Growth'),
  '404.html': prerendered('Page not found'),
};

/**
 * A page as served: the agency's name where prerendering left its placeholder, and the agency's profile as a JSON
 * script in the head (no admin and no profile here: the default name).
 */
const PROFILE = { name: DEFAULT_AGENCY_NAME, email: null, phone: null, address: null, website: null, invoice_prefix: 'INV-' };
const served = (html: string) =>
  html
    .replaceAll('%AGENCY_NAME%', DEFAULT_AGENCY_NAME)
    .replace('</head>', `<script id="agency-profile" type="application/json">${JSON.stringify(PROFILE)}</script></head>`);

let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), ASSET_JS);
  for (const [file, html] of Object.entries(PRERENDERED)) {
    mkdirSync(path.dirname(path.join(webDist, 'prerendered', file)), { recursive: true });
    writeFileSync(path.join(webDist, 'prerendered', file), html);
  }
  ctx = await createTestContext({ WEB_DIST: webDist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function expectHtml(pathname: string, status: number, html: string) {
  const res = await ctx.request().get(pathname);
  expect(res.status, pathname).toBe(status);
  expect(res.headers['content-type'], pathname).toMatch(/text\/html/);
  expect(res.headers['cache-control'], pathname).toBe('no-cache');
  expect(res.text, pathname).toBe(served(html));
}

const expectSpa = (pathname: string, status: number) => expectHtml(pathname, status, INDEX_HTML);
const PRERENDERED_PATHS = ['/', '/pricing', '/services/instagram'];

describe('history fallback', () => {
  it('answers 404 with the SPA when the build has no prerendered pages', async () => {
    const bare = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(bare, 'index.html'), INDEX_HTML);
    const other = await createTestContext({ WEB_DIST: bare });
    try {
      const missing = await other.request().get('/no-such-page');
      expect(missing.status).toBe(404);
      expect(missing.text).toBe(served(INDEX_HTML));
      const pricing = await other.request().get('/pricing');
      expect(pricing.status).toBe(200);
      expect(pricing.text).toBe(served(INDEX_HTML));
    } finally {
      await other.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('answers 200 with the SPA for every page of the route table that was not prerendered', async () => {
    for (const page of [...PUBLIC_PAGE_PATHS.filter((p) => !PRERENDERED_PATHS.includes(p)), '/auth', '/dashboard', '/oauth/callback/instagram']) {
      await expectSpa(page, 200);
    }
  });

  it("answers 200 with a public page's prerendered HTML where the build made one", async () => {
    await expectHtml('/', 200, PRERENDERED['index.html']!);
    await expectHtml('/pricing', 200, PRERENDERED['pricing.html']!);
    await expectHtml('/pricing/', 200, PRERENDERED['pricing.html']!);
    await expectHtml('/Pricing?plan=pro', 200, PRERENDERED['pricing.html']!);
    await expectHtml('/services/instagram', 200, PRERENDERED['services/instagram.html']!);
  });

  it('answers 200 for /dashboard/*, which the SPA redirects to /dashboard', async () => {
    await expectSpa('/dashboard/clients/12', 200);
  });

  it("answers 404 with the prerendered 'Page not found' for any other path", async () => {
    for (const page of ['/no-such-page', '/services/nope', '/pricing/extra', '/dashboardx', '/404', '/prerendered/pricing', '/..%2fpackage']) {
      await expectHtml(page, 404, PRERENDERED['404.html']!);
    }
  });

  it('gzips the HTML and the assets for a browser that accepts it', async () => {
    const page = await ctx.request().get('/pricing').set('Accept-Encoding', 'gzip');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.text).toBe(served(PRERENDERED['pricing.html']!));
    expect(page.text).toContain(`<title>Pricing | ${DEFAULT_AGENCY_NAME}</title>`);
    const asset = await ctx.request().get('/assets/app-1a2b3c.js').set('Accept-Encoding', 'gzip');
    expect(asset.headers['content-encoding']).toBe('gzip');
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
