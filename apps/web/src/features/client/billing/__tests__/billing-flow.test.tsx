import { contract, type TSubscription } from '@agency/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { renderWithApi, testSession, TEST_USER } from '@/test/render';
import { PLANS, clientSession, invoice, invoicePage, subscription } from '@/test/billing-fixtures';
import ClientBillingPage from '../billing.page';

let current: TSubscription | null = null;

beforeEach(() => {
  current = null;
  mockRoute(contract.billing.getSubscription, () => ({ status: 200, body: current }));
  mockRoute(contract.invoices.listInvoices, { status: 200, body: invoicePage([]) });
  mockRoute(contract.billing.listBillingPlans, { status: 200, body: { results: PLANS } });
  mockRoute(contract.billing.getBillingConfig, { status: 200, body: { provider: 'sandbox', publishable_key: null } });
});

afterEach(() => {
  vi.useRealTimers();
});

function renderBilling(user = userEvent.setup()) {
  renderWithApi(<ClientBillingPage />, { session: clientSession() });
  return user;
}

async function choosePro(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Select Pro' }));
  expect(await screen.findByRole('heading', { name: 'The Pro plan' })).toBeInTheDocument();
}

describe('billing step machine', () => {
  it('is for clients only', () => {
    renderWithApi(<ClientBillingPage />, { session: testSession(TEST_USER) });
    expect(screen.getByText('This page is only available for client accounts.')).toBeInTheDocument();
  });

  it('shows the load error of the spec with Try Again', async () => {
    mockRoute(contract.invoices.listInvoices, { status: 500, body: { detail: 'Internal server error', code: 'server_error' } });
    renderBilling();
    expect(await screen.findByText('Failed to load billing data. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('without a subscription starts at plan selection; Back goes plan-details → plan-selection → overview', async () => {
    const user = renderBilling();
    expect(await screen.findByRole('heading', { name: 'Choose Your Growth Plan' })).toBeInTheDocument();
    const pro = await screen.findByRole('group', { name: 'Pro' });
    expect(within(pro).getByText('$250')).toBeInTheDocument();
    expect(within(pro).getByText('$350')).toBeInTheDocument();
    expect(within(pro).getByText('Most Popular')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Starter' })).toHaveTextContent('$100');
    expect(screen.getByRole('group', { name: 'Premium' })).toHaveTextContent('$400');

    await choosePro(user);
    expect(screen.getByText('20 posts plus reels')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to plans' }));
    expect(await screen.findByRole('heading', { name: 'Choose Your Growth Plan' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Billing overview' }));
    expect(await screen.findByRole('tab', { name: 'Invoices' })).toBeInTheDocument();
    expect(screen.getByText('No plan')).toBeInTheDocument();
  });

  it('plan-details → payment with the client secret; Back returns to plan-details and a retry does not subscribe twice', async () => {
    const created = mockRoute(contract.billing.createSubscription, {
      status: 201,
      body: { subscription_id: 'sub_1', client_secret: 'pi_9_secret_z', payment_intent_id: 'pi_9', status: 'incomplete' },
    });
    const user = renderBilling();
    await choosePro(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $250.00' })).toBeInTheDocument();
    expect(created[0]?.body).toEqual({ price_id: 'price_pro_monthly', plan_name: 'Pro' });

    await user.click(screen.getByRole('button', { name: 'Back to plan details' }));
    expect(await screen.findByRole('heading', { name: 'The Pro plan' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(created).toHaveLength(1);
  });

  it('Annual prices the plans per year and subscribes with the annual price id; Monthly again is a new subscription, not the annual one', async () => {
    let n = 0;
    const created = mockRoute(contract.billing.createSubscription, () => {
      n += 1;
      return { status: 201 as const, body: { subscription_id: `sub_${n}`, client_secret: `pi_${n}_secret_a`, payment_intent_id: `pi_${n}`, status: 'incomplete' as const } };
    });
    const user = renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Annual' }));
    expect(await screen.findByText('Save up to 17%')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Pro' })).toHaveTextContent('$2,499/year');
    await choosePro(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('button', { name: 'Pay $2,499.00' })).toBeInTheDocument();
    expect(created[0]?.body).toEqual({ price_id: 'price_pro_annual', plan_name: 'Pro' });

    await user.click(screen.getByRole('button', { name: 'Back to plan details' }));
    await user.click(await screen.findByRole('button', { name: 'Back to plans' }));
    await user.click(await screen.findByRole('button', { name: 'Monthly' }));
    await choosePro(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('button', { name: 'Pay $250.00' })).toBeInTheDocument();
    expect(created.map((c) => c.body)).toEqual([
      { price_id: 'price_pro_annual', plan_name: 'Pro' },
      { price_id: 'price_pro_monthly', plan_name: 'Pro' },
    ]);
  });

  it("a failed subscription shows 'Payment Setup Failed' with the server's message, else the spec's default", async () => {
    mockRoute(
      contract.billing.createSubscription,
      { status: 409, body: { detail: 'You already have an active subscription.', code: 'conflict' } },
      { once: true },
    );
    const user = renderBilling();
    await choosePro(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment Setup Failed');
    expect(alert).toHaveTextContent('You already have an active subscription.');

    mockRoute(contract.billing.createSubscription, { status: 500, body: { detail: 'Internal server error', code: 'server_error' } });
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Failed to create subscription. Please try again.')).toBeInTheDocument();
  });

  it("no client secret and not active: 'No client secret received from server' on plan-details", async () => {
    mockRoute(contract.billing.createSubscription, {
      status: 201,
      body: { subscription_id: 'sub_1', client_secret: null, payment_intent_id: null, status: 'incomplete' },
    });
    const user = renderBilling();
    await choosePro(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No client secret received from server');
    expect(screen.getByRole('heading', { name: 'The Pro plan' })).toBeInTheDocument();
  });

  it('a payment error returns to plan-details and shows it there', async () => {
    mockRoute(contract.billing.createSubscription, {
      status: 201,
      body: { subscription_id: 'sub_1', client_secret: 'pi_9_secret_z', payment_intent_id: 'pi_9', status: 'incomplete' },
    });
    mockRoute(contract.billing.confirmPayment, { status: 200, body: { status: 'canceled', error: null, decline_code: null } });
    const user = renderBilling();
    await choosePro(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await user.click(await screen.findByRole('button', { name: 'Use test card 4242 4242 4242 4242' }));
    await user.click(screen.getByRole('button', { name: 'Pay $250.00' }));
    expect(await screen.findByRole('heading', { name: 'The Pro plan' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Payment was not completed successfully');
    expect(apiRequests({ route: contract.billing.confirmPayment })[0]?.body).toMatchObject({ payment_intent_id: 'pi_9' });
  });

  it('nothing due (no secret, active) goes straight to success; after 3 s the data reloads and the overview returns', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockRoute(contract.billing.createSubscription, () => {
      current = subscription();
      return { status: 201, body: { subscription_id: 'sub_1', client_secret: null, payment_intent_id: null, status: 'active' as const } };
    });
    const user = renderBilling(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
    await choosePro(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    const subscriptionReads = apiRequests({ route: contract.billing.getSubscription }).length;

    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1000));

    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).not.toBeInTheDocument();
    expect(apiRequests({ route: contract.billing.getSubscription }).length).toBeGreaterThan(subscriptionReads);
    expect(within(screen.getByRole('region', { name: 'Billing summary' })).getByText('Pro')).toBeInTheDocument();
  });

  it('a card payment that succeeds shows the success screen', async () => {
    mockRoute(contract.billing.createSubscription, {
      status: 201,
      body: { subscription_id: 'sub_1', client_secret: 'pi_9_secret_z', payment_intent_id: 'pi_9', status: 'incomplete' },
    });
    mockRoute(contract.billing.confirmPayment, { status: 200, body: { status: 'succeeded', error: null, decline_code: null } });
    const user = renderBilling();
    await choosePro(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await user.click(await screen.findByRole('button', { name: 'Use test card 4242 4242 4242 4242' }));
    await user.click(screen.getByRole('button', { name: 'Pay $250.00' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
  });
});

describe('billing overview', () => {
  it('with a subscription opens on the overview: the subscription card and the 5 most recent transactions', async () => {
    current = subscription();
    const list = Array.from({ length: 7 }, (_, i) => invoice({ invoice_number: `INV-10${i}`, amount: 250 }));
    mockRoute(contract.invoices.listInvoices, { status: 200, body: invoicePage(list) });
    renderBilling();
    expect(await screen.findByText('Pro plan')).toBeInTheDocument();
    expect(screen.getAllByTestId('recent-transaction')).toHaveLength(5);
    expect(screen.queryByRole('heading', { name: 'Choose Your Growth Plan' })).not.toBeInTheDocument();
  });

  it('the invoices tab lists number, description (default Monthly subscription), amount and status badges; View opens the details', async () => {
    current = subscription();
    mockRoute(contract.invoices.listInvoices, {
      status: 200,
      body: invoicePage([
        invoice({ invoice_number: 'INV-1', status: 'paid', amount: 250, payment_card: 'Visa •••• 4242' }),
        invoice({ invoice_number: 'INV-2', status: 'pending', amount: 100, description: 'Extra reels' }),
        invoice({ invoice_number: 'INV-3', status: 'pending', is_overdue: true }),
        invoice({ invoice_number: 'INV-4', status: 'refunded', refunded_amount: 100 }),
      ]),
    });
    const user = renderBilling();
    await user.click(await screen.findByRole('tab', { name: 'Invoices' }));
    const cards = await screen.findAllByTestId('billing-invoice-card');
    expect(cards).toHaveLength(4);
    expect(within(cards[0]!).getByText('Monthly subscription')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Paid')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Extra reels')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Pending')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Overdue')).toBeInTheDocument();
    expect(within(cards[3]!).getByText('Refunded')).toBeInTheDocument();
    // Pay Now only on what is owed.
    expect(within(cards[0]!).queryByRole('button', { name: /Pay Now/ })).not.toBeInTheDocument();
    expect(within(cards[1]!).getByRole('button', { name: 'Pay Now invoice INV-2' })).toBeInTheDocument();
    expect(within(cards[3]!).queryByRole('button', { name: /Pay Now/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export All' })).toBeInTheDocument();

    await user.click(within(cards[0]!).getByRole('button', { name: 'View invoice INV-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-1' });
    expect(within(dialog).getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  });

  it('past due: a clear warning with Pay Now for the open invoice', async () => {
    current = subscription({ status: 'past_due' });
    mockRoute(contract.invoices.listInvoices, {
      status: 200,
      body: invoicePage([invoice({ invoice_number: 'INV-9', status: 'overdue', amount: 250 }), invoice()]),
    });
    renderBilling();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your last payment failed');
    expect(alert).toHaveTextContent('Pay invoice INV-9 ($250.00) to keep your Pro plan active.');
    expect(within(alert).getByRole('button', { name: 'Pay Now invoice INV-9' })).toBeInTheDocument();
  });
});

describe('back from a payment method that redirects', () => {
  it('the server re-checks the payment named in the return URL and the result shows', async () => {
    current = subscription();
    const checks = mockRoute(contract.billing.confirmPayment, { status: 200, body: { status: 'succeeded', error: null, decline_code: null } });
    renderWithApi(<ClientBillingPage />, {
      session: clientSession(),
      route: '/dashboard?payment_intent=pi_77&payment_intent_client_secret=pi_77_secret_q&redirect_status=succeeded#billing',
    });
    expect(await screen.findByText('Payment received. Thank you!')).toBeInTheDocument();
    expect(checks).toHaveLength(1);
    expect(checks[0]?.body).toEqual({ payment_intent_id: 'pi_77' });
  });
});
