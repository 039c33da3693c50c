import { contract } from '@agency/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi, testSession } from '@/test/render';
import ClientPerformancePage from '../performance.page';
import { CLIENT_USER, clientOverview } from './fixtures';

const session = testSession(CLIENT_USER);

function renderPage(route = '/dashboard#performance') {
  return renderWithApi(<ClientPerformancePage />, { session, route });
}

describe('client performance analytics', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the four cards from the API: followers and reach abbreviated, engagement ×100 with one decimal', async () => {
    mockRoute(contract.analytics.getClientAnalyticsOverview, { status: 200, body: clientOverview() });
    renderPage();
    const cards = await screen.findByRole('region', { name: 'Performance summary' });
    expect(within(cards).getByText('12.3K')).toBeInTheDocument();
    expect(within(cards).getByText('4.6%')).toBeInTheDocument();
    expect(within(cards).getByText('1.2M')).toBeInTheDocument();
    expect(within(cards).getByText('14')).toBeInTheDocument();
    expect(within(cards).getByText('Across 2 accounts')).toBeInTheDocument();
    expect(screen.queryByText('No social media accounts connected')).not.toBeInTheDocument();
    // Both overview charts are titled figures with their data as a table.
    expect(screen.getByRole('figure', { name: 'Follower Growth' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Monthly Reach' })).toBeInTheDocument();
  });

  it('Growth Tracking: the monthly table shows — for an unknown growth, and a new period asks the API for it', async () => {
    const calls = mockRoute(contract.analytics.getClientAnalyticsOverview, (req) => {
      const period = req.url.searchParams.get('period') as '3months' | '6months' | '1year';
      return {
        status: 200,
        body:
          period === '1year'
            ? clientOverview({ period, monthly: [{ id: 9, month: '2024-06', followers: 4_200, reach: 9_000, engagement: 0.02, growth_rate: 3.25 }] })
            : clientOverview(),
      };
    });
    const user = userEvent.setup();
    renderPage('/dashboard?tab=growth#performance');
    const monthly = await screen.findByRole('region', { name: /Monthly Performance/ });
    expect(calls[0]?.url.searchParams.get('period')).toBe('6months');
    const rows = within(monthly).getAllByRole('row');
    // Newest first: Mar 2025 (-2%), Feb 2025 (+10%), Jan 2025 (no earlier month: —).
    expect(rows[1]).toHaveTextContent('Mar 2025');
    expect(rows[1]).toHaveTextContent('-2%');
    expect(rows[2]).toHaveTextContent('+10%');
    expect(rows[3]).toHaveTextContent('Jan 2025');
    expect(rows[3]).toHaveTextContent('—');
    expect(rows[3]).toHaveTextContent('4.1%');

    await user.selectOptions(screen.getByLabelText('Period'), '1year');
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('period')).toBe('1year'));
    await waitFor(() => expect(within(monthly).getAllByRole('row')[1]).toHaveTextContent('Jun 2024'));
    expect(within(monthly).getAllByRole('row')[1]).toHaveTextContent('+3.3%');
    expect(within(monthly).getAllByRole('row')).toHaveLength(2);
  });

  it('a new client without any figure: no zero charts, engagement and reach "—", no report to download; the banner connects', async () => {
    mockRoute(contract.analytics.getClientAnalyticsOverview, {
      status: 200,
      body: clientOverview({
        summary: { total_followers: 0, average_engagement: 0, monthly_reach: 0, posts_this_month: 0 },
        // Months before any account was connected: no figures at all.
        monthly: [
          { id: 202610, month: '2026-10', followers: null, reach: null, engagement: null, growth_rate: null },
          { id: 202611, month: '2026-11', followers: null, reach: null, engagement: null, growth_rate: null },
        ],
        accounts: [],
        platform_performance: clientOverview().platform_performance.map((p) => ({ ...p, connected: false })),
      }),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('No social media accounts connected')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Performance summary' });
    expect(within(summary).getByText('Average Engagement').closest('div.rounded-xl')).toHaveTextContent('—');
    expect(within(summary).getByText('Average Engagement').closest('div.rounded-xl')).not.toHaveTextContent('0.0%');
    expect(within(summary).getByText('Monthly Reach').closest('div.rounded-xl')).toHaveTextContent('—');
    expect(screen.getByText('No figures yet')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Engagement' })).not.toBeInTheDocument();
    const download = screen.getByRole('button', { name: 'Download Report' });
    expect(download).toBeDisabled();
    expect(download).toHaveAttribute('title', 'There is nothing to report yet: connect an account first');
    expect(screen.getByRole('button', { name: 'Detailed Analytics' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Connect Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Social Media Account' });
    expect(within(dialog).getByRole('button', { name: /^Instagram/ })).toBeInTheDocument();
  });

  it('a month without data reads "—" in the monthly table, never 0 followers or 0.0%', async () => {
    mockRoute(contract.analytics.getClientAnalyticsOverview, {
      status: 200,
      body: clientOverview({
        monthly: [
          { id: 202610, month: '2026-10', followers: null, reach: null, engagement: null, growth_rate: null },
          { id: 202611, month: '2026-11', followers: 48_384, reach: 975_736, engagement: 0.0401, growth_rate: null },
        ],
      }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Growth Tracking' }));
    const october = (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('Oct 2026'))!;
    expect(october.textContent).toBe('Oct 2026—— (no earlier period to compare with)——');
    const november = screen.getAllByRole('row').find((r) => r.textContent?.includes('Nov 2026'))!;
    expect(november).toHaveTextContent('48.4K');
    expect(november).toHaveTextContent('4.0%');
    expect(november).toHaveTextContent('975.7K');
  });

  it('Engagement and Platform Performance: a card per account, platforms connected or not', async () => {
    mockRoute(contract.analytics.getClientAnalyticsOverview, { status: 200, body: clientOverview() });
    const user = userEvent.setup();
    renderPage('/dashboard?tab=engagement#performance');
    expect(await screen.findByRole('figure', { name: 'Engagement per Account' })).toBeInTheDocument();
    const card = screen.getByRole('heading', { name: '@CaraTV' }).closest('div.rounded-xl') as HTMLElement;
    expect(within(card).getByText('3.1%')).toBeInTheDocument();
    expect(within(card).getByText('-2')).toBeInTheDocument();
    expect(within(card).getByText('—')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Platform Performance' }));
    const tiktok = (await screen.findByRole('heading', { name: 'TikTok' })).closest('div.rounded-xl') as HTMLElement;
    expect(within(tiktok).getByText('Not connected')).toBeInTheDocument();
    const instagram = screen.getByRole('heading', { name: 'Instagram' }).closest('div.rounded-xl') as HTMLElement;
    expect(within(instagram).getByText('Connected')).toBeInTheDocument();
    expect(within(instagram).getByText('+6.4%')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Platform Comparison' })).toBeInTheDocument();
  });

  it('Detailed Analytics opens the full per-account table, no "coming soon"', async () => {
    mockRoute(contract.analytics.getClientAnalyticsOverview, { status: 200, body: clientOverview() });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Detailed Analytics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detailed Analytics' });
    expect(within(dialog).queryByText(/coming soon/i)).not.toBeInTheDocument();
    expect(within(dialog).getByText('2 of 3 platforms connected', { exact: false })).toBeInTheDocument();
    const row = within(dialog).getAllByRole('row').find((r) => r.textContent?.includes('cara.studio')) as HTMLElement;
    expect(row).toHaveTextContent('9,000');
    expect(row).toHaveTextContent('5.2%');
    expect(row).toHaveTextContent('700,000');
    expect(row).toHaveTextContent('+35');
    expect(row).toHaveTextContent('+6.4%');
  });

  it('Download Report fetches the PDF of the selected period for the signed-in client', async () => {
    mockRoute(contract.analytics.getClientAnalyticsOverview, { status: 200, body: clientOverview() });
    const downloads = mockRoute(contract.analytics.downloadClientReport, { status: 200, body: new Blob(['%PDF-1.7'], { type: 'application/pdf' }) });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPage('/dashboard?period=1year#performance');
    await user.click(await screen.findByRole('button', { name: 'Download Report' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.params.id).toBe('7');
    expect(downloads[0]?.url.searchParams.get('period')).toBe('1year');
    expect(downloads[0]?.url.searchParams.get('format')).toBe('pdf');
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(await screen.findByText('Report downloaded')).toBeInTheDocument();
  });

  it('a failed load shows the error with Try Again, which asks again', async () => {
    // The later override answers first: one failure, then the data.
    mockRoute(contract.analytics.getClientAnalyticsOverview, { status: 200, body: clientOverview() });
    const calls = mockRoute(contract.analytics.getClientAnalyticsOverview, { status: 500, body: { detail: 'Analytics are down', code: 'server_error' } }, { once: true });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Analytics are down');
    expect(calls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Performance summary' })).toBeInTheDocument();
  });

  it('Refresh asks the API again; a failed report download says why', async () => {
    const calls = mockRoute(contract.analytics.getClientAnalyticsOverview, { status: 200, body: clientOverview() });
    mockRoute(contract.analytics.downloadClientReport, { status: 404, body: { detail: 'Client not found.', code: 'not_found' } });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: 'Performance summary' });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Download Report' }));
    expect(await screen.findByText('Client not found.')).toBeInTheDocument();
  });

  it('an admin is turned away', async () => {
    renderWithApi(<ClientPerformancePage />);
    expect(await screen.findByText('This page is only available for client accounts.')).toBeInTheDocument();
  });
});
