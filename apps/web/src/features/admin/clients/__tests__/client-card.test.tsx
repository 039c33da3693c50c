import { generateMock } from '@anatine/zod-mock';
import { ZClientSchema, type TClient, type TStaffRole } from '@agency/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApi, testSession, TEST_USER } from '@/test/render';
import { ClientCard } from '../components/client-card';

const CLIENT: TClient = {
  ...generateMock(ZClientSchema, { seed: 11 }),
  name: 'Cora Coffee',
  payment_status: 'pending',
  payment_status_follows_invoices: false,
  unpaid_invoices: 0,
  next_payment: null,
  plan_name: null,
  created_at: '2025-01-01T00:00:00Z',
  archived_at: null,
  portal_invite_pending: false,
};

function renderAs(staffRole: TStaffRole, client: TClient = CLIENT) {
  const noop = vi.fn();
  return renderWithApi(
    <ClientCard client={client} onView={noop} onEdit={noop} onDelete={noop} onMarkPaid={noop} onStats={noop} markingPaid={false} />,
    { session: testSession({ ...TEST_USER, staff_role: staffRole }) },
  );
}

describe('ClientCard by staff role', () => {
  it('owners and managers edit, mark paid and delete', () => {
    for (const role of ['owner', 'manager'] as const) {
      const { unmount } = renderAs(role);
      for (const name of ['View Details', 'Edit Client', 'Stats', 'Mark Paid', 'Delete Client']) {
        expect(screen.getByRole('button', { name })).toBeInTheDocument();
      }
      unmount();
    }
  });

  it('read-only staff only view the client and its stats', () => {
    renderAs('read_only');
    expect(screen.getByRole('button', { name: 'View Details' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stats' })).toBeInTheDocument();
    for (const name of ['Edit Client', 'Mark Paid', 'Delete Client']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('a client who owes invoices links to them instead of offering Mark Paid; one paid up by its invoices offers neither', () => {
    const owing = renderAs('owner', { ...CLIENT, payment_status: 'overdue', payment_status_follows_invoices: true, unpaid_invoices: 2 });
    expect(screen.queryByRole('button', { name: 'Mark Paid' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2 unpaid invoices' })).toHaveAttribute('href', `/dashboard?client=${CLIENT.id}#invoices`);
    owing.unmount();
    renderAs('owner', { ...CLIENT, payment_status: 'paid', payment_status_follows_invoices: true, unpaid_invoices: 0 });
    expect(screen.queryByRole('button', { name: 'Mark Paid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /unpaid invoice/ })).not.toBeInTheDocument();
  });

  it('an archived client says so and offers Restore instead of Edit, Mark Paid and Delete', async () => {
    const onRestore = vi.fn();
    renderWithApi(
      <ClientCard
        client={{ ...CLIENT, archived_at: '2026-11-02T10:00:00Z' }}
        onView={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        onMarkPaid={vi.fn()}
        onStats={vi.fn()}
        markingPaid={false}
        onRestore={onRestore}
      />,
      { session: testSession({ ...TEST_USER, staff_role: 'owner' }) },
    );
    expect(screen.getByText('Archived Nov 2, 2026')).toBeInTheDocument();
    for (const name of ['Edit Client', 'Mark Paid', 'Delete Client']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    screen.getByRole('button', { name: 'Restore Client' }).click();
    expect(onRestore).toHaveBeenCalledTimes(1);
  });
});
