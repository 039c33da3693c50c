import { contract } from '@agency/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { clientSession } from '@/test/billing-fixtures';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { SandboxCardForm } from '../components/sandbox-card-form';

const SECRET = 'pi_sandbox_123_secret_abc';

function setup(kind: 'payment' | 'setup' = 'payment') {
  const onSuccess = vi.fn();
  const onError = vi.fn();
  renderWithApi(
    <SandboxCardForm
      kind={kind}
      clientSecret={kind === 'payment' ? SECRET : 'seti_sandbox_9_secret_x'}
      submitLabel="Pay $250.00"
      amountLabel="$250.00"
      billingName="Cora Client"
      onSuccess={onSuccess}
      onError={onError}
    />,
    { session: clientSession() },
  );
  return { onSuccess, onError, user: userEvent.setup() };
}

async function typeCard(user: ReturnType<typeof userEvent.setup>, number: string, expiry = '1230', cvc = '123') {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiration date'), expiry);
  await user.type(screen.getByLabelText('Security code (CVC)'), cvc);
}

describe('sandbox card form', () => {
  it('looks like the card Element: grouped number with its brand, MM / YY, the client name prefilled, the test cards', async () => {
    const { user } = setup();
    expect(screen.getByLabelText('Name on card')).toHaveValue('Cora Client');
    expect(screen.getByText(/Sandbox payments: no real card is charged/)).toBeInTheDocument();
    for (const n of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 9995', '4000 0025 0000 3155']) {
      expect(screen.getByRole('button', { name: `Use test card ${n}` })).toBeInTheDocument();
    }
    await typeCard(user, '4242424242424242', '1230');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByTestId('card-brand')).toHaveTextContent('Visa');
    expect(screen.getByLabelText('Expiration date')).toHaveValue('12 / 30');
  });

  it('an incomplete card is blocked with the spec text and sends nothing', async () => {
    const { user, onSuccess } = setup();
    await user.type(screen.getByLabelText('Card number'), '4242 4242');
    const pay = screen.getByRole('button', { name: 'Pay $250.00' });
    expect(pay).toHaveAttribute('aria-disabled', 'true');
    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please complete your card information.');
    expect(screen.getByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(apiRequests({ route: contract.billing.confirmPayment })).toHaveLength(0);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('sends the card with the payment intent of the secret; a decline shows inline as given and the form stays', async () => {
    const calls = mockRoute(contract.billing.confirmPayment, {
      status: 200,
      body: { status: 'requires_payment_method', error: 'Your card was declined.', decline_code: 'card_declined' },
    });
    const { user, onSuccess, onError } = setup();
    await typeCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay $250.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(calls[0]?.body).toEqual({ payment_intent_id: 'pi_sandbox_123', card_number: '4000000000000002', exp_month: 12, exp_year: 2030, cvc: '123' });
    expect(onSuccess).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Card number')).toBeEnabled();
  });

  it('requires_action opens the authentication step; completing it confirms again and succeeds', async () => {
    const calls = mockRoute(contract.billing.confirmPayment, (req) => ({
      status: 200,
      body:
        (req.body as { authentication?: string }).authentication === 'complete'
          ? { status: 'succeeded' as const, error: null, decline_code: null }
          : { status: 'requires_action' as const, error: null, decline_code: null },
    }));
    const { user, onSuccess } = setup();
    await typeCard(user, '4000002500003155');
    await user.click(screen.getByRole('button', { name: 'Pay $250.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Authenticate this payment' });
    expect(within(dialog).getByText(/confirm this \$250\.00 payment/)).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Complete authentication' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual({ payment_intent_id: 'pi_sandbox_123', authentication: 'complete' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('failing the authentication shows the error the server gives', async () => {
    mockRoute(contract.billing.confirmPayment, (req) => ({
      status: 200,
      body:
        (req.body as { authentication?: string }).authentication === 'fail'
          ? {
              status: 'requires_payment_method' as const,
              error: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
              decline_code: null,
            }
          : { status: 'requires_action' as const, error: null, decline_code: null },
    }));
    const { user, onSuccess } = setup();
    await typeCard(user, '4000002500003155');
    await user.click(screen.getByRole('button', { name: 'Pay $250.00' }));
    await user.click(await screen.findByRole('button', { name: 'Fail authentication' }));
    expect(await screen.findByText(/unable to authenticate your payment method/)).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('a status that is not succeeded, without a card error, is "Payment was not completed successfully"', async () => {
    mockRoute(contract.billing.confirmPayment, { status: 200, body: { status: 'processing', error: null, decline_code: null } });
    const { user, onSuccess, onError } = setup();
    await user.click(screen.getByRole('button', { name: 'Use test card 4242 4242 4242 4242' }));
    await user.click(screen.getByRole('button', { name: 'Pay $250.00' }));
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith('Payment was not completed successfully'));
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('saving a card confirms the setup intent', async () => {
    const calls = mockRoute(contract.billing.confirmSetup, { status: 200, body: { status: 'succeeded', error: null, decline_code: null } });
    const { user, onSuccess } = setup('setup');
    await typeCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $250.00' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls[0]?.body).toMatchObject({ setup_intent_id: 'seti_sandbox_9', card_number: '4242424242424242' });
  });
});
