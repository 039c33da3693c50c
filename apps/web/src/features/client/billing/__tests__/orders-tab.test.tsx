import { contract } from '@agency/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clientSession } from '@/test/billing-fixtures';
import { mockRoute } from '@/test/mock-api';
import { order, orderLine, page } from '@/test/order-fixtures';
import { renderWithApi } from '@/test/render';
import { OrdersTab } from '../components/orders-tab';

describe('client billing: orders', () => {
  it('offers Request Refill only on a line where a refill is available; a requested one says so', async () => {
    const dropped = orderLine({ id: 1, target: '@dropped', status: 'completed', delivered: 1000, refill_available: true, guarantee_until: '2026-06-01T00:00:00Z' });
    const fine = orderLine({ id: 2, target: '@fine', status: 'completed', delivered: 1000, refill_available: false });
    const requested = orderLine({ id: 3, target: '@asked', status: 'refill_requested', refill_available: false, refill_requested_at: '2026-03-05T00:00:00Z' });
    mockRoute(contract.orders.listOrders, { status: 200, body: page([order({ id: 5, lines: [dropped, fine, requested] })]) });
    const calls = mockRoute(contract.orders.requestRefill, { status: 200, body: order({ id: 5, lines: [{ ...dropped, status: 'refill_requested', refill_available: false }, fine, requested] }) });
    renderWithApi(<OrdersTab />, { session: clientSession() });

    const [first, second, third] = (await screen.findAllByTestId('client-order-line')) as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(second).queryByRole('button', { name: /Request Refill/ })).not.toBeInTheDocument();
    expect(within(second).getByText('Completed')).toBeInTheDocument();
    expect(within(third).queryByRole('button', { name: /Request Refill/ })).not.toBeInTheDocument();
    expect(within(third).getByText('Refill requested')).toBeInTheDocument();
    expect(within(first).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1000');

    await userEvent.click(within(first).getByRole('button', { name: /Request Refill/ }));
    expect(calls).toHaveLength(0);
    const dialog = await screen.findByRole('dialog', { name: 'Request a refill?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request Refill' }));
    expect(await screen.findByText(/Refill requested\. We will top up/)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.params).toMatchObject({ id: '1' });
  });

  it('an order waiting for intake says so, its pending lines wait for the form, and Fill in the form opens it', async () => {
    const pending = orderLine({ id: 4, target: '@waiting', status: 'pending', delivered: 0, expected_delivery_at: null });
    mockRoute(contract.orders.listOrders, { status: 200, body: page([order({ id: 12, intake: { id: 9, status: 'waiting' }, lines: [pending] })]) });
    mockRoute(contract.orders.getOrder, { status: 200, body: order({ id: 12, intake: { id: 9, status: 'waiting' }, lines: [pending] }) });
    renderWithApi(<OrdersTab />, { session: clientSession() });

    const card = await screen.findByTestId('client-order');
    expect(within(card).getByText('Waiting for intake')).toBeInTheDocument();
    expect(within(card).getByTestId('client-order-line')).toHaveTextContent('Delivery starts once you send the intake form.');
    await userEvent.click(within(card).getByRole('button', { name: 'Fill in the form for Order #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Intake form' });
    expect(dialog).toHaveTextContent('For Order #12.');
    expect(await within(dialog).findByLabelText('Account to grow')).toHaveValue('@waiting');
  });

  it('an order whose intake was sent shows no form button', async () => {
    mockRoute(contract.orders.listOrders, { status: 200, body: page([order({ id: 13, intake: { id: 9, status: 'submitted' } })]) });
    renderWithApi(<OrdersTab />, { session: clientSession() });
    const card = await screen.findByTestId('client-order');
    expect(within(card).queryByText('Waiting for intake')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Fill in the form/ })).not.toBeInTheDocument();
  });

  it('no orders: links to the Instagram packages', async () => {
    mockRoute(contract.orders.listOrders, { status: 200, body: page([]) });
    renderWithApi(<OrdersTab />, { session: clientSession() });
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse packages' })).toHaveAttribute('href', '/services/instagram');
  });
});
