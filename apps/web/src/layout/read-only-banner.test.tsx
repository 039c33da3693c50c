import type { TStaffRole } from '@agency/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, testSession, TEST_USER } from '@/test/render';
import { READ_ONLY_BANNER, ReadOnlyBanner } from './read-only-banner';

const renderAs = (staffRole: TStaffRole) => renderWithApi(<ReadOnlyBanner />, { session: testSession({ ...TEST_USER, staff_role: staffRole }) });

describe('the read-only banner', () => {
  it('tells read-only staff they can see everything but not change it', () => {
    renderAs('read_only');
    expect(screen.getByRole('note')).toHaveTextContent(READ_ONLY_BANNER);
    expect(READ_ONLY_BANNER).toBe('Read-only access — you can see everything but not change it.');
  });

  it('is not there for owners and managers', () => {
    for (const role of ['owner', 'manager'] as const) {
      const { unmount } = renderAs(role);
      expect(screen.queryByTestId('read-only-banner')).not.toBeInTheDocument();
      unmount();
    }
  });

  it('is not there for clients', () => {
    renderWithApi(<ReadOnlyBanner />, { session: testSession({ ...TEST_USER, role: 'client', staff_role: null, client_id: 3 }) });
    expect(screen.queryByTestId('read-only-banner')).not.toBeInTheDocument();
  });
});
