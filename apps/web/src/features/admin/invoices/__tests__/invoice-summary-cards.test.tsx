import { contract } from '@agency/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { InvoiceSummaryCards } from '../components/invoice-summary-cards';

describe('invoice summary cards', () => {
  it('says the Overdue figure counts the invoices past due (the same count as the overview’s Overdue Payments)', async () => {
    mockRoute(contract.invoices.getInvoiceSummary, {
      status: 200,
      body: {
        total_revenue: 5000,
        paid_count: 4,
        pending_amount: 900,
        pending_count: 2,
        overdue_amount: 1200,
        overdue_count: 3,
        collected_this_month: 800,
      },
    });
    renderWithApi(<InvoiceSummaryCards />);
    const summary = await screen.findByRole('region', { name: 'Invoice summary' });
    expect(within(summary).getByText('Overdue')).toBeInTheDocument();
    expect(within(summary).getByText('$1,200')).toBeInTheDocument();
    expect(within(summary).getByText('3 invoices past due')).toBeInTheDocument();
  });
});
