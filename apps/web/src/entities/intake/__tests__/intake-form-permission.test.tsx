import { contract } from '@agency/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CLIENT_USER } from '@/test/billing-fixtures';
import { apiRequests } from '@/test/mock-api';
import { renderWithApi, testSession } from '@/test/render';
import { IntakeFormDialog } from '../components/intake-form-dialog';

describe('IntakeFormDialog for a member of the client’s team without billing', () => {
  it('opens the form without asking for the order (orders are billing); the account is left to fill in', async () => {
    renderWithApi(<IntakeFormDialog form={{ id: 9, subject: 'Order #12', order: 12 }} onClose={vi.fn()} />, {
      session: testSession({ ...CLIENT_USER, client_permission: 'content' }),
    });
    const d = await screen.findByRole('dialog', { name: 'Intake form' });
    await within(d).findByRole('form');
    expect(within(d).getByLabelText('Account to grow')).toHaveValue('');
    expect(apiRequests({ route: contract.orders.getOrder })).toHaveLength(0);
  });
});
