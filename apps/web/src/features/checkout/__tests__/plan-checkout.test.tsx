import { contract } from '@agency/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { mockRoute } from '@/test/mock-api';
import { CLIENT_USER, PLANS, serveBillingPage, subscription } from '@/test/billing-fixtures';
import { guestSession, renderWithApi, testSession } from '@/test/render';
import CheckoutPage from '../checkout.page';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderCheckout(route: string, session = testSession(CLIENT_USER)) {
  return renderWithApi(
    <Routes>
      <Route path="/checkout" element={<CheckoutPage />} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { route, session },
  );
}

describe('checkout of a plan picked on the site', () => {
  it('a guest is sent to sign up first, with the plan kept in the return path', () => {
    renderCheckout('/checkout?plan=viral-growth&billing=annual', guestSession());
    expect(screen.getByTestId('where')).toHaveTextContent('/auth?mode=signup&redirect=%2Fcheckout%3Fplan%3Dviral-growth%26billing%3Dannual');
  });

  it("shows the plan at the server's price for the chosen period; switching to annual shows the annual price", async () => {
    serveBillingPage(() => null);
    const user = userEvent.setup();
    renderCheckout('/checkout?plan=viral-growth&billing=monthly');
    expect(await screen.findByRole('region', { name: 'Viral Growth plan' })).toHaveTextContent('TikTok growth plan');
    expect(screen.getByTestId('plan-price')).toHaveTextContent('$79/month');
    await user.click(screen.getByRole('button', { name: 'Annual' }));
    expect(screen.getByTestId('plan-price')).toHaveTextContent('$799/year');
  });

  it('subscribes with the price id of the chosen period, and the card form asks for that amount', async () => {
    serveBillingPage(() => null);
    const creates = mockRoute(contract.billing.createSubscription, {
      status: 201,
      body: { subscription_id: 'sub_1', client_secret: 'pi_1_secret_x', payment_intent_id: 'pi_1', status: 'incomplete' },
    });
    const user = userEvent.setup();
    renderCheckout('/checkout?plan=pro&billing=annual');
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('button', { name: 'Pay $2,499.00' })).toBeInTheDocument();
    expect(creates[0]?.body).toEqual({ price_id: 'price_pro_annual', plan_name: 'Pro' });
  });

  it('a plan that is not offered says so and leads to the pricing page', async () => {
    serveBillingPage(() => null);
    renderCheckout('/checkout?plan=gold&billing=monthly');
    expect(await screen.findByRole('heading', { name: 'This plan is not offered' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute('href', '/pricing');
  });

  it('a client with a plan is sent to change it in Billing instead of buying a second one', async () => {
    serveBillingPage(() => subscription());
    renderCheckout('/checkout?plan=premium&billing=monthly');
    expect(await screen.findByRole('heading', { name: 'You already have the Pro plan' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change plan in Billing' })).toHaveAttribute('href', '/dashboard#billing');
    expect(PLANS.find((p) => p.id === 'premium')).toBeDefined();
  });

  it('an agency admin cannot buy a plan', () => {
    renderCheckout('/checkout?plan=pro&billing=monthly', testSession({ ...CLIENT_USER, role: 'admin', client_id: null }));
    expect(screen.getByText('Only client accounts can buy plans')).toBeInTheDocument();
  });
});
