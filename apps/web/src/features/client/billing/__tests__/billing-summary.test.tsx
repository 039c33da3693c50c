import { contract } from '@agency/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { clientSession, invoice, subscription } from '@/test/billing-fixtures';
import { SummaryCards } from '../components/summary-cards';
import { openInvoice } from '../lib/billing-summary';

describe('billing summary helpers', () => {
  it('the open invoice is the newest one still owed', () => {
    const pending = invoice({ status: 'pending', invoice_number: 'INV-2' });
    expect(openInvoice([invoice(), pending, invoice({ status: 'overdue' })])).toBe(pending);
    expect(openInvoice([invoice(), invoice({ status: 'refunded' })])).toBeNull();
  });
});

describe('summary cards', () => {
  function card(label: string) {
    return screen.getByText(label).closest('div.rounded-xl') as HTMLElement;
  }

  const SUMMARY = { total_revenue: 310.05, paid_count: 2, pending_amount: 99.99, pending_count: 1, overdue_amount: 150.02, overdue_count: 1, collected_this_month: 0 };
  const STATS = { total_followers: 0, growth_rate: 0, engagement_rate: 0, reach: 0, posts_this_month: 0 };
  const serve = (summary: Partial<typeof SUMMARY>, next: { next_payment_date: string | null; next_payment_amount: number | null; next_payment_invoice_id: number | null }) => {
    mockRoute(contract.invoices.getInvoiceSummary, { status: 200, body: { ...SUMMARY, ...summary } });
    mockRoute(contract.dashboard.getClientDashboardStats, { status: 200, body: { ...STATS, ...next } });
  };

  it('show the server’s totals over every invoice in whole dollars and billing’s next payment to the cent, with Payment due when something is owed', async () => {
    serve({}, { next_payment_date: '2026-02-10', next_payment_amount: 150.02, next_payment_invoice_id: 9 });
    renderWithApi(<SummaryCards subscription={subscription()} />, { session: clientSession() });
    await waitFor(() => expect(within(card('Total Spent')).getByText('$310')).toBeInTheDocument());
    expect(within(card('Current Plan')).getByText('Pro')).toBeInTheDocument();
    expect(within(card('Current Plan')).getByText('Active')).toBeInTheDocument();
    // The next payment is the overdue invoice, not the plan's price: the overview's banner says the same.
    expect(within(card('Next Payment')).getByText('$150.02')).toBeInTheDocument();
    expect(within(card('Next Payment')).getByText('Due Feb 10, 2026')).toBeInTheDocument();
    expect(within(card('Outstanding')).getByText('$250')).toBeInTheDocument();
    expect(within(card('Outstanding')).getByText('Payment due')).toBeInTheDocument();
  });

  it("say 'All paid' when nothing is owed, and when a cancelled plan ends", async () => {
    serve({ pending_amount: 0, overdue_amount: 0 }, { next_payment_date: null, next_payment_amount: null, next_payment_invoice_id: null });
    renderWithApi(<SummaryCards subscription={subscription({ cancel_at_period_end: true })} />, { session: clientSession() });
    await waitFor(() => expect(within(card('Outstanding')).getByText('All paid')).toBeInTheDocument());
    expect(within(card('Current Plan')).getByText('Ends on Mar 1, 2026')).toBeInTheDocument();
    expect(within(card('Next Payment')).getByText('—')).toBeInTheDocument();
    expect(within(card('Next Payment')).getByText('No renewal: ends on Mar 1, 2026')).toBeInTheDocument();
  });
});
