import { contract, ZOrderSchema, type TOrder } from '@agency/contract';
import { generateMock } from '@anatine/zod-mock';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { readCartPromo, saveCartPromo } from '@/lib/cart-promo';
import { addToCart, readCart } from '@/lib/cart-store';
import { clientSession } from '@/test/billing-fixtures';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { renderWithApi, testSession } from '@/test/render';
import OrderConfirmationPage from '../order-confirmation.page';

afterEach(() => sessionStorage.clear());

function order(overrides: Partial<TOrder>): TOrder {
  return { ...generateMock(ZOrderSchema, { seed: 3 }), id: 41, payment_error: null, ...overrides };
}

function renderAt(route: string) {
  return renderWithApi(<OrderConfirmationPage />, { route, session: clientSession() });
}

describe('order confirmation', () => {
  it('ignores a typed ?status=succeeded while the server says the order is pending', async () => {
    addToCart('ig-growth');
    mockRoute(contract.orders.getOrder, { status: 200, body: order({ status: 'pending' }) });
    renderAt('/order-confirmation?order=41&status=succeeded');

    await screen.findByRole('heading', { level: 1, name: 'Processing payment...' });
    expect(apiRequests({ route: contract.orders.getOrder })[0]?.params.id).toBe('41');
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    expect(readCart()).toHaveLength(1);
  });

  it('shows Payment Failed with the reason when the server says failed, whatever ?status says', async () => {
    addToCart('ig-growth');
    mockRoute(contract.orders.getOrder, { status: 200, body: order({ status: 'failed', payment_error: 'Your card was declined.' }) });
    renderAt('/order-confirmation?order=41&status=succeeded');

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/dashboard#billing');
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    expect(readCart()).toHaveLength(1);
  });

  it('without an order number a typed ?status=succeeded shows no success and asks nothing', () => {
    renderAt('/order-confirmation?status=succeeded');
    expect(screen.getByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    expect(apiRequests({ route: contract.orders.getOrder })).toHaveLength(0);
  });

  it('a paid order shows Payment Successful! and empties the cart and the applied code', async () => {
    addToCart('ig-growth');
    saveCartPromo({ code: 'WELCOME20', percent_off: 20, amount_off: null, discount: 13 }, 65);
    mockRoute(contract.orders.getOrder, { status: 200, body: order({ status: 'succeeded' }) });
    renderAt('/order-confirmation?order=41');

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    // An order buys one-off packages: no subscription was started.
    expect(screen.getByText('Thank you for your order. You can follow its delivery on your dashboard.')).toBeInTheDocument();
    expect(screen.queryByText(/subscription/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(readCart()).toEqual([]);
    expect(readCartPromo()).toBeNull();
  });

  it('a paid order waiting for intake asks for one more step; the button opens the intake form', async () => {
    const paid = order({ status: 'succeeded', intake: { id: 9, status: 'waiting' } });
    mockRoute(contract.orders.getOrder, { status: 200, body: paid });
    renderAt('/order-confirmation?order=41');

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('Thank you for your order. You can follow its delivery on your dashboard.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'One more step' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tell us about your account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Intake form' });
    expect(dialog).toHaveTextContent('For Order #41.');
  });

  it('a paid order whose intake was sent shows no extra step', async () => {
    mockRoute(contract.orders.getOrder, { status: 200, body: order({ status: 'succeeded', intake: { id: 9, status: 'submitted' } }) });
    renderAt('/order-confirmation?order=41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.queryByText('One more step')).not.toBeInTheDocument();
  });

  it('another client’s or an unknown order (404) is not found', async () => {
    mockRoute(contract.orders.getOrder, { status: 404, body: { detail: 'Not found.', code: 'not_found' } });
    renderAt('/order-confirmation?order=999&status=succeeded');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
  });

  it('a guest is sent to sign in and back to this order', () => {
    renderWithApi(<OrderConfirmationPage />, {
      route: '/order-confirmation?order=41',
      session: { ...testSession(), user: null, isAuthenticated: false, isAdmin: false },
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });
});
