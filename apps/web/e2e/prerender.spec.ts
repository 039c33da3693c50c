import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_CATALOG } from '@agency/contract';
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './fixtures';

/*
 * The public pages are prerendered at build (scripts/prerender.mjs) and hydrated: readable without JavaScript,
 * hydrated without a mismatch, and never loading the dashboard's code.
 */

type TManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;
const manifest = JSON.parse(
  readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/.vite/manifest.json'), 'utf8'),
) as TManifest;

/** A chunk and every chunk it imports statically. */
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, into);
  return into;
}

/** The files of the dashboard's code: the dashboard page and every chunk it loads, but for those it shares with the public site. */
function dashboardOnlyFiles(): Set<string> {
  const dashboard = new Set<string>();
  const visit = (key: string) => {
    if (dashboard.has(key)) return;
    dashboard.add(key);
    for (const dep of [...(manifest[key]?.imports ?? []), ...(manifest[key]?.dynamicImports ?? [])]) visit(dep);
  };
  const dashboardPage = Object.keys(manifest).find((k) => k === 'src/app/dashboard.page.tsx' || /(^|\/)dashboard\.page-[\w-]+\.js$/.test(manifest[k]!.file));
  visit(dashboardPage!);
  const publicKeys = new Set<string>();
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  staticClosure(entry, publicKeys);
  for (const page of ['src/features/public/home.page.tsx', 'src/features/public/pricing.page.tsx', 'src/features/public/service.page.tsx']) {
    staticClosure(page, publicKeys);
  }
  return new Set([...dashboard].filter((k) => !publicKeys.has(k)).map((k) => `/${manifest[k]!.file}`));
}

/** Console errors and uncaught exceptions of the page (a hydration mismatch is reported as one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    // The 404 page's own status is not an error of the app.
    if (msg.type() === 'error' && !msg.location().url.endsWith('/no-such-page')) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

test.describe('prerendered public pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/ and /pricing show their heading, content, title and navigation, under the agency’s own name', async ({ page, request }) => {
    // The server writes the agency's name (Settings → Agency) into the prerendered HTML; no built-in brand is left.
    const agency = ((await (await request.get('/api/agency/')).json()) as { name: string }).name;
    for (const [url, title] of [
      ['/', agency],
      ['/pricing', `Pricing | ${agency}`],
    ] as const) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(200);
      await expect(page).toHaveTitle(url === '/' ? new RegExp(agency.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : title);
      expect(await page.content()).not.toContain('%AGENCY_NAME%');
      await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} ${agency}`);
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toHaveCount(1);
      await expect(h1).toBeVisible();
      await expect(h1).not.toHaveText('');
      expect((await page.getByRole('main').innerText()).length, url).toBeGreaterThan(80);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' })).toBeAttached();
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    }
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/pricing/i);
  });

  test('an unknown path answers 404 with Page not found already in the HTML', async ({ page }) => {
    expect((await page.goto('/no-such-page'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});

test.describe('prerendered public pages with JavaScript', () => {
  test('hydrate without an error and then navigate in the browser', async ({ page }) => {
    const errors = collectErrors(page);
    await page.setViewportSize({ width: 375, height: 800 });
    for (const url of ['/', '/pricing', '/services/instagram', '/no-such-page']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Hydrated: the mobile menu button answers.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      await page.getByRole('button', { name: 'Close menu' }).click();
    }
    // A client-side navigation (no new document): the page changes, the window object stays.
    await gotoHydrated(page, '/');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/pricing/i);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(errors).toEqual([]);
  });

  test('a stored cart shows in the header badge after hydration, without a mismatch', async ({ page }) => {
    const errors = collectErrors(page);
    const pkg = PACKAGE_CATALOG[0]!;
    await page.addInitScript((line) => localStorage.setItem('cart', JSON.stringify([line])), {
      id: `${pkg.id}-1`,
      packageId: pkg.id,
      serviceId: pkg.serviceId,
      name: pkg.name,
      quantity: 2,
      price: pkg.price,
      platform: pkg.serviceId.split('-')[0],
      features: [...pkg.features],
    });
    await page.goto('/pricing');
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a signed-out visitor with a stale token sees the public page at once, not a loading screen', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('auth_token', 'stale-token'));
    // The session check is held back: the page must not wait for it.
    await page.route('**/api/auth/me/', () => undefined);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/pricing');
    // Hydrated (the menu answers) and still the page.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/pricing/i);
  });

  test('the public pages load no dashboard code', async ({ page }) => {
    const dashboardFiles = dashboardOnlyFiles();
    expect(dashboardFiles.size).toBeGreaterThan(0);
    const scripts: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
    });
    for (const url of ['/', '/pricing', '/services/instagram']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => dashboardFiles.has(s))).toEqual([]);
    expect(scripts.filter((s) => /dashboard|charts|overview|invoices|billing/.test(s))).toEqual([]);
  });
});
