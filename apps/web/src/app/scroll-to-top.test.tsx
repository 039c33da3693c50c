import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { PublicLayout } from '@/layout/public-layout';
import { guestSession, renderWithApi } from '@/test/render';
import DashboardPage from './dashboard.page';

let scrollTo: MockInstance<typeof window.scrollTo>;
beforeEach(() => {
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => scrollTo.mockRestore());

describe('a newly opened screen starts at the top', () => {
  it('each dashboard section, as the sidebar or the drawer opens it', async () => {
    renderWithApi(<DashboardPage />, { route: '/dashboard#overview' });
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(scrollTo).not.toHaveBeenCalled();

    // Navigation is a transition: the location moves once the section's lazily loaded screen is there.
    await userEvent.click(within(nav).getByRole('link', { name: 'Clients' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard#clients'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByTestId('sidebar-drawer');
    await userEvent.click(within(drawer).getByRole('link', { name: 'Invoices' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard#invoices'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('each public page opened from the header or the footer', async () => {
    renderWithApi(
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="*" element={<p>Page</p>} />
        </Route>
      </Routes>,
      { route: '/pricing', session: guestSession() },
    );
    await userEvent.click(screen.getAllByRole('link', { name: 'About' })[0]!);
    expect(screen.getByTestId('location')).toHaveTextContent('/about');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});
