import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render';
import { InvoiceFiltersBar } from '../components/invoice-filters-bar';
import { useInvoiceFilters } from '../use-invoice-filters';

function Harness() {
  const { filters, setFilters } = useInvoiceFilters();
  const { search } = useLocation();
  return (
    <>
      <InvoiceFiltersBar filters={filters} onChange={setFilters} />
      <output data-testid="query">{search}</output>
    </>
  );
}

describe('invoice filters in the URL', () => {
  it('a search typed just before the status changes is kept with the status', async () => {
    const user = userEvent.setup();
    renderWithApi(<Harness />, { route: '/dashboard#invoices' });
    await user.type(screen.getByLabelText('Search invoices'), 'acme');
    await user.selectOptions(screen.getByLabelText('Status'), 'paid');
    await waitFor(() => expect(screen.getByTestId('query').textContent).toMatch(/q=acme/));
    expect(screen.getByTestId('query').textContent).toMatch(/status=paid/);
  });

  it('a status chosen while a typed search is pending survives the search landing', async () => {
    const user = userEvent.setup();
    renderWithApi(<Harness />, { route: '/dashboard?status=pending#invoices' });
    await user.type(screen.getByLabelText('Search invoices'), 'acme');
    await user.selectOptions(screen.getByLabelText('Status'), 'overdue');
    await new Promise((r) => setTimeout(r, 500));
    const query = screen.getByTestId('query').textContent ?? '';
    expect(query).toMatch(/q=acme/);
    expect(query).toMatch(/status=overdue/);
  });
});
