import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addToCart } from '@/lib/cart-store';
import { CLIENT_USER } from '@/test/billing-fixtures';
import { renderWithApi, testSession } from '@/test/render';
import CheckoutPage from '../checkout.page';

afterEach(() => sessionStorage.clear());

describe('checkout for a member of the client’s team', () => {
  it('content only: told that buying is for billing access, no order form', () => {
    addToCart('ig-growth');
    renderWithApi(<CheckoutPage />, { route: '/checkout', session: testSession({ ...CLIENT_USER, client_permission: 'content' }) });
    expect(screen.getByText('Buying is for people with access to billing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/cart');
  });

  it('billing only: the order form', () => {
    addToCart('ig-growth');
    renderWithApi(<CheckoutPage />, { route: '/checkout', session: testSession({ ...CLIENT_USER, client_permission: 'billing' }) });
    expect(screen.queryByText('Buying is for people with access to billing')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeInTheDocument();
  });
});
