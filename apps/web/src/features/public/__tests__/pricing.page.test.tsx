import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render';
import PricingPage from '../pricing.page';

function renderPricing() {
  return renderWithApi(<PricingPage />, { route: '/pricing', session: null });
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
});
