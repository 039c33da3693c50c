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

  it("Annual shows the saving the plans' prices give, not a fixed 17%", async () => {
    renderPricing();
    expect(screen.queryByText(/^Save up to/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Annual' }));
    // Instagram's best: Pro, 1 − 1299 / (12 × 129) = 16.1 %. Starter saves 12 × 29 − 299 = $49 a year.
    expect(screen.getByText('Save up to 16%')).toBeInTheDocument();
    expect(screen.queryByText(/17%/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getByText('Save $49/year')).toBeInTheDocument();
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
