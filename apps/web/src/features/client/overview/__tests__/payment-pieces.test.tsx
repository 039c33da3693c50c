import { contract, type TClientDashboardStats, type TInvoice } from '@agency/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { clientSession, invoice, invoicePage } from '@/test/billing-fixtures';
import { NextPaymentBanner } from '../components/next-payment-banner';
import { PaymentHistoryCard } from '../components/payment-history';

function stats(overrides: Partial<TClientDashboardStats> = {}): TClientDashboardStats {
  return {
    total_followers: 0,
    growth_rate: 0,
    engagement_rate: 0,
    reach: 0,
    posts_this_month: 0,
    next_payment_date: '2026-03-01',
    next_payment_amount: 250,
    next_payment_invoice_id: 12,
    ...overrides,
  };
}

beforeEach(() => {
  mockRoute(contract.billing.getBillingConfig, { status: 200, body: { provider: 'sandbox', publishable_key: null } });
  // No saved card: Pay Now opens the card form (saved cards: features/client/billing/__tests__/pay-invoice.test.tsx).
  mockRoute(contract.billing.listPaymentMethods, { status: 200, body: { results: [] } });
  mockRoute(contract.invoices.payInvoice, (req) => ({
    status: 200,
    body: { client_secret: `pi_${req.params.id}_secret_s`, payment_intent_id: `pi_${req.params.id}`, amount: 250, provider: 'sandbox' as const },
  }));
});

describe('Payment History card and the Pay Now dialog', () => {
  let invoices: TInvoice[];

  beforeEach(() => {
    invoices = [
      invoice({ id: 7, invoice_number: 'INV-7', status: 'pending', amount: 250 }),
      invoice({ id: 6, invoice_number: 'INV-6', status: 'paid', amount: 250 }),
      invoice({ id: 5, invoice_number: 'INV-5', status: 'refunded', amount: 100, refunded_amount: 100 }),
    ];
    mockRoute(contract.invoices.listInvoices, () => ({ status: 200, body: invoicePage(invoices) }));
  });

  it('asks for the first 5 invoices; Pay Now on what is owed, Download when paid, nothing on a refund', async () => {
    renderWithApi(<PaymentHistoryCard />, { session: clientSession() });
    const list = await screen.findByRole('list', { name: 'Recent invoices' });
    const [pending, paid, refunded] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(pending).getByRole('button', { name: 'Pay Now invoice INV-7' })).toBeInTheDocument();
    expect(within(paid).getByRole('button', { name: 'Download invoice INV-6' })).toBeInTheDocument();
    expect(within(refunded).getByText('Refunded')).toBeInTheDocument();
    expect(within(refunded).queryByRole('button')).not.toBeInTheDocument();
    expect(apiRequests({ route: contract.invoices.listInvoices })[0]?.url.searchParams.get('page_size')).toBe('5');
  });

  it('pays an invoice: amount and number, the card form, then a toast, the dialog closes and the list shows it paid', async () => {
    const confirms = mockRoute(contract.billing.confirmPayment, () => {
      invoices = invoices.map((i) => (i.id === 7 ? { ...i, status: 'paid', paid_via: 'card', payment_card: 'Visa •••• 4242' } : i));
      return { status: 200, body: { status: 'succeeded' as const, error: null, decline_code: null } };
    });
    renderWithApi(<PaymentHistoryCard />, { session: clientSession() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay Now invoice INV-7' }));

    const dialog = await screen.findByRole('dialog', { name: 'Pay invoice INV-7' });
    expect(within(dialog).getByText('$250.00')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name on card')).toHaveValue('Cora Client');
    await user.click(await within(dialog).findByRole('button', { name: 'Use test card 4242 4242 4242 4242' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $250.00' }));

    expect(await screen.findByText('Payment received for invoice INV-7. Thank you!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(confirms[0]?.body).toMatchObject({ payment_intent_id: 'pi_7' });
    expect(await screen.findByRole('button', { name: 'Download invoice INV-7' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay Now/ })).not.toBeInTheDocument();
  });

  it("a payment that cannot start shows the server's reason with Try Again", async () => {
    mockRoute(contract.invoices.payInvoice, { status: 409, body: { detail: 'This invoice is already paid.', code: 'conflict' } });
    renderWithApi(<PaymentHistoryCard />, { session: clientSession() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay Now invoice INV-7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay invoice INV-7' });
    expect(await within(dialog).findByText('This invoice is already paid.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it('an empty history says so', async () => {
    invoices = [];
    renderWithApi(<PaymentHistoryCard />, { session: clientSession() });
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
  });
});

describe('Next Payment Due banner', () => {
  it('shows the amount and date, and Pay Now opens the dialog of that invoice', async () => {
    mockRoute(contract.dashboard.getClientDashboardStats, { status: 200, body: stats() });
    mockRoute(contract.invoices.getInvoice, { status: 200, body: invoice({ id: 12, invoice_number: 'INV-12', status: 'pending', amount: 250 }) });
    renderWithApi(<NextPaymentBanner />, { session: clientSession() });
    const banner = await screen.findByRole('region', { name: 'Next Payment Due' });
    expect(banner).toHaveTextContent('$250.00 due on Mar 1, 2026');
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('dialog', { name: 'Pay invoice INV-12' })).toBeInTheDocument();
    expect(apiRequests({ route: contract.invoices.payInvoice })[0]?.params.id).toBe('12');
  });

  it('a renewal without an invoice has no Pay Now; nothing due shows no banner', async () => {
    mockRoute(contract.dashboard.getClientDashboardStats, { status: 200, body: stats({ next_payment_invoice_id: null }) });
    const { unmount } = renderWithApi(<NextPaymentBanner />, { session: clientSession() });
    const banner = await screen.findByRole('region', { name: 'Next Payment Due' });
    expect(within(banner).queryByRole('button')).not.toBeInTheDocument();
    unmount();

    mockRoute(contract.dashboard.getClientDashboardStats, {
      status: 200,
      body: stats({ next_payment_date: null, next_payment_amount: null, next_payment_invoice_id: null }),
    });
    renderWithApi(<NextPaymentBanner />, { session: clientSession() });
    await waitFor(() => expect(apiRequests({ route: contract.dashboard.getClientDashboardStats })).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('Loading your next payment')).not.toBeInTheDocument());
    expect(screen.queryByText('Next Payment Due')).not.toBeInTheDocument();
  });

  it('a failed load says so with Try Again', async () => {
    mockRoute(contract.dashboard.getClientDashboardStats, { status: 500, body: { detail: 'Internal server error', code: 'server_error' } });
    renderWithApi(<NextPaymentBanner />, { session: clientSession() });
    expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
