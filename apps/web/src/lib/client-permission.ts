import { clientPermissionCovers, clientReachesSection, type TClientPermission, type TClientSection, type TUser } from '@agency/contract';
import type { AppRoute } from '@ts-rest/core';
import { useMemo } from 'react';
import { useAuth } from './auth';

/** What a signed-in client user may reach in the portal, from its permission on the client's team (contract). */
export interface TClientAccess {
  /**
   * The client user's permission: full, content or billing. A client user whose session lacks it (stored before
   * client teams existed) is the client's own login: full. Null for staff and guests.
   */
  permission: TClientPermission | null;
  /** Full access (the client's own login or a member with full access): manages the team, connects accounts. */
  isFull: boolean;
  /** Whether the user reaches a client dashboard section (the contract's clientReachesSection). Staff: always. */
  reaches: (section: TClientSection) => boolean;
  /**
   * Whether the user may call a contract route, by the permission the route declares (metadata.clientPermission);
   * the API refuses the others with 403. Staff: always (their own rules are the staff role's).
   */
  canCall: (route: AppRoute) => boolean;
}

function neededBy(route: AppRoute): TClientPermission | null {
  const needed = (route.metadata as { clientPermission?: TClientPermission } | undefined)?.clientPermission;
  return needed ?? null;
}

export function clientAccessOf(user: Pick<TUser, 'role' | 'client_permission'> | null | undefined): TClientAccess {
  if (user?.role !== 'client') {
    return { permission: null, isFull: false, reaches: () => true, canCall: () => true };
  }
  const permission: TClientPermission = user.client_permission ?? 'full';
  const reaches = (section: TClientSection) => clientReachesSection(permission, section);
  return {
    permission,
    isFull: permission === 'full',
    reaches,
    canCall: (route) => {
      const needed = neededBy(route);
      return needed === null || clientPermissionCovers(permission, needed);
    },
  };
}

/** The signed-in user's client access (see clientAccessOf). */
export function useClientPermission(): TClientAccess {
  const { user } = useAuth();
  const role = user?.role;
  const permission = user?.client_permission ?? null;
  return useMemo(() => clientAccessOf(role ? { role, client_permission: permission } : null), [role, permission]);
}
