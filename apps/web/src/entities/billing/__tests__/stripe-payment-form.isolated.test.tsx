import { contract, type TPaymentMethod } from '@agency/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clientSession } from '@/test/billing-fixtures';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { PaymentForm } from '../components/payment-form';
import { SavedCardPay } from '../components/saved-card-pay';

/*
 * Stripe.js cannot load in jsdom: a stand-in Stripe object and a PaymentElement the test drives. Every test of the
 * web's Stripe parts is in this file: workers keep modules between files, so a second file's stand-in of
 * @stripe/stripe-js would meet this one's (and the page's one-Stripe-per-key cache).
 */
const stripe = { confirmPayment: vi.fn(), confirmSetup: vi.fn(), handleNextAction: vi.fn() };
const elements = { id: 'elements' };
const loadStripe = vi.fn(async (_key: string) => stripe);

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: (key: string) => loadStripe(key) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: { clientSecret: string } }) => (
    <div data-testid="elements" data-client-secret={options.clientSecret}>
      {children}
    </div>
  ),
  useStripe: () => stripe,
  useElements: () => elements,
  PaymentElement: ({ onReady, onChange }: { onReady: () => void; onChange: (e: { complete: boolean }) => void }) => (
    <div>
      <button type="button" onClick={() => onReady()}>
        Element ready
      </button>
      <button type="button" onClick={() => onChange({ complete: true })}>
        Fill card
      </button>
    </div>
  ),
}));

beforeEach(() => {
  stripe.confirmPayment.mockReset();
  stripe.confirmSetup.mockReset();
  stripe.handleNextAction.mockReset();
  loadStripe.mockClear();
  mockRoute(contract.billing.getBillingConfig, { status: 200, body: { provider: 'stripe', publishable_key: 'pk_test_123' } });
});

function setup(kind: 'payment' | 'setup' = 'payment') {
  const onSuccess = vi.fn();
  const onError = vi.fn();
  renderWithApi(
    <PaymentForm
      kind={kind}
      clientSecret={kind === 'payment' ? 'pi_1_secret_a' : 'seti_1_secret_b'}
      submitLabel="Pay $100.00"
      billingName="Cora Client"
      onSuccess={onSuccess}
      onError={onError}
    />,
    { session: clientSession() },
  );
  return { onSuccess, onError, user: userEvent.setup() };
}

describe('Stripe payment form', () => {
  it('loads Stripe with the configured key, wraps the element with the client secret, and waits for it to be ready', async () => {
    const { user } = setup();
    const ready = await screen.findByRole('button', { name: 'Element ready' });
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.getByTestId('elements')).toHaveAttribute('data-client-secret', 'pi_1_secret_a');
    expect(screen.getByRole('button', { name: 'Pay $100.00' })).toBeDisabled();
    await user.click(ready);
    expect(screen.getByRole('button', { name: 'Pay $100.00' })).toBeEnabled();
  });

  it('an incomplete element blocks the payment with the spec text', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Element ready' }));
    const pay = screen.getByRole('button', { name: 'Pay $100.00' });
    expect(pay).toHaveAttribute('aria-disabled', 'true');
    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please complete your card information.');
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
  });

  it("confirms with the client's own name and no redirect for cards, then has the server re-check the payment", async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    const serverCheck = mockRoute(contract.billing.confirmPayment, { status: 200, body: { status: 'succeeded', error: null, decline_code: null } });
    const { user, onSuccess } = setup();
    await user.click(await screen.findByRole('button', { name: 'Element ready' }));
    await user.click(screen.getByRole('button', { name: 'Fill card' }));
    await user.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements,
      redirect: 'if_required',
      confirmParams: {
        payment_method_data: { billing_details: { name: 'Cora Client' } },
        return_url: `${window.location.origin}/dashboard#billing`,
      },
    });
    expect(serverCheck[0]?.body).toEqual({ payment_intent_id: 'pi_1' });
  });

  it("shows Stripe's card error inline as given; a payment that did not succeed is reported, not counted", async () => {
    stripe.confirmPayment.mockResolvedValueOnce({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } });
    stripe.confirmPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_1', status: 'processing' } });
    const { user, onSuccess, onError } = setup();
    await user.click(await screen.findByRole('button', { name: 'Element ready' }));
    await user.click(screen.getByRole('button', { name: 'Fill card' }));
    await user.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card has insufficient funds.');
    expect(onError).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Fill card' }));
    await user.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith('Payment was not completed successfully'));
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('saves a card with confirmSetup and the server re-checks the setup', async () => {
    stripe.confirmSetup.mockResolvedValue({ setupIntent: { id: 'seti_1', status: 'succeeded' } });
    const serverCheck = mockRoute(contract.billing.confirmSetup, { status: 200, body: { status: 'succeeded', error: null, decline_code: null } });
    const { user, onSuccess } = setup('setup');
    await user.click(await screen.findByRole('button', { name: 'Element ready' }));
    await user.click(screen.getByRole('button', { name: 'Fill card' }));
    await user.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(stripe.confirmSetup).toHaveBeenCalledWith(expect.objectContaining({ elements, redirect: 'if_required' }));
    expect(serverCheck[0]?.body).toEqual({ setup_intent_id: 'seti_1' });
  });

  it('without a publishable key the payment system is not ready', async () => {
    mockRoute(contract.billing.getBillingConfig, { status: 200, body: { provider: 'stripe', publishable_key: null } });
    setup();
    expect(await screen.findByText('Payment system not ready. Please try again.')).toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
  });
});

// --- a saved card's payment, when the bank asks for 3-D Secure -------------------------------------------------

const visa: TPaymentMethod = { id: 'pm_visa', brand: 'visa', last4: '3184', exp_month: 12, exp_year: 2030, is_default: true };

function setupSavedCard() {
  mockRoute(contract.invoices.payInvoiceWithCard, {
    status: 200,
    body: { status: 'requires_action', payment_intent_id: 'pi_3ds', client_secret: 'pi_3ds_secret_x', amount: 80, provider: 'stripe', error: null, card: null },
  });
  const onPaid = vi.fn();
  renderWithApi(<SavedCardPay invoiceId={5} cards={[visa]} amount={80} onPaid={onPaid} />, { session: clientSession() });
  return { onPaid, user: userEvent.setup() };
}

describe('Pay Now with a saved card on Stripe: the bank asks for 3-D Secure', () => {
  it('Stripe.js handles the next action with the client secret, then the server confirms the payment', async () => {
    stripe.handleNextAction.mockResolvedValue({ paymentIntent: { id: 'pi_3ds', status: 'succeeded' } });
    const confirmed = mockRoute(contract.billing.confirmPayment, { status: 200, body: { status: 'succeeded', error: null, decline_code: null } });
    const { onPaid, user } = setupSavedCard();
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
    const { onPaid, user } = setupSavedCard();
    await user.click(await screen.findByRole('button', { name: 'Pay $80.00 with Visa •••• 3184' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We are unable to authenticate your payment method.');
    expect(onPaid).not.toHaveBeenCalled();
    expect(confirmed).toHaveLength(0);
  });
});
