import { contract, ZIntakeForm, type TIntakeForm } from '@agency/contract';
import { generateMock } from '@anatine/zod-mock';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { page } from '@/test/order-fixtures';
import { renderWithApi } from '@/test/render';
import { ClientIntakeForms } from '../components/client-intake-forms';

function form(overrides: Partial<TIntakeForm>): TIntakeForm {
  return {
    ...generateMock(ZIntakeForm, { seed: 30 }),
    client: 7,
    requested_at: '2026-03-01T09:00:00Z',
    handle: null,
    goals: null,
    audience: null,
    competitors: [],
    assets: [],
    submitted_at: null,
    submitted_by_name: null,
    skipped_at: null,
    ...overrides,
  } as TIntakeForm;
}

describe('admin client details: intake forms', () => {
  it("lists the client's forms with their status, and a sent form's answers", async () => {
    mockRoute(contract.intake.listIntakeForms, {
      status: 200,
      body: page([
        form({ id: 1, subject: 'Order #12', status: 'submitted', handle: '@cora', goals: 'More reach', audience: 'Runners', submitted_at: '2026-03-02T10:00:00Z', submitted_by_name: 'Cora Client' }),
        form({ id: 2, subject: 'Pro plan', status: 'waiting' }),
        form({ id: 3, subject: 'Order #9', status: 'skipped', skipped_at: '2026-02-02T10:00:00Z' }),
      ]),
    });
    renderWithApi(<ClientIntakeForms clientId={7} />);
    const [sent, waiting, skipped] = (await screen.findAllByTestId('client-intake')) as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(sent).getByText('Intake received')).toBeInTheDocument();
    expect(within(sent).getByTestId('intake-answers')).toHaveTextContent('@cora');
    expect(within(waiting).getByText('Waiting for intake')).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Start without the form for Pro plan' })).toBeInTheDocument();
    expect(skipped).toHaveTextContent(/Started without intake on Feb 2, 2026/);
    expect(apiRequests({ route: contract.intake.listIntakeForms })[0]!.url.searchParams.get('client')).toBe('7');
  });

  it('an empty state, and an error with Try Again', async () => {
    mockRoute(contract.intake.listIntakeForms, { status: 500, body: { detail: 'Database down', code: 'server_error' } }, { once: true });
    renderWithApi(<ClientIntakeForms clientId={7} />);
    expect(await screen.findByText('Database down')).toBeInTheDocument();
    mockRoute(contract.intake.listIntakeForms, { status: 200, body: page([]) });
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No intake forms yet')).toBeInTheDocument();
  });
});
