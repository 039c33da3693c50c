import { contract } from '@agency/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { SummaryCards } from '../components/summary-cards';

describe('clients summary cards', () => {
  it('says the overdue figure counts clients with an overdue payment, not invoices', async () => {
    mockRoute(contract.clients.getClientSummary, { status: 200, body: { total: 12, active: 9, monthly_revenue: 27000, overdue: 2 } });
    renderWithApi(<SummaryCards />);
    expect(await screen.findByText('Overdue Payments')).toBeInTheDocument();
    expect(screen.getByText('2')).toBeInTheDocument();
    expect(screen.getByText('Clients with an overdue payment')).toBeInTheDocument();
  });
});
