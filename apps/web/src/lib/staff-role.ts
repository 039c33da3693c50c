import type { TStaffRole, TUser } from '@agency/contract';
import { useAuth } from './auth';

/** What the signed-in account may do on the staff screens, from its staff role (contract STAFF_ROLES). */
export interface TStaffAccess {
  /** The staff role; null for a client or a guest. */
  staffRole: TStaffRole | null;
  isOwner: boolean;
  isManager: boolean;
  isReadOnly: boolean;
  /** Staff that may change things (owner or manager): every writing control on the staff screens. */
  canWrite: boolean;
  /** Sees the agency-wide screens (API keys, webhooks, payment settings, leads, promo codes): owner or read-only. */
  seesAgencyWide: boolean;
}

/**
 * The access of `user`. A staff account without a staff role (a session stored before roles existed) is an owner,
 * as every admin account before roles was; the server decides in the end and refuses what a role may not do.
 */
export function staffAccessOf(user: Pick<TUser, 'role' | 'staff_role'> | null | undefined): TStaffAccess {
  const staffRole: TStaffRole | null = user?.role === 'admin' ? (user.staff_role ?? 'owner') : null;
  return {
    staffRole,
    isOwner: staffRole === 'owner',
    isManager: staffRole === 'manager',
    isReadOnly: staffRole === 'read_only',
    canWrite: staffRole === 'owner' || staffRole === 'manager',
    seesAgencyWide: staffRole === 'owner' || staffRole === 'read_only',
  };
}

/** The signed-in account's staff access (see staffAccessOf). */
export function useStaffRole(): TStaffAccess {
  const { user } = useAuth();
  return staffAccessOf(user);
}
