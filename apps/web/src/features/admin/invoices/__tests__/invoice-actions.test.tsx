import { generateMock } from '@anatine/zod-mock';
import { ZInvoiceSchema, type TInvoice } from '@agency/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InvoiceActions } from '../components/invoice-actions';
import type { TInvoiceActions } from '../use-invoice-actions';

function setup(compact: boolean) {
  const invoice: TInvoice = { ...generateMock(ZInvoiceSchema, { seed: 8 }), invoice_number: 'INV-1001', status: 'pending' };
  const actions: TInvoiceActions = {
    recordPayment: vi.fn(),
    sendReminder: vi.fn(),
    downloadPdf: vi.fn(),
    print: vi.fn(),
    view: vi.fn(),
    busy: { reminding: null, downloading: null },
  };
  render(<InvoiceActions invoice={invoice} actions={actions} compact={compact} />);
  return { invoice, actions };
}

describe('InvoiceActions names (WCAG 2.5.3 Label in Name)', () => {
  it('phone cards: each button is named by the text it shows, then the invoice', async () => {
    const { invoice, actions } = setup(false);
    const record = screen.getByRole('button', { name: 'Record Payment INV-1001' });
    expect(record).toHaveTextContent(/^Record Payment/);
    expect(record).not.toHaveAttribute('aria-label');
    for (const name of ['Details INV-1001', 'Remind INV-1001', 'PDF INV-1001', 'Print INV-1001']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    await userEvent.click(record);
    expect(actions.recordPayment).toHaveBeenCalledWith(invoice);
  });

  it('table rows: icon buttons keep their descriptive names', () => {
    setup(true);
    for (const name of ['View details of INV-1001', 'Record a payment on INV-1001', 'Send Reminder for INV-1001', 'Download PDF of INV-1001', 'Print INV-1001']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });
});
