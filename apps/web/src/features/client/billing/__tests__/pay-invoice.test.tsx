import { contract } from '@agency/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { clientSession, invoice } from '@/test/billing-fixtures';
import { mockRoute } from '@/test/mock-api';
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
