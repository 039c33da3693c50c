import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { guestSession, renderWithApi } from '@/test/render';
import FaqPage from '../faq.page';

describe('FAQ page', () => {
  it("states the best annual saving the catalogue's prices give", async () => {
    renderWithApi(<FaqPage />, { route: '/faq', session: guestSession() });
    await userEvent.click(screen.getByRole('button', { name: 'How does billing work?' }));
    const answer = screen.getByRole('region', { name: 'How does billing work?' });
    // Instagram Starter: 1 − 999 / (12 × 100) = 16.75 %, the best of the catalogue.
    expect(answer).toHaveTextContent('Plans are billed monthly or annually and auto-renew until you cancel. Annual plans are billed once a year and save up to 17%.');
  });
});
