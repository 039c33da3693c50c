import { contract } from '@agency/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TPaymentMethod } from '@agency/contract';
import { clientSession, invoice } from '@/test/billing-fixtures';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { InvoicesTab } from '../components/invoices-tab';

const partPaid = invoice({ id: 9, invoice_number: 'INV-2026-9', status: 'pending', amount: 3000, amount_paid: 1000, amount_due: 2000 });

beforeEach(() => {
  mockRoute(contract.billing.getBillingConfig, { status: 200, body: { provider: 'sandbox', publishable_key: null } });
  mockRoute(contract.invoices.payInvoice, { status: 200, body: { client_secret: 'pi_9_secret_s', payment_intent_id: 'pi_9', amount: 2000, provider: 'sandbox' } });
  mockRoute(contract.invoices.listInvoicePayments, {
    status: 200,
    body: {
      results: [
        {
          id: 1,
          invoice: 9,
          amount: 1000,
          paid_on: '2026-11-18',
          method: 'bank_transfer',
          reference: 'TRX-1',
          recorded_by_name: 'Olive Owner',
          recorded_at: '2026-11-18T10:00:00Z',
          reversed_at: null,
          reversed_by_name: null,
          reversal_reason: null,
        },
      ],
    },
  });
});

describe("the client's invoices after a part payment the agency recorded", () => {
  it('show what is still due, the payment received (without staff names), and Pay Now asks for the rest only', async () => {
    mockRoute(contract.billing.listPaymentMethods, { status: 200, body: { results: [] } });
    renderWithApi(<InvoicesTab invoices={[partPaid]} />, { session: clientSession() });
    const row = screen.getAllByTestId(/billing-invoice-(row|card)/)[0]!;
    expect(row).toHaveTextContent('$3,000.00');
    expect(row).toHaveTextContent('$2,000.00 due');
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'View invoice INV-2026-9' }));
    const details = await screen.findByRole('dialog', { name: 'Invoice INV-2026-9' });
    expect(within(details).getByText('Balance due').nextSibling).toHaveTextContent('$2,000.00');
    const received = await within(details).findByTestId('invoice-payment');
    expect(received).toHaveTextContent('$1,000.00 on');
    expect(received).toHaveTextContent('Bank transfer · Ref. TRX-1');
    expect(received).not.toHaveTextContent('Olive Owner');
    await user.click(within(details).getByRole('button', { name: /Pay Now/ }));
    const pay = await screen.findByRole('dialog', { name: 'Pay invoice INV-2026-9' });
    expect(within(pay).getByText('Amount due').nextSibling).toHaveTextContent('$2,000.00');
    expect(await within(pay).findByRole('button', { name: /Pay \$2,000\.00/ })).toBeInTheDocument();
  });
});

const visa: TPaymentMethod = { id: 'pm_visa', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, is_default: true };
const master: TPaymentMethod = { id: 'pm_master', brand: 'mastercard', last4: '4444', exp_month: 6, exp_year: 2031, is_default: false };
const owed = invoice({ id: 21, invoice_number: 'INV-2026-21', status: 'pending', amount: 250 });

async function openPayNow() {
  renderWithApi(<InvoicesTab invoices={[owed]} />, { session: clientSession() });
  const user = userEvent.setup();
  await user.click(screen.getAllByRole('button', { name: 'Pay Now invoice INV-2026-21' })[0]!);
  return { user, dialog: await screen.findByRole('dialog', { name: 'Pay invoice INV-2026-21' }) };
}

describe('Pay Now with a saved card', () => {
  beforeEach(() => {
    mockRoute(contract.billing.listPaymentMethods, { status: 200, body: { results: [master, visa] } });
    mockRoute(contract.invoices.payInvoice, { status: 200, body: { client_secret: 'pi_21_secret_s', payment_intent_id: 'pi_21', amount: 250, provider: 'sandbox' } });
  });

  it('offers the saved cards with the default chosen and pays with one click; another card can be chosen', async () => {
    const sent = mockRoute(contract.invoices.payInvoiceWithCard, ({ body }) => ({
      status: 200 as const,
      body: {
        status: 'succeeded' as const,
        payment_intent_id: 'pi_1',
        client_secret: null,
        amount: 250,
        provider: 'sandbox' as const,
        error: null,
        card: (body as { payment_method_id: string }).payment_method_id === 'pm_visa' ? 'Visa •••• 4242' : 'Mastercard •••• 4444',
      },
    }));
    const { user, dialog } = await openPayNow();
    expect(await within(dialog).findByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Mastercard •••• 4444/ })).not.toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: /Mastercard •••• 4444/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $250.00 with Mastercard •••• 4444' }));
    expect(await screen.findByText('Payment received for invoice INV-2026-21. Thank you!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Pay invoice INV-2026-21' })).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ payment_method_id: 'pm_master' });
    expect(sent[0]!.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it("when the bank asks, the sandbox's authentication step opens; completing it confirms the payment", async () => {
    mockRoute(contract.invoices.payInvoiceWithCard, {
      status: 200,
      body: { status: 'requires_action', payment_intent_id: 'pi_3ds', client_secret: 'pi_3ds_secret_x', amount: 250, provider: 'sandbox', error: null, card: null },
    });
    const confirmed = mockRoute(contract.billing.confirmPayment, { status: 200, body: { status: 'succeeded', error: null, decline_code: null } });
    const { user, dialog } = await openPayNow();
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $250.00 with Visa •••• 4242' }));
    const auth = await screen.findByRole('dialog', { name: 'Authenticate this payment' });
    await user.click(within(auth).getByRole('button', { name: 'Complete authentication' }));
    expect(await screen.findByText('Payment received for invoice INV-2026-21. Thank you!')).toBeInTheDocument();
    expect(confirmed[0]!.body).toEqual({ payment_intent_id: 'pi_3ds', authentication: 'complete' });
  });

  it('a declined card says why and the dialog stays open for another card; a new card is one click away', async () => {
    mockRoute(contract.invoices.payInvoiceWithCard, {
      status: 200,
      body: { status: 'requires_payment_method', payment_intent_id: 'pi_no', client_secret: null, amount: 250, provider: 'sandbox', error: 'Your card was declined.', card: null },
    });
    const { user, dialog } = await openPayNow();
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $250.00 with Visa •••• 4242' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    await user.click(within(dialog).getByRole('button', { name: 'Pay with a new card instead' }));
    expect(await within(dialog).findByLabelText('Card number')).toBeInTheDocument();
    expect(apiRequests({ route: contract.invoices.payInvoice })).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Use a saved card' }));
    expect(within(dialog).getByRole('radio', { name: /Visa •••• 4242/ })).toBeInTheDocument();
  });

  it("a plan's renewal the provider bills opens the card form, without the saved cards", async () => {
    const renewal = invoice({ id: 22, invoice_number: 'INV-2026-22', status: 'overdue', amount: 250, plan_renewal: true });
    renderWithApi(<InvoicesTab invoices={[renewal]} />, { session: clientSession() });
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Pay Now invoice INV-2026-22' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Pay invoice INV-2026-22' });
    expect(await within(dialog).findByLabelText('Card number')).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(apiRequests({ route: contract.billing.listPaymentMethods })).toHaveLength(0);
  });
});
