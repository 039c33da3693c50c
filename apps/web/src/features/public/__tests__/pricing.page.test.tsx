import { screen, within } from '@testing-library/react';
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
});
