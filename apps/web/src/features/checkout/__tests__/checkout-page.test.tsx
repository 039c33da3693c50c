import { contract, IDEMPOTENCY_KEY_HEADER, ZOrderSchema, ZSocialAccountSchema } from '@agency/contract';
import { generateMock } from '@anatine/zod-mock';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { saveCartPromo } from '@/lib/cart-promo';
import { addToCart } from '@/lib/cart-store';
import { clientSession } from '@/test/billing-fixtures';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi, testSession } from '@/test/render';
import CheckoutPage from '../checkout.page';

afterEach(() => sessionStorage.clear());

const igAccount = { ...generateMock(ZSocialAccountSchema, { seed: 9 }), platform: 'instagram' as const, username: 'coras.cakes', is_active: true };

describe('checkout page', () => {
  it('a guest is sent to sign in, to come back to /checkout', () => {
    addToCart('ig-growth');
    renderWithApi(<CheckoutPage />, { route: '/checkout', session: { ...testSession(), user: null, isAuthenticated: false, isAdmin: false } });
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });

  it('an admin is told only client accounts can buy', () => {
    addToCart('ig-growth');
    renderWithApi(<CheckoutPage />, { route: '/checkout' });
    expect(screen.getByText('Only client accounts can buy packages')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
  });

  it('an empty cart links back to the cart', () => {
    renderWithApi(<CheckoutPage />, { route: '/checkout', session: clientSession() });
    expect(screen.getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
  });

  it('prefills the connected account, requires the others, and places the order with the promo code', async () => {
    const user = userEvent.setup();
    addToCart('ig-growth', 1);
    addToCart('tt-starter', 2);
    addToCart('tt-starter', 3);
    saveCartPromo({ code: 'WELCOME20', percent_off: 20, amount_off: null, discount: 15.4 }, 77);
    mockRoute(contract.socialAccounts.listSocialAccounts, { status: 200, body: { accounts: [igAccount] } });
    const mock = generateMock(ZOrderSchema, { seed: 4 });
    // Lines get distinct ids, as the server's rows have (the generated ones may repeat).
    const lines = mock.lines.map((line, i) => ({ ...line, id: i + 1 }));
    const placed = { ...mock, lines, id: 77, subtotal: 77, discount: 15.4, tax: 6.16, total: 67.76, promo_code: 'WELCOME20' };
    const calls = mockRoute(contract.orders.createOrder, { status: 201, body: placed });
    mockRoute(contract.billing.createPaymentIntent, {
      status: 200,
      body: { client_secret: 'pi_sandbox_1_secret_x', payment_intent_id: 'pi_sandbox_1', amount: 67.76, provider: 'sandbox' },
    });
    renderWithApi(<CheckoutPage />, { route: '/checkout', session: clientSession() });

    const ig = screen.getByLabelText('Instagram account for Growth');
    expect(await screen.findByDisplayValue('@coras.cakes')).toBe(ig);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Enter the account to grow')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText('TikTok account for Starter'), '@cora.tt');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Order #77' })).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      lines: [
        { package_id: 'ig-growth', quantity: 1, target: '@coras.cakes' },
        { package_id: 'tt-starter', quantity: 2, target: '@cora.tt' },
      ],
      promo_code: 'WELCOME20',
    });
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$67.76');
    expect(await screen.findByRole('button', { name: 'Pay $67.76' })).toBeInTheDocument();
  });

  it('sends an Idempotency-Key: the same order retried keeps it, a changed order gets a new one', async () => {
    const user = userEvent.setup();
    addToCart('ig-growth', 1);
    mockRoute(contract.socialAccounts.listSocialAccounts, { status: 200, body: { accounts: [igAccount] } });
    const calls = mockRoute(contract.orders.createOrder, { status: 500, body: { detail: 'Internal server error', code: 'server_error' } });
    renderWithApi(<CheckoutPage />, { route: '/checkout', session: clientSession() });
    await screen.findByDisplayValue('@coras.cakes');
    const place = screen.getByRole('button', { name: 'Place order' });
    await user.click(place);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your order could not be placed. Please try again.');
    await user.click(place);
    await expect.poll(() => calls.length).toBe(2);
    const keys = calls.map((c) => c.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);

    const target = screen.getByLabelText('Instagram account for Growth');
    await user.clear(target);
    await user.type(target, '@cora.other');
    await user.click(place);
    await expect.poll(() => calls.length).toBe(3);
    expect(calls[2]?.headers.get(IDEMPOTENCY_KEY_HEADER)).not.toBe(keys[0]);
  });

  it('shows the server’s refusal in words', async () => {
    const user = userEvent.setup();
    addToCart('ig-growth', 1);
    saveCartPromo({ code: 'WELCOME20', percent_off: 20, amount_off: null, discount: 13 }, 65);
    mockRoute(contract.socialAccounts.listSocialAccounts, { status: 200, body: { accounts: [igAccount] } });
    mockRoute(contract.orders.createOrder, { status: 400, body: { detail: 'WELCOME20 is for a first order only.', code: 'promo_first_order' } });
    renderWithApi(<CheckoutPage />, { route: '/checkout', session: clientSession() });
    await screen.findByDisplayValue('@coras.cakes');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('WELCOME20 is for a first order only.');
  });
});
