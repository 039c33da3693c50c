import { contract, type TClientPermission } from '@agency/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENT_USER, invoice, invoicePage } from '@/test/billing-fixtures';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { renderWithApi, testSession } from '@/test/render';
import { QuickHelp } from '../client/components/quick-help';

function renderAs(permission: TClientPermission) {
  mockRoute(contract.invoices.listInvoices, { status: 200, body: invoicePage([invoice({ id: 3, invoice_number: 'INV-3', status: 'paid' })]) });
  return renderWithApi(<QuickHelp onContactSupport={() => {}} />, { session: testSession({ ...CLIENT_USER, client_permission: permission }) });
}

describe('Quick Help by permission on the client’s team', () => {
  it('full access: the calendar and the latest invoice', async () => {
    renderAs('full');
    expect(await screen.findByText('Latest invoice INV-3 (PDF)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View Calendar/ })).toBeInTheDocument();
  });

  it('content only: the calendar, no invoice, and no invoice is asked for', async () => {
    renderAs('content');
    // Time for a request to reach the mock API if one were sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('link', { name: /View Calendar/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Schedule Review/ })).toBeInTheDocument();
    expect(apiRequests({ route: contract.invoices.listInvoices })).toHaveLength(0);
  });

  it('billing only: the latest invoice, no calendar', async () => {
    renderAs('billing');
    expect(await screen.findByText('Latest invoice INV-3 (PDF)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /View Calendar/ })).not.toBeInTheDocument();
  });
});
