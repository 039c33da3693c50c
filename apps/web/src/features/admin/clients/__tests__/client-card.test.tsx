import { generateMock } from '@anatine/zod-mock';
import { ZClientSchema, type TClient, type TStaffRole } from '@agency/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApi, testSession, TEST_USER } from '@/test/render';
import { ClientCard } from '../components/client-card';

const CLIENT: TClient = { ...generateMock(ZClientSchema, { seed: 11 }), name: 'Cora Coffee', payment_status: 'pending', next_payment: null, created_at: '2025-01-01T00:00:00Z' };

function renderAs(staffRole: TStaffRole) {
  const noop = vi.fn();
  return renderWithApi(
    <ClientCard client={CLIENT} onView={noop} onEdit={noop} onDelete={noop} onMarkPaid={noop} onStats={noop} markingPaid={false} />,
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
});
