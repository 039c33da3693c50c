import { contract, ZClientAnalyticsOverviewSchema, ZSocialAccountSchema, type TClientPermission } from '@agency/contract';
import { generateMock } from '@anatine/zod-mock';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_USER, invoice, invoicePage } from '@/test/billing-fixtures';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { renderWithApi, testSession } from '@/test/render';
import ClientOverviewPage from '../overview.page';

function renderAs(permission: TClientPermission) {
  return renderWithApi(<ClientOverviewPage />, { session: testSession({ ...CLIENT_USER, client_permission: permission }) });
}

beforeEach(() => {
  mockRoute(contract.dashboard.getClientDashboardStats, {
    status: 200,
    body: {
      total_followers: 1200,
      growth_rate: 2,
      engagement_rate: 0.04,
      reach: 5000,
      posts_this_month: 3,
      next_payment_date: '2026-03-01',
      next_payment_amount: 250,
      next_payment_invoice_id: 12,
    },
  });
  mockRoute(contract.invoices.listInvoices, { status: 200, body: invoicePage([invoice({ id: 7, invoice_number: 'INV-7', status: 'pending' })]) });
  const empty = { count: 0, next: null, previous: null, results: [] };
  mockRoute(contract.content.listContent, { status: 200, body: empty });
  mockRoute(contract.messages.listMessages, { status: 200, body: empty });
  mockRoute(contract.intake.listIntakeForms, { status: 200, body: empty });
  mockRoute(contract.analytics.getClientAnalyticsOverview, { status: 200, body: { ...generateMock(ZClientAnalyticsOverviewSchema, { seed: 3 }), monthly: [] } });
  const account = generateMock(ZSocialAccountSchema, { seed: 5 });
  mockRoute(contract.socialAccounts.listSocialAccounts, {
    status: 200,
    body: { accounts: [{ ...account, id: 41, username: 'cora.coffee', is_active: true, needs_reconnect: false }] },
  });
});

/** Waits for the overview's numbers (the stats answer) so the parts that depend on it have rendered. */
async function loaded() {
  expect(await screen.findByText('Total Followers')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('Loading your next payment')).not.toBeInTheDocument());
}

describe('the client overview by permission on the client’s team', () => {
  it('full access: next payment with Pay Now, payment history, recent content, the content calendar and Connect Account', async () => {
    renderAs('full');
    await loaded();
    expect(screen.getByRole('heading', { name: 'Next Payment Due' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment History' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent Content' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Content Calendar/ })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Connect Account' }).length).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: 'Sync now @cora.coffee' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disconnect @cora.coffee' })).toBeInTheDocument();
    await waitFor(() => expect(apiRequests({ route: contract.invoices.listInvoices })).not.toHaveLength(0));
    expect(apiRequests({ route: contract.content.listContent })).not.toHaveLength(0);
  });

  it('content only: no next payment, no Pay Now, no payment history, and no invoice is asked for', async () => {
    renderAs('content');
    await loaded();
    expect(await screen.findByRole('heading', { name: 'Recent Content' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Next Payment Due' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment History' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay Now/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View billing' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Content Calendar/ })).toBeInTheDocument();
    // Connecting, syncing and disconnecting accounts are for full access: the account shows without them.
    expect(await screen.findByText('@cora.coffee')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sync now|Disconnect|Reconnect/ })).not.toBeInTheDocument();
    expect(apiRequests({ route: contract.invoices.listInvoices })).toHaveLength(0);
    expect(apiRequests({ route: contract.billing.getBillingConfig })).toHaveLength(0);
  });

  it('billing only: no recent content, no New Post, no content calendar, and no content is asked for', async () => {
    renderAs('billing');
    await loaded();
    expect(screen.getByRole('heading', { name: 'Next Payment Due' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment History' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Recent Content' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Post' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Content Calendar/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Message Team/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Account' })).not.toBeInTheDocument();
    expect(apiRequests({ route: contract.content.listContent })).toHaveLength(0);
  });
});
