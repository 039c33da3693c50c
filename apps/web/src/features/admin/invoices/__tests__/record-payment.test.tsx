import { contract, type TInvoicePayment } from '@agency/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { invoice } from '@/test/billing-fixtures';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { AgencyInvoiceDetails } from '../components/invoice-details';
import { RecordPaymentDialog } from '@/entities/invoices/components/record-payment-dialog';
import { ReversePaymentDialog } from '../components/reverse-payment-dialog';
import type { TInvoiceActions } from '../use-invoice-actions';

const owed = invoice({ id: 5, invoice_number: 'INV-2026-5', status: 'pending', amount: 3000, amount_paid: 1000, amount_due: 2000 });

function payment(overrides: Partial<TInvoicePayment> = {}): TInvoicePayment {
  return {
    id: 11,
    invoice: 5,
    amount: 1000,
    paid_on: '2026-11-18',
    method: 'bank_transfer',
    reference: 'TRX-1',
    recorded_by_name: 'Olive Owner',
    recorded_at: '2026-11-18T10:00:00Z',
    reversed_at: null,
    reversed_by_name: null,
    reversal_reason: null,
    ...overrides,
  };
}

describe('Record Payment', () => {
  it('offers what is still owed, sends date, method and reference once per payment, and says what is left', async () => {
    const sent = mockRoute(contract.invoices.recordInvoicePayment, ({ body }) => ({
      status: 201,
      body: { payment: payment({ amount: (body as { amount: number }).amount }), invoice: { ...owed, amount_paid: 1500, amount_due: 1500 } },
    }));
    const onRecorded = vi.fn();
    renderWithApi(<RecordPaymentDialog invoice={owed} onClose={() => {}} onRecorded={onRecorded} />);
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/still owes \$2,000\.00 of \$3,000\.00/)).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(2000);
    await user.clear(screen.getByLabelText('Amount (USD)'));
    await user.type(screen.getByLabelText('Amount (USD)'), '500');
    await user.selectOptions(screen.getByLabelText('Method'), 'Cheque');
    await user.type(screen.getByLabelText(/Reference/), 'CHQ 881');
    await user.click(screen.getByRole('button', { name: 'Record Payment' }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ amount: 500, method: 'cheque', reference: 'CHQ 881' });
    expect(sent[0]!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByText('Payment of $500.00 recorded: $1,500.00 still owed on INV-2026-5')).toBeInTheDocument();
  });

  it("shows the server's refusal on its field (a future date, more than owed)", async () => {
    mockRoute(contract.invoices.recordInvoicePayment, {
      status: 400,
      body: { detail: 'Invalid body: paid_on: The payment date cannot be in the future', code: 'validation_error', errors: { paid_on: ['The payment date cannot be in the future'] } },
    });
    renderWithApi(<RecordPaymentDialog invoice={owed} onClose={() => {}} onRecorded={() => {}} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Record Payment' }));
    const date = screen.getByLabelText('Payment date');
    expect(await screen.findByText('The payment date cannot be in the future')).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the fields before sending anything', async () => {
    const sent = mockRoute(contract.invoices.recordInvoicePayment, { status: 201, body: { payment: payment(), invoice: owed } });
    renderWithApi(<RecordPaymentDialog invoice={owed} onClose={() => {}} onRecorded={() => {}} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Amount (USD)'));
    await user.type(screen.getByLabelText('Amount (USD)'), '0');
    await user.clear(screen.getByLabelText('Payment date'));
    await user.click(screen.getByRole('button', { name: 'Record Payment' }));
    expect(await screen.findByText('Amount must be greater than zero')).toBeInTheDocument();
    expect(screen.getByText('Payment date is required')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});

describe('payment history on the invoice', () => {
  const actions: TInvoiceActions = {
    recordPayment: vi.fn(),
    reversePayment: vi.fn(),
    sendReminder: vi.fn(),
    downloadPdf: vi.fn(),
    print: vi.fn(),
    view: vi.fn(),
    busy: { reminding: null, downloading: null },
  };

  it('shows paid so far, balance due, who recorded each payment, a reversal with its reason, and Reverse on the ones that count', async () => {
    mockRoute(contract.invoices.getInvoice, { status: 200, body: owed });
    mockRoute(contract.invoices.listInvoicePayments, {
      status: 200,
      body: {
        results: [
          payment(),
          payment({ id: 12, amount: 400, method: 'cheque', reference: null, reversed_at: '2026-11-19T09:00:00Z', reversed_by_name: 'Max Manager', reversal_reason: 'The cheque bounced' }),
        ],
      },
    });
    renderWithApi(<AgencyInvoiceDetails invoice={owed} onClose={() => {}} actions={actions} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Paid so far').nextSibling).toHaveTextContent('$1,000.00');
    expect(within(dialog).getByText('Balance due').nextSibling).toHaveTextContent('$2,000.00');
    const [first, second] = (await within(dialog).findAllByTestId('invoice-payment')) as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('$1,000.00 on');
    expect(first).toHaveTextContent('Bank transfer · Ref. TRX-1');
    expect(first).toHaveTextContent('Recorded by Olive Owner');
    expect(second).toHaveTextContent('Reversed');
    expect(second).toHaveTextContent('by Max Manager');
    expect(second).toHaveTextContent('The cheque bounced');
    expect(within(second).queryByRole('button', { name: /Reverse/ })).not.toBeInTheDocument();
    await userEvent.setup().click(within(first).getByRole('button', { name: 'Reverse the payment of $1,000.00' }));
    expect(actions.reversePayment).toHaveBeenCalledWith(expect.objectContaining({ id: 11 }), owed);
    expect(within(dialog).getByRole('button', { name: 'Record Payment' })).toBeInTheDocument();
  });

  it('read-only staff see the history without Reverse or Record Payment', async () => {
    mockRoute(contract.invoices.getInvoice, { status: 200, body: owed });
    mockRoute(contract.invoices.listInvoicePayments, { status: 200, body: { results: [payment()] } });
    renderWithApi(<AgencyInvoiceDetails invoice={owed} onClose={() => {}} actions={{ ...actions, readOnly: true }} />);
    expect(await screen.findByTestId('invoice-payment')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reverse/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record Payment' })).not.toBeInTheDocument();
  });

  it('Reverse Payment needs a reason and sends it', async () => {
    const sent = mockRoute(contract.invoices.reverseInvoicePayment, {
      status: 200,
      body: { payment: payment({ reversed_at: '2026-11-20T10:00:00Z', reversal_reason: 'Wrong invoice', reversed_by_name: 'Olive Owner' }), invoice: { ...owed, amount_paid: 0, amount_due: 3000 } },
    });
    const onReversed = vi.fn();
    renderWithApi(<ReversePaymentDialog payment={payment()} invoiceNumber="INV-2026-5" onClose={() => {}} onReversed={onReversed} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reverse Payment' }));
    expect(await screen.findByText('Say why the payment is reversed')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.type(screen.getByLabelText(/Reason/), 'Wrong invoice');
    await user.click(screen.getByRole('button', { name: 'Reverse Payment' }));
    await waitFor(() => expect(onReversed).toHaveBeenCalled());
    expect(sent[0]!.body).toEqual({ reason: 'Wrong invoice' });
    expect(await screen.findByText('Payment reversed: $3,000.00 owed on INV-2026-5')).toBeInTheDocument();
  });
});
