import { contract } from '@agency/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi, TEST_USER, testSession } from '@/test/render';
import AdminPerformancePage from '../performance.page';
import {
  accountStatus,
  analyticsOverview,
  MONTHLY_ROWS,
  PERFORMANCE_ROWS,
  realtimeMetric,
  socialAccount,
} from './fixtures';

const pdf = () => new Blob(['%PDF-1.7'], { type: 'application/pdf' });

function renderPage(search = '') {
  return renderWithApi(<AdminPerformancePage />, { route: `/dashboard${search}#performance` });
}

function cardOf(label: string): HTMLElement {
  return screen.getByText(label, { selector: 'p' }).closest('div.rounded-xl') as HTMLElement;
}

describe('admin performance analytics', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('Overview: the cards carry the API trends ("—" without an earlier period), agency growth, tasks and top clients', async () => {
    mockRoute(contract.analytics.getAnalyticsOverview, { status: 200, body: analyticsOverview() });
    renderPage();
    const summary = await screen.findByRole('region', { name: 'Performance summary' });
    expect(within(summary).getByText('2.5M')).toBeInTheDocument();
    expect(cardOf('Total Followers')).toHaveTextContent('+7.3%');
    expect(cardOf('Average Engagement')).toHaveTextContent('4.1%');
    expect(cardOf('Average Engagement')).toHaveTextContent('-1.5%');
    expect(cardOf('Total Reach')).toHaveTextContent('8.9M');
    expect(cardOf('Total Reach')).toHaveTextContent('—');
    expect(cardOf('Total Reach')).toHaveTextContent('No earlier period');
    expect(cardOf('Daily Growth')).toHaveTextContent('+1.2K');
    expect(cardOf('Daily Growth')).toHaveTextContent('0%');
    for (const fixed of ['5.2%', '2.8%', '12.5%', '8.3%']) expect(summary).not.toHaveTextContent(fixed);

    expect(screen.getByRole('heading', { name: 'Agency Growth' }).closest('div.rounded-xl')).toHaveTextContent('$12,500');
    const tasks = screen.getByRole('heading', { name: 'Task Performance' }).closest('div.rounded-xl') as HTMLElement;
    expect(within(tasks).getByRole('progressbar', { name: 'Task completion rate' })).toHaveAttribute('aria-valuenow', '62.5');
    expect(tasks).toHaveTextContent('25');
    // The Tasks screen's statuses: tasks in Review are not counted as In Progress.
    expect(tasks).toHaveTextContent('In Progress5');
    expect(tasks).toHaveTextContent('Review4');

    const top = screen.getByRole('heading', { name: 'Top Performing Clients' }).closest('div.rounded-xl') as HTMLElement;
    const items = within(top).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Nova Fitness');
    expect(items[0]).toHaveTextContent('1.2M followers');
    expect(items[0]).toHaveTextContent('+12.4%');
    expect(items[1]).toHaveTextContent('—');
  });

  it('a top client Report downloads its PDF of the period', async () => {
    mockRoute(contract.analytics.getAnalyticsOverview, { status: 200, body: analyticsOverview() });
    const downloads = mockRoute(contract.analytics.downloadClientReport, { status: 200, body: pdf() });
    const user = userEvent.setup();
    renderPage('?period=3months');
    await user.click(await screen.findByRole('button', { name: 'Report of Nova Fitness' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.params.id).toBe('3');
    expect(downloads[0]?.url.searchParams.get('period')).toBe('3months');
    expect(downloads[0]?.url.searchParams.get('format')).toBe('pdf');
    expect(await screen.findByText('Report of Nova Fitness downloaded')).toBeInTheDocument();
  });

  it('changing the period asks the API for the new period', async () => {
    const calls = mockRoute(contract.analytics.getAnalyticsOverview, (req) => ({
      status: 200,
      body: analyticsOverview({ period: req.url.searchParams.get('period') as '1year' }),
    }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: 'Performance summary' });
    expect(calls[0]?.url.searchParams.get('period')).toBe('6months');
    await user.selectOptions(screen.getByLabelText('Period'), '1year');
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('period')).toBe('1year'));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard#performance');
  });

  it('Client Performance: the table of the period, one client with its monthly growth chart, Report per row', async () => {
    const table = mockRoute(contract.performance.listPerformance, (req) => ({
      status: 200,
      body: req.url.searchParams.get('monthly') === 'true' ? MONTHLY_ROWS : PERFORMANCE_ROWS.filter((r) => r.client === 3),
    }));
    const downloads = mockRoute(contract.analytics.downloadClientReport, { status: 200, body: pdf() });
    const user = userEvent.setup();
    renderPage('?tab=clients&client=3&period=1month');
    const row = await waitFor(() => {
      const found = screen.getAllByRole('row').find((r) => r.textContent?.includes('Nova Fitness') && r.textContent.includes('$2,500'));
      expect(found).toBeDefined();
      return found as HTMLElement;
    });
    expect(row).toHaveTextContent('1.2M');
    expect(row).toHaveTextContent('5.0%');
    expect(row).toHaveTextContent('4M');
    expect(row).toHaveTextContent('+12.4%');
    const agencyCall = table.find((c) => c.url.searchParams.get('monthly') === null);
    expect(agencyCall?.url.searchParams.get('client_id')).toBe('3');
    expect(agencyCall?.url.searchParams.get('period')).toBe('1month');
    expect(table.some((c) => c.url.searchParams.get('monthly') === 'true' && c.url.searchParams.get('client_id') === '3')).toBe(true);
    expect(await screen.findByRole('figure', { name: 'Growth of Nova Fitness' })).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Report of Nova Fitness' }));
    await waitFor(() => expect(downloads[0]?.url.searchParams.get('period')).toBe('1month'));
  });

  it('Client Performance: growth null shows —, a paused client earns $0', async () => {
    mockRoute(contract.performance.listPerformance, { status: 200, body: PERFORMANCE_ROWS });
    renderPage('?tab=clients');
    const row = (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('Blue Cafe')) as HTMLElement;
    expect(row).toHaveTextContent('—');
    expect(row).toHaveTextContent('$0');
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it('the monthly report e-mail: shows the schedule and turns it on', async () => {
    mockRoute(contract.performance.listPerformance, { status: 200, body: PERFORMANCE_ROWS });
    mockRoute(contract.analytics.getReportSchedule, {
      status: 200,
      body: { client: 3, enabled: false, recipient_email: 'nova@client.test', last_sent_at: '2025-03-01T06:00:00Z', last_sent_month: '2025-02', next_run_at: null },
    });
    const puts = mockRoute(contract.analytics.setReportSchedule, (req) => ({
      status: 200,
      body: { client: 3, enabled: true, recipient_email: 'nova@client.test', last_sent_at: '2025-03-01T06:00:00Z', last_sent_month: '2025-02', next_run_at: '2099-01-01T00:00:00Z', ...(req.body as object) },
    }));
    const user = userEvent.setup();
    renderPage('?tab=clients');
    await user.click(await screen.findByRole('button', { name: 'Monthly report e-mail of Nova Fitness' }));
    const dialog = await screen.findByRole('dialog', { name: 'Monthly report e-mail' });
    expect(await within(dialog).findByText('nova@client.test')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Mar 1, 2025');
    expect(dialog).toHaveTextContent('report of 2025-02');
    expect(dialog).toHaveTextContent('Not scheduled');
    const toggle = within(dialog).getByRole('switch', { name: /Send the monthly report/ });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(puts[0]?.body).toEqual({ enabled: true }));
    expect(puts[0]?.params.id).toBe('3');
    await waitFor(() => expect(within(dialog).getByRole('switch', { name: /Send the monthly report/ })).toBeChecked());
    expect(dialog).toHaveTextContent('Jan 1, 2099');
    expect(await screen.findByText('Monthly report of Nova Fitness scheduled')).toBeInTheDocument();
  });

  it('Real-time Metrics: a Live card per account, accounts needing reconnection, fresh figures when metrics change', async () => {
    let followers = 15_400;
    const metrics = mockRoute(contract.metrics.getRealtimeMetrics, () => ({ status: 200, body: { data: [realtimeMetric(21, 'nova.fit', { followers_count: followers })] } }));
    const broken = { ...socialAccount(22, 'NovaTV', 'Nova Fitness'), needs_reconnect: true };
    const healthy = socialAccount(21, 'nova.fit', 'Nova Fitness');
    mockRoute(contract.socialAccounts.listSocialAccounts, { status: 200, body: { accounts: [healthy, broken] } });
    mockRoute(contract.socialAccounts.getSocialAccountStatus, (req) => ({
      status: 200,
      body: req.params.id === '22' ? accountStatus(broken, false) : accountStatus(healthy, true),
    }));
    const { queryClient } = renderPage('?tab=realtime');
    const card = (await screen.findByRole('heading', { name: '@nova.fit' })).closest('div.rounded-xl') as HTMLElement;
    expect(within(card).getByText('Live')).toBeInTheDocument();
    expect(card).toHaveTextContent('15.4K');
    expect(card).toHaveTextContent('4.7%');
    expect(card).toHaveTextContent('2.3K');
    expect(card).toHaveTextContent('+42');
    expect(card).toHaveTextContent('Last updated 5m ago');

    const warning = await screen.findByRole('region', { name: 'Needs reconnection (1)' });
    expect(warning).toHaveTextContent('NovaTV');
    expect(warning).toHaveTextContent('Nova Fitness');
    expect(warning).not.toHaveTextContent('nova.fit');

    // What a 'metrics.updated' push does (lib/realtime invalidates ['metrics']): the cards follow.
    followers = 16_000;
    await act(() => queryClient.invalidateQueries({ queryKey: ['metrics'] }));
    await waitFor(() => expect(card).toHaveTextContent('16K'));
    expect(metrics.length).toBeGreaterThanOrEqual(2);
  });

  it('Real-time Metrics without accounts: the empty state leads to the clients', async () => {
    mockRoute(contract.metrics.getRealtimeMetrics, { status: 200, body: { data: [] } });
    mockRoute(contract.socialAccounts.listSocialAccounts, { status: 200, body: { accounts: [] } });
    const user = userEvent.setup();
    renderPage('?tab=realtime');
    expect(await screen.findByText('No connected accounts')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Connect Accounts' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard#clients');
  });

  it('Advanced Analytics: platform distribution, revenue with "—" growth, the 3.5% benchmark', async () => {
    mockRoute(contract.analytics.getAnalyticsOverview, { status: 200, body: analyticsOverview() });
    renderPage('?tab=advanced');
    const donut = await screen.findByRole('figure', { name: 'Platform Distribution' });
    const rows = within(donut).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Instagram');
    expect(rows[1]).toHaveTextContent('6 accounts');
    expect(rows[1]).toHaveTextContent('60.0%');
    expect(rows[4]).toHaveTextContent('Facebook');
    const revenue = screen.getByRole('heading', { name: 'Revenue Analysis' }).closest('div.rounded-xl') as HTMLElement;
    expect(revenue).toHaveTextContent('$12,500');
    expect(revenue).toHaveTextContent('$1,389');
    expect(revenue).toHaveTextContent('—');
    expect(revenue).not.toHaveTextContent('15.2');
    const bench = screen.getByRole('figure', { name: 'Engagement Benchmark' });
    expect(bench).toHaveTextContent('industry average of 3.5%');
    expect(within(bench).getAllByRole('row')[2]).toHaveTextContent('3.5%');
    const benchmarks = screen.getByRole('heading', { name: 'Benchmarks' }).closest('div.rounded-xl') as HTMLElement;
    expect(benchmarks).toHaveTextContent('75%');
    expect(benchmarks).toHaveTextContent('204.2K');
    expect(benchmarks).toHaveTextContent('0.6 points above the industry average');
  });

  it('Real-time Metrics: a card says Live only while its figures are fresh, and a YouTube card counts subscribers', async () => {
    const dayOld = new Date(Date.now() - 21 * 3_600_000).toISOString();
    mockRoute(contract.metrics.getRealtimeMetrics, {
      status: 200,
      body: {
        data: [
          realtimeMetric(31, 'fresh.one'),
          realtimeMetric(32, 'CaraTV', { account: { id: 32, platform: 'youtube', username: 'CaraTV' }, last_updated: dayOld }),
        ],
      },
    });
    renderPage('?tab=realtime');
    const fresh = (await screen.findByRole('heading', { name: '@fresh.one' })).closest('div.rounded-xl') as HTMLElement;
    expect(within(fresh).getByText('Live')).toBeInTheDocument();
    expect(within(fresh).getByText('Followers')).toBeInTheDocument();
    const stale = screen.getByRole('heading', { name: '@CaraTV' }).closest('div.rounded-xl') as HTMLElement;
    expect(stale).toHaveTextContent('Last updated 21h ago');
    expect(within(stale).queryByText('Live')).not.toBeInTheDocument();
    expect(within(stale).getByText('Subscribers')).toBeInTheDocument();
  });

  it('Export Report downloads the CSV and the PDF with the current client and period', async () => {
    mockRoute(contract.analytics.getAnalyticsOverview, { status: 200, body: analyticsOverview() });
    const exports = mockRoute(contract.performance.exportPerformance, (req) => ({
      status: 200,
      body: req.url.searchParams.get('format') === 'pdf' ? pdf() : 'client,followers\nNova Fitness,1200000\n',
    }));
    const user = userEvent.setup();
    renderPage('?client=3&period=3months');
    await user.click(await screen.findByRole('button', { name: 'Export Report' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (table)' }));
    await waitFor(() => expect(exports).toHaveLength(1));
    await screen.findByText('Performance exported as CSV');
    await user.click(screen.getByRole('button', { name: 'Export Report' }));
    await user.click(await screen.findByRole('menuitem', { name: 'PDF report' }));
    await waitFor(() => expect(exports).toHaveLength(2));
    expect(exports.map((e) => Object.fromEntries(e.url.searchParams))).toEqual([
      { format: 'csv', period: '3months', client_id: '3' },
      { format: 'pdf', period: '3months', client_id: '3' },
    ]);
  });

  it('a failed load shows the error with Try Again', async () => {
    mockRoute(contract.analytics.getAnalyticsOverview, { status: 200, body: analyticsOverview() });
    mockRoute(contract.analytics.getAnalyticsOverview, { status: 500, body: { detail: 'Analytics are down', code: 'server_error' } }, { once: true });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Analytics are down');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Performance summary' })).toBeInTheDocument();
  });

  it('Refresh asks the API again', async () => {
    const calls = mockRoute(contract.analytics.getAnalyticsOverview, { status: 200, body: analyticsOverview() });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: 'Performance summary' });
    expect(calls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('a client is turned away', async () => {
    renderWithApi(<AdminPerformancePage />, {
      session: testSession({ ...TEST_USER, role: 'client', client_id: 3 }),
    });
    expect(await screen.findByText(/You need admin privileges/)).toBeInTheDocument();
  });
});
