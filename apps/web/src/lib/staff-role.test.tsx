import type { TStaffRole } from '@agency/contract';
import { describe, expect, it } from 'vitest';
import { renderHookWithApi, testSession, TEST_USER } from '@/test/render';
import { staffAccessOf, useStaffRole } from './staff-role';

const staff = (staff_role: TStaffRole | null) => ({ role: 'admin' as const, staff_role });

describe('staffAccessOf', () => {
  it('an owner may do everything and sees the agency-wide screens', () => {
    expect(staffAccessOf(staff('owner'))).toEqual({
      staffRole: 'owner',
      isOwner: true,
      isManager: false,
      isReadOnly: false,
      canWrite: true,
      seesAgencyWide: true,
    });
  });

  it('a manager writes but does not see the agency-wide screens', () => {
    expect(staffAccessOf(staff('manager'))).toMatchObject({ staffRole: 'manager', isManager: true, isOwner: false, canWrite: true, seesAgencyWide: false });
  });

  it('read-only staff see the agency-wide screens and may not write', () => {
    expect(staffAccessOf(staff('read_only'))).toMatchObject({ staffRole: 'read_only', isReadOnly: true, canWrite: false, seesAgencyWide: true });
  });

  it('a staff account stored before roles existed counts as an owner', () => {
    expect(staffAccessOf(staff(null)).staffRole).toBe('owner');
  });

  it('clients and guests have no staff access at all', () => {
    for (const user of [{ role: 'client' as const, staff_role: null }, null, undefined]) {
      expect(staffAccessOf(user)).toEqual({
        staffRole: null,
        isOwner: false,
        isManager: false,
        isReadOnly: false,
        canWrite: false,
        seesAgencyWide: false,
      });
    }
  });
});

describe('useStaffRole', () => {
  it('reads the signed-in user’s staff role', () => {
    const { result } = renderHookWithApi(() => useStaffRole(), { session: testSession({ ...TEST_USER, staff_role: 'read_only' }) });
    expect(result.current.isReadOnly).toBe(true);
    expect(result.current.canWrite).toBe(false);
  });

  it('gives a client no staff role', () => {
    const { result } = renderHookWithApi(() => useStaffRole(), { session: testSession({ ...TEST_USER, role: 'client', staff_role: null, client_id: 3 }) });
    expect(result.current.staffRole).toBeNull();
  });
});
