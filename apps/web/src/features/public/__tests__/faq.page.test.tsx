import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { guestSession, renderWithApi } from '@/test/render';
import FaqPage from '../faq.page';

describe('FAQ page', () => {
  it("states the annual saving the plans' prices give, not a fixed 17%", async () => {
    renderWithApi(<FaqPage />, { route: '/faq', session: guestSession() });
    await userEvent.click(screen.getByRole('button', { name: 'How does billing work?' }));
    const answer = screen.getByRole('region', { name: 'How does billing work?' });
    expect(answer).toHaveTextContent('Annual plans are billed once a year and save up to 16%.');
  });
});
