import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, NO_REUSE, test, type TSession } from './fixtures';

/**
 * The two Performance Analytics screens on real data: a fresh client connects a sandbox Instagram account through
 * the API's OAuth round trip (the sandbox consent page's answer is made the way the page makes it), so its first
 * snapshot exists; the admin screens also see the demo agency's year of history (read only).
 */

/** Connects a sandbox account for `session`: initiate, then the callback with the code the consent page would give. */
async function connectSandbox(request: APIRequestContext, session: TSession, handle: string, provider = 'instagram'): Promise<void> {
  const headers = { authorization: `Token ${session.token}`, ...NO_REUSE };
  const start = await request.get(`/api/oauth/${provider}/initiate/`, { headers });
  expect(start.status(), await start.text()).toBe(200);
  const { oauth_url, state } = (await start.json()) as { oauth_url: string; state: string };
  const grant = new URL(oauth_url).searchParams.get('grant');
  expect(grant, `the sandbox consent page is used when ${provider} has no credentials`).toBeTruthy();
  const done = await request.post(`/api/oauth/${provider}/callback/`, { headers, data: { code: `${grant}.${handle}`, state } });
  expect(done.status(), await done.text()).toBe(200);
}

/** The file of a download started by `action`, with its suggested name. */
async function downloadOf(page: Page, action: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const event: Promise<Download> = page.waitForEvent('download');
  await action();
  const download = await event;
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

/** The page count of a PDF: the /Count of its page tree (0 when there is none). */
function pageCount(bytes: Buffer): number {
  const counts = [...bytes.toString('latin1').matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g)];
  return Math.max(0, ...counts.map((m) => Number(m[1] ?? m[2])));
}

function expectPdf(file: { name: string; bytes: Buffer }): void {
  expect(file.name).toMatch(/\.pdf$/);
  expect(isPdf(file.bytes), 'starts with %PDF-').toBe(true);
  expect(pageCount(file.bytes), 'has pages').toBeGreaterThanOrEqual(1);
}

/** A chart has been drawn: its figure's SVG holds paths (the chart code loads lazily). */
async function expectDrawn(figure: Locator): Promise<void> {
  await expect(figure).toBeVisible();
  await expect.poll(() => figure.locator('svg.recharts-surface path').count(), { timeout: 15_000 }).toBeGreaterThan(0);
}

test.describe('client performance analytics', () => {
  test('cards and charts from the connected account, the period changes the monthly table, Download Report is a PDF', async ({
    request,
    clientLogin,
    clientPage: page,
    uid,
  }, testInfo) => {
    // Many steps (two PDFs, four axe scans, a sandbox sync): a loaded CI machine needs more than the default minute.
    test.setTimeout(120_000);
    const handle = `perf_${uid}`;
    await connectSandbox(request, clientLogin, handle);
    await page.goto('/dashboard#performance');

    const summary = page.getByRole('region', { name: 'Performance summary' });
    await expect(summary).toContainText('Across 1 account');
    await expect(page.getByText('No social media accounts connected')).toHaveCount(0);
    await expectDrawn(page.getByRole('figure', { name: 'Follower Growth' }));
    await expectDrawn(page.getByRole('figure', { name: 'Monthly Reach' }));
    await expectNoSeriousAxeViolations(page, testInfo, 'client performance: overview');

    await page.getByRole('tab', { name: 'Growth Tracking' }).click();
    await expectDrawn(page.getByRole('figure', { name: 'Growth Tracking' }));
    const monthly = page.getByRole('region', { name: /Monthly Performance/ });
    await expect(monthly.locator('tbody tr')).toHaveCount(6);
    const asked = page.waitForRequest((r) => r.url().includes('/api/analytics/client-overview/') && r.url().includes('period=1year'));
    await page.getByLabel('Period').selectOption('1year');
    await asked;
    await expect(monthly.locator('tbody tr')).toHaveCount(12);
    await expect(page).toHaveURL(/period=1year/);
    await expectNoSeriousAxeViolations(page, testInfo, 'client performance: growth tracking');

    await page.getByRole('tab', { name: 'Engagement' }).click();
    await expectDrawn(page.getByRole('figure', { name: 'Engagement per Account' }));
    await expect(page.getByRole('heading', { name: new RegExp(handle) })).toBeVisible();

    await page.getByRole('tab', { name: 'Platform Performance' }).click();
    await expectDrawn(page.getByRole('figure', { name: 'Platform Comparison' }));
    await expectNoSeriousAxeViolations(page, testInfo, 'client performance: platforms');

    await page.getByRole('button', { name: 'Detailed Analytics' }).click();
    const dialog = page.getByRole('dialog', { name: 'Detailed Analytics' });
    await expect(dialog).toContainText(handle);
    await expect(dialog).not.toContainText(/coming soon/i);
    await expectNoSeriousAxeViolations(page, testInfo, 'client performance: detailed analytics');
    await dialog.getByRole('button', { name: 'Close' }).click();

    const report = await downloadOf(page, () => page.getByRole('button', { name: 'Download Report' }).click());
    expectPdf(report);
  });
});

test.describe('admin performance analytics', () => {
  test('overview trends and a top client Report PDF; Export Report as CSV and as PDF', async ({ adminPage: page }, testInfo) => {
    await page.goto('/dashboard#performance');
    const summary = page.getByRole('region', { name: 'Performance summary' });
    await expect(summary).toBeVisible();
    await expectNoSeriousAxeViolations(page, testInfo, 'admin performance: overview');
    for (const fixed of ['+5.2%', '+2.8%', '+12.5%', '+8.3%']) await expect(summary).not.toContainText(fixed);

    const top = page.getByRole('heading', { name: 'Top Performing Clients' }).locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
    const firstReport = top.getByRole('button', { name: /^Report of / }).first();
    await expect(firstReport).toBeVisible();
    const report = await downloadOf(page, () => firstReport.click());
    expectPdf(report);

    const csv = await downloadOf(page, async () => {
      await page.getByRole('button', { name: 'Export Report' }).click();
      await page.getByRole('menuitem', { name: 'CSV (table)' }).click();
    });
    expect(csv.name).toMatch(/\.csv$/);
    expect(csv.bytes.toString('utf8').split('\n')[0]?.toLowerCase()).toContain('client');

    const pdf = await downloadOf(page, async () => {
      await page.getByRole('button', { name: 'Export Report' }).click();
      await page.getByRole('menuitem', { name: 'PDF report' }).click();
    });
    expectPdf(pdf);
  });

  test('client performance for one client: its growth chart, the period changes the table, a row Report PDF; live metrics and advanced analytics', async ({
    request,
    clientLogin,
    adminPage: page,
    uid,
  }, testInfo) => {
    test.setTimeout(120_000);
    const handle = `live_${uid}`;
    await connectSandbox(request, clientLogin, handle);

    await page.goto(`/dashboard?tab=clients&client=${clientLogin.clientId}#performance`);
    const row = page.locator('tbody tr').filter({ hasText: clientLogin.name });
    await expect(row).toHaveCount(1);
    await expectDrawn(page.getByRole('figure', { name: `Growth of ${clientLogin.name}` }));

    const asked = page.waitForRequest((r) => r.url().includes('/api/performance/') && r.url().includes('period=1year') && !r.url().includes('monthly'));
    await page.getByLabel('Period').selectOption('1year');
    await asked;
    await expect(page).toHaveURL(/period=1year/);
    await expect(row).toHaveCount(1);
    await expectNoSeriousAxeViolations(page, testInfo, 'admin performance: client performance');

    const report = await downloadOf(page, () => row.getByRole('button', { name: `Report of ${clientLogin.name}` }).click());
    expectPdf(report);

    await row.getByRole('button', { name: `Monthly report e-mail of ${clientLogin.name}` }).click();
    const schedule = page.getByRole('dialog', { name: 'Monthly report e-mail' });
    await expect(schedule).toContainText(clientLogin.email);
    await schedule.getByRole('switch').click();
    await expect(schedule.getByRole('switch')).toBeChecked();
    await expect(schedule).not.toContainText('Not scheduled');
    await expectNoSeriousAxeViolations(page, testInfo, 'admin performance: report schedule');
    await schedule.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: 'Real-time Metrics' }).click();
    const card = page.getByRole('heading', { name: new RegExp(handle) }).locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
    await expect(card).toContainText('Live');
    await expect(card).toContainText('Last updated');
    await expectNoSeriousAxeViolations(page, testInfo, 'admin performance: real-time metrics');

    // Live: the client connects another account; its card appears here without a reload ('metrics.updated' push).
    const newHandle = `yt_${uid}`;
    await expect(page.getByRole('heading', { name: new RegExp(newHandle) })).toHaveCount(0);
    await connectSandbox(request, clientLogin, newHandle, 'youtube');
    await expect(page.getByRole('heading', { name: new RegExp(newHandle) })).toBeVisible();

    await page.getByRole('tab', { name: 'Advanced Analytics' }).click();
    await expectDrawn(page.getByRole('figure', { name: 'Platform Distribution' }));
    const benchmark = page.getByRole('figure', { name: 'Engagement Benchmark' });
    await expectDrawn(benchmark);
    await expect(benchmark).toContainText('industry average of 3.5%');
    await expectNoSeriousAxeViolations(page, testInfo, 'admin performance: advanced analytics');
  });
});
