import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { hydrate, prerender } from '@/test/hydrate';
import { guestSession, renderWithApi } from '@/test/render';
import PricingPage from '../pricing.page';

function renderPricing() {
  return renderWithApi(<PricingPage />, { route: '/pricing', session: guestSession() });
}

describe('pricing page', () => {
  it('promises no free trial: the call to action is to get started', () => {
    renderPricing();
    const cta = screen.getByRole('region', { name: 'Ready to grow your audience?' });
    expect(within(cta).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByText(/trial/i)).not.toBeInTheDocument();
  });

  it("Annual shows the saving the plans' prices give, per platform", async () => {
    renderPricing();
    expect(screen.queryByText(/^Save up to/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Annual' }));
    // Instagram's best: Starter, 1 − 999 / (12 × 100) = 16.75 %, which also saves 12 × 100 − 999 = $201 a year.
    expect(screen.getByText('Save up to 17%')).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getByText('Save $201/year')).toBeInTheDocument();
    // TikTok's best: Viral Growth, 1 − 799 / (12 × 79) = 15.7 %.
    await userEvent.click(screen.getByRole('tab', { name: 'TikTok' }));
    expect(screen.getByText('Save up to 16%')).toBeInTheDocument();
  });

  it("each plan's Get Started leads to checkout with that plan and billing period chosen", async () => {
    renderPricing();
    const panel = () => screen.getByRole('tabpanel');
    expect(within(panel()).getByRole('heading', { name: 'Pro' })).toBeInTheDocument();
    expect(within(panel()).getByText('$250')).toBeInTheDocument();
    expect(within(panel()).getByRole('link', { name: 'Get Started with Pro' })).toHaveAttribute('href', '/checkout?plan=pro&billing=monthly');

    await userEvent.click(screen.getByRole('button', { name: 'Annual' }));
    await userEvent.click(screen.getByRole('tab', { name: 'YouTube' }));
    expect(within(panel()).getByText('$999')).toBeInTheDocument();
    expect(within(panel()).getByRole('link', { name: 'Get Started with Creator Growth' })).toHaveAttribute(
      'href',
      '/checkout?plan=creator-growth&billing=annual',
    );
  });

  it('the chosen platform is remembered for the next visit', async () => {
    const { unmount } = renderPricing();
    await userEvent.click(screen.getByRole('tab', { name: 'YouTube' }));
    expect(within(screen.getByRole('tabpanel')).getByRole('heading', { name: 'Creator Growth' })).toBeInTheDocument();
    unmount();

    renderPricing();
    expect(screen.getByRole('tab', { name: 'YouTube' })).toHaveAttribute('aria-selected', 'true');
  });

  it('a reload with TikTok remembered hydrates the prerendered Instagram tab cleanly, then shows TikTok', async () => {
    const html = prerender(<PricingPage />, { route: '/pricing' });
    localStorage.setItem(STORAGE_KEYS.pricingPlatform, 'tiktok');

    const { hydrationErrors } = await hydrate(html, <PricingPage />, { route: '/pricing' });
    expect(hydrationErrors).toEqual([]);
    expect(screen.getByRole('tab', { name: 'TikTok' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getByRole('heading', { name: 'Viral Growth' })).toBeInTheDocument();
  });
});
