import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render';
import { clientSession, invoice, subscription } from '@/test/billing-fixtures';
import { SummaryCards } from '../components/summary-cards';
import { billingSummary, openInvoice } from '../lib/billing-summary';

describe('billing summary arithmetic', () => {
  const invoices = [
    invoice({ status: 'paid', amount: 250 }),
    invoice({ status: 'paid', amount: 100.1, refunded_amount: 40.05 }),
    invoice({ status: 'refunded', amount: 400, refunded_amount: 400 }),
    invoice({ status: 'pending', amount: 99.99 }),
    invoice({ status: 'overdue', amount: 0.02 }),
  ];

  it('Total Spent sums paid amounts (net of partial refunds, refunded invoices count nothing); Outstanding = pending + overdue', () => {
    const s = billingSummary(invoices, subscription({ price: 250 }));
    expect(s.totalSpent).toBe(310.05);
    expect(s.outstanding).toBe(100.01);
    expect(s.nextPayment).toBe(250);
    expect(s.nextPaymentDate).toBe('2026-03-01');
  });

  it('no renewal: no next payment without a subscription, after cancelling, or once it has ended', () => {
    expect(billingSummary([], null).nextPayment).toBeNull();
    expect(billingSummary([], subscription({ cancel_at_period_end: true })).nextPayment).toBeNull();
    expect(billingSummary([], subscription({ status: 'cancelled' })).nextPayment).toBeNull();
  });

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

  it('show the four cards in whole dollars with Payment due when something is owed', () => {
    renderWithApi(
      <SummaryCards
        invoices={[invoice({ amount: 1250 }), invoice({ status: 'pending', amount: 250, is_overdue: true })]}
        subscription={subscription()}
      />,
      { session: clientSession() },
    );
    expect(within(card('Total Spent')).getByText('$1,250')).toBeInTheDocument();
    expect(within(card('Current Plan')).getByText('Pro')).toBeInTheDocument();
    expect(within(card('Current Plan')).getByText('Active')).toBeInTheDocument();
    expect(within(card('Next Payment')).getByText('$250')).toBeInTheDocument();
    expect(within(card('Next Payment')).getByText('Due Mar 1, 2026')).toBeInTheDocument();
    expect(within(card('Outstanding')).getByText('$250')).toBeInTheDocument();
    expect(within(card('Outstanding')).getByText('Payment due')).toBeInTheDocument();
  });

  it("say 'All paid' when nothing is owed, and when a cancelled plan ends", () => {
    renderWithApi(<SummaryCards invoices={[invoice()]} subscription={subscription({ cancel_at_period_end: true })} />, {
      session: clientSession(),
    });
    expect(within(card('Outstanding')).getByText('All paid')).toBeInTheDocument();
    expect(within(card('Current Plan')).getByText('Ends on Mar 1, 2026')).toBeInTheDocument();
    expect(within(card('Next Payment')).getByText('—')).toBeInTheDocument();
  });
});
