import { contract, ZIntakeForm, type TIntakeForm } from '@agency/contract';
import { generateMock } from '@anatine/zod-mock';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { order, orderLine, page } from '@/test/order-fixtures';
import { renderWithApi } from '@/test/render';
import { OrderDetailsDialog } from '../components/order-details-dialog';
import AdminOrdersPage from '../orders.page';

function intakeForm(overrides: Partial<TIntakeForm> = {}): TIntakeForm {
  return {
    ...generateMock(ZIntakeForm, { seed: 11 }),
    id: 21,
    client: 7,
    client_name: 'Cora Client',
    order: 57,
    subscription: null,
    subject: 'Order #57',
    status: 'waiting',
    handle: null,
    goals: null,
    audience: null,
    competitors: [],
    assets: [],
    submitted_at: null,
    submitted_by_name: null,
    skipped_at: null,
    ...overrides,
  };
}

const waitingOrder = () => order({ id: 57, intake: { id: 21, status: 'waiting' }, lines: [orderLine({ status: 'pending', target: '@cora' })] });

function SearchProbe() {
  return <output data-testid="search">{useLocation().search}</output>;
}

describe('admin orders: the intake form', () => {
  it('flags orders waiting for intake and filters by the intake status through the URL', async () => {
    const calls = mockRoute(contract.orders.listOrders, { status: 200, body: page([waitingOrder(), order({ id: 58, intake: { id: 22, status: 'submitted' } })]) });
    renderWithApi(
      <>
        <AdminOrdersPage />
        <SearchProbe />
      </>,
      { route: '/dashboard#orders' },
    );
    const [waiting, received] = (await screen.findAllByTestId('order-card')) as [HTMLElement, HTMLElement];
    expect(within(waiting).getByText('Waiting for intake')).toBeInTheDocument();
    expect(within(received).queryByText('Waiting for intake')).not.toBeInTheDocument();

    const filter = screen.getByLabelText('Intake form');
    expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Any intake',
      'Waiting for intake',
      'Intake received',
      'Started without intake',
    ]);
    await userEvent.selectOptions(filter, 'Waiting for intake');
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?intake=waiting'));
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('intake')).toBe('waiting'));
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(''));
  });

  it('waiting: says so, and Start without the form asks first, then skips the form', async () => {
    mockRoute(contract.orders.getOrder, { status: 200, body: waitingOrder() });
    mockRoute(contract.intake.getIntakeForm, { status: 200, body: intakeForm() });
    const skips = mockRoute(contract.intake.skipIntakeForm, { status: 200, body: intakeForm({ status: 'skipped', skipped_at: '2026-03-02T10:00:00Z' }) });
    renderWithApi(<OrderDetailsDialog order={waitingOrder()} onClose={() => {}} />);
    const section = await screen.findByTestId('order-intake');
    expect(section).toHaveTextContent("Waiting for the client's intake form.");

    await userEvent.click(within(section).getByRole('button', { name: /Start without the form/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Start without the intake form?' });
    expect(skips).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Start without the form' }));
    expect(await screen.findByText('Work on Order #57 started without the intake form')).toBeInTheDocument();
    expect(skips).toHaveLength(1);
    expect(skips[0]!.params).toMatchObject({ id: '21' });
  });

  it('confirms the start even when the skip’s push refreshed the order (and the button went) before the answer', async () => {
    mockRoute(contract.intake.getIntakeForm, { status: 200, body: intakeForm() });
    let skippedElsewhere = () => {};
    function DialogThatRefreshes() {
      const [waiting, setWaiting] = useState(true);
      skippedElsewhere = () => setWaiting(false);
      return waiting ? <OrderDetailsDialog order={waitingOrder()} onClose={() => {}} /> : <p>Started without intake</p>;
    }
    mockRoute(contract.orders.getOrder, { status: 200, body: waitingOrder() });
    mockRoute(contract.intake.skipIntakeForm, async () => {
      // The socket's order change arrives first: the refreshed order no longer offers the button.
      act(() => skippedElsewhere());
      return { status: 200, body: intakeForm({ status: 'skipped', skipped_at: '2026-03-02T10:00:00Z' }) };
    });
    renderWithApi(<DialogThatRefreshes />);
    const section = await screen.findByTestId('order-intake');
    await userEvent.click(within(section).getByRole('button', { name: /Start without the form/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Start without the intake form?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Start without the form' }));
    expect(await screen.findByText('Work on Order #57 started without the intake form')).toBeInTheDocument();
  });

  it('submitted: the answers, the assets as downloads and who sent them', async () => {
    const sent = intakeForm({
      status: 'submitted',
      handle: '@northwindcoffee',
      goals: 'Grow local followers',
      audience: 'Coffee lovers',
      competitors: ['@stumptown', '@coava'],
      assets: [{ id: 340, name: 'logo.png', size: 48213, content_type: 'image/png', url: '/api/files/340/download/' }],
      submitted_at: '2026-03-04T10:20:45.000Z',
      submitted_by_name: 'Maya Lopez',
    });
    const paid = order({ id: 57, intake: { id: 21, status: 'submitted' } });
    mockRoute(contract.orders.getOrder, { status: 200, body: paid });
    mockRoute(contract.intake.getIntakeForm, { status: 200, body: sent });
    renderWithApi(<OrderDetailsDialog order={paid} onClose={() => {}} />);
    const answers = await screen.findByTestId('intake-answers');
    expect(answers).toHaveTextContent('@northwindcoffee');
    expect(answers).toHaveTextContent('Grow local followers');
    expect(answers).toHaveTextContent('Coffee lovers');
    expect(answers).toHaveTextContent('@stumptown');
    expect(answers).toHaveTextContent('Maya Lopez on Mar 4, 2026');
    expect(within(answers).getByRole('button', { name: /^Download logo\.png/ })).toBeInTheDocument();
    expect(screen.getByTestId('order-intake')).toHaveTextContent('Intake received');
    expect(apiRequests({ route: contract.intake.skipIntakeForm })).toHaveLength(0);
  });

  it('skipped: Started without intake and when', async () => {
    const paid = order({ id: 57, intake: { id: 21, status: 'skipped' } });
    mockRoute(contract.orders.getOrder, { status: 200, body: paid });
    mockRoute(contract.intake.getIntakeForm, { status: 200, body: intakeForm({ status: 'skipped', skipped_at: '2026-03-05T09:00:00.000Z' }) });
    renderWithApi(<OrderDetailsDialog order={paid} onClose={() => {}} />);
    const section = await screen.findByTestId('order-intake');
    await waitFor(() => expect(section).toHaveTextContent(/Started without intake on Mar 5, 2026/));
  });
});

describe('order details: the total', () => {
  it('shows how the total is made: subtotal, the discount with its code, and the tax', async () => {
    const paid = order({ id: 1, subtotal: 65, discount: 13, tax: 5.2, total: 57.2, promo_code: 'WELCOME20' });
    mockRoute(contract.orders.getOrder, { status: 200, body: paid });
    renderWithApi(<OrderDetailsDialog order={paid} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('$57.20')).toBeInTheDocument();
    expect(within(dialog).getByText('Subtotal $65.00 − $13.00 off (WELCOME20) + $5.20 tax')).toBeInTheDocument();
  });
});
