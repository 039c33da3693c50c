import { contract, type TPaymentMethod } from '@agency/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clientSession } from '@/test/billing-fixtures';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { SavedCardPay } from '../components/saved-card-pay';

/* Stripe.js cannot load in jsdom: a stand-in with the one call a saved card's authentication makes. */
const stripe = { handleNextAction: vi.fn() };
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: async () => stripe }));

const visa: TPaymentMethod = { id: 'pm_visa', brand: 'visa', last4: '3184', exp_month: 12, exp_year: 2030, is_default: true };

beforeEach(() => {
  stripe.handleNextAction.mockReset();
  mockRoute(contract.billing.getBillingConfig, { status: 200, body: { provider: 'stripe', publishable_key: 'pk_test_123' } });
  mockRoute(contract.invoices.payInvoiceWithCard, {
    status: 200,
    body: { status: 'requires_action', payment_intent_id: 'pi_3ds', client_secret: 'pi_3ds_secret_x', amount: 80, provider: 'stripe', error: null, card: null },
  });
});

function setup() {
  const onPaid = vi.fn();
  renderWithApi(<SavedCardPay invoiceId={5} cards={[visa]} amount={80} onPaid={onPaid} />, { session: clientSession() });
  return { onPaid, user: userEvent.setup() };
}

describe('Pay Now with a saved card on Stripe: the bank asks for 3-D Secure', () => {
  it('Stripe.js handles the next action with the client secret, then the server confirms the payment', async () => {
    stripe.handleNextAction.mockResolvedValue({ paymentIntent: { id: 'pi_3ds', status: 'succeeded' } });
    const confirmed = mockRoute(contract.billing.confirmPayment, { status: 200, body: { status: 'succeeded', error: null, decline_code: null } });
    const { onPaid, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Pay $80.00 with Visa •••• 3184' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_3ds_secret_x' });
    expect(confirmed[0]!.body).toEqual({ payment_intent_id: 'pi_3ds' });
  });

  it("a failed authentication shows Stripe's message and pays nothing", async () => {
    stripe.handleNextAction.mockResolvedValue({
      error: { message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' },
    });
    const confirmed = mockRoute(contract.billing.confirmPayment, { status: 200, body: { status: 'succeeded', error: null, decline_code: null } });
    const { onPaid, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Pay $80.00 with Visa •••• 3184' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We are unable to authenticate your payment method.');
    expect(onPaid).not.toHaveBeenCalled();
    expect(confirmed).toHaveLength(0);
  });
});
