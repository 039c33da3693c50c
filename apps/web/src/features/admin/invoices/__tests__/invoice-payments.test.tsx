import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApi } from '@/test/render';
import { invoice } from '@/test/billing-fixtures';
import { InvoiceFiltersBar } from '../components/invoice-filters-bar';
import { InvoicesTable } from '../components/invoices-table';
import { DEFAULT_FILTERS, parseFilters, toListQuery } from '../invoice-filters';
import { canSendReminder, type TInvoiceActions } from '../use-invoice-actions';

const actions: TInvoiceActions = {
  recordPayment: vi.fn(),
  sendReminder: vi.fn(),
  downloadPdf: vi.fn(),
  print: vi.fn(),
  view: vi.fn(),
  busy: { reminding: null, downloading: null },
};

describe('admin invoices: how an invoice was paid and refunds', () => {
  it('shows card payments with the card, manual ones as Manual, partial refunds and the Refunded status', () => {
    renderWithApi(
      <InvoicesTable
        invoices={[
          invoice({ id: 1, invoice_number: 'INV-1', paid_via: 'card', payment_card: 'Visa •••• 4242' }),
          invoice({ id: 2, invoice_number: 'INV-2', paid_via: 'manual', payment_card: null }),
          invoice({ id: 3, invoice_number: 'INV-3', amount: 100, refunded_amount: 25 }),
          invoice({ id: 4, invoice_number: 'INV-4', status: 'refunded', refunded_amount: 100 }),
        ]}
        filters={DEFAULT_FILTERS}
        onSort={() => {}}
        actions={actions}
      />,
    );
    const [card, manual, partial, refunded] = screen.getAllByTestId('invoice-card') as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(card).toHaveTextContent('Card · Visa •••• 4242');
    expect(manual).toHaveTextContent('Manual');
    expect(partial).toHaveTextContent('Refunded $25.00');
    expect(within(refunded).getByText('Refunded')).toBeInTheDocument();
    // A refunded invoice is not chased.
    expect(within(refunded).queryByRole('button', { name: /Remind/ })).not.toBeInTheDocument();
    expect(canSendReminder({ status: 'refunded' })).toBe(false);
  });

  it('the status filter offers Refunded and asks the API for it', async () => {
    const onChange = vi.fn();
    renderWithApi(<InvoiceFiltersBar filters={DEFAULT_FILTERS} onChange={onChange} />, { session: null });
    await userEvent.setup().selectOptions(screen.getByLabelText('Status'), 'Refunded');
    expect(onChange).toHaveBeenCalledWith({ status: 'refunded' });
    const filters = parseFilters(new URLSearchParams('status=refunded'));
    expect(toListQuery(filters).status).toBe('refunded');
  });
});
