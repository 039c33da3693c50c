import { contract, ZIntakeForm, type TIntakeForm } from '@agency/contract';
import { generateMock } from '@anatine/zod-mock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { clientSession } from '@/test/billing-fixtures';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { page } from '@/test/order-fixtures';
import { renderWithApi } from '@/test/render';
import { IntakeCard } from '../components/intake-card';

function waiting(id: number, subject: string): TIntakeForm {
  return {
    ...generateMock(ZIntakeForm, { seed: id }),
    id,
    subject,
    order: null,
    status: 'waiting',
    requested_at: '2026-03-01T09:00:00Z',
  };
}

describe('client overview: the intake card', () => {
  it('asks for the waiting form by its subject; Fill in the form opens it', async () => {
    mockRoute(contract.intake.listIntakeForms, { status: 200, body: page([waiting(9, 'Order #12')]) });
    const onFill = vi.fn();
    renderWithApi(<IntakeCard onFill={onFill} />, { session: clientSession() });
    const card = await screen.findByRole('region', { name: 'Tell us what we need to start' });
    expect(card).toHaveTextContent('Order #12');
    await userEvent.click(within(card).getByRole('button', { name: 'Fill in the form for Order #12' }));
    expect(onFill).toHaveBeenCalledWith(expect.objectContaining({ id: 9, subject: 'Order #12' }));
    const query = apiRequests({ route: contract.intake.listIntakeForms })[0]!.url.searchParams;
    expect(query.get('status')).toBe('waiting');
  });

  it('lists several waiting forms, each with its own button', async () => {
    mockRoute(contract.intake.listIntakeForms, { status: 200, body: page([waiting(9, 'Order #12'), waiting(10, 'Pro plan')]) });
    renderWithApi(<IntakeCard onFill={() => {}} />, { session: clientSession() });
    expect(await screen.findAllByTestId('intake-card-item')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Fill in the form for Pro plan' })).toBeInTheDocument();
  });

  it('shows nothing when no form waits', async () => {
    const calls = mockRoute(contract.intake.listIntakeForms, { status: 200, body: page([]) });
    const { container } = renderWithApi(<IntakeCard onFill={() => {}} />, { session: clientSession() });
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('[data-testid="intake-card"]')).toBeNull());
    expect(screen.queryByText('Tell us what we need to start')).not.toBeInTheDocument();
  });
});
