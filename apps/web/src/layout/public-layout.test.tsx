import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { TAuthContext } from '@/lib/auth';
import { hydrate, prerender } from '@/test/hydrate';
import { guestSession, renderWithApi, testSession } from '@/test/render';
import { PublicLayout } from './public-layout';

const site = (
  <Routes>
    <Route element={<PublicLayout />}>
      <Route path="*" element={<p>Page</p>} />
    </Route>
  </Routes>
);

function renderSite(session: TAuthContext) {
  return renderWithApi(site, { route: '/pricing', session });
}

const header = () => screen.getByRole('banner');
const footer = () => screen.getByRole('contentinfo');

describe('public site header and footer', () => {
  it('a guest is offered Get Started in the header and Sign In in the footer', () => {
    renderSite(guestSession());
    expect(within(header()).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');
    expect(within(footer()).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('a signed-in visitor gets a Dashboard link instead, in the header, the mobile menu and the footer', async () => {
    renderSite(testSession());
    expect(within(header()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(footer()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');

    expect(screen.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('a signed-in visitor on a prerendered page: it hydrates as the guest it was built for, then shows Dashboard', async () => {
    const html = prerender(site, { route: '/pricing' });
    const { hydrationErrors } = await hydrate(html, site, { route: '/pricing', session: testSession() });
    expect(hydrationErrors).toEqual([]);
    expect(within(header()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
  });
});
