import { contract } from '@agency/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { readCartPromo } from '@/lib/cart-promo';
import { addToCart, readCart } from '@/lib/cart-store';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import CartPage from '../cart.page';

afterEach(() => sessionStorage.clear());

const summary = () => within(screen.getByTestId('order-summary'));

describe('cart page', () => {
  it('an empty cart offers the first three packages and Browse All Services; adding one fills the cart', async () => {
    const user = userEvent.setup();
    renderWithApi(<CartPage />, { route: '/cart', session: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Your Cart is Empty' })).toBeInTheDocument();
    const adds = screen.getAllByRole('button', { name: /Add to Cart/ });
    expect(adds).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Browse All Services' })).toHaveAttribute('href', '/pricing');

    await user.click(screen.getByRole('button', { name: /Add to Cart Growth/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeInTheDocument();
    expect(readCart().map((l) => l.packageId)).toEqual(['ig-growth']);
  });

  it('a full cart shows each line with its total, and the summary with 10% tax, in cents', async () => {
    const user = userEvent.setup();
    addToCart('ig-growth', 1);
    addToCart('ig-growth', 2);
    addToCart('tt-starter', 3);
    renderWithApi(<CartPage />, { route: '/cart', session: null });

    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeInTheDocument();
    const lines = screen.getAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Growth');
    expect(lines[0]).toHaveTextContent('Instagram');
    expect(within(lines[0]!).getByTestId('line-total')).toHaveTextContent('$130.00');
    expect(within(lines[1]!).getByTestId('line-total')).toHaveTextContent('$12.00');
    expect(summary().getByText('$142.00')).toBeInTheDocument();
    expect(summary().getByText('$14.20')).toBeInTheDocument();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$156.20');
    expect(screen.queryByTestId('summary-discount')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Increase quantity of TikTok Starter' }));
    expect(within(screen.getAllByTestId('cart-line')[1]!).getByTestId('line-total')).toHaveTextContent('$24.00');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$169.40');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: /Proceed to Checkout/ })).toHaveAttribute('href', '/checkout');
  });

  it('lowering a quantity below 1 removes the line; Clear Cart asks first', async () => {
    const user = userEvent.setup();
    addToCart('ig-starter', 1);
    addToCart('yt-creator', 2);
    renderWithApi(<CartPage />, { route: '/cart', session: null });

    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Instagram Starter' }));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(screen.queryByText('Instagram Starter')).not.toBeInTheDocument();
    expect(readCart().map((l) => l.packageId)).toEqual(['yt-creator']);

    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Cart is Empty' })).toBeInTheDocument();
    expect(readCart()).toEqual([]);
  });

  it('an accepted promo code shows the discount the server answered and is kept for checkout', async () => {
    const user = userEvent.setup();
    addToCart('ig-growth', 1);
    const calls = mockRoute(contract.orders.validatePromo, {
      status: 200,
      body: { code: 'WELCOME20', percent_off: 20, amount_off: null, discount: 13, valid: true },
    });
    renderWithApi(<CartPage />, { route: '/cart', session: null });

    await user.type(screen.getByLabelText('Promo code'), 'welcome20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByTestId('summary-discount')).toHaveTextContent('-$13.00');
    expect(summary().getByText('Discount (WELCOME20)')).toBeInTheDocument();
    // (65 - 13) + 10% tax
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$57.20');
    expect(calls[0]?.body).toEqual({ code: 'welcome20', subtotal: 65 });
    expect(readCartPromo()?.code).toBe('WELCOME20');
  });

  it('a refused promo code shows the server’s reason under the field and no discount', async () => {
    const user = userEvent.setup();
    addToCart('ig-growth', 1);
    mockRoute(contract.orders.validatePromo, { status: 400, body: { detail: 'This promo code has expired.', code: 'promo_expired' } });
    renderWithApi(<CartPage />, { route: '/cart', session: null });

    await user.type(screen.getByLabelText('Promo code'), 'OLD10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('This promo code has expired.')).toBeInTheDocument();
    expect(screen.getByLabelText('Promo code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('summary-discount')).not.toBeInTheDocument();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$71.50');
    expect(readCartPromo()).toBeNull();
    await waitFor(() => expect(apiRequests({ route: contract.orders.validatePromo })).toHaveLength(1));
  });

  it('an unknown code shows the 404 answer’s words', async () => {
    const user = userEvent.setup();
    addToCart('ig-starter', 1);
    mockRoute(contract.orders.validatePromo, { status: 404, body: { detail: 'Unknown promo code.', code: 'not_found' } });
    renderWithApi(<CartPage />, { route: '/cart', session: null });
    await user.type(screen.getByLabelText('Promo code'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Unknown promo code.')).toBeInTheDocument();
  });
});
